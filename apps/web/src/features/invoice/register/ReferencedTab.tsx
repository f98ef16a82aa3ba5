/** Referenciadas: access keys of invoices this one refers to (44 characters; 001 §5 messages). */
import { useState } from 'react';
import { ActionIcon, Button, Group, Kbd, Stack, Table, Text, TextInput } from '@mantine/core';
import { modeloLabel } from '../situacao.ts';
import { ACCESS_KEY_LENGTH, lineKey, modeloOfKey, normalizeKey, referencedKeyError, type ReferencedLine } from '../form.ts';

/** '3525 0312 …' in groups of four, as printed on the DANFE. */
export function keyGroups(key: string): string {
  return key.replace(/(.{4})(?=.)/g, '$1 ');
}

interface Props {
  referenced: ReferencedLine[];
  editable: boolean;
  onChange: (referenced: ReferencedLine[]) => void;
}

export function ReferencedTab({ referenced, editable, onChange }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const key = normalizeKey(text);

  const submit = () => {
    const modelo = modeloOfKey(key);
    const problem = referencedKeyError(referenced, key, modelo);
    if (problem) return setError(problem);
    onChange([...referenced, { key: lineKey(), chave_acesso: key, modelo }]);
    setText('');
    setError(null);
  };

  return (
    <Stack gap="sm">
      {editable && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Group align="flex-start" gap="xs">
            <TextInput
              label="Chave de acesso"
              placeholder="44 dígitos"
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              description={`${key.length} de ${ACCESS_KEY_LENGTH} caracteres`}
              maxLength={64}
              style={{ flex: 1 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Button type="submit" mt={24} rightSection={<Kbd size="xs">Enter</Kbd>}>
              Adicionar chave
            </Button>
          </Group>
        </form>
      )}
      <Table striped withTableBorder aria-label="Notas referenciadas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Chave de acesso</Table.Th>
            <Table.Th w={100}>Modelo</Table.Th>
            {editable && <Table.Th w={40} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {referenced.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td ff="monospace">{keyGroups(r.chave_acesso)}</Table.Td>
              <Table.Td>{r.modelo ? modeloLabel(r.modelo) : '—'}</Table.Td>
              {editable && (
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label="Remover chave" onClick={() => onChange(referenced.filter((x) => x.key !== r.key))}>
                    ×
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {referenced.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={editable ? 3 : 2}>
                <Text c="dimmed" ta="center" py="md">
                  Nenhuma nota referenciada.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
