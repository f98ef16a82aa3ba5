/**
 * The invoices of a page: one highlighted row (the one the Alt keys act on), an optional selection for the actions
 * on many invoices, sortable headers, and an actions menu per row with each action's key beside it.
 */
import type { ReactNode } from 'react';
import { ActionIcon, Checkbox, Kbd, Menu, Table, Text, UnstyledButton } from '@mantine/core';
import type { InvoiceSummary } from '@pdv/contract/invoice';
import { documentText, dateTime, InvoiceSituacaoBadge, modelSeries, money } from '../display.tsx';
import type { InvoiceSort, SortColumn } from '../period.ts';
import { ACTION_LABEL, ACTION_SHORTCUT, actionsFor, isEditable, type InvoiceAction } from '../situacao.ts';

export interface ExtraColumn<R> {
  header: string;
  cell: (row: R) => ReactNode;
}

interface Props<R extends InvoiceSummary> {
  label: string;
  rows: readonly R[];
  active: number | null;
  onActivate: (id: number) => void;
  onOpen: (row: R) => void;
  onAction: (action: InvoiceAction, row: R) => void;
  selected?: ReadonlySet<number>;
  onToggle?: (id: number) => void;
  onToggleAll?: (checked: boolean) => void;
  sort?: InvoiceSort;
  onSort?: (column: SortColumn) => void;
  extraColumns?: readonly ExtraColumn<R>[];
  /** What the body shows instead of rows (loading, empty). */
  placeholder: string | null;
  /** Actions the user may run (the others are not offered). */
  allow?: (action: InvoiceAction) => boolean;
}

function SortHeader({ label, column, sort, onSort }: { label: string; column: SortColumn; sort?: InvoiceSort; onSort?: (c: SortColumn) => void }) {
  if (!sort || !onSort) return <>{label}</>;
  const activeSort = sort.column === column;
  return (
    <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm" aria-label={`Ordenar por ${label}`}>
      {label} {activeSort ? (sort.order === 'desc' ? '▼' : '▲') : ''}
    </UnstyledButton>
  );
}

export function InvoiceTable<R extends InvoiceSummary>(props: Props<R>) {
  const { rows, active, selected, sort, onSort, extraColumns = [] } = props;
  const selectable = selected !== undefined && props.onToggle !== undefined;
  const allChecked = selectable && rows.length > 0 && rows.every((r) => selected.has(r.id_nota_fiscal));
  const someChecked = selectable && rows.some((r) => selected.has(r.id_nota_fiscal));
  const columns = 6 + extraColumns.length + (selectable ? 1 : 0);

  return (
    <Table.ScrollContainer minWidth={extraColumns.length > 0 ? 1150 : 900}>
      <Table highlightOnHover withTableBorder verticalSpacing={6} aria-label={props.label}>
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Selecionar todas da página"
                  checked={allChecked}
                  indeterminate={someChecked && !allChecked}
                  onChange={(event) => props.onToggleAll?.(event.currentTarget.checked)}
                />
              </Table.Th>
            )}
            <Table.Th w={150}>
              <SortHeader label="Número" column="numero_nota_fiscal" sort={sort} onSort={onSort} />
            </Table.Th>
            <Table.Th w={140}>
              <SortHeader label="Emissão" column="data_hora_emissao" sort={sort} onSort={onSort} />
            </Table.Th>
            <Table.Th>
              <SortHeader label="Cliente" column="cliente_nome" sort={sort} onSort={onSort} />
            </Table.Th>
            <Table.Th w={130} ta="right">
              <SortHeader label="Valor" column="valor_nota_fiscal" sort={sort} onSort={onSort} />
            </Table.Th>
            <Table.Th w={140}>Situação</Table.Th>
            {extraColumns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
            <Table.Th w={60} ta="center">
              Ações
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const id = row.id_nota_fiscal;
            const isActive = id === active;
            const name = row.numero_nota_fiscal ?? `rascunho ${id}`;
            return (
              <Table.Tr
                key={id}
                aria-selected={isActive}
                data-active={isActive || undefined}
                bg={isActive ? 'var(--mantine-primary-color-light)' : undefined}
                onClick={() => props.onActivate(id)}
                onDoubleClick={() => props.onOpen(row)}
                style={{ cursor: 'pointer' }}
              >
                {selectable && (
                  <Table.Td onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      aria-label={`Selecionar nota ${name}`}
                      checked={selected.has(id)}
                      onChange={() => props.onToggle?.(id)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Text fw={600} size="sm" c={row.numero_nota_fiscal === null ? 'dimmed' : undefined}>
                    {row.numero_nota_fiscal ?? 'Rascunho'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {modelSeries(row.modelo, row.serie)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {dateTime(row.data_hora_emissao)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {row.cliente_nome ?? (row.cliente_cpf_cnpj ? documentText(row.cliente_cpf_cnpj) : 'Consumidor não identificado')}
                  </Text>
                  {row.cliente_nome && row.cliente_cpf_cnpj && (
                    <Text size="xs" c="dimmed">
                      {documentText(row.cliente_cpf_cnpj)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={500}>
                    {money(row.valor_nota_fiscal)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <InvoiceSituacaoBadge situacao={row.situacao} />
                  {row.situacao === 'Rejeitada' && row.motivo && (
                    <Text size="xs" c="red" lineClamp={2} title={row.motivo}>
                      {row.codigo_status ? `${row.codigo_status} - ` : ''}
                      {row.motivo}
                    </Text>
                  )}
                </Table.Td>
                {extraColumns.map((column) => (
                  <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                ))}
                <Table.Td ta="center" onClick={(event) => event.stopPropagation()}>
                  <RowMenu
                    row={row}
                    name={String(name)}
                    allow={props.allow}
                    onOpen={props.onOpen}
                    onAction={props.onAction}
                    onActivate={props.onActivate}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
          {props.placeholder !== null && (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text c="dimmed" ta="center" py="md">
                  {props.placeholder}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowMenu<R extends InvoiceSummary>({
  row,
  name,
  allow,
  onOpen,
  onAction,
  onActivate,
}: {
  row: R;
  name: string;
  allow?: (action: InvoiceAction) => boolean;
  onOpen: (row: R) => void;
  onAction: (action: InvoiceAction, row: R) => void;
  onActivate: (id: number) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={250} onOpen={() => onActivate(row.id_nota_fiscal)}>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Ações da nota ${name}`}>
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actionsFor(row)
          .filter((action) => allow?.(action) ?? true)
          .map((action) => (
          <Menu.Item
            key={action}
            color={action === 'cancelar' || action === 'excluir' || action === 'inutilizar' ? 'red' : undefined}
            rightSection={<Kbd size="xs">{ACTION_SHORTCUT[action]}</Kbd>}
            onClick={() => (action === 'abrir' ? onOpen(row) : onAction(action, row))}
          >
            {action === 'abrir' && isEditable(row) ? 'Editar' : ACTION_LABEL[action]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Keeps the placeholder logic in one place: loading, error or empty. */
export function placeholderOf(query: { isPending: boolean; isError: boolean }, rows: number, empty: string): string | null {
  if (query.isPending) return 'Carregando…';
  if (query.isError) return null;
  return rows === 0 ? empty : null;
}

