/**
 * The one-time move of a device's Dexie copy (IndexedDB 'pdv', db/database.ts) into the SQLite copy, such that the
 * device's own operations — the outbox: DEVICE_TABLES, the only copy of a sale until it is sent — are never lost:
 *
 * 1. The synced tables (unless an earlier run already finished the move): the updater first (the positions of the
 *    change streams, read before the rows, so that a position is never ahead of the rows moved: the sync at worst
 *    reads again what it has), then every other table in pages of PAGE_SIZE by primary key, inside one
 *    beginLoad/endLoad. The first page of a table empties it in SQLite, so a run cut short starts that table again.
 *    Each table is read back by count.
 * 2. The device's operations, read from Dexie in one read transaction (one consistent picture of operation, item,
 *    payment...), written to SQLite in ONE transaction stored as they are (asIs: a data_exclusao is no tombstone
 *    here), with the mark MOVE_DONE in the same transaction. Once the mark is there, a later run only adds the rows
 *    SQLite does not have (it never overwrites what the app may have changed since in SQLite).
 * 3. Read back: every device row is read from SQLite by key and compared with what Dexie held (as JSON, keys sorted).
 * 4. Only then, in one Dexie read-write transaction, the Dexie device rows that are still exactly what was read back
 *    are deleted, by key (never clear(): an operation written meanwhile by a tab still on the Dexie copy stays, and the
 *    next run moves it). When the device tables are empty, the Dexie database is deleted.
 *
 * A failure anywhere before step 4 leaves Dexie untouched; running the move again is always safe. Nothing is moved
 * that JSON would change (a Date, binary data, a non-finite number in a device row stops the move, with Dexie kept).
 */
import type { Table } from 'dexie';
import { DATABASE_NAME, DEVICE_TABLES, PdvDatabase, type LocalRow } from '../db/database.ts';
import type { ChangeSummary, Key, MetaChanges, TableChange } from './engine.ts';

/** The mark, in the SQLite copy's meta, of a move whose device rows were committed. */
export const MOVE_DONE = 'moved_from_dexie';
/** Rows per write of a synced table. */
export const PAGE_SIZE = 5000;

type MaybePromise<T> = T | Promise<T>;

/** What the move needs of the SQLite copy: the engine itself (tests) or the page's client (the worker). */
export interface MoveTarget {
  applyChanges(changes: readonly TableChange[], meta?: MetaChanges): MaybePromise<ChangeSummary>;
  getMany(table: string, keys: readonly Key[]): MaybePromise<Array<LocalRow | undefined>>;
  count(table: string): MaybePromise<number>;
  meta(key: string): MaybePromise<string | null>;
  beginLoad(tables: readonly string[]): MaybePromise<void>;
  endLoad(): MaybePromise<void>;
}

export interface MoveReport {
  /** The synced tables moved in this run, with the rows SQLite holds after it (empty when an earlier run did it). */
  synced: Record<string, number>;
  /** Device rows written to SQLite in this run. */
  outboxWritten: number;
  /** Device rows deleted from Dexie after being read back from SQLite. */
  outboxDeleted: number;
  /**
   * Device rows left in Dexie: written or changed there since they were read (the next run moves the new ones), or
   * different from the row SQLite holds under that key after an earlier run (kept, never deleted).
   */
  outboxKept: number;
  /** The Dexie database was deleted (nothing of the device's left in it). */
  dexieDeleted: boolean;
}

/** A device row that JSON would not carry unchanged: the move stops rather than change it. */
export class UnmovableRowError extends Error {
  override readonly name = 'UnmovableRowError';
}

/** The read-back of the SQLite copy did not find what was written: Dexie is kept as it is. */
export class MoveCheckError extends Error {
  override readonly name = 'MoveCheckError';
}

const isTombstone = (row: LocalRow): boolean => row['data_exclusao'] !== null && row['data_exclusao'] !== undefined;

/** JSON carries the value unchanged (an undefined property, which JSON drops, is allowed). */
export function jsonFaithful(value: unknown, inArray = false): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (value === undefined) return !inArray;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => jsonFaithful(item, true));
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every((item) => jsonFaithful(item));
}

/** JSON text with every object's keys sorted and undefined properties dropped: two rows equal as stored. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(item).sort()) sorted[key] = (item as Record<string, unknown>)[key];
    return sorted;
  });
}

function keyOf(table: Table<LocalRow, unknown>, row: LocalRow): Key {
  const field = table.schema.primKey.keyPath;
  const key = typeof field === 'string' ? row[field] : undefined;
  if (typeof key === 'string' || (typeof key === 'number' && Number.isFinite(key))) return key;
  throw new UnmovableRowError(`Linha de ${table.name} sem chave simples: não pode ser movida.`);
}

/** One synced table, page by page by primary key, into SQLite (emptied by the first page). Returns the live rows. */
async function moveSyncedTable(source: PdvDatabase, target: MoveTarget, name: string): Promise<number> {
  const table = source.rows(name);
  let live = 0;
  let last: unknown = undefined;
  let first = true;
  for (;;) {
    const page: LocalRow[] =
      last === undefined ? await table.orderBy(':id').limit(PAGE_SIZE).toArray() : await table.where(':id').above(last).limit(PAGE_SIZE).toArray();
    if (page.length > 0 || first) await target.applyChanges([{ table: name, clear: first, rows: page }]);
    first = false;
    live += page.filter((row) => !isTombstone(row)).length;
    if (page.length < PAGE_SIZE) break;
    last = keyOf(table, page[page.length - 1] as LocalRow);
  }
  return live;
}

