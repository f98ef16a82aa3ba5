/**
 * The discharge (baixa) drawer (002 §3 Discharge row, §4): the checked documents in list order, the total paid, the
 * discount and surcharge spread over them in proportion to their balances, interest and fine of the late ones when
 * asked, and the bank account the money goes into (or leaves from). The allocation shown is the domain's
 * allocateDischarge, the very rule the server applies; changing any amount recomputes it.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Drawer, Group, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import type { FinancialDocument } from '@pdv/contract/finance';
import type { FieldDef } from '@pdv/contract/registers/descriptor';
import { ValidationError } from '@pdv/domain/errors';
import { allocateDischarge, dischargeDue, type DischargeRow } from '@pdv/domain/financial-document';
import { formatMoney, fromDecimal, sum, toDecimal } from '@pdv/domain/money';
import { DateField, MoneyInput } from '../../ui/MaskedInputs.tsx';
import { toast } from '../../ui/toast.ts';
import { RefSelect } from '../registers/RefSelect.tsx';
import { todayLocal } from './useFinancialList.ts';
import { financialCall, showFailure } from './financialCall.ts';

const CONTA: FieldDef = { kind: 'ref', ref: 'bankAccount', label: 'Conta bancária', required: true };
const MEIO: FieldDef = { kind: 'ref', ref: 'paymentMethod', label: 'Meio de pagamento' };

interface Props {
  documents: readonly FinancialDocument[];
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}

export function DischargeDrawer({ documents, opened, onClose, onDone }: Props) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xl" closeButtonProps={{ 'aria-label': 'Fechar' }}
      title={<Text fw={700} size="lg">Baixa de documentos</Text>}>
      {opened && documents.length > 0 && <Body documents={documents} onDone={onDone} />}
    </Drawer>
  );
}

function Body({ documents, onDone }: { documents: readonly FinancialDocument[]; onDone: () => void }) {
  const late = documents.some((d) => d.valor_juros > 0 || d.valor_multa > 0);
  const [charges, setCharges] = useState(late);
  const [desconto, setDesconto] = useState<number | null>(null);
  const [acrescimo, setAcrescimo] = useState<number | null>(null);
  const docs = useMemo(() => documents.map((d) => ({
    saldo: fromDecimal(d.saldo),
    ...(charges ? { juros: fromDecimal(d.valor_juros), multa: fromDecimal(d.valor_multa) } : {}),
  })), [documents, charges]);
  const owed = (() => {
    try {
      return sum(dischargeDue(docs, desconto ?? 0, acrescimo ?? 0).due);
    } catch {
      return 0;
    }
  })();
  const [total, setTotal] = useState<number | null>(null);
  const paid = total ?? owed;
  const [conta, setConta] = useState<number | null>(null);
  const [meio, setMeio] = useState<number | null>(documents[0]?.id_meio_pagamento ?? null);
  const [data, setData] = useState(todayLocal);
  const [observacao, setObservacao] = useState('');
  const [busy, setBusy] = useState(false);
  const [contaError, setContaError] = useState<string | undefined>();

  let rows: DischargeRow[] = [];
  let problem: string | null = null;
  try {
    rows = allocateDischarge(docs, { total: paid, desconto: desconto ?? 0, acrescimo: acrescimo ?? 0 });
  } catch (error) {
    problem = error instanceof ValidationError ? error.message : String(error);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (conta === null) {
      setContaError('Informe a conta bancária.');
      return;
    }
    if (problem || busy) return;
    setBusy(true);
    void financialCall('documentFinancialDischarge', {
      documentos: documents.map((d) => d.id_documento_financeiro),
      valor_total: toDecimal(paid),
      valor_desconto: toDecimal(desconto ?? 0),
      valor_acrescimo: toDecimal(acrescimo ?? 0),
      calcular_juros_multa: charges,
      id_conta: conta,
      id_meio_pagamento: meio,
      data_pagamento: data || undefined,
      observacao: observacao.trim() || null,
    }).then((r) => {
      if (!r.issuccess) return showFailure(r);
      toast.success(`Baixa registrada em ${r.data.lancamentos.length} documento(s).`);
      onDone();
    }).finally(() => setBusy(false));
  };

  return (
    <form onSubmit={submit} aria-label="Baixa">
      <Stack gap="sm">
        <Table withTableBorder verticalSpacing={4} aria-label="Documentos da baixa" style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Documento</Table.Th>
              <Table.Th ta="right">Saldo</Table.Th>
              <Table.Th ta="right">Juros + multa</Table.Th>
              <Table.Th ta="right">Desconto</Table.Th>
              <Table.Th ta="right">Acréscimo</Table.Th>
              <Table.Th ta="right">A pagar</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((d, i) => {
              const r = rows[i];
              return (
                <Table.Tr key={d.id_documento_financeiro}>
                  <Table.Td>{d.numero}/{d.sequencia}</Table.Td>
                  <Table.Td ta="right">{formatMoney(fromDecimal(d.saldo))}</Table.Td>
                  <Table.Td ta="right">{formatMoney((r?.valor_juros ?? 0) + (r?.valor_multa ?? 0))}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r?.valor_desconto ?? 0)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r?.valor_acrescimo ?? 0)}</Table.Td>
                  <Table.Td ta="right" fw={600}>{formatMoney(r?.valor_pagar ?? 0)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <SimpleGrid cols={3} spacing="sm">
          <MoneyInput label="Valor pago" value={total} onChange={setTotal} placeholder={formatMoney(owed)} data-autofocus />
          <MoneyInput label="Desconto" value={desconto} onChange={setDesconto} />
          <MoneyInput label="Acréscimo" value={acrescimo} onChange={setAcrescimo} />
        </SimpleGrid>
        <Checkbox label="Calcular juros e multa dos vencidos" checked={charges} onChange={(e) => setCharges(e.currentTarget.checked)} />
        <SimpleGrid cols={2} spacing="sm">
          <RefSelect name="id_conta" field={CONTA} label={CONTA.label} value={conta} onChange={(v) => { setConta(v); setContaError(undefined); }}
            error={contaError} withAsterisk readOnly={false} />
          <DateField label="Data do pagamento" value={data} onChange={setData} />
        </SimpleGrid>
        <RefSelect name="id_meio_pagamento" field={MEIO} label={MEIO.label} value={meio} onChange={setMeio} error={undefined} withAsterisk={false} readOnly={false} />
        <Textarea label="Observação" value={observacao} onChange={(e) => setObservacao(e.currentTarget.value)} maxLength={500} autosize minRows={1} />
        {problem && <Alert color="red" variant="light" role="alert">{problem}</Alert>}
        <Group justify="space-between">
          <Text size="sm">Total em aberto: <b>{formatMoney(owed)}</b></Text>
          <Button type="submit" loading={busy} disabled={problem !== null}>Baixar</Button>
        </Group>
      </Stack>
    </form>
  );
}
