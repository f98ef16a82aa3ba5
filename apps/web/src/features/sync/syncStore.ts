/**
 * The storage side of the sync: what pullTable, the engine and localData.ts read and write of the local copy, behind
 * one small interface, so that the same sync runs on the Dexie copy (dexieSyncStore, today's) or on the SQLite one
 * (localDbSyncStore.ts, issue 21).
 *
 * The one write that matters is `writeAt`: a page's rows and tombstones, a table emptied, and the table's new updater
 * row, all in one transaction, and only if the table's updater row is still the one the caller read (same owner,
 * date_change and offset). Every read-then-write of the sync goes through it (updatePosition below), so neither store
 * needs a transaction that spans calls: on SQLite a read and a write are two messages to the worker.
 */
import { dropLocalCopy, type LocalRow, type PdvDatabase, type UpdaterRow } from '../../db/database.ts';
import type { Key } from '../../localdb/engine.ts';

/** What a guarded write does to the table itself besides its updater row. */
export interface TableWrite {
  /** The table is emptied first (another owner's rows, a table dropped). */
  clear?: boolean;
  /** Rows to put; a row carrying data_exclusao is a tombstone: its key is deleted. */
  rows?: readonly LocalRow[];
}

export interface SyncStore {
  /** The local tables this copy has. */
  tables(): Promise<readonly string[]>;
  /** The updater row of a local table. */
  position(table: string): Promise<UpdaterRow | undefined>;
  /** Every updater row. */
  positions(): Promise<UpdaterRow[]>;
  /**
   * In one transaction, if the table's updater row is still `expected` (same owner, date_change and offset; undefined:
   * no row): applies `write` to the table and stores `next` as its updater row (null deletes it). Resolves false,
   * having written nothing, when the row moved.
   */
  writeAt(table: string, expected: UpdaterRow | undefined, write: TableWrite, next: UpdaterRow | null): Promise<boolean>;
  /**
   * writeAt for a page whose rows are the JSON text of their array (pageText.ts), counted where they are read:
   * `next.received` is increased by their number. Resolves with that number, or null (nothing written) when the row
   * moved. Absent on a store that takes parsed rows only (Dexie's): the page is parsed for it.
   */
  writePageAt?(table: string, expected: UpdaterRow | undefined, rowsJson: string, next: UpdaterRow): Promise<number | null>;
  /**
   * Several tables' updater rows in one transaction, each written only if the table's row is still its `expected`;
   * resolves with the tables written. Absent on a store where a transaction is cheap (Dexie's): writeAt per table.
   */
  writePositionsAt?(entries: ReadonlyArray<{ table: string; expected: UpdaterRow; next: UpdaterRow }>): Promise<string[]>;
  /** Empties these tables and deletes their updater rows, in one transaction (personal data at logout). */
  clearTables(tables: readonly string[]): Promise<void>;
  /** Drops the copy of the server's data (a version mismatch): every table but DEVICE_TABLES, in one transaction. */
  dropCopy(): Promise<void>;
  /** The first row of `table` (in key order) whose `field`, the key or an index, equals `value`. */
  first(table: string, field: string, value: Key): Promise<LocalRow | undefined>;
  /**
   * The point of sale's word index is built in the page from the rows written (the Dexie copy: pullTable announces
   * each page, catalogChanges.ts announceRows); the SQLite copy searches in its worker and needs no announce.
   */
  readonly indexedInPage?: boolean;
  /**
   * A first load of more than one page starts: the table's indexes (and the searches built from it) are made once at
   * its end, not with every row (the SQLite copy; Dexie's has no such mode). Called before the first page is written.
   */
  beginBulk?(table: string): Promise<void>;
  /**
   * The bulk load of the table ends: its indexes and searches are built. Called before the last page is written, so
   * that the table reads as loaded only once it can be searched, and when a run stops early (a copy left without
   * indexes would answer slowly, and without its search, until the load resumes).
   */
  endBulk?(table: string): Promise<void>;
}

/** Another writer moved the table's position while a page was in flight: the page is dropped, not written. */
export class PositionMovedError extends Error {
  override readonly name = 'PositionMovedError';
}

/** Whether `current` is still the updater row `expected` (undefined: no row). */
export function samePosition(current: UpdaterRow | undefined, expected: UpdaterRow | undefined): boolean {
  if (!current || !expected) return current === expected;
  return (
    (current.owner ?? null) === (expected.owner ?? null) &&
    current.date_change === expected.date_change &&
    current.offset === expected.offset
  );
}

/** How many times updatePosition reads again a row that moved between its read and its write. */
const UPDATE_ATTEMPTS = 5;

/**
 * Reads a table's updater row and writes what `decide` makes of it, guarded by the row read; reads again when the row
 * moved in between. `decide` answers null to write nothing. Resolves with the row written (null: deleted, or nothing
 * written).
 */
export async function updatePosition(
  store: SyncStore,
  table: string,
  decide: (row: UpdaterRow | undefined) => { write?: TableWrite; next: UpdaterRow | null } | null,
): Promise<UpdaterRow | null> {
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt += 1) {
    const row = await store.position(table);
    const decided = decide(row);
    if (!decided) return null;
    if (await store.writeAt(table, row, decided.write ?? {}, decided.next)) return decided.next;
  }
  throw new PositionMovedError(`A posição de ${table} mudou durante a gravação.`);
}

/** The live rows to put and the keys of the tombstones (rows carrying data_exclusao) to delete. */
export function splitPage(
  rows: readonly LocalRow[],
  key: string,
  table: string,
): { live: LocalRow[]; gone: unknown[] } {
  const live: LocalRow[] = [];
  const gone: unknown[] = [];
  for (const row of rows) {
    const id = row[key];
    if (id === undefined || id === null) throw new Error(`Linha de ${table} sem a chave ${key}.`);
    if (row['data_exclusao'] !== null && row['data_exclusao'] !== undefined) gone.push(id);
    else live.push(row);
  }
  return { live, gone };
}

/** The sync over the Dexie copy (IndexedDB): each call one Dexie transaction. */
export function dexieSyncStore(db: PdvDatabase): SyncStore {
  return {
    indexedInPage: true,
    tables: () => Promise.resolve(db.tables.map((table) => table.name)),
    position: (table) => db.updater.get(table),
    positions: () => db.updater.toArray(),
    async writeAt(table, expected, write, next) {
      const store = db.rows(table);
      const rows = write.rows ?? [];
      const { live, gone } = rows.length > 0 ? splitPage(rows, String(store.schema.primKey.keyPath), table) : { live: [], gone: [] };
      return db.transaction('rw', [store, db.updater], async () => {
        if (!samePosition(await db.updater.get(table), expected)) return false;
        if (write.clear) await store.clear();
        if (gone.length > 0) await store.bulkDelete(gone);
        if (live.length > 0) await store.bulkPut(live);
        if (next) await db.updater.put(next);
        else await db.updater.delete(table);
        return true;
      });
    },
    async clearTables(tables) {
      const stores = tables.filter((name) => db.hasStore(name));
      await db.transaction('rw', [...stores.map((name) => db.rows(name)), db.updater], async () => {
        for (const name of stores) await db.rows(name).clear();
        await db.updater.bulkDelete([...stores]);
      });
    },
    dropCopy: () => dropLocalCopy(db),
    first: (table, field, value) => db.rows(table).where(field).equals(value).first(),
  };
}
