// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NFCE_BLOCK_LOW_WATER } from '@pdv/domain/nfce-offline';

const calls: Array<{ name: string; body: unknown }> = [];
let serverBlocks: Array<Record<string, unknown>> = [];
let nextStart = 101;
vi.mock('../../../api/client.ts', () => ({
  call: (name: string, body: unknown) => {
    calls.push({ name, body });
    const { id_dispositivo } = body as { id_dispositivo: number };
    if (name === 'nfceOfflineBlocks') {
      return Promise.resolve({ habilitado: true, blocos: serverBlocks.filter((b) => b['id_dispositivo'] === id_dispositivo) });
    }
    const block = { id_nfce_reserva: nextStart, id_dispositivo, id_serie_fiscal: 4, serie: 7, numero_inicial: nextStart, numero_final: nextStart + 49, usados: [] };
    nextStart += 50;
    serverBlocks = [...serverBlocks, block];
    return Promise.resolve(block);
  },
}));

const { freeCount, hasFreeNumber, heldNumbers, keepReserve, takeNumber } = await import('./numbers.ts');

beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  serverBlocks = [];
  nextStart = 101;
});

describe("the till's reserved NFC-e numbers", () => {
  it('reserves a block while online when free numbers run low, and not again while enough are free', async () => {
    expect(hasFreeNumber(1, 9)).toBe(false);
    expect(await keepReserve(1, 9)).toBe(50);
    expect(calls.map((c) => c.name)).toEqual(['nfceOfflineBlocks', 'nfceOfflineReserve']);
    expect(await keepReserve(1, 9)).toBe(50);
    expect(calls.filter((c) => c.name === 'nfceOfflineReserve')).toHaveLength(1);
    // Spend down to the low-water mark: the next refresh reserves another block.
    for (let i = 0; i < 50 - NFCE_BLOCK_LOW_WATER + 1; i += 1) takeNumber(1, 9);
    expect(freeCount(heldNumbers(1, 9))).toBe(NFCE_BLOCK_LOW_WATER - 1);
    expect(await keepReserve(1, 9)).toBe(NFCE_BLOCK_LOW_WATER - 1 + 50);
    expect(calls.filter((c) => c.name === 'nfceOfflineReserve')).toHaveLength(2);
  });

  it('reserves one block when asked twice at once (the point of sale asks at each refresh of its context)', async () => {
    const [first, second] = await Promise.all([keepReserve(1, 9), keepReserve(1, 9)]);
    expect([first, second]).toEqual([50, 50]);
    expect(calls.filter((c) => c.name === 'nfceOfflineReserve')).toHaveLength(1);
    expect(heldNumbers(1, 9).blocos).toHaveLength(1);
    // Another till is not held up by it.
    await Promise.all([keepReserve(1, 9), keepReserve(1, 8)]);
    expect(calls.filter((c) => c.name === 'nfceOfflineReserve')).toHaveLength(2);
  });

  it('never hands a number out twice, even after a reload (the number is written before it is answered)', async () => {
    await keepReserve(1, 9);
    const first = takeNumber(1, 9);
    expect(first).toEqual({ numero: 101, serie: 7 });
    // A reload: only localStorage survives.
    const stored = localStorage.getItem('pdv_nfce_offline');
    localStorage.clear();
    localStorage.setItem('pdv_nfce_offline', stored ?? '');
    expect(takeNumber(1, 9)).toEqual({ numero: 102, serie: 7 });
    // The server's list does not know the local use yet: the local use is kept.
    await keepReserve(1, 9);
    expect(takeNumber(1, 9)?.numero).toBe(103);
    // The server received number 104 from this till in another tab: skipped.
    serverBlocks = serverBlocks.map((b) => ({ ...b, usados: [104] }));
    await keepReserve(1, 9);
    expect(takeNumber(1, 9)?.numero).toBe(105);
  });

  it('answers none when the blocks are spent, and keeps tills and branches apart', async () => {
    expect(takeNumber(1, 9)).toBeNull();
    await keepReserve(1, 9);
    expect(takeNumber(2, 9)).toBeNull();
    expect(takeNumber(1, 8)).toBeNull();
  });
});
