/**
 * The boleto generation modal (001 §2, §5): the checked receivables (only Entrada and Aberto are eligible), the boleto
 * configuration (the default one preselected) with its fine and interest editable (3 decimals for Percentual, 2 for
 * Valor), Gerar with a spinner; then one result per document: the boletos made (with their PDF) and the failures as
 * 'Erro ao gerar o Boleto do documento {number}. Motivo: {error_message}'. Closing runs the completion callback.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, List, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { FinancialDocument } from '@pdv/contract/finance';
import { BOLETO_AMOUNT_TYPES, BOLETO_MESSAGES, type BoletoAmountType } from '@pdv/domain/boleto';
import { call } from '../../api/client.ts';
import { showError } from '../../ui/showError.ts';
import { sendQueuedBoletoEmails } from './invoiceBoletos.ts';
import { money } from '../invoice/display.tsx';
import { ShortcutButton } from '../invoice/shortcuts.tsx';
import { pdfBlobOf } from '../checkout/modes/voucher/voucherPrint.ts';
import { BOLETO_CONNECTOR_MESSAGES } from '@pdv/domain/boleto-connector';
import { BoletoConnectorChoice, useBoletoDevice } from './BoletoConnectorChoice.tsx';
import { issueThroughConnector } from './boletoConnector.ts';

interface Props {
  documents: FinancialDocument[];
  onClose: () => void;
  onDone: () => void;
}

interface Config {
  id_configuracao_boleto: number; descricao: string; is_padrao: boolean;
  tipo_multa: BoletoAmountType; valor_multa: number; dias_multa: number; tipo_juro: BoletoAmountType; valor_juro: number;
}
interface Result { id_documento_financeiro: number; numero: string; success: boolean; error_message: string | null; id_boleto: number | null; pdf_base64?: string }

export async function openBoletoPdf(id_boleto: number): Promise<void> {
  const target = window.open('', '_blank');
  try {
    const file = await call('demandPdf', { id_boleto });
    const url = URL.createObjectURL(pdfBlobOf(file.pdf_base64));
    if (target && !target.closed) target.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    target?.close();
    showError(error);
  }
}

/** A PDF the connector answered, opened in a new tab. */
function openPdfBase64(base64: string): void {
  const url = URL.createObjectURL(pdfBlobOf(base64));
  window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function BoletoModal({ documents, onClose, onDone }: Props) {
  const [results, setResults] = useState<Result[] | null>(null);
  const close = () => {
    const had = results !== null;
    setResults(null);
    onClose();
    if (had) onDone();
  };
  return (
    <Modal opened={documents.length > 0} onClose={close} title={results ? 'Boletos gerados' : 'Gerar boletos'} size="xl" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {documents.length > 0 && (results ? <Results results={results} onClose={close} /> : <Form documents={documents} onResults={setResults} />)}
    </Modal>
  );
}

const TYPE_DATA = BOLETO_AMOUNT_TYPES.map((t) => ({ value: t, label: t }));

function Form({ documents, onResults }: { documents: FinancialDocument[]; onResults: (r: Result[]) => void }) {
  const [configs, setConfigs] = useState<Config[] | null>(null);
  const [id, setId] = useState<string | null>(null);
  const [v, setV] = useState<Omit<Config, 'id_configuracao_boleto' | 'descricao' | 'is_padrao'> | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [viaConnector, setViaConnector] = useState(false);
  const [device, setDevice] = useBoletoDevice();

  useEffect(() => {
    void call('boletoConfigFind', { search: '', take: 100, skip: 0 }).then((res) => {
      const rows = (res as { rows: Config[] }).rows;
      setConfigs(rows);
      const padrao = rows.find((r) => r.is_padrao);
      if (padrao) choose(padrao);
    }, showError);
  }, []);

  function choose(c: Config | undefined) {
    setId(c ? String(c.id_configuracao_boleto) : null);
    setV(c ? { tipo_multa: c.tipo_multa, valor_multa: Number(c.valor_multa), dias_multa: c.dias_multa, tipo_juro: c.tipo_juro, valor_juro: Number(c.valor_juro) } : null);
  }

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    if (!id || !v) return setProblem(BOLETO_MESSAGES.selectConfig);
    if (viaConnector && !device) return setProblem(BOLETO_CONNECTOR_MESSAGES.chooseDevice);
    setProblem(null);
    setBusy(true);
    const body = { id_configuracao_boleto: Number(id), documentos: documents.map((d) => d.id_documento_financeiro), ...v };
    const run = viaConnector && device
      ? issueThroughConnector(device, body).then(({ results, emails }) => ({ resultados: results, emails }))
      : call('demandCreate', body);
    void run.then(
      (res) => {
        onResults(res.resultados);
        if ((res.emails ?? 0) > 0) void sendQueuedBoletoEmails();
      },
      (error: unknown) => {
        setBusy(false);
        showError(error);
      },
    );
  };
  useHotkeys([['alt+G', () => submit()]], [], true);
  const places = (t: BoletoAmountType) => (t === 'Percentual' ? 3 : 2);

  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Select
          label="Configuração de boleto"
          placeholder={configs === null ? 'Carregando...' : configs.length === 0 ? 'Nenhuma configuração cadastrada' : 'Selecione'}
          data={(configs ?? []).map((c) => ({ value: String(c.id_configuracao_boleto), label: c.descricao }))}
          value={id}
          onChange={(value) => choose(configs?.find((c) => String(c.id_configuracao_boleto) === value))}
          data-autofocus
        />
        {v && (
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
            <Select label="Tipo da multa" data={TYPE_DATA} value={v.tipo_multa} allowDeselect={false} onChange={(t) => t && setV({ ...v, tipo_multa: t })} />
            <NumberInput label="Multa" value={v.valor_multa} min={0} decimalScale={places(v.tipo_multa)} fixedDecimalScale thousandSeparator="." decimalSeparator=","
              onChange={(n) => setV({ ...v, valor_multa: Number(n) || 0 })} />
            <NumberInput label="Dias para a multa" value={v.dias_multa} min={0} max={365} allowDecimal={false} onChange={(n) => setV({ ...v, dias_multa: Number(n) || 0 })} />
            <Select label="Tipo do juro" data={TYPE_DATA} value={v.tipo_juro} allowDeselect={false} onChange={(t) => t && setV({ ...v, tipo_juro: t })} />
            <NumberInput label="Juro" value={v.valor_juro} min={0} decimalScale={places(v.tipo_juro)} fixedDecimalScale thousandSeparator="." decimalSeparator=","
              onChange={(n) => setV({ ...v, valor_juro: Number(n) || 0 })} />
          </SimpleGrid>
        )}
        <Table withTableBorder verticalSpacing={4} aria-label="Documentos do boleto">
          <Table.Thead>
            <Table.Tr><Table.Th>Número</Table.Th><Table.Th>Pessoa</Table.Th><Table.Th>Vencimento</Table.Th><Table.Th ta="right">Saldo</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((d) => (
              <Table.Tr key={d.id_documento_financeiro}>
                <Table.Td>{d.numero}/{d.sequencia}</Table.Td>
                <Table.Td>{d.pessoa?.nome ?? '—'}</Table.Td>
                <Table.Td>{d.data_vencimento.split('-').reverse().join('/')}</Table.Td>
                <Table.Td ta="right">{money(d.saldo)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Switch label="Emitir pelo conector local" checked={viaConnector} onChange={(e) => setViaConnector(e.currentTarget.checked)} />
        {viaConnector && <BoletoConnectorChoice device={device} onChange={setDevice} />}
        {problem && <Alert color="red" variant="light">{problem}</Alert>}
        <Group justify="flex-end">
          <ShortcutButton shortcut="Alt+G" type="submit" loading={busy}>Gerar boletos</ShortcutButton>
        </Group>
      </Stack>
    </form>
  );
}

function Results({ results, onClose }: { results: Result[]; onClose: () => void }) {
  const ok = results.filter((r) => r.success);
  const failed = results.filter((r) => !r.success);
  return (
    <Stack gap="sm">
      {ok.length > 0 && (
        <Stack gap={4} aria-label="Boletos gerados">
          <Text fw={600}>{ok.length === 1 ? '1 boleto gerado' : `${ok.length} boletos gerados`}</Text>
          {ok.map((r) => (
            <Group key={r.id_documento_financeiro} justify="space-between" data-boleto-documento={r.numero}>
              <Text size="sm">Documento {r.numero}</Text>
              {r.pdf_base64
                ? <Button size="xs" variant="light" onClick={() => openPdfBase64(r.pdf_base64!)}>Abrir PDF do documento {r.numero}</Button>
                : r.id_boleto !== null && <Button size="xs" variant="light" onClick={() => void openBoletoPdf(r.id_boleto!)}>Abrir PDF do documento {r.numero}</Button>}
            </Group>
          ))}
        </Stack>
      )}
      {failed.length > 0 && (
        <Alert color="red" variant="light" title="Documentos sem boleto">
          <List size="sm" aria-label="Erros dos boletos">{failed.map((r) => <List.Item key={r.id_documento_financeiro}>{r.error_message}</List.Item>)}</List>
        </Alert>
      )}
      <Group justify="flex-end"><Button onClick={onClose} data-autofocus>Fechar</Button></Group>
    </Stack>
  );
}
