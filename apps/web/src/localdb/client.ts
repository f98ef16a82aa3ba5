/**
 * The page's handle on the local copy: the engine's query API (protocol.ts) answered by the worker, and live
 * updates by table — subscribe() hears of every committed write to the tables named, live() runs a query again after
 * each (what Dexie's live queries give the screens today). Screens call these functions, never SQL.
 */
import type { BarcodeMatch, ChangeListener, ChangeSummary, Key, LocalRow, MetaChanges, TableChange, VariationPage } from './engine.ts';
import type { Endpoint, LocalDbApi, LocalDbMessage, LocalDbMethod, LocalDbRequest, OpenOptions } from './protocol.ts';
import type { Procedure } from './transaction.ts';
import { LocalDbError, LocalDbQuotaError, LocalDbUnsupportedError } from './support.ts';
import type { PositionGuard } from './syncWrites.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

export class LocalDbClient {
  private nextId = 1;
  private closing: Promise<void> | null = null;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<{ tables: ReadonlySet<string> | null; listener: ChangeListener }>();
  private readonly onMessage = (event: MessageEvent<LocalDbMessage>) => this.receive(event.data);

  constructor(
    private readonly endpoint: Endpoint<LocalDbMessage, LocalDbRequest>,
    private readonly terminate?: () => void,
  ) {
    endpoint.addEventListener('message', this.onMessage);
  }

