/**
 * Volumes: the packages of the order (quantity, kind, brand, numbering, net and gross weight in kg). Quantity and both
 * weights are required, and the order must be saved first (000 §5 "Volume", the spec's texts).
 */
import { useState, type ChangeEvent } from 'react';
import { ActionIcon, Alert, Button, Grid, Group, Kbd, List, Stack, Table, Text, TextInput } from '@mantine/core';
import type { OrderFull } from '@pdv/contract/order';
import { formatQuantity, quantityFromDecimal } from '@pdv/domain/money';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { call } from '../../../api/client.ts';
import { errorDisplayOf } from '../../../api/errors.ts';
import { EMPTY_VOLUME, volumeBody, volumeFormErrors, type VolumeForm } from '../form.ts';

type Volume = NonNullable<OrderFull['volumes']>[number];

interface Props {
  order: OrderFull | null;
  editable: boolean;
  onChange: (volumes: Volume[]) => void;
}

export function VolumesTab({ order, editable, onChange }: Props) {
  const [fields, setFields] = useState<VolumeForm>(EMPTY_VOLUME);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const volumes = order?.volumes ?? [];
  const set = (name: keyof VolumeForm) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setFields((f) => ({ ...f, [name]: value }));
    setErrors([]);
  };

  const submit = async () => {
    if (busy) return;
    const problems = volumeFormErrors(fields, order !== null);
    if (problems.length > 0 || order === null) return setErrors(problems);
    setBusy(true);
    try {
      const created = await call('volumeCreate', { id_pedido: order.id_pedido, ...volumeBody(fields) });
      onChange([...volumes, created]);
      setFields(EMPTY_VOLUME);
    } catch (error) {
      const { text, details } = errorDisplayOf(error);
      setErrors(details.length > 0 ? details : [text]);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (volume: Volume) => {
    try {
      await call('volumeDelete', { id_volume: volume.id_volume });
      onChange(volumes.filter((v) => v.id_volume !== volume.id_volume));
    } catch (error) {
      setErrors([errorDisplayOf(error).text]);
    }
  };

  return (
    <Stack gap="sm">
      {order === null && editable && (
        <Alert color="yellow" variant="light">
          {ORDER_MESSAGES.volumeParentNotSaved}
        </Alert>
      )}
      {editable && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Grid gap="xs">
            <Grid.Col span={{ base: 4, lg: 1.5 }}>
              <TextInput
                label="Quantidade"
                value={fields.quantidade}
                onChange={set('quantidade')}
                inputMode="numeric"
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 8, lg: 2.5 }}>
              <TextInput
                label="Espécie"
                placeholder="Caixa"
                value={fields.especie}
                onChange={set('especie')}
                maxLength={60}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <TextInput label="Marca" value={fields.marca} onChange={set('marca')} maxLength={60} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <TextInput label="Numeração" value={fields.numeracao} onChange={set('numeracao')} maxLength={60} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <TextInput
                label="Peso líquido (kg)"
                value={fields.peso_liquido}
                onChange={set('peso_liquido')}
                inputMode="decimal"
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <TextInput
                label="Peso bruto (kg)"
                value={fields.peso_bruto}
                onChange={set('peso_bruto')}
                inputMode="decimal"
                withAsterisk
              />
            </Grid.Col>
          </Grid>
          {errors.length > 0 && (
            <Alert color="red" variant="light" mt="xs" role="alert">
              <List size="sm" spacing={2}>
                {errors.map((error) => (
                  <List.Item key={error}>{error}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button type="submit" loading={busy} rightSection={<Kbd size="xs">Enter</Kbd>}>
              Adicionar volume
            </Button>
          </Group>
        </form>
      )}
      <Table striped withTableBorder aria-label="Volumes do pedido">
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
            <Table.Tr key={v.id_volume}>
              <Table.Td>{v.quantidade}</Table.Td>
              <Table.Td>{v.especie ?? '—'}</Table.Td>
              <Table.Td>{v.marca ?? '—'}</Table.Td>
              <Table.Td>{v.numeracao ?? '—'}</Table.Td>
              <Table.Td ta="right">{formatQuantity(quantityFromDecimal(v.peso_liquido))} kg</Table.Td>
              <Table.Td ta="right">{formatQuantity(quantityFromDecimal(v.peso_bruto))} kg</Table.Td>
              {editable && (
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label="Remover volume" onClick={() => void remove(v)}>
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
