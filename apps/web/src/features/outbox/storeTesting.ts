/**
 * The stores of the local copy for tests of code written once over procedures: Dexie over fake-indexeddb, the SQLite
 * engine in memory in this thread, and the same engine behind the worker's host (client.transact over a
 * MessageChannel, procedures found by name). Call closeStoreChannels() after each test.
 */
import type { LocalRow } from '../../db/database.ts';
import { openTestDatabase } from '../../db/testing.ts';
import { LocalDbClient } from '../../localdb/client.ts';
import type { Key, LocalEngine } from '../../localdb/engine.ts';
import { serve } from '../../localdb/host.ts';
import { PROCEDURES, procedureRegistry } from '../../localdb/procedures.ts';
import { openMemoryEngine } from '../../localdb/testing.ts';
import { engineRunner, type AnyProcedure, type LocalStore } from '../../localdb/transaction.ts';

/** A store and plain access to its rows (to seed and check beside the procedures). */
export interface Fixture {
  store: LocalStore;
  put(table: string, rows: LocalRow[]): Promise<void>;
  get(table: string, key: Key): Promise<LocalRow | undefined>;
  where(table: string, field: string, value: Key): Promise<LocalRow[]>;
  /** Hears of committed writes (the SQLite stores only). */
  subscribe?: (tables: string[], listener: () => void) => void;
}

const channels: MessageChannel[] = [];

export function closeStoreChannels(): void {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
}

function engineFixture(engine: LocalEngine): Omit<Fixture, 'store'> {
  return {
    put: (table, rows) => {
      engine.bulkPut(table, rows);
      return Promise.resolve();
    },
    get: (table, key) => Promise.resolve(engine.get(table, key)),
    where: (table, field, value) => Promise.resolve(engine.where(table, field, value)),
    subscribe: (tables, listener) => engine.subscribe(tables, listener),
  };
}

/** A client of the worker's host over a MessageChannel, on an engine in memory, with the app's procedures and `extra`. */
export async function hostClient(extra: readonly AnyProcedure[] = []): Promise<LocalDbClient> {
  const engine = await openMemoryEngine();
  const channel = new MessageChannel();
  channels.push(channel);
  serve(channel.port2, () => Promise.resolve(engine), procedureRegistry([...PROCEDURES.values(), ...extra]));
  const client = new LocalDbClient(channel.port1);
  channel.port1.start();
  channel.port2.start();
  await client.open();
  return client;
}

/** [name, open] of each store; `extra`: procedures the host knows besides the app's. */
export function stores(extra: readonly AnyProcedure[] = []): Array<[string, () => Promise<Fixture>]> {
  return [
  [
    'Dexie',
    () => {
      const db = openTestDatabase();
      return Promise.resolve({
        store: db,
        put: async (table, rows) => {
          await db.rows(table).bulkPut(rows);
        },
        get: (table, key) => db.rows(table).get(key),
        where: (table, field, value) => db.rows(table).where(field).equals(value).toArray(),
      } satisfies Fixture);
    },
  ],
  [
    'SQLite (engine in this thread)',
    async () => {
      const engine = await openMemoryEngine();
      return { store: engineRunner(engine), ...engineFixture(engine) };
    },
  ],
  [
    "SQLite (through the worker's host)",
    async () => {
      const client = await hostClient(extra);
      return {
        store: client,
        put: async (table, rows) => {
          await client.bulkPut(table, rows);
        },
        get: (table, key) => client.get(table, key),
        where: (table, field, value) => client.where(table, field, value),
        subscribe: (tables, listener) => client.subscribe(tables, listener),
      };
    },
  ],
];
}
