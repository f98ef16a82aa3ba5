/**
 * Reads one table's change stream to its end (000 §7.2): POST list-by-changes from the position kept in `updater`,
 * page after page until has_more is false. Each page is written in one transaction with the new position, so a crash
 * between pages neither loses nor repeats a page; a position moved by someone else aborts the page unwritten.
 * On a first load the next page is asked for while the one received is written (its position is known from the
 * answer); pages are still written one after the other, in order. A first load of more than one page runs in the
 * store's bulk mode when it has one (beginBulk/endBulk: the SQLite copy builds the table's indexes once, at the end).
 */
import type { UpdaterRow } from '../../db/database.ts';
import { announceRows } from '../checkout/search/catalogChanges.ts';
import type { SyncPage } from './pageText.ts';
import { PositionMovedError, updatePosition, type SyncStore } from './syncStore.ts';
import { FIRST_LOAD_PAGE_SIZE, PAGE_PACING_MS, type SyncTable } from './tables.ts';

export { PositionMovedError, splitPage } from './syncStore.ts';

export interface PageRequest {
  date_change: string;
  offset: number;
  limit: number;
}

/** A page of a table's changes: its rows parsed, or (the SQLite copy's fetcher) left as the server's JSON text. */
export type PageFetcher = (table: SyncTable, request: PageRequest, signal: AbortSignal) => Promise<SyncPage>;

/** One run of a table, as the engine asks for it. */
export interface PullRun {
  /** Whose data this is (see ownerKey); a table holding another owner's rows is emptied and read from the start. */
  owner: string;
  signal: AbortSignal;
  /** The run starts: whether it is the table's first load (empty, large pages, no pacing). */
  onBegin?: (firstLoad: boolean) => void;
  /** After each written page: the rows received so far in this run. */
  onPage?: (received: number) => void;
}

export interface PullOptions extends PullRun {
  /** The local copy (dexieSyncStore, or localDbSyncStore on SQLite). */
  store: SyncStore;
  fetchPage: PageFetcher;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  now: () => number;
}

/** Reads a table to its end: pullTable here, or the same in the sync worker (workerPull.ts). */
export type TablePuller = (table: SyncTable, run: PullRun) => Promise<PullResult>;

export interface PullResult {
  pages: number;
  received: number;
  /** The table was read from an empty start, with large pages and no pacing. */
  firstLoad: boolean;
  /** The server holds committed rows back behind a running transaction: read again in about a second. */
  heldBack: boolean;
}

/** Starts a run: the table's position (reset, with the table emptied, when it holds another owner's rows). */
async function beginRun(store: SyncStore, table: SyncTable, owner: string): Promise<UpdaterRow> {
  const started = await updatePosition(store, table.localTable, (row) =>
    row && row.owner === owner
      ? { next: { ...row, loading: 1, received: 0 } }
      : {
          write: { clear: true },
          next: { table: table.localTable, date_change: '', offset: 0, loading: 1, is_loaded: 0, received: 0, owner },
        },
  );
  if (!started) throw new PositionMovedError(`A posição de ${table.localTable} não foi gravada.`);
  return started;
}

/**
 * Writes a page and the position after it, in one transaction; a position moved meanwhile drops the page. Answers the
 * new position and the page's row count (counted by the store when the rows come as text).
 */
async function writePage(
  store: SyncStore,
  table: SyncTable,
  from: UpdaterRow,
  page: SyncPage,
  now: number,
): Promise<{ next: UpdaterRow; count: number }> {
  const next: UpdaterRow = {
    ...from,
    date_change: page.date_change,
    offset: page.offset,
    received: from.received ?? 0,
    loading: page.has_more ? 1 : 0,
  };
  if (!page.has_more) {
    next.is_loaded = 1;
    next.synced_at = now;
  }
  const moved = () => new PositionMovedError(`A posição de ${table.localTable} mudou durante a leitura.`);
  if (page.rowsJson !== undefined && store.writePageAt) {
    const count = await store.writePageAt(table.localTable, from, page.rowsJson, next);
    if (count === null) throw moved();
    return { next: { ...next, received: (next.received ?? 0) + count }, count };
  }
  const written = { ...next, received: (next.received ?? 0) + page.rows.length };
  if (!(await store.writeAt(table.localTable, from, { rows: page.rows }, written))) throw moved();
  return { next: written, count: page.rows.length };
}

