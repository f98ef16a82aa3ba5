/**
 * The query API the app reads the local copy through (localCopy.ts) gives the same answers on the Dexie database and
 * on the SQLite copy behind the worker's host (ClientCopy over a MessageChannel), and its live queries run again
 * after a write to what they read — and only then.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { listOutbox } from '../features/outbox/operations.ts';
import { closeStoreChannels, hostClient } from '../features/outbox/storeTesting.ts';
import type { LocalRow } from './database.ts';
import { ClientCopy, engineOf, observe, syncClientOf, type LocalCopy } from './localCopy.ts';
import { openTestDatabase } from './testing.ts';

afterEach(closeStoreChannels);

/** The SQLite copy as the page holds it: ClientCopy over a client of the worker's host. */
const sqliteCopy = async (): Promise<ClientCopy> => new ClientCopy(await hostClient());

const PEOPLE: LocalRow[] = [
  { id_pessoa: 3, nome: 'Carla', cpf: '333', is_cliente: true },
  { id_pessoa: 1, nome: 'Ana', cpf: '111', is_cliente: true },
  { id_pessoa: 2, nome: 'Bruno', cpf: '222', is_cliente: false, data_exclusao: '2026-01-01' },
  { id_pessoa: -1, nome: 'Rápido', cpf: '999', is_cliente: true },
];
const STOCK: LocalRow[] = [
  { id_estoque: 10, id_produto_grade_filial: 7, id_endereco_estoque: 1, quantidade: '2' },
  { id_estoque: 11, id_produto_grade_filial: 8, id_endereco_estoque: 1, quantidade: '3' },
  { id_estoque: 12, id_produto_grade_filial: 7, id_endereco_estoque: 2, quantidade: '4' },
  { id_estoque: 13, id_produto_grade_filial: 9, id_endereco_estoque: 1, quantidade: '5' },
];

const stores: Array<[string, () => Promise<LocalCopy>]> = [
  ['Dexie', () => Promise.resolve(openTestDatabase())],
  ['SQLite (through the host)', sqliteCopy],
];

const ids = (rows: ReadonlyArray<LocalRow | undefined>, key: string) => rows.map((row) => row?.[key] ?? null);

describe.each(stores)('the local copy API on %s', (_name, open) => {
  async function seeded(): Promise<LocalCopy> {
    const db = await open();
    await db.rows('people').bulkPut(PEOPLE);
    await db.rows('stock').bulkPut(STOCK);
    return db;
  }

  it('reads by key, index, key range and filter as Dexie orders them', async () => {
    const db = await seeded();
    const people = db.rows('people');
    expect((await people.get(1))?.['nome']).toBe('Ana');
    expect(await people.get(42)).toBeUndefined();
    expect(ids(await people.bulkGet([3, 42, 1]), 'id_pessoa')).toEqual([3, null, 1]);
    expect(ids(await people.toArray(), 'id_pessoa')).toEqual([-1, 1, 2, 3]);
    // A row carrying data_exclusao that the app put is kept as it is (the device's own rows).
    expect(await people.count()).toBe(4);
    expect((await people.where('cpf').equals('222').first())?.['nome']).toBe('Bruno');
    expect(await people.where('cpf').equals('000').first()).toBeUndefined();
    const stock = db.rows('stock');
    expect(ids(await stock.where('id_produto_grade_filial').equals(7).toArray(), 'id_estoque')).toEqual([10, 12]);
    expect(await stock.where('id_produto_grade_filial').equals(7).count()).toBe(2);
    expect(ids(await stock.where('id_produto_grade_filial').anyOf([9, 7]).toArray(), 'id_estoque')).toEqual([10, 12, 13]);
    expect(ids(await people.where('id_pessoa').below(0).toArray(), 'id_pessoa')).toEqual([-1]);
    expect(ids(await people.where('id_pessoa').above(1).toArray(), 'id_pessoa')).toEqual([2, 3]);
    expect((await people.orderBy('id_pessoa').first())?.['id_pessoa']).toBe(-1);
    const clients = people.filter((row) => row['is_cliente'] === true);
    expect(ids(await clients.toArray(), 'id_pessoa')).toEqual([-1, 1, 3]);
    expect(ids(await clients.limit(2).toArray(), 'id_pessoa')).toEqual([-1, 1]);
    expect(ids(await people.limit(2).toArray(), 'id_pessoa')).toEqual([-1, 1]);
    expect(db.hasStore('people')).toBe(true);
    expect(db.hasStore('nada')).toBe(false);
  });

  it('writes: put, update, delete, a collection deleted, clear', async () => {
    const db = await seeded();
    const people = db.rows('people');
    await people.put({ id_pessoa: 4, nome: 'Dora', cpf: '444' });
    expect(await people.update(4, { nome: 'Dora Lima' })).toBe(1);
    expect(await people.update(40, { nome: 'Ninguém' })).toBe(0);
    expect((await people.get(4))?.['nome']).toBe('Dora Lima');
    await people.delete(3);
    await people.bulkDelete([1, 42]);
    expect(ids(await people.toArray(), 'id_pessoa')).toEqual([-1, 2, 4]);
    expect(await people.where('id_pessoa').below(0).filter((row) => row['cpf'] === '999').delete()).toBe(1);
    expect(ids(await people.toArray(), 'id_pessoa')).toEqual([2, 4]);
    await db.updater.put({ table: 'people', date_change: 'x', offset: 1, loading: 0, is_loaded: 1 });
    expect((await db.updater.get('people'))?.is_loaded).toBe(1);
    await people.clear();
    expect(await people.count()).toBe(0);
    expect(await db.rows('stock').count()).toBe(4);
  });

});

