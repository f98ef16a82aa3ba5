/**
 * PIX at the point of sale (issue 26): the sale's charge on the bank (new_qrcode_dynamic) shown as its QR and "copia e
 * cola", waiting for the bank's confirmation (the webhook arrives at the server; this screen asks find-by-code every
 * 2 s). A supervisor may confirm by hand (FncAutorizarPixManual): the grant is spent on the charge, which is then
 * listed as confirmed manually (and withdrawn at the bank by the server). The payment line carries the txid, which the
 * server checks when the sale arrives.
 *
 * Offline: a branch with an integrated PIX account refuses a PIX without a charge (the server does too), so the till
 * remembers per branch what it last learned online (a charge made: integrated; 'no PIX account': not) and, with no
 * connection, refuses the PIX at an integrated branch with BANK_MESSAGES.pixOffline, or takes it as before elsewhere.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Code, Group, Loader, Modal, Stack, Text, getDefaultZIndex } from '@mantine/core';
import { BANK_MESSAGES, PIX_SITUACAO, PIX_SITUACAO_LABEL } from '@pdv/domain/bank-integration';
import { formatMoney, toDecimal, type Cents } from '@pdv/domain/money';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { qrSvgPath } from '@pdv/documents/qr-matrix';
import { call } from '../../../api/client.ts';
import { errorDisplayOf, isApiError } from '../../../api/errors.ts';
import { useSupervisorAuthorization } from '../../authorization/useSupervisorAuthorization.tsx';

export const PIX_MODAL_TITLE = 'Pagamento PIX';
export const PIX_WAITING = 'Aguardando a confirmação do banco...';

export interface PixPaid { txid: string; brcode: string }

/** localStorage: per branch, whether its PIX goes through the bank integration, as last learned online. */
export const PIX_INTEGRATION_KEY = 'pdv_pix_integracao';

function knownIntegrations(): Record<string, boolean> {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(PIX_INTEGRATION_KEY) ?? '{}');
    return v && typeof v === 'object' ? (v as Record<string, boolean>) : {};
  } catch {
    return {};
  }
}
/** True or false as last learned online; null when this till never asked for the branch. */
export function knownPixIntegration(id_filial: number): boolean | null {
  return knownIntegrations()[String(id_filial)] ?? null;
}
export function rememberPixIntegration(id_filial: number, integrated: boolean): void {
  try {
    localStorage.setItem(PIX_INTEGRATION_KEY, JSON.stringify({ ...knownIntegrations(), [String(id_filial)]: integrated }));
  } catch { /* storage full or blocked: only the offline guess is lost */ }
}

interface Props {
  valor: Cents;
  idFilial: number;
  onPaid: (pix: PixPaid) => void;
  /** No account of the branch uses the bank integration: the PIX is taken as before (no charge). */
  onNoIntegration: () => void;
  onCancel: () => void;
}

export function PixQr({ text, size = 240 }: { text: string; size?: number }) {
  const { viewBox, path } = qrSvgPath(text);
  return (
    <svg role="img" aria-label="QR Code PIX" width={size} height={size} viewBox={`0 0 ${viewBox} ${viewBox}`} shapeRendering="crispEdges">
      <rect width={viewBox} height={viewBox} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

const paid = (s: string) => s === PIX_SITUACAO.paga || s === PIX_SITUACAO.manual;

export function PixChargeModal({ valor, idFilial, onPaid, onNoIntegration, onCancel }: Props) {
  const [charge, setCharge] = useState<{ txid: string; brcode: string; situacao: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { ask, modal, asking } = useSupervisorAuthorization();
  const done = useRef(false);
  const callbacks = useRef({ onPaid, onNoIntegration });
  useEffect(() => {
    callbacks.current = { onPaid, onNoIntegration };
  });

  useEffect(() => {
    let alive = true;
    call('bankNewQrcodeDynamic', { valor: toDecimal(valor) })
      .then((c) => {
        rememberPixIntegration(idFilial, true);
        if (alive) setCharge({ txid: c.txid, brcode: c.brcode, situacao: c.situacao });
      })
      .catch((e: unknown) => {
        if (!alive) return;
        if (isApiError(e) && e.status === 400 && e.message === BANK_MESSAGES.noPixAccount) {
          rememberPixIntegration(idFilial, false);
          callbacks.current.onNoIntegration();
        } else if (isApiError(e) && e.kind === 'network') {
          // No connection: an integrated branch cannot charge now (and would refuse a PIX without a charge); elsewhere
          // the PIX is taken as before.
          if (knownPixIntegration(idFilial) === true) setError(BANK_MESSAGES.pixOffline);
          else callbacks.current.onNoIntegration();
        } else setError(errorDisplayOf(e).text);
      });
    return () => { alive = false; };
  }, [valor, idFilial]);

  useEffect(() => {
    if (!charge) return;
    const finish = (situacao: string) => {
      if (done.current || !paid(situacao)) return;
      done.current = true;
      callbacks.current.onPaid({ txid: charge.txid, brcode: charge.brcode });
    };
    const timer = setInterval(() => {
      call('bankFindByCode', { txid: charge.txid }).then((c) => {
        setCharge((old) => (old ? { ...old, situacao: c.situacao } : old));
        finish(c.situacao);
      }).catch(() => undefined);
    }, 2000);
    return () => clearInterval(timer);
  }, [charge?.txid]); // eslint-disable-line react-hooks/exhaustive-deps -- polls once per charge

  const confirmByHand = async () => {
    if (!charge) return;
    const id = await ask(SUPERVISOR_PERMISSIONS.manualPix, { origem: 'pix_cobranca', id_origem: charge.txid, observacao: 'Confirmação manual de PIX' });
    if (id === null) return;
    setBusy(true);
    try {
      const c = await call('bankPixConfirmManual', { txid: charge.txid, id_autorizacao: id });
      if (paid(c.situacao) && !done.current) {
        done.current = true;
        onPaid({ txid: charge.txid, brcode: charge.brcode });
      }
    } catch (e) {
      setError(errorDisplayOf(e).text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onCancel} title={PIX_MODAL_TITLE} centered closeOnClickOutside={false} closeOnEscape={!asking}
      zIndex={getDefaultZIndex('modal') + 5}>
      <Stack align="center" gap="sm">
        <Text>Valor: <b>{formatMoney(valor)}</b></Text>
        {!charge && !error && <Loader aria-label="Gerando cobrança PIX" />}
        {charge && (
          <>
            <PixQr text={charge.brcode} />
            <Code block style={{ maxWidth: 360, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="pix-copia-cola">{charge.brcode}</Code>
            <Group gap="xs" role="status" aria-label="Situação do PIX">
              {!paid(charge.situacao) && <Loader size="xs" />}
              <Text>{paid(charge.situacao) ? PIX_SITUACAO_LABEL[charge.situacao as 'Paga'] : PIX_WAITING}</Text>
            </Group>
          </>
        )}
        {error && <Alert color="red" w="100%">{error}</Alert>}
        <Group justify="flex-end" w="100%">
          <Button variant="default" onClick={onCancel}>Cancelar (Esc)</Button>
          <Button variant="light" disabled={!charge || busy} loading={busy} onClick={() => void confirmByHand()}>
            Confirmar manualmente (supervisor)
          </Button>
        </Group>
      </Stack>
      {modal}
    </Modal>
  );
}
