/** Volumes: packages carried (quantity, kind, brand, numbering, net and gross weight in kg). */
import { useState, type ChangeEvent } from 'react';
import { ActionIcon, Button, Grid, Group, Kbd, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatQuantity, parseQuantityBR } from '@pdv/domain/money';
import { lineKey, validateVolume, type VolumeLine } from '../form.ts';

interface Props {
  volumes: VolumeLine[];
  editable: boolean;
  onChange: (volumes: VolumeLine[]) => void;
}

const EMPTY = { quantidade: '1', especie: '', marca: '', numeracao: '', peso_liquido: '', peso_bruto: '' };

export function VolumesTab({ volumes, editable, onChange }: Props) {
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<string[]>([]);
  const set = (name: keyof typeof EMPTY) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setFields((f) => ({ ...f, [name]: value }));
  };

  const submit = () => {
    const line: Omit<VolumeLine, 'key'> = {
      quantidade: /^\d+$/.test(fields.quantidade.trim()) ? Number(fields.quantidade) : 0,
      especie: fields.especie.trim(),
      marca: fields.marca.trim(),
      numeracao: fields.numeracao.trim(),
      peso_liquido: parseQuantityBR(fields.peso_liquido || '0') ?? 0,
      peso_bruto: parseQuantityBR(fields.peso_bruto || '0') ?? 0,
    };
    const problems = validateVolume(line);
    if (problems.length > 0) return setErrors(problems);
    onChange([...volumes, { ...line, key: lineKey() }]);
    setFields(EMPTY);
    setErrors([]);
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
          <Grid gap="xs">
            <Grid.Col span={{ base: 4, lg: 1.5 }}>
              <TextInput label="Quantidade" value={fields.quantidade} onChange={set('quantidade')} inputMode="numeric" />
            </Grid.Col>
            <Grid.Col span={{ base: 8, lg: 2.5 }}>
              <TextInput label="Espécie" placeholder="Caixa" value={fields.especie} onChange={set('especie')} maxLength={60} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <TextInput label="Marca" value={fields.marca} onChange={set('marca')} maxLength={60} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <TextInput label="Numeração" value={fields.numeracao} onChange={set('numeracao')} maxLength={60} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <TextInput label="Peso líquido (kg)" value={fields.peso_liquido} onChange={set('peso_liquido')} inputMode="decimal" />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <TextInput label="Peso bruto (kg)" value={fields.peso_bruto} onChange={set('peso_bruto')} inputMode="decimal" />
            </Grid.Col>
          </Grid>
          <Group justify="space-between" mt="xs">
            <Stack gap={2}>
              {errors.map((error) => (
                <Text key={error} c="red" size="sm" role="alert">
                  {error}
                </Text>
              ))}
            </Stack>
            <Button type="submit" rightSection={<Kbd size="xs">Enter</Kbd>}>
              Adicionar volume
            </Button>
          </Group>
        </form>
      )}
      <Table striped withTableBorder aria-label="Volumes da nota">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Qtd.</Table.Th>
            <Table.Th>Espécie</Table.Th>
            <Table.Th>Marca</Table.Th>
            <Table.Th>Numeração</Table.Th>
            <Table.Th ta="right">Peso líquido</Table.Th>
            <Table.Th ta="right">Peso bruto</Table.Th>
            {editable && <Table.Th w={40} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {volumes.map((v) => (
            <Table.Tr key={v.key}>
              <Table.Td>{v.quantidade}</Table.Td>
              <Table.Td>{v.especie || '—'}</Table.Td>
              <Table.Td>{v.marca || '—'}</Table.Td>
              <Table.Td>{v.numeracao || '—'}</Table.Td>
              <Table.Td ta="right">{formatQuantity(v.peso_liquido)} kg</Table.Td>
              <Table.Td ta="right">{formatQuantity(v.peso_bruto)} kg</Table.Td>
              {editable && (
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label="Remover volume" onClick={() => onChange(volumes.filter((x) => x.key !== v.key))}>
                    ×
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {volumes.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={editable ? 7 : 6}>
                <Text c="dimmed" ta="center" py="md">
                  Nenhum volume.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
