/** Produtos: the order's live lines; a click (or Enter on the edit button) edits a line in the item modal. */
import { ActionIcon, Group, Table, Text } from '@mantine/core';
import { formatMoney, formatQuantity, fromDecimal, quantityFromDecimal } from '@pdv/domain/money';
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
  const columns = 7 + (consignment ? 1 : 0) + (editable ? 1 : 0);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover withTableBorder aria-label="Itens do pedido">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>Produto</Table.Th>
            <Table.Th ta="right">Qtd.</Table.Th>
            <Table.Th ta="right">Unitário</Table.Th>
            <Table.Th ta="right">Desconto</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Estoque</Table.Th>
            {consignment && <Table.Th>Consignação</Table.Th>}
            {editable && <Table.Th w={80} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, index) => (
            <Table.Tr
              key={item.id_pedido_item}
              onClick={() => editable && onEdit(item)}
              style={{ cursor: editable ? 'pointer' : undefined }}
            >
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                <Text size="sm">{item.descricao}</Text>
                {item.sku && (
                  <Text size="xs" c="dimmed">
                    {item.sku}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                {formatQuantity(quantityFromDecimal(item.quantidade))} {item.unidade_comercial ?? ''}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(fromDecimal(item.valor_unitario))}</Table.Td>
              <Table.Td ta="right">
                {item.valor_desconto > 0 ? `-${formatMoney(fromDecimal(item.valor_desconto))}` : ''}
              </Table.Td>
              <Table.Td ta="right" fw={500}>
                {formatMoney(fromDecimal(item.valor_total))}
              </Table.Td>
              <Table.Td>
                <Text size="xs">{labelOf(context.addresses, item.id_endereco_estoque)}</Text>
              </Table.Td>
              {consignment && (
                <Table.Td>
                  <Text size="xs">{situacaoLabelOfItem(item)}</Text>
                </Table.Td>
              )}
              {editable && (
                <Table.Td onClick={(e) => e.stopPropagation()}>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={`Editar ${item.descricao}`} onClick={() => onEdit(item)}>
                      ✎
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remover ${item.descricao}`}
                      onClick={() => onRemove(item)}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text c="dimmed" ta="center" py="md">
                  Nenhum item. Adicione um produto (F2).
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
