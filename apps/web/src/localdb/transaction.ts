/**
 * Read-write transactions over several tables, written once and run on either store of the local copy:
 *
 * - on Dexie (the app's copy today), inside db.transaction(mode, tables), each step awaited;
 * - on the SQLite engine, inside the worker, in one engine.transaction (BEGIN IMMEDIATE … COMMIT, ROLLBACK on a
 *   throw), each step answered at once. The host serves one message at a time, so nothing else runs in between.
 *
 * A procedure is a generator function over a LocalTx: every read or write is `yield* tx.get(...)` and so on. The
 * generator hands each step to the runner and gets its answer back, which is what lets the same code run
 * synchronously inside the engine's transaction (engine.transaction takes a synchronous function: an async one would
 * commit at its first await) and asynchronously inside Dexie's.
 *
 * Functions cannot be posted to the worker: the page names a procedure (client.transact(procedure, ...args) posts
 * its name and arguments) and the worker finds it in the registry it was built with (procedures.ts).
 */
import type { PdvDatabase } from '../db/database.ts';
import type { LocalCopy } from '../db/localCopy.ts';
import type { Key, LocalEngine, LocalRow } from './engine.ts';

/** One step of a procedure, answered by the runner. */
export type TxStep =
  | { op: 'get'; table: string; key: Key }
  | { op: 'getMany'; table: string; keys: readonly Key[] }
  | { op: 'where'; table: string; field: string; value: Key }
  | { op: 'all'; table: string }
  | { op: 'count'; table: string }
  | { op: 'put'; table: string; rows: readonly object[] }
  | { op: 'delete'; table: string; keys: readonly Key[] };

/** What a procedure's body is: a generator of steps whose return is the procedure's result. */
export type TxRun<T> = Generator<TxStep, T, unknown>;

/** The transaction a procedure sees. Rows are the stored objects; `T` only names what the caller expects. */
export interface LocalTx {
  get<T extends object = LocalRow>(table: string, key: Key): TxRun<T | undefined>;
  getMany<T extends object = LocalRow>(table: string, keys: readonly Key[]): TxRun<Array<T | undefined>>;
  /** The rows whose `field` (the key or a declared index) equals `value`, in key order. */
  where<T extends object = LocalRow>(table: string, field: string, value: Key): TxRun<T[]>;
  /** Every row of the table, in key order. */
  all<T extends object = LocalRow>(table: string): TxRun<T[]>;
  count(table: string): TxRun<number>;
  /** Puts the rows as they are (a data_exclusao included: these are the device's own rows, not the sync's). */
  put(table: string, ...rows: readonly object[]): TxRun<void>;
  bulkPut(table: string, rows: readonly object[]): TxRun<void>;
  delete(table: string, ...keys: readonly Key[]): TxRun<void>;
  bulkDelete(table: string, keys: readonly Key[]): TxRun<void>;
}

function* step<T>(request: TxStep): TxRun<T> {
  return (yield request) as T;
}

/** The one LocalTx: it only describes steps; the runner does them. */
export const tx: LocalTx = {
  get: <T extends object>(table: string, key: Key) => step<T | undefined>({ op: 'get', table, key }),
  getMany: <T extends object>(table: string, keys: readonly Key[]) => step<Array<T | undefined>>({ op: 'getMany', table, keys }),
  where: <T extends object>(table: string, field: string, value: Key) => step<T[]>({ op: 'where', table, field, value }),
  all: <T extends object>(table: string) => step<T[]>({ op: 'all', table }),
  count: (table: string) => step<number>({ op: 'count', table }),
  put: (table: string, ...rows: readonly object[]) => step<void>({ op: 'put', table, rows }),
  bulkPut: (table: string, rows: readonly object[]) => step<void>({ op: 'put', table, rows }),
  delete: (table: string, ...keys: readonly Key[]) => step<void>({ op: 'delete', table, keys }),
  bulkDelete: (table: string, keys: readonly Key[]) => step<void>({ op: 'delete', table, keys }),
};