/** The device's rows of one consistent read, by table. */
async function readDevice(source: PdvDatabase, tables: readonly string[]): Promise<Map<string, LocalRow[]>> {
  const stores = tables.map((name) => source.rows(name));
  return source.transaction('r', stores, async () => {
    const out = new Map<string, LocalRow[]>();
    for (const store of stores) out.set(store.name, await store.toArray());
    return out;
  });
}

/**
 * Moves the Dexie copy `source` into `target` (see the file's comment). Throws (Dexie untouched, or only rows already
 * read back deleted) when anything fails; running it again continues.
 */
export async function moveDexieCopy(source: PdvDatabase, target: MoveTarget, options: { deleteDexie?: boolean } = {}): Promise<MoveReport> {
  const report: MoveReport = { synced: {}, outboxWritten: 0, outboxDeleted: 0, outboxKept: 0, dexieDeleted: false };
  await source.open();
  const names = source.tables.map((table) => table.name);
  const device = DEVICE_TABLES.filter((name) => names.includes(name));
  const done = (await target.meta(MOVE_DONE)) !== null;

  // 1. The synced tables, the updater first.
  if (!done) {
    const synced = names.filter((name) => !DEVICE_TABLES.includes(name)).sort((a, b) => Number(b === 'updater') - Number(a === 'updater'));
    await target.beginLoad(synced);
    const expected: Record<string, number> = {};
    for (const name of synced) expected[name] = await moveSyncedTable(source, target, name);
    await target.endLoad();
    for (const name of synced) {
      const count = await target.count(name);
      if (count !== expected[name]) throw new MoveCheckError(`A cópia SQLite de ${name} tem ${count} linhas, eram ${expected[name]}.`);
      report.synced[name] = count;
    }
  }

  // 2. The device's rows, in one SQLite transaction with the mark.
  const rows = await readDevice(source, device);
  const keys = new Map<string, Key[]>();
  for (const name of device) {
    const table = source.rows(name);
    const list = rows.get(name) ?? [];
    for (const row of list) {
      if (!jsonFaithful(row)) throw new UnmovableRowError(`Linha ${String(keyOf(table, row))} de ${name} não pode ser gravada como JSON sem mudar.`);
    }
    keys.set(name, list.map((row) => keyOf(table, row)));
  }
  const changes: TableChange[] = [];
  for (const name of device) {
    let list = rows.get(name) ?? [];
    if (done && list.length > 0) {
      // After the mark SQLite is the copy: only the rows it lacks are added.
      const present = await target.getMany(name, keys.get(name) ?? []);
      list = list.filter((_row, i) => present[i] === undefined);
    }
    if (list.length > 0) changes.push({ table: name, rows: list, asIs: true });
    report.outboxWritten += list.length;
  }
  if (!done) await target.applyChanges(changes, { [MOVE_DONE]: new Date().toISOString() });
  else if (changes.length > 0) await target.applyChanges(changes);

  // 3. Read back every device row.
  const stored = new Map<string, Map<Key, string>>();
  for (const name of device) {
    const tableKeys = keys.get(name) ?? [];
    const back = await target.getMany(name, tableKeys);
    const byKey = new Map<Key, string>();
    tableKeys.forEach((key, i) => {
      const row = back[i];
      if (row === undefined) throw new MoveCheckError(`A operação ${String(key)} de ${name} não está na cópia SQLite.`);
      byKey.set(key, canonicalJson(row));
    });
    stored.set(name, byKey);
  }

  // 4. Delete from Dexie the rows SQLite holds exactly as Dexie still does.
  const stores = device.map((name) => source.rows(name));
  const left = await source.transaction('rw', stores, async () => {
    let remaining = 0;
    for (const store of stores) {
      const byKey = stored.get(store.name) ?? new Map<Key, string>();
      const gone: Key[] = [];
      for (const row of await store.toArray()) {
        const key = keyOf(store, row);
        const copy = byKey.get(key);
        if (copy !== undefined && copy === canonicalJson(JSON.parse(JSON.stringify(row)))) gone.push(key);
      }
      await store.bulkDelete(gone);
      report.outboxDeleted += gone.length;
      remaining += (await store.count());
    }
    return remaining;
  });
  report.outboxKept = left;
  if (left === 0 && options.deleteDexie !== false) {
    await source.delete();
    report.dexieDeleted = true;
  }
  return report;
}

/**
 * The page's move: when this browser holds a Dexie copy ('pdv'), it is opened and moved into `target`. Nothing
 * happens (and no IndexedDB database is created) when there is none.
 */
export async function moveExistingDexieCopy(
  target: MoveTarget,
  deps: { exists?: () => Promise<boolean>; open?: () => PdvDatabase } = {},
): Promise<MoveReport | null> {
  const exists = deps.exists ?? (() => PdvDatabase.exists(DATABASE_NAME));
  if (!(await exists())) return null;
  const source = deps.open?.() ?? new PdvDatabase();
  try {
    return await moveDexieCopy(source, target);
  } finally {
    source.close();
  }
}
