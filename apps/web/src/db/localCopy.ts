/**
 * The one query API the screens and features read the local copy through, whichever store holds it: the part of
 * Dexie's table API the app uses (get, where(index).equals, filter, limit, put…), answered either by the Dexie
 * database of earlier releases (PdvDatabase satisfies these interfaces as it is) or by the SQLite copy in its worker
 * (ClientCopy, over localdb/client.ts). Live queries (`observe`, db/useLiveQuery.ts) run again after a write to any
 * table they read, on both.
 *
 * Multi-table writes that must be atomic are procedures (localdb/transaction.ts), run with runProcedure on either
 * store; `transaction` here is for reads, and for the few single-table read-then-write steps (serialized between the
 * tabs by a Web Lock on SQLite, where a page cannot hold a transaction open across messages).
 */
import { liveQuery, type Dexie } from 'dexie';
import type { LocalDbClient } from '../localdb/client.ts';
import type { Key } from '../localdb/engine.ts';
import type { Procedure } from '../localdb/transaction.ts';
import { tableDefs, type TableDef } from '../localdb/schema.ts';
import type { LocalRow, UpdaterRow } from './database.ts';

export type { LocalRow, UpdaterRow };

export interface LocalCollection<T> {
  toArray(): Promise<T[]>;
  first(): Promise<T | undefined>;
  count(): Promise<number>;
  filter(match: (row: T) => boolean): LocalCollection<T>;
  limit(count: number): LocalCollection<T>;
  /** Deletes the rows of the collection; answers how many. */
  delete(): Promise<number>;
}

export interface LocalWhere<T> {
  equals(value: Key): LocalCollection<T>;
  anyOf(values: readonly Key[]): LocalCollection<T>;
  /** Key ranges (only on the table's key in the SQLite copy). */
  below(value: Key): LocalCollection<T>;
  above(value: Key): LocalCollection<T>;
}

export interface LocalTable<T, K = Key> {
  readonly name: string;
  get(key: K): Promise<T | undefined>;
  bulkGet(keys: K[]): Promise<Array<T | undefined>>;
  toArray(): Promise<T[]>;
  count(): Promise<number>;
  where(field: string): LocalWhere<T>;
  filter(match: (row: T) => boolean): LocalCollection<T>;
  limit(count: number): LocalCollection<T>;
  /** The rows in the order of `field` (the table's key in the SQLite copy). */
  orderBy(field: string): LocalCollection<T>;
  put(row: T): Promise<unknown>;
  bulkPut(rows: readonly T[]): Promise<unknown>;
  delete(key: K): Promise<void>;
  bulkDelete(keys: K[]): Promise<void>;
  clear(): Promise<void>;
  /** Merges `changes` into the row of `key`; answers 1, or 0 when there is none. */
  update(key: K, changes: Partial<T>): Promise<number>;
}

/** The local copy as the app reads it. */
export interface LocalCopy {
  readonly name: string;
  readonly updater: LocalTable<UpdaterRow, string>;
  rows(name: string): LocalTable<LocalRow, unknown>;
  hasStore(name: string): boolean;
  /**
   * Dexie: one transaction. SQLite: `body` runs with the other tabs' read-then-write steps held off, each write atomic
   * on its own (atomic multi-table writes are procedures).
   */
  transaction<T>(mode: 'r' | 'rw', tables: unknown, body: () => Promise<T>): Promise<T>;
}

// ---------------------------------------------------------------------------------------------------------------
// The SQLite copy behind the page's LocalDbClient.

/** The tables each read of the client looks at (a procedure declares its own). */
const READS: Readonly<Record<string, (args: unknown[]) => readonly string[]>> = {
  get: (args) => [args[0] as string],
  getMany: (args) => [args[0] as string],
  where: (args) => [args[0] as string],
  all: (args) => [args[0] as string],
  count: (args) => [args[0] as string],
  searchVariations: () => ['product', 'grid', 'barcode', 'stock'],
  searchProducts: () => ['product'],
  byBarcode: () => ['barcode', 'grid', 'product'],
  bySku: () => ['product', 'grid'],
  transact: (args) => (args[0] as Procedure<unknown[], unknown>).tables,
};

type RunRecord = Set<string>;

/** The local copy in SQLite (localdb/), read through its client. */
export class ClientCopy implements LocalCopy {
  readonly name = 'pdv';
  readonly updater: LocalTable<UpdaterRow, string>;
  private readonly defs: ReadonlyMap<string, TableDef>;
  private readonly tables = new Map<string, ClientTable<LocalRow>>();
  /** The tables read by live queries still running (every read is added to each: a table is never missed). */
  private readonly runs = new Set<RunRecord>();

