/** Produtos: the order's live lines; a click (or Enter on the edit button) edits a line in the item modal. */
import { Table, Text } from '@mantine/core';
import { formatMoney, formatQuantity, fromDecimal, quantityFromDecimal } from '@pdv/domain/money';
import { LinesTable } from '../../register-lines/LinesTable.tsx';
import { situacaoLabelOfItem } from '../consignment.ts';
import type { OrderLine } from '../form.ts';
import type { OrderContext } from '../localData.ts';

interface Props {
  items: readonly OrderLine[];
  context: OrderContext;
  editable: boolean;
  consignment: boolean;
  onEdit: (item: OrderLine) => void;
  onRemove: (item: OrderLine) => void;
}

const labelOf = (list: Array<{ value: string; label: string }>, id: number | null) =>
  id === null ? '—' : (list.find((o) => o.value === String(id))?.label ?? `nº ${id}`);

export function ItemsTab({ items, context, editable, consignment, onEdit, onRemove }: Props) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <LinesTable
        label="Itens do pedido"
        highlightOnHover
        rows={items}
        rowKey={(item) => item.id_pedido_item}
        columns={[
          { header: '#', w: 40, cell: (_, index) => index + 1 },
          {
            header: 'Produto',
            cell: (item) => (
              <>
                <Text size="sm">{item.descricao}</Text>
                {item.sku && (
                  <Text size="xs" c="dimmed">
                    {item.sku}
                  </Text>
                )}
              </>
            ),
          },
          {
            header: 'Qtd.',
            ta: 'right',
            cell: (item) => `${formatQuantity(quantityFromDecimal(item.quantidade))} ${item.unidade_comercial ?? ''}`,
          },
          { header: 'Unitário', ta: 'right', cell: (item) => formatMoney(fromDecimal(item.valor_unitario)) },
          {
            header: 'Desconto',
            ta: 'right',
            cell: (item) => (item.valor_desconto > 0 ? `-${formatMoney(fromDecimal(item.valor_desconto))}` : ''),
          },
          { header: 'Total', ta: 'right', td: { fw: 500 }, cell: (item) => formatMoney(fromDecimal(item.valor_total)) },
          {
            header: 'Estoque',
            cell: (item) => <Text size="xs">{labelOf(context.addresses, item.id_endereco_estoque)}</Text>,
          },
          consignment && {
            header: 'Consignação',
            cell: (item) => <Text size="xs">{situacaoLabelOfItem(item)}</Text>,
          },
        ]}
        empty="Nenhum item. Adicione um produto (F2)."
        editable={editable}
        onRowClick={onEdit}
        edit={{ label: (item) => `Editar ${item.descricao}`, onClick: onEdit }}
        remove={{ label: (item) => `Remover ${item.descricao}`, onClick: onRemove }}
      />
    </Table.ScrollContainer>
  );
}
