/** The card operator form's rates per installment (taxas_parcela): the rate charged when paid in that many installments. */
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { DecimalInput } from '../../ui/MaskedInputs.tsx';
import type { ExtensionTabProps } from '../registers/extensions.ts';
import { addRate, rateRows } from './values.ts';

export function RatesTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const rows = rateRows(values['taxas_parcela']);
  return (
    <Stack gap="sm" maw={520}>
      <Text size="sm" c="dimmed">
        A taxa por número de parcelas; sem taxa para um número, vale a taxa da operadora.
      </Text>
      <Table withTableBorder verticalSpacing={4} aria-label="Taxas por parcela">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>Parcelas</Table.Th>
            <Table.Th>Taxa (%)</Table.Th>
            {!readOnly && <Table.Th w={90} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.parcela}>
              <Table.Td>{r.parcela}x</Table.Td>
              <Table.Td>
                <DecimalInput
                  aria-label={`Taxa em ${r.parcela}x`}
                  decimals={2}
                  readOnly={readOnly}
                  value={r.taxa}
                  onChange={(v) => set('taxas_parcela', rows.map((x) => (x.parcela === r.parcela ? { ...x, taxa: v ?? 0 } : x)))}
                />
              </Table.Td>
              {!readOnly && (
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => set('taxas_parcela', rows.filter((x) => x.parcela !== r.parcela))}>
                    Remover
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!readOnly && (
        <Group>
          <Button variant="light" size="xs" onClick={() => set('taxas_parcela', addRate(rows))} disabled={rows.length >= 99}>
            Adicionar taxa
          </Button>
        </Group>
      )}
      {errors['taxas_parcela'] && (
        <Alert color="red" variant="light" role="alert">
          {errors['taxas_parcela']}
        </Alert>
      )}
    </Stack>
  );
}
