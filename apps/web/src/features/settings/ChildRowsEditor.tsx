/**
 * A list of child records edited inside a register's form tab (a scenario's exceptions, a device's peripherals, an
 * installment plan's installments, a card operator's rates): an input per column, Adicionar and Remover. Records with
 * many columns take one card each (layout 'cards'); short ones a table row each (layout 'table', numbered by a lead
 * column). What it edits is an `extra` member of the body, written by the register's server hook; its refusal comes
 * back under the member's name and shows above the list.
 */
import type { ReactNode } from 'react';
import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { DecimalInput } from '../../ui/MaskedInputs.tsx';

export type ChildRow = Record<string, unknown>;

export interface ChildColumn {
  name: string;
  label: string;
  /**
   * number: a Mantine number input (empty is null); decimal: typed as pt-BR text, read on each change (empty is null),
   * shown with its decimals on blur; integer: digits only (empty is 0).
   */
  kind: 'text' | 'select' | 'number' | 'decimal' | 'integer' | 'custom';
  /** custom: the input itself (a picker of its own, e.g. a product variation searched in the local copy). */
  input?: (props: { value: unknown; onChange: (v: unknown) => void; readOnly: boolean; label: string | undefined; ariaLabel: string }) => ReactNode;
  /** select: the values offered (a number column's values as text, converted back on change). */
  options?: readonly (string | number)[];
  /** select: the text shown for a value (the value itself when absent). */
  optionLabels?: Readonly<Record<string, string>>;
  max?: number;
  decimals?: number;
  /** The column is the record's title in its card (e.g. its description). */
  required?: boolean;
  /** The input's accessible name in a record ('Dias da parcela 2'); '<label> (<noun> <n>)' when absent. */
  cellLabel?: (row: ChildRow, index: number) => string;
}

/** The table layout's first column: what numbers the record ('2x'), read-only. */
export interface LeadColumn {
  label: string;
  text: (row: ChildRow, index: number) => string;
}

interface Props {
  columns: readonly ChildColumn[];
  rows: readonly ChildRow[];
  onChange: (rows: ChildRow[]) => void;
  readOnly: boolean;
  error?: string | undefined;
  /** The noun of one record, for the buttons and the empty text ('periférico', 'exceção'). */
  noun: string;
  empty: string;
  blank: () => ChildRow;
  /** 'cards' (default): one card per record; 'table': one row per record, under `title`. */
  layout?: 'cards' | 'table';
  /** The table's accessible name. */
  title?: string;
  lead?: LeadColumn;
  /** The rows without the record at `index` (default: just without it; a numbered list renumbers the next ones). */
  remove?: (rows: readonly ChildRow[], index: number) => ChildRow[];
  /** No Adicionar beyond this many records. */
  maxRows?: number;
  /** Shown above the list. */
  hint?: ReactNode;
}

interface CellProps {
  column: ChildColumn;
  value: unknown;
  onChange: (v: unknown) => void;
  readOnly: boolean;
  label: string;
  /** In a table the header names the column: the input shows no label of its own. */
  bare?: boolean;
}

