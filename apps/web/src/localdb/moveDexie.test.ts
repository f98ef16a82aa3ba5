import { afterEach, describe, expect, it } from 'vitest';
import type { PdvDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/testing.ts';
import { LocalDbClient } from './client.ts';
import type { LocalEngine } from './engine.ts';
import { serve } from './host.ts';
import { MOVE_DONE, MoveCheckError, PAGE_SIZE, UnmovableRowError, moveDexieCopy, moveExistingDexieCopy, type MoveTarget } from './moveDexie.ts';
import { openMemoryEngine } from './testing.ts';

const opened: PdvDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

function dexie(): PdvDatabase {
  const db = openTestDatabase();
  opened.push(db);
  return db;
}

const operation = (id: string, situacao: string, extra: Record<string, unknown> = {}) => ({
  id_operacao: id,
  situacao,
  data_inicio: '2026-11-29T08:00:00.000Z',
  id_filial: 1,
  id_usuario: 7,
  tentativas: 0,
  resultado: null,
  atualizado_em: '2026-11-29T08:01:00.000Z',
  ...extra,
});
const item = (id: string, op: string, ordem: number) => ({ id_item: id, id_operacao: op, ordem, quantidade: 1000, valor_unitario: 1990 });
const payment = (id: string, op: string) => ({ id_pagamento: id, id_operacao: op, ordem: 1, valor: 1990, id_meio_pagamento: 1 });

/** A Dexie copy as a device holds it: a catalogue, the sync's positions and three operations not yet sent. */
async function fill(db: PdvDatabase, products = 3): Promise<void> {
  await db.rows('product').bulkPut(
    Array.from({ length: products }, (_, i) => ({ id_produto: i + 1, descricao: `Produto ${i + 1}`, sku: `P-${i + 1}`, situacao: 'Ativo', data_exclusao: null })),
  );
  await db.rows('barcode').bulkPut([{ id_produto_codigo_barra: 10, codigo: '7891234567895', id_produto_grade: 100, id_produto: 1, data_exclusao: null }]);
  await db.updater.bulkPut([{ table: 'product', date_change: '2026-11-28T10:00:00Z', offset: 3, loading: 0, is_loaded: 1, owner: 'org1' }]);
  await db.rows('operation').bulkPut([
    operation('a1b2-uuid-1', 'Pendente', { data_fim: '2026-11-29T08:02:00.000Z' }),
    operation('a1b2-uuid-2', 'Erro', { erro: 'Estoque insuficiente', nested: { motivo: 'x', lista: [1, 2, null] } }),
    operation('a1b2-uuid-3', 'EmEdicao', { data_exclusao: '2026-11-29' }),
  ]);
  await db.rows('item').bulkPut([item('i1', 'a1b2-uuid-1', 1), item('i2', 'a1b2-uuid-1', 2), item('i3', 'a1b2-uuid-2', 1)]);
  await db.rows('payment').bulkPut([payment('p1', 'a1b2-uuid-1')]);
}

/** The engine, with a write or a read that fails at the chosen call. */
function failing(engine: LocalEngine, fail: { applyChanges?: number; getMany?: number }): MoveTarget & { calls: Record<string, number> } {
  const calls: Record<string, number> = { applyChanges: 0, getMany: 0 };
  return {
    calls,
    applyChanges: (changes, meta) => {
      calls['applyChanges'] = (calls['applyChanges'] ?? 0) + 1;
      if (calls['applyChanges'] === fail.applyChanges) throw new Error('a aba fechou no meio da mudança');
      return engine.applyChanges(changes, meta);
    },
    getMany: (table, keys) => {
      calls['getMany'] = (calls['getMany'] ?? 0) + 1;
      if (calls['getMany'] === fail.getMany) throw new Error('o worker parou');
      return engine.getMany(table, keys);
    },
    count: (table) => engine.count(table),
    meta: (key) => engine.meta(key),
    beginLoad: (tables) => engine.beginLoad(tables),
    endLoad: () => engine.endLoad(),
  };
}

describe('the move of the Dexie copy into SQLite', () => {
  it('moves the catalogue, the positions and every operation, then deletes the Dexie database', async () => {
    const db = dexie();
    await fill(db);
    const engine = await openMemoryEngine();
    const report = await moveDexieCopy(db, engine);

    expect(report).toMatchObject({ outboxWritten: 7, outboxDeleted: 7, outboxKept: 0, dexieDeleted: true });
    expect(report.synced).toMatchObject({ product: 3, barcode: 1, updater: 1, stock: 0 });
    expect(engine.get('operation', 'a1b2-uuid-2')).toEqual(operation('a1b2-uuid-2', 'Erro', { erro: 'Estoque insuficiente', nested: { motivo: 'x', lista: [1, 2, null] } }));
    // A device row carrying data_exclusao is kept as it is (no tombstone of the sync).
    expect(engine.get('operation', 'a1b2-uuid-3')).toMatchObject({ situacao: 'EmEdicao', data_exclusao: '2026-11-29' });
    expect(engine.where('item', 'id_operacao', 'a1b2-uuid-1').map((row) => row['id_item'])).toEqual(['i1', 'i2']);
    expect(engine.get('updater', 'product')).toMatchObject({ date_change: '2026-11-28T10:00:00Z', offset: 3 });
    expect(engine.all('product').map((p) => p['id_produto'])).toEqual([1, 2, 3]);
    expect(engine.byBarcode('7891234567895')?.product).toMatchObject({ id_produto: 1 });
    expect(engine.meta(MOVE_DONE)).not.toBeNull();
    expect(db.isOpen()).toBe(false);
  });

  it('moves a table larger than a page, page by page', async () => {
    const db = dexie();
    await fill(db, PAGE_SIZE * 2 + 7);
    const engine = await openMemoryEngine();
    const report = await moveDexieCopy(db, engine, { deleteDexie: false });
    expect(report.synced['product']).toBe(PAGE_SIZE * 2 + 7);
    expect(engine.count('product')).toBe(PAGE_SIZE * 2 + 7);
    expect(engine.get('product', PAGE_SIZE * 2 + 7)).toMatchObject({ sku: `P-${PAGE_SIZE * 2 + 7}` });
    // Kept on request: the device tables are empty, the catalogue is still there.
    expect(db.isOpen()).toBe(true);
    expect(await db.rows('operation').count()).toBe(0);
    expect(await db.rows('product').count()).toBe(PAGE_SIZE * 2 + 7);
  });

  it('a move cut short while writing the operations leaves Dexie whole, and the next run completes it', async () => {
    const db = dexie();
    await fill(db);
    const engine = await openMemoryEngine();
    // Writes: one page per synced table, then the device's rows: fail on that last one.
    const synced = db.tables.filter((t) => !['operation', 'item', 'payment', 'volume', 'invoice_reference', 'operation_service'].includes(t.name)).length;
    const target = failing(engine, { applyChanges: synced + 1 });
    await expect(moveDexieCopy(db, target)).rejects.toThrow('a aba fechou no meio da mudança');
    expect(await db.rows('operation').count()).toBe(3);
    expect(await db.rows('item').count()).toBe(3);
    expect(await db.rows('payment').count()).toBe(1);
    expect(engine.count('operation')).toBe(0);
    expect(engine.meta(MOVE_DONE)).toBeNull();

    const report = await moveDexieCopy(db, engine);
    expect(report).toMatchObject({ outboxWritten: 7, outboxDeleted: 7, dexieDeleted: true });
    expect(engine.count('operation')).toBe(3);
    expect(engine.count('item')).toBe(3);
    expect(engine.count('product')).toBe(3);
  });

  it('a move cut short in the middle of the catalogue starts it again without doubling anything', async () => {
    const db = dexie();
    await fill(db);
    const engine = await openMemoryEngine();
    await expect(moveDexieCopy(db, failing(engine, { applyChanges: 4 }))).rejects.toThrow();
    expect(await db.rows('operation').count()).toBe(3);
    const report = await moveDexieCopy(db, engine);
    expect(report.synced).toMatchObject({ product: 3, barcode: 1, updater: 1 });
    expect(engine.count('operation')).toBe(3);
  });

  it('a failure after the commit but before the read-back keeps Dexie; the next run only deletes what SQLite holds', async () => {
    const db = dexie();
    await fill(db);
    const engine = await openMemoryEngine();
    await expect(moveDexieCopy(db, failing(engine, { getMany: 1 }))).rejects.toThrow('o worker parou');
    expect(engine.meta(MOVE_DONE)).not.toBeNull();
    expect(await db.rows('operation').count()).toBe(3);

    // Meanwhile the app (now on SQLite) sent one operation: the next run must not put Dexie's older row back.
    engine.bulkPut('operation', [operation('a1b2-uuid-1', 'Processado')]);
    const report = await moveDexieCopy(db, engine);
    expect(report.synced).toEqual({});
    expect(report.outboxWritten).toBe(0);
    expect(engine.get('operation', 'a1b2-uuid-1')).toMatchObject({ situacao: 'Processado' });
    // Dexie's different row of that key is kept, never deleted; the rest is gone from Dexie.
    expect(report.outboxKept).toBe(1);
    expect(report.dexieDeleted).toBe(false);
    expect((await db.rows('operation').toArray()).map((row) => row['id_operacao'])).toEqual(['a1b2-uuid-1']);
    expect(await db.rows('item').count()).toBe(0);
  });

  it('an operation written to Dexie after the mark is added, not lost', async () => {
    const db = dexie();
    await fill(db);
    const engine = await openMemoryEngine();
    await expect(moveDexieCopy(db, failing(engine, { getMany: 1 }))).rejects.toThrow();
    await db.rows('operation').put(operation('late-uuid', 'Pendente'));
    const report = await moveDexieCopy(db, engine);
    expect(report.outboxWritten).toBe(1);
    expect(engine.get('operation', 'late-uuid')).toMatchObject({ situacao: 'Pendente' });
    expect(report.dexieDeleted).toBe(true);
  });

  it('stops, with Dexie kept, when the read-back misses a row', async () => {
    const db = dexie();
    await fill(db);
    const engine = await openMemoryEngine();
    const target = failing(engine, {});
    // A copy that loses the payment on its way in.
    target.applyChanges = (changes, meta) => engine.applyChanges(changes.map((c) => (c.table === 'payment' ? { ...c, rows: [] } : c)), meta);
    await expect(moveDexieCopy(db, target)).rejects.toBeInstanceOf(MoveCheckError);
    expect(await db.rows('payment').count()).toBe(1);
    expect(await db.rows('operation').count()).toBe(3);
  });

  it('refuses a device row JSON would change, before writing anything of the device', async () => {
    const db = dexie();
    await fill(db);
    await db.rows('operation').put(operation('datado', 'Pendente', { data_fim: new Date('2026-11-29T09:00:00Z') }));
    const engine = await openMemoryEngine();
    await expect(moveDexieCopy(db, engine)).rejects.toBeInstanceOf(UnmovableRowError);
    expect(engine.count('operation')).toBe(0);
    expect(await db.rows('operation').count()).toBe(4);
  });

  it('moves through the page’s client into the worker as well', async () => {
    const db = dexie();
    await fill(db);
    const engine = await openMemoryEngine();
    const channel = new MessageChannel();
    serve(channel.port2, () => Promise.resolve(engine));
    const client = new LocalDbClient(channel.port1);
    channel.port1.start();
    channel.port2.start();
    try {
      await client.open();
      const report = await moveDexieCopy(db, client);
      expect(report).toMatchObject({ outboxWritten: 7, outboxDeleted: 7, dexieDeleted: true });
      expect(await client.get('operation', 'a1b2-uuid-3')).toMatchObject({ data_exclusao: '2026-11-29' });
      expect(await client.meta(MOVE_DONE)).not.toBeNull();
      expect(await client.count('product')).toBe(3);
    } finally {
      channel.port1.close();
      channel.port2.close();
    }
  });

  it('does nothing without a Dexie copy', async () => {
    const engine = await openMemoryEngine();
    let opens = 0;
    const report = await moveExistingDexieCopy(engine, {
      exists: () => Promise.resolve(false),
      open: () => {
        opens += 1;
        return dexie();
      },
    });
    expect(report).toBeNull();
    expect(opens).toBe(0);
    expect(engine.meta(MOVE_DONE)).toBeNull();
  });

  it('opens and moves an existing Dexie copy', async () => {
    const db = dexie();
    await fill(db);
    db.close();
    const engine = await openMemoryEngine();
    const again = openTestDatabase(db.name);
    const report = await moveExistingDexieCopy(engine, { exists: () => Promise.resolve(true), open: () => again });
    expect(report?.outboxWritten).toBe(7);
    expect(engine.count('payment')).toBe(1);
  });
});
