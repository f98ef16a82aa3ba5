/**
 * Messages between the page (client.ts) and the local copy's worker (host.ts, worker.ts). The page calls the
 * engine's query API by name; the worker answers each call, and tells the page of every committed write (the tables
 * it touched) so that live queries run again.
 */
import type { BarcodeMatch, ChangeSummary, Key, LocalRow, MetaChanges, TableChange, VariationPage } from './engine.ts';
import type { SyncWriteApi } from './syncWrites.ts';

/** The engine's API as the page sees it (every call answered asynchronously), and the sync's guarded writes. */
export interface LocalDbApi extends SyncWriteApi {
  searchVariations(text: string, offset: number, limit: number): VariationPage;
  byBarcode(code: string): BarcodeMatch | null;
  bySku(sku: string): LocalRow[];
  get(table: string, key: Key): LocalRow | undefined;
  getMany(table: string, keys: readonly Key[]): Array<LocalRow | undefined>;
  where(table: string, field: string, value: Key, limit?: number): LocalRow[];
  all(table: string, limit?: number): LocalRow[];
  count(table: string): number;
  bulkPut(table: string, rows: readonly LocalRow[]): number;
  applyChanges(changes: readonly TableChange[], meta?: MetaChanges): ChangeSummary;
  beginLoad(tables: readonly string[]): void;
  endLoad(tables?: readonly string[]): void;
  meta(key: string): string | null;
  setMeta(key: string, value: string | null): void;
  /** The worker's WebAssembly memory, in bytes (null where unknown). */
  heapBytes(): number | null;
}

export type LocalDbMethod = keyof LocalDbApi;

/** Where the database lives in the origin's private file system. */
export interface OpenOptions {
  /** The database file's name inside the pool (default '/pdv.sqlite3'). */
  file?: string;
  /** The opfs-sahpool VFS's directory (default '.pdv-sahpool'). */
  directory?: string;
  /** Starts from an empty pool (benches and tests). */
  clearOnInit?: boolean;
}

export type LocalDbRequest =
  | { id: number; op: 'open'; options: OpenOptions }
  | { id: number; op: 'call'; method: LocalDbMethod; args: unknown[] }
  /** Runs a registered procedure (transaction.ts) in one transaction; the host serves nothing else meanwhile. */
  | { id: number; op: 'transact'; name: string; args: unknown[] }
  | { id: number; op: 'close' };

/** unsupported: no OPFS access handles here; quota: the origin's storage is full. */
export type LocalDbErrorKind = 'unsupported' | 'quota' | 'error';

export type LocalDbMessage =
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; kind: LocalDbErrorKind; name: string; message: string }
  | { type: 'changed'; tables: string[] }
  /** The worker asks to be restarted (a bulk load grew its memory); the owner tab does it when idle (tabs.ts). */
  | { type: 'restart' };

/** One end of the page–worker channel (a Worker, the worker's own scope, a MessagePort). */
export interface Endpoint<In, Out> {
  postMessage(message: Out): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<In>) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent<In>) => void): void;
}