function CellInput({ column, value, onChange, readOnly, label, bare = false }: CellProps) {
  const shownLabel = bare ? undefined : column.label;
  if (column.kind === 'custom' && column.input) return column.input({ value, onChange, readOnly, label: shownLabel, ariaLabel: label });
  if (column.kind === 'select') {
    const numeric = typeof column.options?.[0] === 'number';
    return (
      <Select
        label={shownLabel}
        aria-label={label}
        data={(column.options ?? []).map((o) => ({ value: String(o), label: column.optionLabels?.[String(o)] ?? String(o) }))}
        value={typeof value === 'string' || typeof value === 'number' ? String(value) : null}
        onChange={(v) => onChange(v === null ? null : numeric ? Number(v) : v)}
        clearable={!column.required}
        readOnly={readOnly}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  if (column.kind === 'number') {
    return (
      <NumberInput
        label={shownLabel}
        aria-label={label}
        value={typeof value === 'number' ? value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        decimalScale={column.decimals ?? 2}
        decimalSeparator=","
        thousandSeparator="."
        min={0}
        hideControls
        readOnly={readOnly}
      />
    );
  }
  if (column.kind === 'decimal') {
    return (
      <DecimalInput
        label={shownLabel}
        aria-label={label}
        decimals={column.decimals ?? 2}
        value={typeof value === 'number' ? value : null}
        onChange={onChange}
        readOnly={readOnly}
      />
    );
  }
  if (column.kind === 'integer') {
    return (
      <TextInput
        label={shownLabel}
        aria-label={label}
        inputMode="numeric"
        value={typeof value === 'number' ? String(value) : ''}
        onChange={(e) => onChange(Number(e.currentTarget.value.replace(/\D/g, '') || 0))}
        readOnly={readOnly}
      />
    );
  }
  return (
    <TextInput
      label={shownLabel}
      aria-label={label}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={column.max}
      required={column.required}
      readOnly={readOnly}
    />
  );
}

export function ChildRowsEditor(props: Props) {
  const { columns, rows, onChange, readOnly, error, noun, empty, blank, layout = 'cards', hint, maxRows } = props;
  const update = (index: number, name: string, value: unknown) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, [name]: value } : r)));
  const remove = (index: number) => onChange(props.remove ? props.remove(rows, index) : rows.filter((_, i) => i !== index));
  const labelOf = (column: ChildColumn, row: ChildRow, index: number) =>
    column.cellLabel?.(row, index) ?? `${column.label} (${noun} ${index + 1})`;
  const body =
    layout === 'table' ? (
      <RowsTable {...props} update={update} remove={remove} labelOf={labelOf} />
    ) : (
      <>
        {rows.length === 0 && <Text c="dimmed">{empty}</Text>}
        {rows.map((row, index) => (
          <Paper key={index} withBorder p="sm" aria-label={`${noun} ${index + 1}`} role="group">
            <Group justify="space-between" mb="xs">
              <Text fw={600}>
                {noun.charAt(0).toUpperCase() + noun.slice(1)} {index + 1}
              </Text>
              {!readOnly && (
                <ActionIcon variant="subtle" color="red" aria-label={`Remover ${noun} ${index + 1}`} onClick={() => remove(index)}>
                  ✕
                </ActionIcon>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
              {columns.map((column) => (
                <CellInput
                  key={column.name}
                  column={column}
                  value={row[column.name]}
                  onChange={(v) => update(index, column.name, v)}
                  readOnly={readOnly}
                  label={labelOf(column, row, index)}
                />
              ))}
            </SimpleGrid>
          </Paper>
        ))}
      </>
    );
  return (
    <Stack gap="sm" maw={layout === 'table' ? 720 : 960}>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {body}
      {!readOnly && (
        <Group>
          <Button variant="light" size={layout === 'table' ? 'xs' : 'sm'} onClick={() => onChange([...rows, blank()])} disabled={maxRows !== undefined && rows.length >= maxRows}>
            Adicionar {noun}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

interface TableProps extends Omit<Props, 'remove'> {
  update: (index: number, name: string, value: unknown) => void;
  remove: (index: number) => void;
  labelOf: (column: ChildColumn, row: ChildRow, index: number) => string;
}

/** The table layout: the lead column, a column per input, Remover at the end of each row. */
function RowsTable({ columns, rows, readOnly, noun, empty, title, lead, update, remove, labelOf }: TableProps) {
  const span = columns.length + (lead ? 1 : 0) + (readOnly ? 0 : 1);
  return (
    <Table withTableBorder verticalSpacing={4} aria-label={title}>
      <Table.Thead>
        <Table.Tr>
          {lead && <Table.Th w={90}>{lead.label}</Table.Th>}
          {columns.map((column) => (
            <Table.Th key={column.name}>{column.label}</Table.Th>
          ))}
          {!readOnly && <Table.Th w={90} />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={index}>
            {lead && <Table.Td>{lead.text(row, index)}</Table.Td>}
            {columns.map((column) => (
              <Table.Td key={column.name}>
                <CellInput
                  column={column}
                  value={row[column.name]}
                  onChange={(v) => update(index, column.name, v)}
                  readOnly={readOnly}
                  label={labelOf(column, row, index)}
                  bare
                />
              </Table.Td>
            ))}
            {!readOnly && (
              <Table.Td>
                <Button size="compact-xs" variant="subtle" color="red" aria-label={`Remover ${noun} ${index + 1}`} onClick={() => remove(index)}>
                  Remover
                </Button>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
        {rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={span}>
              <Text size="sm" c="dimmed">
                {empty}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}
