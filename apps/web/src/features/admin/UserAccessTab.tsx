/**
 * The user form's access tab: one profile per branch (among the signed-in user's branches and the organization's
 * others it may read, assignable-branches.ts; the profiles offered in each), the main branch, and for a new user the temporary password the manager hands over (proposed here, shown
 * once: the user chooses their own at the first sign-in). Edits the form's `perfis` and `senha`.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Radio, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { call } from '../../api/client.ts';
import { useAssignableBranches } from './assignable-branches.ts';
import { branchProfileList, proposePassword, withBranchProfile, withMainBranch } from './access-values.ts';
import type { ExtensionTabProps } from '../registers/extensions.ts';

interface ProfileOption {
  id_perfil: number;
  descricao: string;
  filiais: number[];
}

/** The organization's active profiles with the branches each is offered in. */
async function loadProfiles(): Promise<ProfileOption[]> {
  // Register routes are typed by their descriptor at run time only: the rows are the profile descriptor's.
  const page = (await call('profileFind', { take: 200, filter: { situacao: 'Ativo' } }, { loading: false })) as { rows: Array<Record<string, unknown>> };
  const rows = page.rows;
  return Promise.all(
    rows.map(async (r) => {
      const detail = await call('profileFindById', { id_perfil: Number(r['id_perfil']) }, { loading: false });
      const filiais = (detail as Record<string, unknown>)['filiais'];
      return { id_perfil: Number(r['id_perfil']), descricao: String(r['descricao']), filiais: Array.isArray(filiais) ? (filiais as number[]) : [] };
    }),
  );
}

export function UserAccessTab({ row, values, set, errors, readOnly }: ExtensionTabProps) {
  const branches = useAssignableBranches();
  const profiles = useQuery({ queryKey: ['register-access', 'profiles'], queryFn: loadProfiles });
  const list = branchProfileList(values['perfis']);
  const named = Array.isArray(row?.['perfis']) ? (row['perfis'] as Array<{ id_perfil: number; perfil: string }>) : [];
  const change = (next: ReturnType<typeof branchProfileList>) => set('perfis', next);

  const optionsFor = (id_filial: number, current: number | undefined) => {
    const offered = (profiles.data ?? []).filter((p) => p.filiais.includes(id_filial));
    const data = offered.map((p) => ({ value: String(p.id_perfil), label: p.descricao }));
    // A profile held now but no longer offered (inactive, unlinked) still shows by its name.
    if (current !== undefined && !data.some((d) => d.value === String(current))) {
      data.push({ value: String(current), label: named.find((n) => n.id_perfil === current)?.perfil ?? `Perfil ${current}` });
    }
    return data;
  };

  return (
    <Stack gap="md">
      {row === null && (
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Senha provisória"
            description="Entregue ao usuário: no primeiro acesso ele criará a própria senha."
            value={typeof values['senha'] === 'string' ? values['senha'] : ''}
            onChange={(e) => set('senha', e.currentTarget.value)}
            error={errors['senha']}
            readOnly={readOnly}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            w={320}
          />
          {!readOnly && (
            <Button variant="default" onClick={() => set('senha', proposePassword())}>
              Gerar outra
            </Button>
          )}
        </Group>
      )}
      <Text size="sm" c="dimmed">
        Um perfil por filial. A filial principal é a que o usuário abre ao entrar.
      </Text>
      {profiles.isError && (
        <Alert color="red" variant="light">
          Não foi possível carregar os perfis.
        </Alert>
      )}
      <Radio.Group
        value={String(list.find((p) => p.is_principal)?.id_filial ?? '')}
        onChange={(value) => change(withMainBranch(list, Number(value)))}
        aria-label="Filial principal"
      >
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Filial</Table.Th>
              <Table.Th>Perfil</Table.Th>
              <Table.Th w={90}>Principal</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {branches.map((b) => {
              const name = b.nome_fantasia ?? b.razao_social;
              const held = list.find((p) => p.id_filial === b.id_filial);
              return (
                <Table.Tr key={b.id_filial}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Perfil em ${name}`}
                      placeholder="Sem acesso"
                      data={optionsFor(b.id_filial, held?.id_perfil)}
                      value={held ? String(held.id_perfil) : null}
                      clearable
                      disabled={readOnly}
                      onChange={(value) => change(withBranchProfile(list, b.id_filial, value === null ? null : Number(value)))}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Radio value={String(b.id_filial)} aria-label={`${name} é a principal`} disabled={readOnly || !held} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Radio.Group>
      {errors['perfis'] && (
        <Alert color="red" variant="light" role="alert">
          {errors['perfis']}
        </Alert>
      )}
    </Stack>
  );
}
