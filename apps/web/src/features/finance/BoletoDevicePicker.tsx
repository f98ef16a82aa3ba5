/**
 * The boleto connector device picker (001 §2 "Boleto connector device picker: a select of devices by description and
 * a Selecionar button, disabled until one is chosen"): the branch's devices with a connector address and port.
 */
import { useState } from 'react';
import { Button, Group, Select, Stack } from '@mantine/core';
import { BOLETO_CONNECTOR_MESSAGES as M } from '@pdv/domain/boleto-connector';

export interface ConnectorDevice { id_dispositivo: number; descricao: string; endereco: string; porta_connect: number }

export function BoletoDevicePicker({ devices, onSelect }: { devices: ConnectorDevice[] | null; onSelect: (device: ConnectorDevice) => void }) {
  const [value, setValue] = useState<string | null>(null);
  const chosen = devices?.find((d) => String(d.id_dispositivo) === value) ?? null;
  return (
    <Stack gap="sm">
      <Select
        label={M.pickerLabel}
        data={(devices ?? []).map((d) => ({ value: String(d.id_dispositivo), label: d.descricao }))}
        value={value}
        onChange={setValue}
        searchable
        data-autofocus
        placeholder={devices === null ? 'Carregando...' : devices.length === 0 ? M.noDevice : 'Selecione'}
      />
      <Group justify="flex-end">
        <Button disabled={!chosen} onClick={() => chosen && onSelect(chosen)}>Selecionar</Button>
      </Group>
    </Stack>
  );
}
