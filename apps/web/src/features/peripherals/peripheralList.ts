/** The branch's peripherals a print kind may use (002 §3 Devices and peripherals), with their device's address. */
import type { PeripheralKind } from '@pdv/domain/print-connector';
import { call } from '../../api/client.ts';
import type { PeripheralChoice } from './peripheralStore.ts';

interface DeviceRow { id_dispositivo: number; descricao: string; endereco: string | null; porta_connect: number | null }
interface PeripheralRow { id_periferico: number; descricao: string; tipo: string }

/** The active branch's peripherals (of `tipo`, or all) on devices with an address and a port (the connector's). */
export async function branchPeripherals(tipo?: PeripheralKind): Promise<PeripheralChoice[]> {
  const page: unknown = await call('deviceFind', { search: '', take: 200, skip: 0 }, { loading: false });
  const devices = (page as { rows: DeviceRow[] }).rows.filter((d) => (d.endereco ?? '') !== '' && d.porta_connect !== null);
  const details = await Promise.all(
    devices.map(async (d) => {
      // The peripherals are the register's `extra` member, answered by find_by_id (not in the row's type).
      const row: unknown = await call('deviceFindById', { id_dispositivo: d.id_dispositivo }, { loading: false });
      return ((row as { perifericos?: PeripheralRow[] }).perifericos ?? []).filter((p) => tipo === undefined || p.tipo === tipo).map((p): PeripheralChoice => ({
        id_periferico: p.id_periferico,
        descricao: p.descricao,
        tipo: p.tipo,
        dispositivo: { id_dispositivo: d.id_dispositivo, descricao: d.descricao, endereco: d.endereco ?? '', porta_connect: d.porta_connect ?? 0 },
      }));
    }),
  );
  return details.flat();
}

export const choiceLabel = (c: PeripheralChoice) => `${c.descricao} (${c.dispositivo.descricao})`;
