/**
 * Split (desmembrar, /document-financial/split_document): the open balance of a document into instalments that add up
 * to it to the centavo (the domain's splitAmount), due monthly from the first date; each amount may be retyped, and
 * the sum is checked before sending (the server checks it again).
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack, Table, Text } from '@mantine/core';
import type { FinancialDocument } from '@pdv/contract/finance';
import { ValidationError } from '@pdv/domain/errors';
import { checkSplit, monthlyDueDates, splitAmount } from '@pdv/domain/financial-document';
import { formatMoney, fromDecimal, toDecimal } from '@pdv/domain/money';
import { DateField, MoneyInput } from '../../ui/MaskedInputs.tsx';
import { toast } from '../../ui/toast.ts';
import { financialCall, showFailure } from './financialCall.ts';

interface Props {
  row: FinancialDocument | null;
  onClose: () => void;
  onDone: () => void;
}

export function SplitModal({ row, onClose, onDone }: Props) {
  return (
    <Modal opened={row !== null} onClose={onClose} title={row ? `Desmembrar ${row.numero}/${row.sequencia}` : ''} size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {row && <Body row={row} onDone={onDone} />}
    </Modal>
  );
}

function Body({ row, onDone }: { row: FinancialDocument; onDone: () => void }) {
  const saldo = fromDecimal(row.saldo);
  const [count, setCount] = useState(2);
  const [first, setFirst] = useState(row.data_vencimento);
  const [values, setValues] = useState<number[]>(() => safeSplit(saldo, 2));
  const [busy, setBusy] = useState(false);
  const dates = first ? monthlyDueDates(first, count) : [];
  const recount = (n: number) => {
    setCount(n);
    setValues(safeSplit(saldo, n));
  };
  let problem: string | null = null;
  try {
    checkSplit(saldo, values);
  } catch (error) {
    problem = error instanceof ValidationError ? error.message : String(error);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || busy || dates.length !== values.length) return;
    setBusy(true);
    void financialCall('documentFinancialSplit', {
      id_documento_financeiro: row.id_documento_financeiro,
      parcelas: values.map((v, i) => ({ valor: toDecimal(v), data_vencimento: dates[i] ?? first })),
    }).then((r) => {
      if (!r.issuccess) return showFailure(r);
      toast.success(`Documento desmembrado em ${r.data.documentos.length} parcelas.`);
      onDone();
    }).finally(() => setBusy(false));
  };

  return (
    <form onSubmit={submit} aria-label="Desmembrar">
      <Stack gap="sm">
        <Text size="sm">Saldo do documento: <b>{formatMoney(saldo)}</b></Text>
        <Group grow>
          <NumberInput label="Parcelas" min={2} max={48} value={count} onChange={(v) => recount(Math.min(48, Math.max(2, Number(v) || 2)))} data-autofocus />
          <DateField label="Primeiro vencimento" value={first} onChange={setFirst} />
        </Group>
        <Table withTableBorder verticalSpacing={4} aria-label="Parcelas">
          <Table.Thead>
            <Table.Tr><Table.Th>Parcela</Table.Th><Table.Th>Vencimento</Table.Th><Table.Th>Valor</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {values.map((v, i) => (
              <Table.Tr key={i}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{dates[i] ? dates[i].split('-').reverse().join('/') : '—'}</Table.Td>
                <Table.Td>
                  <MoneyInput aria-label={`Valor da parcela ${i + 1}`} size="xs" value={v}
                    onChange={(c) => setValues((all) => all.map((x, j) => (j === i ? c ?? 0 : x)))} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {problem && <Alert color="red" variant="light" role="alert">{problem}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={problem !== null}>Desmembrar</Button>
        </Group>
      </Stack>
    </form>
  );
}

function safeSplit(total: number, n: number): number[] {
  try {
    return splitAmount(total, n);
  } catch {
    return Array.from({ length: n }, () => 0);
  }
}
