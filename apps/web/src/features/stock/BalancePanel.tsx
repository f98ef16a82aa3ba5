/** The stock balance of the document's variations at every address of the branch (002 §2 "stock balance"). */
import { useQuery } from '@tanstack/react-query';
import { Paper, Table, Text, Title } from '@mantine/core';
import { formatQuantity, quantityFromDecimal } from '@pdv/domain/money';
import { call } from '../../api/client.ts';
import { STOCK_KEYS } from './api.ts';

export function BalancePanel({ variations }: { variations: readonly number[] }) {
  const balance = useQuery({
    queryKey: STOCK_KEYS.balance(variations),
    queryFn: async () => (await Promise.all(variations.map((id) => call('stockBalance', { take: 200, filter: { id_produto_grade_filial: id } })))).flatMap((r) => r.rows),
    enabled: variations.length > 0,
  });
  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h4" mb="xs">Saldo de estoque</Title>
      <Table withTableBorder verticalSpacing={4} aria-label="Saldo de estoque">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={120}>SKU</Table.Th>
            <Table.Th>Produto</Table.Th>
            <Table.Th>Endereço</Table.Th>
            <Table.Th w={120} ta="right">Quantidade</Table.Th>
            <Table.Th w={120} ta="right">Disponível</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(balance.data ?? []).map((r) => (
            <Table.Tr key={r.id_estoque} data-balance={`${r.sku}|${r.endereco}`}>
              <Table.Td><Text size="sm">{r.sku}</Text></Table.Td>
              <Table.Td><Text size="sm">{r.descricao} {r.variacao}</Text></Table.Td>
              <Table.Td><Text size="sm">{r.endereco}</Text></Table.Td>
              <Table.Td ta="right"><Text size="sm" fw={600}>{formatQuantity(quantityFromDecimal(r.quantidade))}</Text></Table.Td>
              <Table.Td ta="right"><Text size="sm">{formatQuantity(quantityFromDecimal(r.disponivel))}</Text></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
