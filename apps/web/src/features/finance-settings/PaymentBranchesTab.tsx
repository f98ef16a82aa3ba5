/** A register form's branches (`filiais`): a checkbox per branch, with the register's own hint of what marking means. */
import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import type { ExtensionTabProps } from '../registers/extensions.ts';
import { useBranchOptions } from './branches.ts';
import { branchIds, toggleBranch } from './values.ts';

export function BranchChecklist({ values, set, errors, readOnly, hint }: ExtensionTabProps & { hint: string }) {
  const selected = branchIds(values['filiais']);
  const options = useBranchOptions(selected);
  return (
    <Stack gap="sm" maw={720}>
      <Text size="sm" c="dimmed">{hint}</Text>
      {options.map((b) => (
        <Checkbox
          key={b.id_filial}
          label={b.nome}
          checked={selected.includes(b.id_filial)}
          disabled={readOnly}
          onChange={(e) => set('filiais', toggleBranch(selected, b.id_filial, e.currentTarget.checked))}
        />
      ))}
      {errors['filiais'] && (
        <Alert color="red" variant="light" role="alert">
          {errors['filiais']}
        </Alert>
      )}
    </Stack>
  );
}

/** The payment method form's branches (meio_pagamento_filial): where the point of sale offers the method. */
export function PaymentBranchesTab(props: ExtensionTabProps) {
  return <BranchChecklist {...props} hint="O ponto de venda oferece o meio de pagamento nas filiais marcadas. Nenhuma marcada: em todas as filiais." />;
}
