/**
 * The till's reserved NFC-e numbers (issue 29, POS side). While online, a till whose branch enables the connector's
 * offline NFC-e keeps a block of numbers of its device's series reserved on the server (POST /nfce/offline/reservar),
 * reserving another when its free numbers run low (domain NFCE_BLOCK_LOW_WATER). The blocks and the numbers already
 * taken live in localStorage per branch and device: a number is written as taken BEFORE the document is built, so it
 * is never handed out twice, not even after a reload or a failed emission (a skipped number is left for the
 * server's disabling of unused numbers).
 */
import { NFCE_BLOCK_LOW_WATER, nextFreeNumber } from '@pdv/domain/nfce-offline';
import type { z } from 'zod';
import type { nfceBlock } from '@pdv/contract/nfce-offline';
import { call } from '../../../api/client.ts';

export type NfceBlock = z.infer<typeof nfceBlock>;

export const NFCE_NUMBERS_STORAGE_KEY = 'pdv_nfce_offline';

interface Held {
  blocos: NfceBlock[];
  /** Numbers this till took (or the server says were used). */
  usados: number[];
}

type Stored = Record<string, Held>;

const keyOf = (id_filial: number, id_dispositivo: number) => `${id_filial}:${id_dispositivo}`;

function readAll(): Stored {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(NFCE_NUMBERS_STORAGE_KEY) ?? '{}');
    return value !== null && typeof value === 'object' ? (value as Stored) : {};
  } catch {
    return {};
  }
}

export function heldNumbers(id_filial: number, id_dispositivo: number): Held {
  const held = readAll()[keyOf(id_filial, id_dispositivo)];
  return { blocos: Array.isArray(held?.blocos) ? held.blocos : [], usados: Array.isArray(held?.usados) ? held.usados : [] };
}

function write(id_filial: number, id_dispositivo: number, held: Held): void {
  const all = readAll();
  all[keyOf(id_filial, id_dispositivo)] = held;
  localStorage.setItem(NFCE_NUMBERS_STORAGE_KEY, JSON.stringify(all));
}

/** How many numbers of the held blocks are still free. */
export function freeCount(held: Held): number {
  const used = new Set(held.usados);
  let free = 0;
  for (const b of held.blocos) for (let n = b.numero_inicial; n <= b.numero_final; n += 1) if (!used.has(n)) free += 1;
  return free;
}

/** The next free number and its series, marked as taken in localStorage before it is answered; null: none left. */
export function takeNumber(id_filial: number, id_dispositivo: number): { numero: number; serie: number } | null {
  const held = heldNumbers(id_filial, id_dispositivo);
  const numero = nextFreeNumber(held.blocos, held.usados);
  if (numero === null) return null;
  const block = held.blocos.find((b) => numero >= b.numero_inicial && numero <= b.numero_final)!;
  write(id_filial, id_dispositivo, { ...held, usados: [...held.usados, numero] });
  return { numero, serie: block.serie };
}

/** Whether a number is free now (read only). */
export function hasFreeNumber(id_filial: number, id_dispositivo: number): boolean {
  const held = heldNumbers(id_filial, id_dispositivo);
  return nextFreeNumber(held.blocos, held.usados) !== null;
}

/** The Web Lock under which a tab tops up a till's reserve (tabs of one till would race otherwise). */
export const NFCE_RESERVE_LOCK = 'pdv-nfce-reserva';

const running = new Map<string, Promise<number | null>>();

/**
 * Online: merges the server's view of this device's blocks (their numbers the server already received) with the local
 * one and reserves a new block when fewer than NFCE_BLOCK_LOW_WATER numbers are free. Answers the free count, or null
 * when the branch does not enable it. Errors (offline, no series bound to the device) propagate to the caller.
 *
 * One run at a time per branch and device: a call while one runs gets its answer, and the tabs of the origin take
 * turns under NFCE_RESERVE_LOCK. Two runs side by side each saw the numbers low and each reserved a block: a block of
 * numbers wasted (to be disabled at SEFAZ later), and the second write could drop the first block from the till.
 */
export function keepReserve(id_filial: number, id_dispositivo: number): Promise<number | null> {
  const key = keyOf(id_filial, id_dispositivo);
  const current = running.get(key);
  if (current) return current;
  const locks = globalThis.navigator?.locks;
  const run: Promise<number | null> = locks
    ? locks.request(NFCE_RESERVE_LOCK, () => topUp(id_filial, id_dispositivo)).then((free) => free)
    : topUp(id_filial, id_dispositivo);
  const tracked = run.finally(() => running.delete(key));
  running.set(key, tracked);
  return tracked;
}

async function topUp(id_filial: number, id_dispositivo: number): Promise<number | null> {
  const answer = await call('nfceOfflineBlocks', { id_dispositivo });
  if (!answer.habilitado) return null;
  const local = heldNumbers(id_filial, id_dispositivo);
  const usados = [...new Set([...local.usados, ...answer.blocos.flatMap((b) => b.usados)])];
  let held: Held = { blocos: answer.blocos, usados };
  write(id_filial, id_dispositivo, held);
  if (freeCount(held) < NFCE_BLOCK_LOW_WATER) {
    const block = await call('nfceOfflineReserve', { id_dispositivo });
    held = { blocos: [...held.blocos.filter((b) => b.id_nfce_reserva !== block.id_nfce_reserva), block], usados };
    write(id_filial, id_dispositivo, held);
  }
  return freeCount(held);
}
