/**
 * The peripheral chosen on this machine for each kind, per branch (001 §3 "Per-branch settings hold numero_caixa and
 * the peripheral. They are stored locally under keys sat, impressora_etiqueta, balanca_pdv, impressora_a4,
 * impressora_comprovante, pos"): kept in localStorage with the device's address and port, so printing needs no call
 * to the server (and works offline).
 */
import type { PeripheralKey } from '@pdv/domain/print-connector';

export const PERIPHERALS_STORAGE_KEY = 'pdv_perifericos';

export interface PeripheralChoice {
  id_periferico: number;
  descricao: string;
  tipo: string;
  dispositivo: { id_dispositivo: number; descricao: string; endereco: string; porta_connect: number };
}

type Stored = Record<string, Partial<Record<PeripheralKey, PeripheralChoice>>>;

function read(): Stored {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(PERIPHERALS_STORAGE_KEY) ?? '{}');
    return value !== null && typeof value === 'object' ? (value as Stored) : {};
  } catch {
    return {};
  }
}

function isChoice(value: unknown): value is PeripheralChoice {
  const v = value as PeripheralChoice | null;
  return v !== null && typeof v === 'object' && Number.isInteger(v.id_periferico) && typeof v.dispositivo === 'object'
    && v.dispositivo !== null && typeof v.dispositivo.endereco === 'string' && v.dispositivo.endereco !== ''
    && Number.isInteger(v.dispositivo.porta_connect);
}

export function peripheralFor(id_filial: number, key: PeripheralKey): PeripheralChoice | null {
  const choice = read()[String(id_filial)]?.[key];
  return isChoice(choice) ? choice : null;
}

export function setPeripheral(id_filial: number, key: PeripheralKey, choice: PeripheralChoice | null): void {
  const all = read();
  const branch = { ...(all[String(id_filial)] ?? {}) };
  if (choice) branch[key] = choice;
  else delete branch[key];
  all[String(id_filial)] = branch;
  localStorage.setItem(PERIPHERALS_STORAGE_KEY, JSON.stringify(all));
}
