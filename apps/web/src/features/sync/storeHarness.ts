/**
 * For tests: the sync's two stores, each with what a test needs to set a copy up and look at it. Dexie runs on
 * fake-indexeddb (db/testing.ts); SQLite is the engine under Node on an in-memory database (localdb/testing.ts),
 * served by host.ts over a MessageChannel to a LocalDbClient, as the worker serves the page.
 */
import { Dexie } from 'dexie';
import type { LocalRow, PdvDatabase, UpdaterRow } from '../../db/database.ts';
import { openTestDatabase } from '../../db/testing.ts';
import { LocalDbClient } from '../../localdb/client.ts';
import type { Key, LocalEngine, TableChange } from '../../localdb/engine.ts';
import { serve } from '../../localdb/host.ts';
import { openMemoryEngine } from '../../localdb/testing.ts';
import { localDbSyncStore } from './localDbSyncStore.ts';
import { dexieSyncStore, type SyncStore } from './syncStore.ts';

export interface StoreHarness {
  store: SyncStore;
  count(table: string): Promise<number>;
  get(table: string, key: Key): Promise<LocalRow | undefined>;
  /** Every row of a table, in key order. */
  all(table: string): Promise<LocalRow[]>;
  put(table: string, rows: readonly LocalRow[]): Promise<void>;
  updater(table: string): Promise<UpdaterRow | undefined>;
  updaterCount(): Promise<number>;
  putUpdater(row: UpdaterRow): Promise<void>;
  /** Changes fields of a table's updater row, as another writer would. */
  patchUpdater(table: string, patch: Partial<UpdaterRow>): Promise<void>;
  /** From now on, writing rows to `table` fails as a full disk does in this store. */
  fillDisk(table: string): void;
  close(): Promise<void>;
}

export type StoreKind = 'Dexie' | 'SQLite';

function dexieHarness(db: PdvDatabase): StoreHarness {
  return {
    store: dexieSyncStore(db),
    count: (table) => db.rows(table).count(),
    get: (table, key) => db.rows(table).get(key),
    all: (table) => db.rows(table).toArray(),
    async put(table, rows) {
      await db.rows(table).bulkPut([...rows]);
    },
    updater: (table) => db.updater.get(table),
    updaterCount: () => db.updater.count(),
    async putUpdater(row) {
      await db.updater.put(row);
    },
    async patchUpdater(table, patch) {
      await db.updater.update(table, patch);
    },
    fillDisk(table) {
      // The browser's answer to a write beyond the origin's quota, as Dexie passes it on.
      db.table(table).bulkPut = () => Dexie.Promise.reject(new Dexie.QuotaExceededError('QuotaExceededError: cheio'));
    },
    close: () => db.delete(),
  };
}

async function sqliteHarness(): Promise<StoreHarness> {
  const engine: LocalEngine = await openMemoryEngine();
  const channel = new MessageChannel();
  serve(channel.port2, () => Promise.resolve(engine));
  const client = new LocalDbClient(channel.port1);
  channel.port1.start();
  channel.port2.start();
  await client.open();
  return {
    store: localDbSyncStore(client),
    count: (table) => Promise.resolve(engine.count(table)),
    get: (table, key) => Promise.resolve(engine.get(table, key)),
    all: (table) => Promise.resolve(engine.all(table)),
    async put(table, rows) {
      engine.applyChanges([{ table, rows, asIs: true }]);
      return Promise.resolve();
    },
    updater: (table) => Promise.resolve(engine.get('updater', table) as UpdaterRow | undefined),
    updaterCount: () => Promise.resolve(engine.count('updater')),
    async putUpdater(row) {
      engine.applyChanges([{ table: 'updater', rows: [{ ...row }] }]);
      return Promise.resolve();
    },
    async patchUpdater(table, patch) {
      const row = engine.get('updater', table);
      if (row) engine.applyChanges([{ table: 'updater', rows: [{ ...row, ...patch }] }]);
      return Promise.resolve();
    },
    fillDisk(table) {
      // What SQLite says when the disk is full (SQLITE_FULL); the worker's host answers it as a quota failure.
      const apply = engine.applyChanges.bind(engine);
      engine.applyChanges = (changes: readonly TableChange[], meta) => {
        if (changes.some((change) => change.table === table && (change.rows?.length ?? 0) > 0)) {
          throw Object.assign(new Error('SQLITE_FULL: database or disk is full'), { resultCode: 13 });
        }
        return apply(changes, meta);
      };
    },
    async close() {
      await client.close();
      channel.port1.close();
      channel.port2.close();
    },
  };
}

/** The stores the sync's tests run against (describe.each). */
export const STORE_KINDS: readonly StoreKind[] = ['Dexie', 'SQLite'];

export function openHarness(kind: StoreKind): Promise<StoreHarness> {
  return kind === 'Dexie' ? Promise.resolve(dexieHarness(openTestDatabase())) : sqliteHarness();
}
