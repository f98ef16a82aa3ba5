/**
 * The sync engine: keeps every synced table of the local copy fresh (000 §7.2). A pass reads, one table after the
 * other, the tables that are due: never read to the end, older than 10 minutes, announced by a socket event, or
 * failed 10 s ago. One tab syncs at a time: the engine holds the Web Lock 'pdv-sync' while it runs, and another tab's
 * engine waits for it (its pages read the same local copy through live queries). The copy is reached through a
 * SyncStore (syncStore.ts): Dexie's today, SQLite's next.
 *
 * Tables due without an event naming them (the 10-minute re-sync, a reconnection, a retry) that were read to their
 * end before are first asked about in one call (POST /api/sync/changed with their positions): only those with rows
 * after their position are read; the others are fresh again without a read.
 */
import type { SyncGroupName } from '@pdv/contract/sync';
import type { UpdaterRow } from '../../db/database.ts';
import { isQuotaError } from '../../db/storage.ts';
import { abortableSleep, pullTable, type PageFetcher, type TablePuller } from './pullTable.ts';
import { holdLock, type HeldLock } from './lock.ts';
import { samePosition, updatePosition, type SyncStore } from './syncStore.ts';
import {
  CONFIG_TABLE,
  FRESHNESS_MS,
  HELD_BACK_RETRY_MS,
  OFFLINE_POS_TABLES,
  RETRY_MS,
  SYNC_TABLES,
  ownerKey,
  type SyncOwner,
  type SyncTable,
} from './tables.ts';

export const SYNC_LOCK = 'pdv-sync';

export interface SyncStatus {
  /** This tab holds the lock and syncs. */
  leader: boolean;
  /** A pass is running. */
  running: boolean;
  /** The local table being read, and the rows received from it so far. */
  table: string | null;
  received: number;
  /** The table is being loaded for the first time (not an update of a loaded table). */
  firstLoad: boolean;
  /** Tables read in this pass, of how many are due. */
  done: number;
  total: number;
  /** Tables that failed and wait for the retry. */
  failed: readonly string[];
  /** The last failure, for the status line. */
  error: string | null;
  /** The storage is full: the user has to free space. */
  quotaExceeded: boolean;
}

/** A table's position in its change stream, as its updater row keeps it. */
export interface StreamPosition {
  date_change: string;
  offset: number;
}

/** Asks the server which of these tables (by SYNC_GROUPS name) have rows after their positions. */
export type ChangedFetcher = (
  tables: Partial<Record<SyncGroupName, StreamPosition>>,
  signal: AbortSignal,
) => Promise<readonly string[]>;

export interface SyncEngineOptions {
  /** The local copy (dexieSyncStore, or localDbSyncStore on SQLite). */
  store: SyncStore;
  fetchPage: PageFetcher;
  /**
   * Which loaded tables changed (POST /api/sync/changed). Without it, or when it fails, every due table is read.
   */
  fetchChanged?: ChangedFetcher;
  /**
   * Reads one table to its end. Default: pullTable on this thread with `fetchPage`; the app passes one that runs it
   * in a Web Worker (syncWorker.ts), so that fetching, parsing and writing pages never blocks the page.
   */
  pull?: TablePuller;
  /** The signed-in owner of the data, or null (signed out: nothing syncs). */
  owner: () => SyncOwner | null;
  /** The offline point-of-sale flag (decides whether OFFLINE_POS_TABLES sync). */
  offlinePos: (owner: SyncOwner) => Promise<boolean>;
  /** Runs before the first pass (the version check); a failure there does not stop the sync. */
  prepare?: (signal: AbortSignal) => Promise<void>;
  tables?: readonly SyncTable[];
  locks?: LockManager | null;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** A table failed (after the status is updated). */
  onError?: (error: unknown, table: SyncTable) => void;
  /** The failure says the server cannot be reached at all: the rest of the pass waits for the retry too. */
  isUnreachable?: (error: unknown) => boolean;
  /**
   * How many tables are read at once (default 1, one after the other; the branch configuration is always read
   * alone first). With the reads in the sync worker, a few at once overlap one table's round trip to the server
   * with another's writes: a pass that finds little to read (a reconnection reads every table) ends sooner.
   */
  parallel?: number;
}

type Defaulted = 'tables' | 'now' | 'sleep' | 'setTimer' | 'clearTimer';

