/**
 * Alt+Q: the selected line's stock in each branch the user works in (000 §2 "stock quantity by branch"), read online
 * from the server (POST /stock/quantity-by-branch): the local copy holds the active branch's stock only. Esc closes.
 */
import { useQuery } from '@tanstack/react-query';
import { Drawer, Loader, Table, Text, Title } from '@mantine/core';
import { formatQuantity, quantityFromDecimal } from '@pdv/domain/money';
import { call } from '../../../api/client.ts';
import { errorDisplayOf } from '../../../api/errors.ts';
import { localDb } from '../../../db/database.ts';

interface Props {
  opened: boolean;
  /** The selected line's variation in the active branch (null: no line selected) and its description. */
  idGradeFilial: number | null;
  descricao: string | null;
  idFilial: number;
  onClose: () => void;
}

export function StockByBranchPanel(props: Props) {
  return (
    <Drawer opened={props.opened} onClose={props.onClose} position="right" size="md" title="Estoque por filial (Alt+Q)">
      {props.opened && <StockBody {...props} />}
    </Drawer>
  );
}

/** The variation (produto_grade) of a line's row in the active branch, from the local copy. */
async function variationOf(idGradeFilial: number): Promise<number | null> {
  const grid = await localDb().rows('grid').where('id_produto_grade_filial').equals(idGradeFilial).first();
  const id = grid?.['id_produto_grade'];
  return typeof id === 'number' ? id : null;
}

function StockBody({ idGradeFilial, descricao, idFilial }: Props) {
  const query = useQuery({
    queryKey: ['stock-by-branch', idGradeFilial],
    enabled: idGradeFilial !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
    queryFn: async ({ signal }) => {
      const variation = await variationOf(idGradeFilial ?? 0);
      if (variation === null) throw new Error('Produto não encontrado na cópia local.');
      return call('stockByBranch', { id_produto_grade: variation }, { signal });
    },
  });
  if (idGradeFilial === null) return <Text c="dimmed">Selecione um item da venda para ver o estoque nas filiais.</Text>;
  if (query.isPending) return <Loader size="sm" aria-label="Carregando o estoque das filiais" />;
  if (query.isError) {
    return (
      <Text role="alert" c="red">
        Não foi possível ler o estoque das filiais: {errorDisplayOf(query.error).text}
      </Text>
    );
  }
  const qty = (v: number) => formatQuantity(quantityFromDecimal(v));
  return (
    <>
      <Title order={2} size="h5" mb="sm">
        {descricao}
      </Title>
      <Table aria-label="Estoque por filial" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Filial</Table.Th>
            <Table.Th ta="right">Estoque</Table.Th>
            <Table.Th ta="right">Reservado</Table.Th>
            <Table.Th ta="right">Disponível</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.rows.map((row) => (
            <Table.Tr key={row.id_filial} fw={row.id_filial === idFilial ? 700 : undefined}>
              <Table.Td>
                {row.filial}
                {row.id_filial === idFilial ? ' (esta filial)' : ''}
              </Table.Td>
              <Table.Td ta="right">{qty(row.quantidade)}</Table.Td>
              <Table.Td ta="right">{qty(row.quantidade_reserva)}</Table.Td>
              <Table.Td ta="right">{qty(row.disponivel)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
