/**
 * Issuing a credit voucher without a sale (a courtesy or an agreed store credit): a manager types the value and the
 * reason; the server issues it (POST /gift_card/sell-in-checkout, the manager's gift-card credit permission
 * MANAGER_PERMISSIONS.giftCardCredit, refused to others with the reason and the way to sell one; idempotent on the
 * UUID made when the modal opens, so a second Enter or a retry never issues two) and its PDF opens in the tab opened
 * at confirmation. Online only: the voucher's code and balance live on the server.
 */
import { useRef, useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { formatMoney, parseMoneyBR, toDecimal } from '@pdv/domain/money';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { VOUCHER_MESSAGES } from '@pdv/domain/voucher-rules';
import { call } from '../../../../api/client.ts';
import { toast } from '../../../../ui/toast.ts';
import { openVoucherPdf } from './voucherPrint.ts';

export const ISSUE_MESSAGES = {
  reasonRequired: ORDER_MESSAGES.giftCardCreditReasonRequired,
  offline: 'A emissão de vale crédito sem venda precisa de conexão com o servidor.',
} as const;

interface Props {
  opened: boolean;
  /** The customer on the draft, who receives the voucher (none: a bearer voucher). */
  idCliente: number | null;
  onClose: () => void;
}

export function IssueVoucherModal({ opened, idCliente, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Emitir vale crédito sem venda (Alt+V)" centered>
      {opened && <IssueForm idCliente={idCliente} onClose={onClose} />}
    </Modal>
  );
}

function IssueForm({ idCliente, onClose }: { idCliente: number | null; onClose: () => void }) {
  const [idOperacao] = useState(() => crypto.randomUUID());
  const [valor, setValor] = useState('');
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<{ valor?: string; motivo?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const reason = useRef<HTMLTextAreaElement>(null);

  const submit = async () => {
    const cents = parseMoneyBR(valor);
    const found: typeof errors = {};
    if (cents === null || cents <= 0) found.valor = VOUCHER_MESSAGES.valueRequired;
    if (motivo.trim() === '') found.motivo = ISSUE_MESSAGES.reasonRequired;
    if (!navigator.onLine) found.form = ISSUE_MESSAGES.offline;
    setErrors(found);
    if (Object.keys(found).length > 0 || cents === null) return;
    // Opened during the key press, so that no pop-up blocker stops the voucher.
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const card = await call('giftCardSell', {
        valor: toDecimal(cents), id_pessoa: idCliente, id_operacao: idOperacao, observacao: motivo.trim(),
      });
      toast.success(`Vale crédito ${card.codigo} emitido com sucesso.`);
      await openVoucherPdf(card.id_vale_credito, tab);
      onClose();
    } catch (error) {
      tab?.close();
      setErrors({ form: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <TextInput
          label="Valor do vale crédito"
          placeholder="0,00"
          inputMode="decimal"
          value={valor}
          onChange={(e) => {
            setValor(e.currentTarget.value);
            setErrors((old) => ({ ...old, valor: undefined }));
          }}
          error={errors.valor}
          description="Enter passa ao motivo"
          onKeyDown={(e) => {
            // The value first, then the reason: Enter moves on while the reason is empty, and issues once it is not.
            if (e.key === 'Enter' && motivo.trim() === '') {
              e.preventDefault();
              reason.current?.focus();
            }
          }}
          data-autofocus
        />
        <Textarea
          ref={reason}
          label="Motivo"
          description="Enter emite; Shift+Enter quebra a linha"
          value={motivo}
          onChange={(e) => {
            setMotivo(e.currentTarget.value);
            setErrors((old) => ({ ...old, motivo: undefined }));
          }}
          onKeyDown={(e) => {
            // 'Emitir (Enter)': Enter issues from the reason too; a new line takes Shift+Enter.
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          error={errors.motivo}
          maxLength={500}
          autosize
          minRows={2}
        />
        {errors.form && (
          <Text c="red" size="sm" role="alert">
            {errors.form}
          </Text>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {parseMoneyBR(valor) ? `Saldo do vale: ${formatMoney(parseMoneyBR(valor) ?? 0)}` : 'Sem pagamento: o vale sai com o saldo digitado.'}
          </Text>
          <Button type="submit" loading={busy}>
            Emitir (Enter)
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
