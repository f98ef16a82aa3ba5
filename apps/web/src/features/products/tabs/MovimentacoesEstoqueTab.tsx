/**
 * Movimentações de estoque (001 §7 /stock/list-by-product): the product's stock movements in the active branch, newest
 * first, searched by variation, address or origin and filtered by date, 20 a page. A user with the stock movement
 * permission enters stock here too (StockEntryForm, POST /stock/opening); the list is read-only.
 */
import { useState } from 'react';
import { Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useSignedIn } from '../../auth/sessionContext.ts';
import { StockEntryForm } from './StockEntryForm.tsx';
import { TabError } from './TabError.tsx';
import { useTabCall } from './useTabCall.ts';

const PAGE = 20;
const qty = (n: number) => n.toLocaleString('pt-BR', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const when = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

export function MovimentacoesEstoqueTab({ id_produto }: { id_produto: number; readOnly: boolean }) {
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [inicio, setInicio] = useState('');
  const [fim, setFim] = useState('');
  const [page, setPage] = useState(1);
  const filter = { ...(inicio ? { data_inicio: inicio } : {}), ...(fim ? { data_fim: fim } : {}) };
  const body = { id_produto, search, filter, skip: (page - 1) * PAGE, take: PAGE };
  const tab = useTabCall('stockListByProduct', body, JSON.stringify(body));
  const rows = tab.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((tab.data?.count ?? 0) / PAGE));
  const canEnter = useSignedIn().ability.can('manage', 'FncListarMovimentacaoEstoque');

  return (
    <Stack gap="sm">
      {canEnter && <StockEntryForm id_produto={id_produto} onDone={tab.reload} />}
      <Group align="flex-end">
        <TextInput label="Pesquisar" placeholder="Variação, endereço ou origem (Enter)" w={320} value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              setSearch(typed.trim());
              setPage(1);
            }
          }} />
        <TextInput label="De" type="date" value={inicio} onChange={(e) => { setInicio(e.currentTarget.value); setPage(1); }} />
        <TextInput label="Até" type="date" value={fim} onChange={(e) => { setFim(e.currentTarget.value); setPage(1); }} />
      </Group>
      <TabError error={tab.error} />
      {!tab.data ? null : rows.length === 0 ? (
        <Text c="dimmed">Nenhuma movimentação de estoque deste produto na filial.</Text>
      ) : (
        <Table striped aria-label="Movimentações de estoque do produto">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Data</Table.Th>
              <Table.Th>Variação</Table.Th>
              <Table.Th>Endereço</Table.Th>
              <Table.Th>Origem</Table.Th>
              <Table.Th ta="right">Anterior</Table.Th>
              <Table.Th ta="right">Quantidade</Table.Th>
              <Table.Th ta="right">Posterior</Table.Th>
              <Table.Th>Usuário</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id_movimentacao_estoque}>
                <Table.Td>{when(r.data_movimentacao)}</Table.Td>
                <Table.Td>{r.variacao}</Table.Td>
                <Table.Td>{r.endereco_estoque}</Table.Td>
                <Table.Td>{r.origem}{r.id_pedido ? ` (pedido ${r.id_pedido})` : r.id_nota_fiscal ? ` (nota ${r.id_nota_fiscal})` : ''}</Table.Td>
                <Table.Td ta="right">{qty(r.quantidade_anterior)}</Table.Td>
                <Table.Td ta="right" c={r.quantidade < 0 ? 'red' : 'green'}>{r.quantidade > 0 ? `+${qty(r.quantidade)}` : qty(r.quantidade)}</Table.Td>
                <Table.Td ta="right">{qty(r.quantidade_posterior)}</Table.Td>
                <Table.Td>{r.usuario ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}
