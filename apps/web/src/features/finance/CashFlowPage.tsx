/**
 * /cashFlow: the cash flow by day (issue 24 "Reports"; 002 §2 dashboards): for a period (the current month by
 * default) and one bank account or all, each day's money in and out of the accounts, the open receivables and
 * payables due that day, the realized and the forecast balance, with the opening and closing balances
 * (/document-financial/cash-flow). Days without anything are dimmed.
 */
import { useState } from 'react';
import { Alert, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FieldDef } from '@pdv/contract/registers/descriptor';
import { localDate } from '@pdv/domain/period';
import { errorDisplayOf } from '../../api/errors.ts';
import { call } from '../../api/client.ts';
import { DateField } from '../../ui/MaskedInputs.tsx';
import { money } from '../invoice/display.tsx';
import { RefSelect } from '../registers/RefSelect.tsx';

const CONTA: FieldDef = { kind: 'ref', ref: 'bankAccount', label: 'Conta bancária' };
const brDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');
const WEEKDAY = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];

function monthOf(today: string): { data_inicio: string; data_fim: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { data_inicio: `${today.slice(0, 8)}01`, data_fim: `${today.slice(0, 8)}${String(last).padStart(2, '0')}` };
}

export function CashFlowPage() {
  const [period, setPeriod] = useState(() => monthOf(localDate(new Date())));
  const [conta, setConta] = useState<number | null>(null);
  const ready = period.data_inicio !== '' && period.data_fim !== '';
  const flow = useQuery({
    queryKey: ['cash-flow', period, conta],
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call('documentFinancialCashFlow', { ...period, ...(conta !== null ? { id_conta: conta } : {}) }, { signal }),
  });
  const data = flow.data;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">Fluxo de caixa</Title>
        {flow.isFetching && <Loader size="xs" aria-label="Carregando" />}
      </Group>
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DateField label="De" value={period.data_inicio} onChange={(iso) => setPeriod((p) => ({ ...p, data_inicio: iso }))} autoFocus />
          <DateField label="Até" value={period.data_fim} onChange={(iso) => setPeriod((p) => ({ ...p, data_fim: iso }))} />
          <RefSelect name="id_conta" field={CONTA} label="Conta bancária (todas se vazio)" value={conta} onChange={setConta} error={undefined} withAsterisk={false} readOnly={false} />
        </SimpleGrid>
      </Paper>
      {flow.isError && <Alert color="red" variant="light" title="Não foi possível calcular o fluxo de caixa">{errorDisplayOf(flow.error).text}</Alert>}
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm" aria-label="Saldos">
        <Total label="Saldo inicial" value={data?.saldo_inicial} />
        <Total label="Entradas" value={data?.totais.entradas} />
        <Total label="Saídas" value={data?.totais.saidas} />
        <Total label="Saldo final" value={data?.saldo_final} />
        <Total label="Saldo final previsto" value={data?.saldo_final_previsto} />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={920}>
        <Table withTableBorder highlightOnHover verticalSpacing={4} aria-label="Fluxo de caixa por dia" style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Dia</Table.Th>
              <Table.Th ta="right">Saldo inicial</Table.Th>
              <Table.Th ta="right">Entradas</Table.Th>
              <Table.Th ta="right">Saídas</Table.Th>
              <Table.Th ta="right">A receber</Table.Th>
              <Table.Th ta="right">A pagar</Table.Th>
              <Table.Th ta="right">Saldo final</Table.Th>
              <Table.Th ta="right">Saldo previsto</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(data?.dias ?? []).map((d) => {
              const idle = d.entradas === 0 && d.saidas === 0 && d.a_receber === 0 && d.a_pagar === 0;
              return (
                <Table.Tr key={d.data} c={idle ? 'dimmed' : undefined} data-dia={d.data}>
                  <Table.Td>{brDate(d.data)} <Text span size="xs" c="dimmed">{WEEKDAY[new Date(`${d.data}T12:00:00Z`).getUTCDay()]}</Text></Table.Td>
                  <Table.Td ta="right">{money(d.saldo_inicial)}</Table.Td>
                  <Table.Td ta="right" c={d.entradas ? 'green' : undefined}>{money(d.entradas)}</Table.Td>
                  <Table.Td ta="right" c={d.saidas ? 'red' : undefined}>{money(d.saidas)}</Table.Td>
                  <Table.Td ta="right">{money(d.a_receber)}</Table.Td>
                  <Table.Td ta="right">{money(d.a_pagar)}</Table.Td>
                  <Table.Td ta="right" fw={600}>{money(d.saldo)}</Table.Td>
                  <Table.Td ta="right">{money(d.saldo_previsto)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          {data && (
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Td>Total</Table.Td>
                <Table.Td ta="right">{money(data.saldo_inicial)}</Table.Td>
                <Table.Td ta="right">{money(data.totais.entradas)}</Table.Td>
                <Table.Td ta="right">{money(data.totais.saidas)}</Table.Td>
                <Table.Td ta="right">{money(data.totais.a_receber)}</Table.Td>
                <Table.Td ta="right">{money(data.totais.a_pagar)}</Table.Td>
                <Table.Td ta="right">{money(data.saldo_final)}</Table.Td>
                <Table.Td ta="right">{money(data.saldo_final_previsto)}</Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Total({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder p="xs" aria-label={label}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} size="lg" data-total={label}>{value === undefined ? '—' : money(value)}</Text>
    </Paper>
  );
}