/** A named transaction over `tables`: `body(tx, ...args)` with arguments and result that survive structured clone. */
export interface Procedure<A extends unknown[], R> {
  readonly name: string;
  /** 'r' reads only (a Dexie read transaction; on the engine the same single-connection transaction). */
  readonly mode: 'r' | 'rw';
  readonly tables: readonly string[];
  readonly body: (tx: LocalTx, ...args: A) => TxRun<R>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyProcedure = Procedure<any[], unknown>;

export function procedure<A extends unknown[], R>(
  name: string,
  mode: 'r' | 'rw',
  tables: readonly string[],
  body: (tx: LocalTx, ...args: A) => TxRun<R>,
): Procedure<A, R> {
  return { name, mode, tables, body };
}

/** A step outside the procedure's declared tables is a mistake of the procedure (Dexie would refuse it too). */
function checkTable(procedure: AnyProcedure, request: TxStep): void {
  if (!procedure.tables.includes(request.table)) {
    throw new Error(`O procedimento ${procedure.name} usou a tabela ${request.table}, que não declarou.`);
  }
  if (procedure.mode === 'r' && (request.op === 'put' || request.op === 'delete')) {
    throw new Error(`O procedimento ${procedure.name} é só de leitura e tentou escrever em ${request.table}.`);
  }
}

// ---- on the engine (inside the worker, or in process in tests) ----

function engineStep(engine: LocalEngine, request: TxStep): unknown {
  switch (request.op) {
    case 'get':
      return engine.get(request.table, request.key);
    case 'getMany':
      return engine.getMany(request.table, request.keys);
    case 'where':
      return engine.where(request.table, request.field, request.value);
    case 'all':
      return engine.all(request.table);
    case 'count':
      return engine.count(request.table);
    case 'put':
      if (request.rows.length > 0) engine.applyChanges([{ table: request.table, rows: request.rows as LocalRow[], asIs: true }]);
      return undefined;
    case 'delete':
      if (request.keys.length > 0) engine.applyChanges([{ table: request.table, deleteKeys: request.keys }]);
      return undefined;
  }
}

/**
 * Runs the procedure on the engine in one transaction: its writes join it (the engine nests), a throw rolls all of
 * them back, and the subscribers hear of the tables written once it commits.
 */
export function runOnEngine<A extends unknown[], R>(engine: LocalEngine, procedure: Procedure<A, R>, ...args: A): R {
  return engine.transaction(() => {
    const run = procedure.body(tx, ...args);
    let next = run.next();
    while (!next.done) {
      let answer: unknown;
      try {
        checkTable(procedure as AnyProcedure, next.value);
        answer = engineStep(engine, next.value);
      } catch (error) {
        next = run.throw(error);
        continue;
      }
      next = run.next(answer);
    }
    return next.value;
  });
}

// ---- on Dexie ----

async function dexieStep(db: PdvDatabase, request: TxStep): Promise<unknown> {
  const table = db.rows(request.table);
  switch (request.op) {
    case 'get':
      return table.get(request.key);
    case 'getMany':
      return table.bulkGet([...request.keys]);
    case 'where': {
      // Rows of one index value come in key order, as the engine gives them; the key itself is matched by get.
      if (request.field === table.schema.primKey.name) {
        const row = await table.get(request.value);
        return row ? [row] : [];
      }
      return table.where(request.field).equals(request.value).toArray();
    }
    case 'all':
      return table.toArray();
    case 'count':
      return table.count();
    case 'put':
      if (request.rows.length > 0) await table.bulkPut(request.rows as LocalRow[]);
      return undefined;
    case 'delete':
      if (request.keys.length > 0) await table.bulkDelete([...request.keys]);
      return undefined;
  }
}

/** Runs the procedure inside one Dexie transaction over its tables (a throw aborts it: nothing is written). */
export function runOnDexie<A extends unknown[], R>(db: PdvDatabase, procedure: Procedure<A, R>, ...args: A): Promise<R> {
  const tables = procedure.tables.map((name) => db.rows(name));
  return db.transaction(procedure.mode, tables, async () => {
    const run = procedure.body(tx, ...args);
    let next = run.next();
    while (!next.done) {
      let answer: unknown;
      try {
        checkTable(procedure as AnyProcedure, next.value);
        answer = await dexieStep(db, next.value);
      } catch (error) {
        next = run.throw(error);
        continue;
      }
      next = run.next(answer);
    }
    return next.value;
  });
}

/** What runs a procedure: the page's LocalDbClient (client.transact), or a test's engine in process. */
export interface ProcedureRunner {
  transact<A extends unknown[], R>(procedure: Procedure<A, R>, ...args: A): Promise<R>;
}

/** The engine in this thread as a runner (tests; the worker's host calls runOnEngine itself). */
export function engineRunner(engine: LocalEngine): ProcedureRunner {
  return {
    transact: <A extends unknown[], R>(procedure: Procedure<A, R>, ...args: A) => {
      try {
        // Through structured clone, as the worker would receive them and answer.
        return Promise.resolve(structuredClone(runOnEngine(engine, procedure, ...structuredClone(args))));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}

/**
 * Either store of the local copy: the SQLite copy (its client, or the page's ClientCopy, which runs procedures) or
 * the Dexie database (the only LocalCopy without `transact`).
 */
export type LocalStore = PdvDatabase | ProcedureRunner | LocalCopy;

const isRunner = (store: LocalStore): store is ProcedureRunner => typeof (store as Partial<ProcedureRunner>).transact === 'function';

/** The Dexie database when the store is one (for what has no procedure yet), null for the SQLite copy. */
export function dexieOf(store: LocalStore): PdvDatabase | null {
  return isRunner(store) ? null : (store as PdvDatabase);
}

/** Runs the procedure on whichever store is given. */
export function runProcedure<A extends unknown[], R>(store: LocalStore, procedure: Procedure<A, R>, ...args: A): Promise<R> {
  return isRunner(store) ? store.transact(procedure, ...args) : runOnDexie(store as PdvDatabase, procedure, ...args);
}