  /** The client, with each read noted for the live queries running (what engineOf hands out). */
  readonly tracked: LocalDbClient;

  constructor(readonly client: LocalDbClient, defs: readonly TableDef[] = tableDefs()) {
    this.defs = new Map(defs.map((def) => [def.name, def]));
    this.tracked = this.tracking(client);
    this.updater = this.rows('updater') as unknown as LocalTable<UpdaterRow, string>;
  }

  rows(name: string): LocalTable<LocalRow, unknown> {
    let table = this.tables.get(name);
    if (!table) {
      const def = this.defs.get(name);
      table = new ClientTable<LocalRow>(this, name, def?.key ?? 'id');
      this.tables.set(name, table);
    }
    return table;
  }

  hasStore(name: string): boolean {
    return this.defs.has(name);
  }

  tableNames(): string[] {
    return [...this.defs.keys()];
  }

  private tracking(client: LocalDbClient): LocalDbClient {
    return new Proxy(client, {
      get: (target, property, receiver) => {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const read = READS[property as string];
          if (read) for (const table of read(args)) this.read(table);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }

  /** Notes a read of `table` for the live queries running now. */
  read(table: string): void {
    for (const run of this.runs) run.add(table);
  }

  /**
   * Runs `query` now and after every write to a table it read (tracked as it reads), handing each answer on; an
   * answer overtaken by a later run is dropped. A write that lands while a run is reading makes it run again.
   */
  observe<T>(query: () => Promise<T>, onValue: (value: T) => void, onError: (error: unknown) => void): () => void {
    let stopped = false;
    let watched: ReadonlySet<string> = new Set();
    let running = false;
    let again = false;
    let touchedMeanwhile = new Set<string>();
    const run = () => {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      again = false;
      touchedMeanwhile = new Set();
      const record: RunRecord = new Set();
      this.runs.add(record);
      query().then(
        (value) => finish(record, () => onValue(value)),
        (error: unknown) => finish(record, () => onError(error)),
      );
    };
    const finish = (record: RunRecord, deliver: () => void) => {
      this.runs.delete(record);
      running = false;
      if (stopped) return;
      watched = record;
      const stale = again || [...touchedMeanwhile].some((table) => record.has(table));
      if (stale) {
        run();
        return;
      }
      deliver();
    };
    const unsubscribe = this.client.subscribe(null, (tables) => {
      if (running) {
        for (const table of tables) touchedMeanwhile.add(table);
        return;
      }
      if (tables.some((table) => watched.has(table))) run();
    });
    run();
    return () => {
      stopped = true;
      unsubscribe();
    };
  }

  /** Runs a registered procedure in the worker, in one transaction (localdb/transaction.ts). */
  transact<A extends unknown[], R>(procedure: Procedure<A, R>, ...args: A): Promise<R> {
    return this.tracked.transact(procedure, ...args);
  }

  /**
   * Runs `body` with the other tabs' read-then-write steps held off (a Web Lock); each write inside is atomic on its
   * own. Reads need no lock.
   */
  async transaction<T>(mode: 'r' | 'rw', _tables: unknown, body: () => Promise<T>): Promise<T> {
    if (mode === 'r' || typeof navigator === 'undefined' || !navigator.locks) return body();
    return navigator.locks.request('pdv-localcopy-write', () => body()) as Promise<T>;
  }
}

type Source<T> = () => Promise<T[]>;

class ClientCollection<T> implements LocalCollection<T> {
  constructor(
    private readonly table: ClientTable<T>,
    private readonly source: Source<T>,
    private readonly matches: ReadonlyArray<(row: T) => boolean> = [],
    private readonly max = Infinity,
  ) {}

  async toArray(): Promise<T[]> {
    const out: T[] = [];
    for (const row of await this.source()) {
      if (out.length >= this.max) break;
      if (this.matches.every((match) => match(row))) out.push(row);
    }
    return out;
  }
  async first(): Promise<T | undefined> {
    return (await this.limit(1).toArray())[0];
  }
  async count(): Promise<number> {
    return (await this.toArray()).length;
  }
  filter(match: (row: T) => boolean): LocalCollection<T> {
    return new ClientCollection(this.table, this.source, [...this.matches, match], this.max);
  }
  limit(count: number): LocalCollection<T> {
    return new ClientCollection(this.table, this.source, this.matches, Math.min(this.max, count));
  }
  async delete(): Promise<number> {
    const rows = await this.toArray();
    await this.table.bulkDelete(rows.map((row) => this.table.keyOf(row)));
    return rows.length;
  }
}

class ClientTable<T> implements LocalTable<T, unknown> {
  constructor(
    private readonly copy: ClientCopy,
    readonly name: string,
    private readonly key: string,
  ) {}

  private get client(): LocalDbClient {
    return this.copy.tracked;
  }

  keyOf(row: T): Key {
    return (row as Record<string, unknown>)[this.key] as Key;
  }

  private collection(source: Source<T>): ClientCollection<T> {
    return new ClientCollection(this, source);
  }

  async get(key: unknown): Promise<T | undefined> {
    return (await this.client.get(this.name, key as Key)) as T | undefined;
  }
  async bulkGet(keys: unknown[]): Promise<Array<T | undefined>> {
    return (await this.client.getMany(this.name, keys as Key[])) as Array<T | undefined>;
  }
  async toArray(): Promise<T[]> {
    return (await this.client.all(this.name)) as T[];
  }
  count(): Promise<number> {
    return this.client.count(this.name);
  }
  where(field: string): LocalWhere<T> {
    const all = () => this.client.all(this.name) as Promise<T[]>;
    const onKey = (test: (key: Key) => boolean): Source<T> => {
      if (field !== this.key) throw new Error(`${this.name}.${field}: faixa de valores só na chave da cópia local.`);
      return async () => (await all()).filter((row) => test(this.keyOf(row)));
    };
    return {
      equals: (value) => this.collection(() => this.client.where(this.name, field, value) as Promise<T[]>),
      anyOf: (values) =>
        this.collection(async () => {
          // In the index's order, as Dexie gives them.
          const sorted = [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          const pages = await Promise.all(sorted.map((value) => this.client.where(this.name, field, value) as Promise<T[]>));
          return pages.flat();
        }),
      below: (value) => this.collection(onKey((key) => key < value)),
      above: (value) => this.collection(onKey((key) => key > value)),
    };
  }
  filter(match: (row: T) => boolean): LocalCollection<T> {
    return this.collection(() => this.toArray()).filter(match);
  }
  limit(count: number): LocalCollection<T> {
    return this.collection(async () => (await this.client.all(this.name, count)) as T[]);
  }
  orderBy(field: string): LocalCollection<T> {
    if (field !== this.key) throw new Error(`${this.name}.${field}: ordem só pela chave na cópia local.`);
    return this.collection(() => this.toArray());
  }
  async put(row: T): Promise<unknown> {
    await this.copy.client.applyChanges([{ table: this.name, rows: [row as LocalRow], asIs: true }]);
    return this.keyOf(row);
  }
  async bulkPut(rows: readonly T[]): Promise<unknown> {
    if (rows.length === 0) return undefined;
    await this.copy.client.applyChanges([{ table: this.name, rows: rows as readonly LocalRow[], asIs: true }]);
    return undefined;
  }
  async delete(key: unknown): Promise<void> {
    await this.copy.client.applyChanges([{ table: this.name, deleteKeys: [key as Key] }]);
  }
  async bulkDelete(keys: unknown[]): Promise<void> {
    if (keys.length === 0) return;
    await this.copy.client.applyChanges([{ table: this.name, deleteKeys: keys as Key[] }]);
  }
  async clear(): Promise<void> {
    await this.copy.client.applyChanges([{ table: this.name, clear: true }]);
  }
  async update(key: unknown, changes: Partial<T>): Promise<number> {
    const row = await this.get(key);
    if (row === undefined) return 0;
    await this.put({ ...row, ...changes });
    return 1;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Which copy the page uses.

/** The SQLite client behind a copy (null: the Dexie copy). */
export function engineOf(copy: LocalCopy): LocalDbClient | null {
  return copy instanceof ClientCopy ? copy.tracked : null;
}

/**
 * The SQLite copy's client without the live queries' read tracking, for the sync: its reads (the updater rows, at
 * every step) are not a screen's. Through the tracked client they were noted in every live query running at that
 * moment, which then ran again at each of the sync's updater writes, read the updater again meanwhile, and so on: after
 * a reload the copy's worker spent its time re-reading the prices for every table marked fresh.
 */
export function syncClientOf(copy: LocalCopy): LocalDbClient | null {
  return copy instanceof ClientCopy ? copy.client : null;
}

/**
 * Runs `query` now and again after every write to what it read, on either store (Dexie's liveQuery, or the SQLite
 * copy's tracked reads). `copy` is the store the query reads: the local copy, or another Dexie database (the
 * inventory's counts). Returns the stop.
 */
export function observe<T>(copy: LocalCopy | Dexie, query: () => Promise<T>, onValue: (value: T) => void, onError?: (error: unknown) => void): () => void {
  const failed = onError ?? ((error: unknown) => console.error('Falha ao ler a cópia local', error));
  if (copy instanceof ClientCopy) return copy.observe(query, onValue, failed);
  const subscription = liveQuery(query).subscribe({ next: onValue, error: failed });
  return () => subscription.unsubscribe();
}
