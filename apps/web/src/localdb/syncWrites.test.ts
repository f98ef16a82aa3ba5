import { afterEach, describe, expect, it } from 'vitest';
import { LocalDbClient } from './client.ts';
import type { LocalEngine } from './engine.ts';
import { serve } from './host.ts';
import { SYNC_WRITES, matchesGuard } from './syncWrites.ts';
import { openMemoryEngine } from './testing.ts';

const position = { table: 'product', date_change: '10', offset: 4, loading: 1, is_loaded: 0, owner: 'o1' };
const expected = { owner: 'o1', date_change: '10', offset: 4 };

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

async function served(): Promise<{ engine: LocalEngine; client: LocalDbClient }> {
  const engine = await openMemoryEngine();
  const channel = new MessageChannel();
  serve(channel.port2, () => Promise.resolve(engine));
  const client = new LocalDbClient(channel.port1);
  channel.port1.start();
  channel.port2.start();
  await client.open();
  open.push(async () => {
    await client.close();
    channel.port1.close();
    channel.port2.close();
  });
  return { engine, client };
}

describe('applyPageAt', () => {
  it('writes a page given as JSON text with its position, counting its rows into received, only while the position holds', async () => {
    const { engine, client } = await served();
    engine.applyChanges([{ table: 'updater', rows: [{ ...position, received: 5 }] }]);
    const rows = JSON.stringify([{ id_produto: 1, descricao: 'Camiseta' }, { id_produto: 2, descricao: 'Boné', data_exclusao: '2026-11-29' }]);
    const next = { ...position, date_change: '11', offset: 2, received: 5 };
    expect(await client.applyPageAt({ table: 'product', expected }, rows, next)).toBe(2);
    expect(engine.count('product')).toBe(1);
    expect(engine.get('updater', 'product')).toMatchObject({ date_change: '11', offset: 2, received: 7 });
    // Asked again from the old position: moved, nothing written.
    expect(await client.applyPageAt({ table: 'product', expected }, '[{"id_produto":3}]', next)).toBeNull();
    expect(engine.count('product')).toBe(1);
    // Rows the copy refuses: nothing written, the position included.
    const now = { owner: 'o1', date_change: '11', offset: 2 };
    await expect(client.applyPageAt({ table: 'product', expected: now }, '[{"id_produto":4},{"sem":"chave"}]', { ...next, offset: 9 })).rejects.toThrow(
      'Linha de product sem a chave id_produto.',
    );
    expect(engine.get('product', 4)).toBeUndefined();
    expect(engine.get('updater', 'product')).toMatchObject({ offset: 2, received: 7 });
  });
});

describe('applyChangesAt', () => {
  it('writes the page and its position only while the position is the one read', async () => {
    const { engine, client } = await served();
    engine.applyChanges([{ table: 'updater', rows: [position] }]);
    const page = [
      { table: 'product', rows: [{ id_produto: 1, descricao: 'Camiseta' }] },
      { table: 'updater', rows: [{ ...position, date_change: '11', offset: 1 }] },
    ];
    const heard: string[][] = [];
    client.subscribe(['product'], (tables) => heard.push([...tables]));
    expect(await client.applyChangesAt({ table: 'product', expected }, page)).toEqual({ tables: ['product', 'updater'], put: 2, deleted: 0 });
    expect(engine.count('product')).toBe(1);
    expect(engine.get('updater', 'product')).toMatchObject({ date_change: '11', offset: 1 });
    // The same page again, from the position it was asked from: the position moved, nothing is written.
    const again = [{ table: 'product', rows: [{ id_produto: 2, descricao: 'Boné' }] }, page[1]!];
    expect(await client.applyChangesAt({ table: 'product', expected }, again)).toBeNull();
    expect(engine.count('product')).toBe(1);
    await client.count('product');
    expect(heard).toEqual([['product']]);
  });

  it('expects no position at all when the guard says null, and tells another owner apart', async () => {
    const { engine } = await served();
    const first = [{ table: 'updater', rows: [position] }];
    expect(SYNC_WRITES.applyChangesAt(engine, { table: 'product', expected: null }, first)).not.toBeNull();
    expect(SYNC_WRITES.applyChangesAt(engine, { table: 'product', expected: null }, first)).toBeNull();
    expect(SYNC_WRITES.applyChangesAt(engine, { table: 'product', expected: { ...expected, owner: 'o2' } }, first)).toBeNull();
    expect(matchesGuard({ ...position, owner: undefined }, { ...expected, owner: null })).toBe(true);
  });

  it('rolls the position back with the page when a row is refused', async () => {
    const { engine, client } = await served();
    engine.applyChanges([{ table: 'updater', rows: [position] }]);
    const page = [
      { table: 'product', rows: [{ id_produto: 1 }, { descricao: 'sem chave' }] },
      { table: 'updater', rows: [{ ...position, date_change: '11', offset: 1 }] },
    ];
    await expect(client.applyChangesAt({ table: 'product', expected }, page)).rejects.toThrow('sem a chave');
    expect(engine.count('product')).toBe(0);
    expect(engine.get('updater', 'product')).toMatchObject({ date_change: '10', offset: 4 });
  });
});

describe('writePositionsAt', () => {
  it('writes the updater rows whose guard holds, in one transaction, and answers their tables', async () => {
    const { engine, client } = await served();
    const grid = { ...position, table: 'grid', date_change: '20', offset: 1 };
    engine.applyChanges([{ table: 'updater', rows: [position, grid] }]);
    // The setup's own notice heard before listening.
    await client.count('updater');
    const heard: string[][] = [];
    client.subscribe(['updater'], (tables) => heard.push([...tables]));
    const written = await client.writePositionsAt([
      { guard: { table: 'product', expected }, next: { ...position, synced_at: 99 } },
      // Moved since it was read: left as it is.
      { guard: { table: 'grid', expected: { owner: 'o1', date_change: '19', offset: 1 } }, next: { ...grid, synced_at: 99 } },
      // No row at all, expected none: written.
      { guard: { table: 'stock', expected: null }, next: { table: 'stock', date_change: '', offset: 0, synced_at: 99 } },
    ]);
    expect(written).toEqual(['product', 'stock']);
    expect(engine.get('updater', 'product')).toMatchObject({ synced_at: 99, offset: 4 });
    expect(engine.get('updater', 'grid')).not.toHaveProperty('synced_at');
    expect(engine.get('updater', 'stock')).toMatchObject({ synced_at: 99 });
    await client.count('updater');
    // One commit: the subscribers heard once.
    expect(heard).toEqual([['updater']]);
    expect(await client.writePositionsAt([])).toEqual([]);
  });
});

describe('clearAllBut', () => {
  it('empties every table but those kept, in one call', async () => {
    const { engine, client } = await served();
    engine.applyChanges([
      { table: 'product', rows: [{ id_produto: 1 }] },
      { table: 'operation', rows: [{ id_operacao: 'venda-1', situacao: 'Pendente' }] },
      { table: 'updater', rows: [position] },
    ]);
    const cleared = await client.clearAllBut(['operation']);
    expect(cleared).toContain('product');
    expect(cleared).not.toContain('operation');
    expect(engine.count('product')).toBe(0);
    expect(engine.count('updater')).toBe(0);
    expect(engine.count('operation')).toBe(1);
    expect(await client.tableNames()).toEqual(engine.tables());
  });
});
