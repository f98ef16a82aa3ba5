/**
 * The price indexer's variations (002 §9: 10 a page, newest first): each change of its factor, the products and prices
 * it repriced, who and when. The server writes them (catalog indexer-hooks.ts); the tab only reads what find_by_id
 * answered, and says how many products follow the indexer now.
 */
import { useState } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import { ListPagination } from '../../ui/ListPagination.tsx';
import type { PriceIndexerVariation as Variation } from '@pdv/contract/registers/price-indexer';
import type { ExtensionTabProps } from './extensions.ts';

const PAGE = 10;


const factor = (n: number | null) => (n === null ? '—' : n.toLocaleString('pt-BR', { minimumFractionDigits: 4, maximumFractionDigits: 4 }));
const when = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).replace(',', '');

export function IndexerVariationsTab({ row }: ExtensionTabProps) {
  const [page, setPage] = useState(1);
  if (!row) return <Text c="dimmed">As variações aparecem depois que o indexador é salvo.</Text>;
  const variations = (row['variacoes'] as Variation[] | undefined) ?? [];
  const linked = Number(row['produtos_vinculados'] ?? 0);
  const shown = variations.slice((page - 1) * PAGE, page * PAGE);
  return (
    <Stack gap="xs">
      <Text size="sm">
        {linked === 1 ? '1 produto usa este indexador.' : `${linked.toLocaleString('pt-BR')} produtos usam este indexador.`} Ao mudar o fator, os
        preços de venda e de atacado desses produtos são multiplicados pelo novo fator dividido pelo anterior, em todas as filiais.
      </Text>
      <Table aria-label="Variações do indexador" striped fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Fator</Table.Th>
            <Table.Th>Produtos</Table.Th>
            <Table.Th>Usuário</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed" size="sm">Nenhuma variação.</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {shown.map((v) => (
            <Table.Tr key={v.id_indexador_variacao}>
              <Table.Td>{when(v.data_hora)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {v.fator_anterior === null ? factor(v.fator) : `${factor(v.fator_anterior)} → ${factor(v.fator)}`}
              </Table.Td>
              <Table.Td>{v.produtos_reajustados.toLocaleString('pt-BR')}</Table.Td>
              <Table.Td>{v.usuario_nome ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ListPagination pages={Math.ceil(variations.length / PAGE)} page={page} onChange={setPage} />
    </Stack>
  );
}