/** A page whose rows came as text, parsed for a store that takes parsed rows only. */
function parsedFor(store: SyncStore, page: SyncPage): SyncPage {
  if (page.rowsJson === undefined || store.writePageAt) return page;
  const { rowsJson, ...rest } = page;
  return { ...rest, rows: JSON.parse(rowsJson) as SyncPage['rows'] };
}

/** The run stopped early: its position, if still the one it wrote, is marked as not loading. */
async function endRunAfterFailure(store: SyncStore, table: SyncTable, position: UpdaterRow): Promise<void> {
  try {
    await store.writeAt(table.localTable, position, {}, { ...position, loading: 0 });
  } catch (error) {
    console.error(`Não foi possível marcar ${table.localTable} como parada`, error);
  }
}

export async function pullTable(table: SyncTable, options: PullOptions): Promise<PullResult> {
  const { store, signal } = options;
  signal.throwIfAborted();
  let position = await beginRun(store, table, options.owner);
  const firstLoad = position.is_loaded === 0;
  options.onBegin?.(firstLoad);
  const limit = firstLoad ? Math.max(FIRST_LOAD_PAGE_SIZE, table.pageSize) : table.pageSize;
  // Cancels a page asked for ahead when the run ends early (a failed write, a stop).
  const ahead = new AbortController();
  const stopAhead = () => ahead.abort(signal.reason);
  signal.addEventListener('abort', stopAhead, { once: true });
  const fetchFrom = (from: { date_change: string; offset: number }) => {
    const request = { date_change: from.date_change, offset: from.offset, limit };
    const answer = options.fetchPage(table, request, ahead.signal);
    // Awaited later (or dropped with the run): a failure before that is not an unhandled rejection.
    answer.catch(() => undefined);
    return answer;
  };
  let pages = 0;
  let received = 0;
  /** The table is in the store's bulk mode (beginBulk): its indexes are built at the end. */
  let bulk = false;
  const endBulk = async () => {
    if (!bulk) return;
    bulk = false;
    await store.endBulk?.(table.localTable);
  };
  try {
    let next = fetchFrom(position);
    for (;;) {
      signal.throwIfAborted();
      const page = parsedFor(store, await next);
      signal.throwIfAborted();
      const moved = page.date_change !== position.date_change || page.offset !== position.offset;
      if (page.has_more && !moved) throw new Error(`A leitura de ${table.localTable} não avançou.`);
      // First load: the next page travels while this one is written.
      const prefetched = firstLoad && page.has_more ? fetchFrom(page) : null;
      if (firstLoad && page.has_more && !bulk && store.beginBulk) {
        await store.beginBulk(table.localTable);
        bulk = true;
      }
      // The last page is written once the indexes are built: the table reads as loaded when it can be searched.
      if (!page.has_more) await endBulk();
      const written = await writePage(store, table, position, page, options.now());
      position = written.next;
      if (store.indexedInPage) announceRows(table.localTable, page.rows);
      pages += 1;
      received += written.count;
      options.onPage?.(received);
      if (!page.has_more) return { pages, received, firstLoad, heldBack: page.held_back ?? false };
      if (prefetched) {
        next = prefetched;
      } else {
        await options.sleep(PAGE_PACING_MS, signal);
        next = fetchFrom(position);
      }
    }
  } catch (error) {
    await endRunAfterFailure(store, table, position);
    await endBulk().catch((failure: unknown) => console.error(`Não foi possível montar os índices de ${table.localTable}`, failure));
    throw error;
  } finally {
    signal.removeEventListener('abort', stopAhead);
    ahead.abort(new DOMException('Leitura encerrada', 'AbortError'));
  }
}

/** The pause between pages; a stop() cuts it short. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
