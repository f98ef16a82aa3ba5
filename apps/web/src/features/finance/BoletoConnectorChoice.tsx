/**
 * The boleto connector device of this machine (001 §2 Boleto connector device picker, §8 "no device chosen prompts
 * device selection"): the chosen device with Trocar, or the picker over the branch's devices with a connector address.
 * The choice is remembered on this machine.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { showError } from '../../ui/showError.ts';
import { BoletoDevicePicker } from './BoletoDevicePicker.tsx';
import { connectorDevices, type ConnectorDevice } from './boletoConnector.ts';

const KEY = 'pdv_conector_boleto';

function stored(): ConnectorDevice | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as ConnectorDevice | null;
    return v && Number.isInteger(v.id_dispositivo) && typeof v.endereco === 'string' ? v : null;
  } catch {
    return null;
  }
}

const CHANGED = 'pdv-conector-boleto';

/** The remembered device and its setter (null: none chosen yet); every screen holding it follows a new choice. */
export function useBoletoDevice(): [ConnectorDevice | null, (d: ConnectorDevice) => void] {
  const [device, setDevice] = useState<ConnectorDevice | null>(stored);
  useEffect(() => {
    const follow = () => setDevice(stored());
    window.addEventListener(CHANGED, follow);
    return () => window.removeEventListener(CHANGED, follow);
  }, []);
  return [device, (d) => {
    localStorage.setItem(KEY, JSON.stringify(d));
    window.dispatchEvent(new Event(CHANGED));
  }];
}

export function BoletoConnectorChoice({ device, onChange }: { device: ConnectorDevice | null; onChange: (d: ConnectorDevice) => void }) {
  const [picking, setPicking] = useState(device === null);
  const [devices, setDevices] = useState<ConnectorDevice[] | null>(null);
  useEffect(() => {
    if (!picking || devices !== null) return;
    connectorDevices().then(setDevices, (error: unknown) => {
      setDevices([]);
      showError(error);
    });
  }, [picking, devices]);
  if (device && !picking) {
    return (
      <Group gap="xs">
        <Text size="sm" aria-label="Conector escolhido">Conector: {device.descricao}</Text>
        <Button size="compact-xs" variant="subtle" onClick={() => setPicking(true)}>Trocar</Button>
      </Group>
    );
  }
  return <BoletoDevicePicker devices={devices} onSelect={(d) => { onChange(d); setPicking(false); }} />;
}
