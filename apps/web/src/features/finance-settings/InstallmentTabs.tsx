/**
 * The installment plan form's own tabs: its installments (number, days after the sale, surcharge; removing one
 * renumbers the next ones, the server keeps the removed row as excluded) and its branches with the one where it is
 * the default plan.
 */
import { Alert, Button, Checkbox, Group, Radio, Stack, Table, Text, TextInput } from '@mantine/core';
import { DecimalInput } from '../../ui/MaskedInputs.tsx';
import type { ExtensionTabProps } from '../registers/extensions.ts';
import { useBranchOptions } from './branches.ts';
import { addInstallment, editInstallment, installmentRows, planBranches, removeInstallment, setDefaultBranch, togglePlanBranch } from './values.ts';

function TabError({ text }: { text: string | undefined }) {
  return text ? (
    <Alert color="red" variant="light" role="alert">
      {text}
    </Alert>
  ) : null;
}

export function InstallmentsTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const rows = installmentRows(values['parcelas']);
  const put = (next: ReturnType<typeof installmentRows>) => set('parcelas', next);
  return (
    <Stack gap="sm" maw={720}>
      <Table withTableBorder verticalSpacing={4} aria-label="Parcelas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>Parcela</Table.Th>
            <Table.Th>Dias após a venda</Table.Th>
            <Table.Th>Acréscimo (%)</Table.Th>
            {!readOnly && <Table.Th w={90} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.parcela}>
              <Table.Td>{r.parcela}x</Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`Dias da parcela ${r.parcela}`}
                  inputMode="numeric"
                  readOnly={readOnly}
                  value={String(r.dias_parcela)}
                  onChange={(e) => put(editInstallment(rows, r.parcela, { dias_parcela: Number(e.currentTarget.value.replace(/\D/g, '') || 0) }))}
                />
              </Table.Td>
              <Table.Td>
                <DecimalInput
                  aria-label={`Acréscimo da parcela ${r.parcela}`}
                  decimals={2}
                  readOnly={readOnly}
                  value={r.percentual_acrescimo}
                  onChange={(v) => put(editInstallment(rows, r.parcela, { percentual_acrescimo: v ?? 0 }))}
                />
              </Table.Td>
              {!readOnly && (
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => put(removeInstallment(rows, r.parcela))}>
                    Remover
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed">
                  Nenhuma parcela.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {!readOnly && (
        <Group>
          <Button variant="light" size="xs" onClick={() => put(addInstallment(rows))} disabled={rows.length >= 99}>
            Adicionar parcela
          </Button>
        </Group>
      )}
      <TabError text={errors['parcelas']} />
    </Stack>
  );
}

export function PlanBranchesTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const rows = planBranches(values['filiais']);
  const options = useBranchOptions(rows.map((r) => r.id_filial));
  const padrao = rows.find((r) => r.is_padrao)?.id_filial ?? null;
  return (
    <Stack gap="sm" maw={720}>
      <Text size="sm" c="dimmed">
        O parcelamento é oferecido nas filiais marcadas; numa delas pode ser o padrão (cada filial tem um parcelamento padrão).
      </Text>
      <Radio.Group value={padrao === null ? '' : String(padrao)} onChange={(v) => !readOnly && set('filiais', setDefaultBranch(rows, v === '' ? null : Number(v)))}>
        <Table withTableBorder verticalSpacing={4} aria-label="Filiais do parcelamento">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Filial</Table.Th>
              <Table.Th w={100}>Padrão</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {options.map((b) => (
              <Table.Tr key={b.id_filial}>
                <Table.Td>
                  <Checkbox
                    label={b.nome}
                    disabled={readOnly}
                    checked={rows.some((r) => r.id_filial === b.id_filial)}
                    onChange={(e) => set('filiais', togglePlanBranch(rows, b.id_filial, e.currentTarget.checked))}
                  />
                </Table.Td>
                <Table.Td>
                  <Radio value={String(b.id_filial)} aria-label={`Padrão em ${b.nome}`} disabled={readOnly} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Radio.Group>
      <TabError text={errors['filiais']} />
    </Stack>
  );
}
