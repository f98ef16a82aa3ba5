/**
 * The orders of a page: one highlighted row (the one the Alt keys act on), sortable headers, and an actions menu per
 * row with each action's key beside it.
 */
import { ActionIcon, Kbd, Menu, Table, Text, UnstyledButton } from '@mantine/core';
import type { OrderSummary } from '@pdv/contract/order';
import { dateTime, money } from '../../invoice/display.tsx';
import { OrderSituacaoBadge } from '../display.tsx';
import type { OrderSort, OrderSortColumn } from '../period.ts';
import {
  ORDER_ACTION_SHORTCUT,
  operacaoLabel,
  orderActionLabel,
  orderActionsFor,
  type OrderAction,
} from '../situacao.ts';
import { DOCUMENT_ACTIONS, DOCUMENT_ACTION_LABEL, DOCUMENT_ACTION_SHORTCUT, type DocumentAction } from '../documents/orderDocuments.ts';

interface Props {
  rows: readonly OrderSummary[];
  active: number | null;
  onActivate: (id: number) => void;
  onAction: (action: OrderAction, row: OrderSummary) => void;
  allow: (action: OrderAction) => boolean;
  sort: OrderSort;
  onSort: (column: OrderSortColumn) => void;
  placeholder: string | null;
  /** Print and share (the A4 sheet); absent: not offered. */
  onDocument?: (action: DocumentAction, row: OrderSummary) => void;
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: OrderSortColumn;
  sort: OrderSort;
  onSort: (c: OrderSortColumn) => void;
}) {
  return (
    <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm" aria-label={`Ordenar por ${label}`}>
      {label} {sort.column === column ? (sort.order === 'desc' ? '▼' : '▲') : ''}
    </UnstyledButton>
  );
}

export function OrderTable({ rows, active, onActivate, onAction, allow, sort, onSort, placeholder, onDocument }: Props) {
  return (
    // Fits the 732 px a 1024-wide screen leaves beside the open menu, the customer keeping ~120 px (issue 16). A fixed
    // layout holds the columns' widths whatever the rows hold (a long date or badge no longer squeezes the customer).
    <Table.ScrollContainer minWidth={720}>
      <Table layout="fixed" highlightOnHover withTableBorder verticalSpacing={6} aria-label="Pedidos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>
              <SortHeader label="Número" column="nsu" sort={sort} onSort={onSort} />
            </Table.Th>
            <Table.Th w={110}>
              <SortHeader label="Cadastro" column="data_cadastro" sort={sort} onSort={onSort} />
            </Table.Th>
            <Table.Th w={105}>Operação</Table.Th>
            <Table.Th>Cliente</Table.Th>
            <Table.Th w={100} ta="right">
              <SortHeader label="Valor" column="valor_total_liquido" sort={sort} onSort={onSort} />
            </Table.Th>
            <Table.Th w={150}>Situação</Table.Th>
            <Table.Th w={56} ta="center">
              Ações
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const isActive = row.id_pedido === active;
            return (
              <Table.Tr
                key={row.id_pedido}
                aria-selected={isActive}
                data-active={isActive || undefined}
                bg={isActive ? 'var(--mantine-primary-color-light)' : undefined}
                onClick={() => onActivate(row.id_pedido)}
                onDoubleClick={() => onAction('abrir', row)}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td>
                  <Text fw={600} size="sm">
                    {row.nsu}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {/* Date over time: the column stays narrow. */}
                  <Text size="sm">{dateTime(row.data_cadastro)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{operacaoLabel(row.operacao)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1} c={row.cliente_nome ? undefined : 'dimmed'}>
                    {row.cliente_nome ?? 'Sem cliente'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {money(row.valor_total_liquido)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <OrderSituacaoBadge situacao={row.situacao} />
                </Table.Td>
                <Table.Td ta="center" onClick={(event) => event.stopPropagation()}>
                  <Menu
                    position="bottom-end"
                    withinPortal
                    shadow="md"
                    width={240}
                    onOpen={() => onActivate(row.id_pedido)}
                  >
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={`Ações do pedido ${row.nsu}`}>
                        ⋯
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {orderActionsFor(row)
                        .filter(allow)
                        .map((action) => (
                          <Menu.Item
                            key={action}
                            color={action === 'cancelar' ? 'red' : undefined}
                            rightSection={<Kbd size="xs">{ORDER_ACTION_SHORTCUT[action]}</Kbd>}
                            onClick={() => onAction(action, row)}
                          >
                            {orderActionLabel(action, row)}
                          </Menu.Item>
                        ))}
                      {onDocument && <Menu.Divider />}
                      {onDocument &&
                        DOCUMENT_ACTIONS.map((action) => (
                          <Menu.Item
                            key={action}
                            rightSection={<Kbd size="xs">{DOCUMENT_ACTION_SHORTCUT[action]}</Kbd>}
                            onClick={() => onDocument(action, row)}
                          >
                            {DOCUMENT_ACTION_LABEL[action]}
                          </Menu.Item>
                        ))}
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {placeholder !== null && (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text c="dimmed" ta="center" py="md">
                  {placeholder}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