  /** The app's worker (worker.ts), started by the bundler's worker URL. */
  static start(): LocalDbClient {
    if (typeof Worker === 'undefined') throw new LocalDbUnsupportedError('sem Web Workers');
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'pdv-localdb' });
    return new LocalDbClient(worker, () => worker.terminate());
  }

  private receive(message: LocalDbMessage): void {
    if (message.type === 'changed') {
      for (const { tables, listener } of [...this.listeners]) {
        const touched = tables === null ? message.tables : message.tables.filter((t) => tables.has(t));
        if (touched.length === 0) continue;
        try {
          listener(touched);
        } catch (error) {
          console.error('Falha num assinante da cópia local', error);
        }
      }
      return;
    }
    // A worker of its own (no owner tab between) is kept as it is.
    if (message.type === 'restart') return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.ok) {
      waiting.resolve(message.value);
      return;
    }
    if (message.kind === 'unsupported') waiting.reject(new LocalDbUnsupportedError(message.message));
    else if (message.kind === 'quota') waiting.reject(new LocalDbQuotaError(message.message));
    else waiting.reject(new LocalDbError(message.message, message.name));
  }

  private send(request: DistributiveOmit<LocalDbRequest, 'id'>): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.endpoint.postMessage({ ...request, id });
    });
  }

  private call<M extends LocalDbMethod>(method: M, ...args: Parameters<LocalDbApi[M]>): Promise<ReturnType<LocalDbApi[M]>> {
    return this.send({ op: 'call', method, args }) as Promise<ReturnType<LocalDbApi[M]>>;
  }

  /** Opens (or creates) the database; rejects with LocalDbUnsupportedError without OPFS access handles. */
  async open(options: OpenOptions = {}): Promise<void> {
    await this.send({ op: 'open', options });
  }

  /** The point of sale's search, per variation (engine.ts searchVariations). */
  searchVariations(text: string, offset = 0, limit = 25): Promise<VariationPage> {
    return this.call('searchVariations', text, offset, limit);
  }
  byBarcode(code: string): Promise<BarcodeMatch | null> {
    return this.call('byBarcode', code);
  }
  bySku(sku: string): Promise<LocalRow[]> {
    return this.call('bySku', sku);
  }
  get(table: string, key: Key): Promise<LocalRow | undefined> {
    return this.call('get', table, key);
  }
  getMany(table: string, keys: readonly Key[]): Promise<Array<LocalRow | undefined>> {
    return this.call('getMany', table, keys);
  }
  where(table: string, field: string, value: Key, limit?: number): Promise<LocalRow[]> {
    return this.call('where', table, field, value, limit);
  }
  all(table: string, limit?: number): Promise<LocalRow[]> {
    return this.call('all', table, limit);
  }
  count(table: string): Promise<number> {
    return this.call('count', table);
  }
  bulkPut(table: string, rows: readonly LocalRow[]): Promise<number> {
    return this.call('bulkPut', table, rows);
  }
  applyChanges(changes: readonly TableChange[], meta?: MetaChanges): Promise<ChangeSummary> {
    return meta ? this.call('applyChanges', changes, meta) : this.call('applyChanges', changes);
  }
  beginLoad(tables: readonly string[]): Promise<void> {
    return this.call('beginLoad', tables);
  }
  /** Ends the bulk load of `tables` (of every table loading when not given). */
  endLoad(tables?: readonly string[]): Promise<void> {
    return tables ? this.call('endLoad', tables) : this.call('endLoad');
  }
  meta(key: string): Promise<string | null> {
    return this.call('meta', key);
  }
  setMeta(key: string, value: string | null): Promise<void> {
    return this.call('setMeta', key, value);
  }
  heapBytes(): Promise<number | null> {
    return this.call('heapBytes');
  }
  /** The changes, in one transaction, if the updater row of guard.table is the one expected; else nothing and null. */
  applyChangesAt(guard: PositionGuard, changes: readonly TableChange[]): Promise<ChangeSummary | null> {
    return this.call('applyChangesAt', guard, changes);
  }
  /** A page given as the JSON text of its rows, with its updater row, if the guard holds (syncWrites.ts); its count. */
  applyPageAt(guard: PositionGuard, rowsJson: string, next: LocalRow): Promise<number | null> {
    return this.call('applyPageAt', guard, rowsJson, next);
  }
  /** Several tables' updater rows in one transaction, each if its guard holds (syncWrites.ts); the tables written. */
  writePositionsAt(entries: ReadonlyArray<{ guard: PositionGuard; next: LocalRow }>): Promise<string[]> {
    return this.call('writePositionsAt', entries);
  }
  /** Empties every table but `keep` in one transaction; answers those emptied. */
  clearAllBut(keep: readonly string[]): Promise<string[]> {
    return this.call('clearAllBut', keep);
  }
  /** The tables of the copy. */
  tableNames(): Promise<string[]> {
    return this.call('tableNames');
  }

  /**
   * Runs `procedure` in the worker in one transaction (it must be in the worker's registry, procedures.ts): only its
   * name and arguments are posted. A throw inside rolls back everything it wrote and rejects here.
   */
  transact<A extends unknown[], R>(procedure: Procedure<A, R>, ...args: A): Promise<R> {
    return this.send({ op: 'transact', name: procedure.name, args }) as Promise<R>;
  }

  /** Calls `listener` after each committed write to one of `tables` (every table when null). Returns the unsubscribe. */
  subscribe(tables: readonly string[] | null, listener: ChangeListener): () => void {
    const entry = { tables: tables ? new Set(tables) : null, listener };
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  /**
   * Runs `query` now and again after every write to `tables`, handing each answer to `onValue` (answers of runs
   * overtaken by a later one are dropped). Returns the stop.
   */
  live<T>(tables: readonly string[], query: (db: LocalDbClient) => Promise<T>, onValue: (value: T) => void, onError?: (error: unknown) => void): () => void {
    let run = 0;
    let stopped = false;
    const refresh = () => {
      const mine = ++run;
      query(this).then(
        (value) => {
          if (!stopped && mine === run) onValue(value);
        },
        (error: unknown) => {
          if (stopped) return;
          if (onError) onError(error);
          else console.error('Falha ao ler a cópia local', error);
        },
      );
    };
    const unsubscribe = this.subscribe(tables, refresh);
    refresh();
    return () => {
      stopped = true;
      unsubscribe();
    };
  }

  /** Closes the database and stops the worker; calls still waiting are refused. */
  close(): Promise<void> {
    // A second close waits for the first (the channel no longer answers once closed).
    this.closing ??= this.shut();
    return this.closing;
  }

  private async shut(): Promise<void> {
    try {
      await this.send({ op: 'close' });
    } finally {
      this.endpoint.removeEventListener('message', this.onMessage);
      for (const waiting of this.pending.values()) waiting.reject(new LocalDbError('A cópia local foi fechada.', 'Closed'));
      this.pending.clear();
      this.listeners.clear();
      this.terminate?.();
    }
  }
}