const IDLE: SyncStatus = {
  leader: false,
  running: false,
  table: null,
  received: 0,
  firstLoad: false,
  done: 0,
  total: 0,
  failed: [],
  error: null,
  quotaExceeded: false,
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class SyncEngine {
  private readonly o: SyncEngineOptions & Required<Pick<SyncEngineOptions, Defaulted>>;
  private readonly controller = new AbortController();
  private readonly listeners = new Set<() => void>();
  /** Tables a socket event announced: read on the next pass whatever their freshness, without asking first. */
  private readonly announced = new Set<string>();
  /** Tables due on the next pass whatever their freshness (asked about first when they were loaded before). */
  private readonly requested = new Set<string>();
  private readonly missingStores = new Set<string>();
  private status: SyncStatus = IDLE;
  private leader = false;
  private prepared = false;
  private passing: Promise<void> | null = null;
  private again = false;
  private timer: unknown = null;
  private lock: HeldLock | null = null;

  constructor(options: SyncEngineOptions) {
    this.o = {
      tables: SYNC_TABLES,
      now: () => Date.now(),
      sleep: abortableSleep,
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...options,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getStatus = (): SyncStatus => this.status;

  private set(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Waits for the lock (other tabs), then syncs until stop(). */
  start(): void {
    const locks = this.o.locks === undefined ? globalThis.navigator?.locks : this.o.locks;
    if (!locks) {
      this.becomeLeader();
      return;
    }
    this.lock = holdLock(locks, SYNC_LOCK, this.controller.signal, () => this.becomeLeader());
  }

  private becomeLeader(): void {
    this.leader = true;
    this.set({ leader: true });
    this.kick();
  }

  /** Stops syncing: the page in flight is abandoned (its transaction never started or commits whole). */
  async stop(): Promise<void> {
    this.controller.abort(new DOMException('Sincronização encerrada', 'AbortError'));
    if (this.timer !== null) this.o.clearTimer(this.timer);
    this.timer = null;
    await this.passing?.catch(() => undefined);
    this.leader = false;
    await this.lock?.release();
    this.set({ ...IDLE });
  }

  /** Reads these local tables (by SYNC_GROUPS name) now, whatever their freshness (a socket event). */
  pull(names: readonly string[]): void {
    for (const name of names) this.announced.add(name);
    this.kick();
  }

  /**
   * Brings every table up to date now (after a reconnection or a branch switch: events may have been missed): the
   * loaded ones are asked about first, and only those that changed are read.
   */
  pullAll(): void {
    for (const table of this.o.tables) this.requested.add(table.name);
    this.kick();
  }

  /** Starts a pass now, or right after the one running. */
  kick(): void {
    if (!this.leader || this.controller.signal.aborted) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    if (this.timer !== null) this.o.clearTimer(this.timer);
    this.timer = null;
    this.passing = this.pass().finally(() => {
      this.passing = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  private schedule(ms: number): void {
    if (this.controller.signal.aborted) return;
    if (this.timer !== null) this.o.clearTimer(this.timer);
    this.timer = this.o.setTimer(() => {
      this.timer = null;
      this.kick();
    }, ms);
  }

  /**
   * The tables due now, how long until the next one falls due, and the positions of the due tables that may be
   * asked about instead of read (read to their end before, by this owner, and not announced by an event).
   */
  private async dueTables(
    owner: SyncOwner,
  ): Promise<{ due: SyncTable[]; nextInMs: number; checkable: Map<string, UpdaterRow> }> {
    const now = this.o.now();
    let nextInMs = FRESHNESS_MS;
    const due: SyncTable[] = [];
    const checkable = new Map<string, UpdaterRow>();
    const positions = new Map((await this.o.store.positions()).map((row) => [row.table, row]));
    const stores = new Set(await this.o.store.tables());
    for (const table of this.o.tables) {
      if (!stores.has(table.localTable)) {
        if (!this.missingStores.has(table.localTable))
          console.error(`Tabela local ${table.localTable} não existe no esquema`);
        this.missingStores.add(table.localTable);
        continue;
      }
      const row = positions.get(table.localTable);
      const fresh = row && row.owner === ownerKey(table, owner) && row.is_loaded === 1 && row.synced_at !== undefined;
      const age = fresh ? now - (row.synced_at ?? 0) : Infinity;
      if (this.announced.has(table.name) || this.requested.has(table.name) || age >= FRESHNESS_MS) {
        due.push(table);
        const loaded = row && row.owner === ownerKey(table, owner) && row.is_loaded === 1;
        if (loaded && !this.announced.has(table.name)) checkable.set(table.name, row);
      } else {
        nextInMs = Math.min(nextInMs, FRESHNESS_MS - age);
      }
    }
    return { due, nextInMs, checkable };
  }

  /**
   * Of the queued tables that may be asked about, answers those the server names unchanged (POST sync/changed with
   * their positions). A failed question answers none: every table is read.
   */
  private async askUnchanged(
    queue: readonly SyncTable[],
    checkable: ReadonlyMap<string, UpdaterRow>,
    signal: AbortSignal,
  ): Promise<Set<string>> {
    const fetchChanged = this.o.fetchChanged;
    const tables: Partial<Record<SyncGroupName, StreamPosition>> = {};
    for (const table of queue) {
      const row = checkable.get(table.name);
      if (row) tables[table.name] = { date_change: row.date_change, offset: row.offset };
    }
    const names = Object.keys(tables);
    if (!fetchChanged || names.length === 0) return new Set();
    try {
      const changed = new Set(await fetchChanged(tables, signal));
      return new Set(names.filter((name) => !changed.has(name)));
    } catch (error) {
      if (signal.aborted) throw error;
      console.warn('Consulta de tabelas alteradas não concluída: todas serão lidas', error);
      return new Set();
    }
  }

  /**
   * Marks tables answered unchanged as read to their end now, when their position is still the one asked about
   * (nothing else writes it while this tab holds the lock); answers those marked.
   */
  private async markFresh(
    tables: readonly SyncTable[],
    checkable: ReadonlyMap<string, UpdaterRow>,
  ): Promise<SyncTable[]> {
    if (tables.length === 0) return [];
    const now = this.o.now();
    const store = this.o.store;
    /** The table's row marked read now, if it is still the one asked about. */
    const fresh = (table: SyncTable, row: UpdaterRow | undefined): UpdaterRow | null => {
      const asOf = checkable.get(table.name);
      return asOf && row && samePosition(row, asOf) ? { ...row, synced_at: now, received: 0 } : null;
    };
    if (store.writePositionsAt) {
      // One transaction for all of them (the SQLite copy: one commit instead of one per table).
      const rows = new Map((await store.positions()).map((row) => [row.table, row]));
      const entries = tables.flatMap((table) => {
        const row = rows.get(table.localTable);
        const next = fresh(table, row);
        return row && next ? [{ table: table.localTable, expected: row, next }] : [];
      });
      const written = new Set(entries.length > 0 ? await store.writePositionsAt(entries) : []);
      return tables.filter((table) => written.has(table.localTable));
    }
    const marked: SyncTable[] = [];
    for (const table of tables) {
      const written = await updatePosition(store, table.localTable, (row) => {
        const next = fresh(table, row);
        return next ? { next } : null;
      });
      if (written) marked.push(table);
    }
    return marked;
  }

  private async pass(): Promise<void> {
    try {
      await this.runPass();
    } catch (error) {
      if (this.controller.signal.aborted) return;
      // The local database itself failed (not one table's read): try again later, and say so.
      console.error('Falha na sincronização', error);
      this.set({
        running: false,
        table: null,
        error: `Falha na sincronização: ${messageOf(error)}`,
        quotaExceeded: isQuotaError(error),
      });
      this.schedule(RETRY_MS);
    }
  }

  private async runPass(): Promise<void> {
    const signal = this.controller.signal;
    if (!this.prepared) {
      // A tab closed in the middle of a load leaves its tables marked as loading: this tab now owns them.
      for (const row of await this.o.store.positions()) {
        if (row.loading !== 1) continue;
        await updatePosition(this.o.store, row.table, (current) => (current?.loading === 1 ? { next: { ...current, loading: 0 } } : null));
      }
      try {
        await this.o.prepare?.(signal);
        this.prepared = true;
      } catch (error) {
        if (signal.aborted) return;
        // Offline or failing server: the tables are read from their positions; the check runs again next pass.
        console.warn('Verificação de versão não concluída', error);
      }
    }
    const owner = this.o.owner();
    if (!owner || signal.aborted) return;
    const { due, nextInMs, checkable } = await this.dueTables(owner);
    const failed: string[] = [];
    const heldBack: string[] = [];
    let quotaExceeded = false;
    let error: string | null = null;
    this.set({ running: true, done: 0, total: due.length, table: null, received: 0 });
    let offlinePos: Promise<boolean> | null = null;
    const readOfflinePos = (current: SyncOwner) => (offlinePos ??= this.o.offlinePos(current));
    /** The tables being read, in the order they started: the status shows the oldest. */
    const reading: Array<{ table: SyncTable; received: number; firstLoad: boolean }> = [];
    const show = () => {
      const head = reading[0];
      // Between two tables the last one stays shown (no flicker of the progress bar); the pass's end clears it.
      if (head) this.set({ table: head.table.localTable, received: head.received, firstLoad: head.firstLoad });
    };
    /** The pass ends without scheduling the next (stopped, signed out). */
    let ended = false;
    /** The server cannot be reached: no table starts any more; those not started wait for the retry with it. */
    let unreachable = false;
    const readOne = async (table: SyncTable): Promise<void> => {
      const current = this.o.owner();
      if (signal.aborted || !current) {
        ended = true;
        return;
      }
      this.announced.delete(table.name);
      this.requested.delete(table.name);
      if (OFFLINE_POS_TABLES.has(table.localTable)) {
        if (!(await readOfflinePos(current))) {
          await this.dropOfflineTable(table);
          this.set({ done: this.status.done + 1 });
          return;
        }
      }
      const entry = { table, received: 0, firstLoad: false };
      reading.push(entry);
      show();
      try {
        const result = await this.pullOne(table, {
          owner: ownerKey(table, current),
          signal,
          onBegin: (firstLoad) => {
            entry.firstLoad = firstLoad;
            if (reading[0] === entry) show();
          },
          onPage: (received) => {
            entry.received = received;
            if (reading[0] === entry) show();
          },
        });
        if (result.heldBack) heldBack.push(table.name);
      } catch (caught) {
        if (signal.aborted) {
          ended = true;
          return;
        }
        failed.push(table.name);
        error = `Falha ao sincronizar ${table.localTable}: ${messageOf(caught)}`;
        quotaExceeded ||= isQuotaError(caught);
        this.set({ failed: [...failed], error, quotaExceeded });
        this.o.onError?.(caught, table);
        // No network or no server: the other tables would fail alike; they all wait for the retry.
        if (this.o.isUnreachable?.(caught)) unreachable = true;
      } finally {
        reading.splice(reading.indexOf(entry), 1);
      }
      this.set({ done: this.status.done + 1 });
      show();
    };
    try {
      // Tables with nothing new are not read: one question for all of them (the branch configuration too).
      const unchanged = await this.askUnchanged(due, checkable, signal);
      let queue = due.filter((table) => !unchanged.has(table.name));
      // The branch configuration first, alone: it decides whether the offline point-of-sale tables sync.
      if (queue[0]?.localTable === CONFIG_TABLE) await readOne(queue.shift() as SyncTable);
      if (unchanged.size > 0 && !ended) {
        let skipped = due.filter((table) => unchanged.has(table.name));
        // Without the offline point-of-sale flag (now) those tables are read to drop their copy, not skipped.
        if (skipped.some((table) => OFFLINE_POS_TABLES.has(table.localTable)) && !(await readOfflinePos(owner))) {
          const drop = skipped.filter((table) => OFFLINE_POS_TABLES.has(table.localTable));
          skipped = skipped.filter((table) => !OFFLINE_POS_TABLES.has(table.localTable));
          queue = [...queue, ...drop];
        }
        const marked = await this.markFresh(skipped, checkable);
        const markedNames = new Set(marked.map((table) => table.name));
        // A table whose position moved meanwhile is read after all.
        queue = [...queue, ...skipped.filter((table) => !markedNames.has(table.name))];
        for (const table of marked) this.requested.delete(table.name);
        this.set({ done: this.status.done + marked.length });
      }
      const lane = async () => {
        for (let table = queue.shift(); table; table = queue.shift()) {
          if (ended || unreachable) {
            queue.unshift(table);
            return;
          }
          await readOne(table);
        }
      };
      const lanes = Math.max(1, Math.min(this.o.parallel ?? 1, queue.length));
      await Promise.all(Array.from({ length: lanes }, lane));
      if (unreachable && !ended) failed.push(...queue.map((t) => t.name));
    } finally {
      this.set({ running: false, table: null, received: 0, firstLoad: false, failed, error, quotaExceeded });
    }
    if (ended) return;
    // A failed or held-back table keeps its position: it is asked about again (or read, if the question fails).
    for (const name of [...failed, ...heldBack]) this.requested.add(name);
    let next = failed.length > 0 ? Math.min(RETRY_MS, nextInMs) : Math.max(nextInMs, 1000);
    if (heldBack.length > 0) next = Math.min(next, HELD_BACK_RETRY_MS);
    this.schedule(next);
  }

  private pullOne: TablePuller = (table, run) =>
    this.o.pull
      ? this.o.pull(table, run)
      : pullTable(table, { ...run, store: this.o.store, fetchPage: this.o.fetchPage, sleep: this.o.sleep, now: this.o.now });

  /** Without the offline point-of-sale flag the table is queried online: no stale copy stays behind. */
  private async dropOfflineTable(table: SyncTable): Promise<void> {
    await updatePosition(this.o.store, table.localTable, (row) => (row ? { write: { clear: true }, next: null } : null));
  }
}
