/**
 * The person form's Cashback tab (issue 30; POST /people_cashback/history): the customer's balance now (available,
 * blocked, total) and the ledger, newest first: accruals with the day they become available, redemptions and
 * reversals, with the sale, the user and the date. Read-only; Alt+R reloads it.
 */
import { Alert, Badge, Group, Loader, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatInZone } from '@pdv/domain/time-zone';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';
import { money } from '../invoice/display.tsx';
import { KeyHint, useShortcuts } from '../invoice/shortcuts.tsx';
import type { ExtensionTabProps } from '../registers/extensions.ts';

const KIND_LABEL: Readonly<Record<string, { label: string; color: string }>> = {
  Acumulo: { label: 'Acúmulo', color: 'teal' },
  Resgate: { label: 'Resgate', color: 'blue' },
  Estorno: { label: 'Estorno', color: 'orange' },
};

function Total({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="lg" fw={strong ? 700 : 500} aria-label={label}>{money(value)}</Text>
    </Paper>
  );
}

export function CashbackTab({ row }: ExtensionTabProps) {
  const id = typeof row?.['id_pessoa'] === 'number' ? row['id_pessoa'] : null;
  const history = useQuery({
    queryKey: ['people-cashback', id],
    enabled: id !== null,
    queryFn: ({ signal }) => call('peopleCashbackHistory', { id_pessoa: id ?? 0 }, { signal }),
  });
  useShortcuts([['Alt+R', () => void history.refetch()]]);
  if (id === null) return <Text c="dimmed" size="sm">Salve a pessoa para ver o cashback dela.</Text>;
  if (history.isError) return <Alert color="red" role="alert">{errorDisplayOf(history.error).text}</Alert>;
  const data = history.data;
  if (!data) return <Loader size="sm" aria-label="Carregando cashback" />;
  // Blocked as of when the balance was read (the totals above are of that instant too).
  const now = history.dataUpdatedAt;
  return (
    <Stack gap="sm" maw={1100}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Total label="Disponível para resgate" value={data.disponivel} strong />
        <Total label="Bloqueado" value={data.bloqueado} />
        <Total label="Saldo total" value={data.saldo} />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={800}>
        <Table striped highlightOnHover aria-label="Histórico de cashback">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Data</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
              <Table.Th>Disponível em</Table.Th>
              <Table.Th>Venda</Table.Th>
              <Table.Th>Usuário</Table.Th>
              <Table.Th>Observação</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.lancamentos.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}><Text c="dimmed" size="sm">Nenhum cashback para esta pessoa.</Text></Table.Td>
              </Table.Tr>
            )}
            {data.lancamentos.map((e) => {
              const kind = KIND_LABEL[e.tipo] ?? { label: e.tipo, color: 'gray' };
              const blocked = e.valor > 0 && Date.parse(e.disponivel_em) > now;
              return (
                <Table.Tr key={e.id_pessoa_cashback_lancamento} data-tipo={e.tipo}>
                  <Table.Td>{formatInZone(e.data_cadastro)}</Table.Td>
                  <Table.Td><Badge color={kind.color} variant="light">{kind.label}</Badge></Table.Td>
                  <Table.Td ta="right" c={e.valor < 0 ? 'red' : undefined}>{money(e.valor)}</Table.Td>
                  <Table.Td>
                    {formatInZone(e.disponivel_em)}
                    {blocked && <Badge ml="xs" size="xs" color="gray" variant="outline">bloqueado</Badge>}
                  </Table.Td>
                  <Table.Td>{e.id_pedido !== null ? `Pedido ${e.id_pedido}` : e.id_nota_fiscal !== null ? `Nota ${e.id_nota_fiscal}` : '—'}</Table.Td>
                  <Table.Td>{e.usuario ?? '—'}</Table.Td>
                  <Table.Td>{e.observacao ?? ''}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="md" aria-label="Atalhos">
        <KeyHint keys="Alt+R" label="Atualizar" />
      </Group>
    </Stack>
  );
}
