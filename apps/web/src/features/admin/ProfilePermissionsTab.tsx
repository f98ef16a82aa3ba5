/**
 * The profile form's permission editor: every label of the catalogue, grouped, each with Sem acesso / Consultar
 * (tipo '1') / Gerenciar (tipo '2'), and a group set at once. Edits the form's `perfil_permissao`, saved with the
 * profile in one request.
 */
import { Alert, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import type { PermissionLevel } from '@pdv/domain/user-rules';
import { LEVEL_LABELS, levelOf, permissionGroups, permissionList, withGroupLevel, withLevel } from './access-values.ts';
import type { ExtensionTabProps } from '../registers/extensions.ts';

const LEVELS: PermissionLevel[] = ['none', 'read', 'manage'];
const DATA = LEVELS.map((value) => ({ value, label: LEVEL_LABELS[value] }));

export function ProfilePermissionsTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const list = permissionList(values['perfil_permissao']);
  const change = (next: ReturnType<typeof permissionList>) => set('perfil_permissao', next);
  return (
    <Stack gap="md">
      {errors['perfil_permissao'] && (
        <Alert color="red" variant="light" role="alert">
          {errors['perfil_permissao']}
        </Alert>
      )}
      {permissionGroups().map(({ grupo, items }) => (
        <Paper key={grupo} withBorder p="sm" radius="md">
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h5">
              {grupo}
            </Title>
            {!readOnly && (
              <Group gap={4}>
                <Text size="xs" c="dimmed">
                  Todo o grupo:
                </Text>
                {LEVELS.map((level) => (
                  <Text
                    key={level}
                    component="button"
                    type="button"
                    size="xs"
                    c="blue"
                    style={{ background: 'none', border: 0, cursor: 'pointer', padding: '0 4px' }}
                    aria-label={`${grupo}: ${LEVEL_LABELS[level]} em todo o grupo`}
                    onClick={() => change(withGroupLevel(list, grupo, level))}
                  >
                    {LEVEL_LABELS[level]}
                  </Text>
                ))}
              </Group>
            )}
          </Group>
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.rotulo}>
                  <Table.Td>
                    <Text size="sm">{p.descricao}</Text>
                  </Table.Td>
                  <Table.Td w={330}>
                    <SegmentedControl
                      size="xs"
                      fullWidth
                      aria-label={p.descricao}
                      data={DATA}
                      value={levelOf(list, p.rotulo)}
                      disabled={readOnly}
                      onChange={(level) => change(withLevel(list, p.rotulo, level))}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
    </Stack>
  );
}
