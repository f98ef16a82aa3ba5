/**
 * A list of child records edited inside a register's form tab (a scenario's exceptions, a device's peripherals): one
 * card per record with an input per column, Adicionar and Remover. What it edits is an `extra` member of the body,
 * written by the register's server hook; its refusal comes back under the member's name and shows above the list.
 */
import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';

export type ChildRow = Record<string, unknown>;

export interface ChildColumn {
  name: string;
  label: string;
  kind: 'text' | 'select' | 'number';
  /** select: the values offered (a number column's values as text, converted back on change). */
  options?: readonly (string | number)[];
  /** select: the text shown for a value (the value itself when absent). */
  optionLabels?: Readonly<Record<string, string>>;
  max?: number;
  decimals?: number;
  /** The column is the record's title in its card (e.g. its description). */
  required?: boolean;
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
}

function CellInput({ column, value, onChange, readOnly, label }: { column: ChildColumn; value: unknown; onChange: (v: unknown) => void; readOnly: boolean; label: string }) {
  if (column.kind === 'select') {
    const numeric = typeof column.options?.[0] === 'number';
    return (
      <Select
        label={column.label}
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
        label={column.label}
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
  return (
    <TextInput
      label={column.label}
      aria-label={label}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={column.max}
      required={column.required}
      readOnly={readOnly}
    />
  );
}

export function ChildRowsEditor({ columns, rows, onChange, readOnly, error, noun, empty, blank }: Props) {
  const update = (index: number, name: string, value: unknown) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, [name]: value } : r)));
  return (
    <Stack gap="sm" maw={960}>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {rows.length === 0 && <Text c="dimmed">{empty}</Text>}
      {rows.map((row, index) => (
        <Paper key={index} withBorder p="sm" aria-label={`${noun} ${index + 1}`} role="group">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>
              {noun.charAt(0).toUpperCase() + noun.slice(1)} {index + 1}
            </Text>
            {!readOnly && (
              <ActionIcon variant="subtle" color="red" aria-label={`Remover ${noun} ${index + 1}`} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
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
                label={`${column.label} (${noun} ${index + 1})`}
              />
            ))}
          </SimpleGrid>
        </Paper>
      ))}
      {!readOnly && (
        <Group>
          <Button variant="light" onClick={() => onChange([...rows, blank()])}>
            Adicionar {noun}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
