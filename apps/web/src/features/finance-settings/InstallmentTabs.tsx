/**
 * The installment plan form's own tabs: its installments (number, days after the sale, surcharge; removing one
 * renumbers the next ones, the server keeps the removed row as excluded) and its branches with the one where it is
 * the default plan.
 */
import { Alert, Checkbox, Radio, Stack, Table, Text } from '@mantine/core';
import { ChildRowsEditor, type ChildColumn } from '../settings/ChildRowsEditor.tsx';
import type { ExtensionTabProps } from '../registers/extensions.ts';
import { useBranchOptions } from './branches.ts';
import { addInstallment, installmentRows, planBranches, removeInstallment, setDefaultBranch, togglePlanBranch } from './values.ts';

function TabError({ text }: { text: string | undefined }) {
  return text ? (
    <Alert color="red" variant="light" role="alert">
      {text}
    </Alert>
  ) : null;
}

const INSTALLMENT_COLUMNS: readonly ChildColumn[] = [
  { name: 'dias_parcela', label: 'Dias após a venda', kind: 'integer', cellLabel: (r) => `Dias da parcela ${String(r['parcela'])}` },
  { name: 'percentual_acrescimo', label: 'Acréscimo (%)', kind: 'decimal', decimals: 2, cellLabel: (r) => `Acréscimo da parcela ${String(r['parcela'])}` },
];

export function InstallmentsTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const rows = installmentRows(values['parcelas']);
  const added = addInstallment(rows);
  return (
    <ChildRowsEditor
      layout="table"
      title="Parcelas"
      lead={{ label: 'Parcela', text: (r) => `${String(r['parcela'])}x` }}
      columns={INSTALLMENT_COLUMNS}
      rows={rows.map((r) => ({ ...r }))}
      // Read back through installmentRows: an emptied input is 0, as the server expects.
      onChange={(next) => set('parcelas', installmentRows(next))}
      remove={(current, index) => {
        const list = installmentRows(current);
        return removeInstallment(list, list[index]?.parcela ?? 0).map((r) => ({ ...r }));
      }}
      blank={() => ({ ...added[added.length - 1] })}
      maxRows={99}
      readOnly={readOnly}
      error={errors['parcelas']}
      noun="parcela"
      empty="Nenhuma parcela."
    />
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
