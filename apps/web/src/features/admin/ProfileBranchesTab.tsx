/**
 * The profile form's branches (perfil_filial): the branches the profile is offered in, among the user's own and the
 * organization's others it may read (assignable-branches.ts).
 */
import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { useAssignableBranches } from './assignable-branches.ts';
import type { ExtensionTabProps } from '../registers/extensions.ts';

interface BranchOption {
  id_filial: number;
  nome: string;
}

/** The branches offered, with the ones the profile already has (possibly not among them). */
export function branchOptions(mine: ReadonlyArray<{ id_filial: number; nome_fantasia: string | null; razao_social: string }>, linked: readonly number[]): BranchOption[] {
  const options: BranchOption[] = mine.map((b) => ({ id_filial: b.id_filial, nome: b.nome_fantasia ?? b.razao_social }));
  for (const id of linked) if (!options.some((o) => o.id_filial === id)) options.push({ id_filial: id, nome: `Filial ${id}` });
  return options;
}

/** The form's `filiais`: branch ids. */
export function branchIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value.filter((n): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0);
}

export function ProfileBranchesTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const branches = useAssignableBranches();
  const selected = branchIds(values['filiais']);
  const options = branchOptions(branches, selected);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        O perfil pode ser dado aos usuários nas filiais marcadas.
      </Text>
      {options.map((b) => (
        <Checkbox
          key={b.id_filial}
          label={b.nome}
          checked={selected.includes(b.id_filial)}
          disabled={readOnly}
          onChange={(e) =>
            set('filiais', e.currentTarget.checked ? [...selected, b.id_filial] : selected.filter((id) => id !== b.id_filial))
          }
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
