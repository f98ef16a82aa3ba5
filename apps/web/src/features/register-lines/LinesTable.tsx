/**
 * The table of a register's lines: the tab's columns, one row a line, an actions cell (edit ✎, remove ×) while the
 * register is editable, and a dimmed text when there is no line. What a click on an action does (a confirm first,
 * the request) is the tab's.
 */
import type { ReactNode } from 'react';
import { ActionIcon, Group, Table, Text, type TableTdProps } from '@mantine/core';

export interface LineColumn<T> {
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  ta?: 'right';
  w?: number;
  /** More properties of the row's cell (font weight, family). */
  td?: Omit<TableTdProps, 'children'>;
}

export interface LineAction<T> {
  /** The button's accessible name for that row. */
  label: (row: T) => string;
  onClick: (row: T) => void;
}

interface Props<T> {
  /** The table's accessible name. */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** `false` entries are columns the tab does not show now. */
  columns: ReadonlyArray<LineColumn<T> | false>;
  /** Shown in the one row of an empty table. */
  empty: ReactNode;
  /** False: no actions column and no row click. */
  editable: boolean;
  edit?: LineAction<T>;
  remove?: LineAction<T>;
  /** A click on a row (while editable), e.g. to edit it. */
  onRowClick?: (row: T) => void;
  /** The row shown as selected (the line in the form). */
  selected?: (row: T) => boolean;
  highlightOnHover?: boolean;
}

export function LinesTable<T>({
  label,
  rows,
  rowKey,
  columns,
  empty,
  editable,
  edit,
  remove,
  onRowClick,
  selected,
  highlightOnHover,
}: Props<T>) {
  const shown = columns.filter((c): c is LineColumn<T> => c !== false);
  const actions = editable && (edit !== undefined || remove !== undefined);
  const clickable = editable && onRowClick !== undefined;
  return (
    <Table striped highlightOnHover={highlightOnHover ?? false} withTableBorder aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {shown.map((column, i) => (
            <Table.Th key={i} ta={column.ta} w={column.w}>
              {column.header}
            </Table.Th>
          ))}
          {actions && <Table.Th w={edit && remove ? 80 : 40} />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr
            key={rowKey(row)}
            {...(clickable ? { onClick: () => onRowClick(row), style: { cursor: 'pointer' } } : {})}
            {...(selected?.(row) ? { bg: 'var(--mantine-primary-color-light)' } : {})}
          >
            {shown.map((column, i) => (
              <Table.Td key={i} ta={column.ta} {...column.td}>
                {column.cell(row, index)}
              </Table.Td>
            ))}
            {actions && (
              <Table.Td onClick={(e) => e.stopPropagation()}>
                <Group gap={4} wrap="nowrap">
                  {edit && (
                    <ActionIcon variant="subtle" aria-label={edit.label(row)} onClick={() => edit.onClick(row)}>
                      ✎
                    </ActionIcon>
                  )}
                  {remove && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={remove.label(row)}
                      onClick={() => remove.onClick(row)}
                    >
                      ×
                    </ActionIcon>
                  )}
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
        {rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={shown.length + (actions ? 1 : 0)}>
              <Text c="dimmed" ta="center" py="md">
                {empty}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}