describe('the SQLite copy', () => {
  it('a live query runs again after a write to a table it read, not after one to another table', async () => {
    const db = await sqliteCopy();
    await db.rows('stock').bulkPut(STOCK);
    const answers: number[] = [];
    const stop = observe(db, async () => (await db.rows('stock').where('id_produto_grade_filial').equals(7).toArray()).length, (n) => answers.push(n));
    await expect.poll(() => answers).toEqual([2]);
    await db.rows('people').put({ id_pessoa: 5, nome: 'Eva' });
    await db.rows('stock').put({ id_estoque: 14, id_produto_grade_filial: 7, id_endereco_estoque: 3, quantidade: '1' });
    await expect.poll(() => answers.at(-1)).toBe(3);
    // The write to people did not run it again.
    expect(answers).toEqual([2, 3]);
    stop();
    await db.rows('stock').put({ id_estoque: 15, id_produto_grade_filial: 7, id_endereco_estoque: 4, quantidade: '1' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answers.at(-1)).toBe(3);
  });
  it('a live query over a procedure (run in the worker) follows the tables the procedure declares', async () => {
    const db = await sqliteCopy();
    expect(engineOf(db)).not.toBeNull();
    const answers: number[] = [];
    const stop = observe(db, async () => (await listOutbox(db)).length, (n) => answers.push(n));
    await expect.poll(() => answers).toEqual([0]);
    await db.rows('people').put({ id_pessoa: 1, nome: 'Ana' });
    await db.rows('operation').put({ id_operacao: 'a', situacao: 'Pendente', data_fim: '2026-11-29T10:00:00Z' });
    await expect.poll(() => answers).toEqual([0, 1]);
    stop();
  });

  it("the sync's reads (syncClientOf) are not noted in a live query running meanwhile: its updater writes do not run it again", async () => {
    const db = await sqliteCopy();
    const sync = syncClientOf(db);
    expect(sync).not.toBeNull();
    const answers: number[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const stop = observe(
      db,
      async () => {
        const rows = await db.rows('people').toArray();
        // The sync reads the updater while this run is in flight, as it does at every step.
        await held;
        return rows.length;
      },
      (n) => answers.push(n),
    );
    await sync?.all('updater');
    release();
    await expect.poll(() => answers).toEqual([0]);
    await sync?.applyChanges([{ table: 'updater', rows: [{ table: 'product', date_change: '', offset: 0 }] }]);
    await db.rows('people').put({ id_pessoa: 3, nome: 'Bia' });
    await expect.poll(() => answers).toEqual([0, 1]);
    // The updater write alone ran nothing: one answer per people write. Through the tracked client it would have.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answers).toEqual([0, 1]);
    stop();
  });

  it('a write landing while a live query reads makes it read again', async () => {
    const db = await sqliteCopy();
    const answers: number[] = [];
    let first = true;
    const stop = observe(
      db,
      async () => {
        const rows = await db.rows('people').toArray();
        if (first) {
          first = false;
          // Written after this run read the table, before its answer is handed on.
          await db.rows('people').put({ id_pessoa: 9, nome: 'Tardia' });
        }
        return rows.length;
      },
      (n) => answers.push(n),
    );
    await expect.poll(() => answers.at(-1)).toBe(1);
    // The stale answer (0) was never handed on.
    expect(answers).toEqual([1]);
    stop();
  });
});
