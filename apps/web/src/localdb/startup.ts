/**
 * The local copy's start-up (issue 21), in one place, for the page to call once before any screen reads the copy:
 *
 * 1. Opens this tab's shared client (tabs.ts: one owner tab runs the worker, the others call it over the channel).
 *    A browser without OPFS access handles answers the open with LocalDbUnsupportedError: the result is
 *    `{ mode: 'online-only' }` and the app keeps working online; a full disk gives the quota message.
 * 2. The owner tab moves the Dexie copy, if this browser holds one (moveDexie.ts; progress through `onProgress`, for
 *    the progress bar of 000 §2), then marks the copy ready (READY_MARK, in the copy's meta, in a write that tells
 *    every tab of a change to the updater table), asks once for persistent storage (persistence.ts) and runs the
 *    server-version check of localData.ts on this copy (a mismatch drops everything but DEVICE_TABLES).
 * 3. Any other tab waits, before reading, until READY_MARK is in the copy: it reads the mark again at each change
 *    the owner announces (and every `pollMs`, in case a message was missed); if the owner tab closes meanwhile this
 *    tab may become the owner, and then runs step 2 itself (the move continues where it stopped).
 *
 * Running it again does nothing new: the move finds no Dexie copy, the mark and the persistence answer are there,
 * and the version check drops once per server version.
 */
import { DATABASE_NAME, PdvDatabase } from '../db/database.ts';
import { checkLocalVersion } from '../features/sync/localData.ts';
import { localDbSyncStore } from '../features/sync/localDbSyncStore.ts';
import type { LocalDbClient } from './client.ts';
import type { ChangeSummary, MetaChanges, TableChange } from './engine.ts';
import { moveExistingDexieCopy, type MoveReport, type MoveTarget } from './moveDexie.ts';
import { persistOnce, type PersistAnswer } from './persistence.ts';
import { LocalDbQuotaError, LocalDbUnsupportedError, OPFS_UNSUPPORTED_MESSAGE, QUOTA_MESSAGE } from './support.ts';
import { UPDATER_TABLE } from './syncWrites.ts';
import { CHANNEL_NAME, openSharedLocalDb, type TabDeps, type TabEndpoint, type TabRole } from './tabs.ts';

/** The copy's meta mark: the owner's start-up finished its first move (other tabs may read). */
export const READY_MARK = 'local_copy_ready';

/** Shown when the start-up failed for another reason (the Dexie copy, if any, is kept as it was). */
export const START_FAILED_MESSAGE = 'Não foi possível preparar a cópia local dos dados. Recarregue a página para tentar de novo.';

export type StartProgress =
  | { phase: 'opening' }
  /** The owner moves the Dexie copy: rows written of `total`. */
  | { phase: 'moving'; done: number; total: number }
  /** Another tab owns the copy and has not finished its start-up. */
  | { phase: 'waiting' }
  | { phase: 'ready' };

export type StartResult =
  | {
      mode: 'local';
      client: LocalDbClient;
      /** The role when the start-up finished (the owner may change later: tabs.ts). */
      role: 'owner' | 'follower';
      /** The move's report (null: no Dexie copy, or another tab started the copy). */
      moved: MoveReport | null;
      /** The stored persistence answer (null in a tab that did not own the copy at start). */
      persisted: PersistAnswer | null;
      /** The version check dropped the copy (null: not run — a follower, no fetchVersion, or it failed). */
      dropped: boolean | null;
    }
  /** No offline mode in this browser: the app works online. */
  | { mode: 'online-only'; message: string }
  /** The copy could not be prepared (quota: the disk is full); the client is closed. */
  | { mode: 'failed'; reason: 'quota' | 'error'; message: string; error: unknown };

type VersionStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface StartDeps {
  /** Locks, channel and worker of tabs.ts (the browser's in startBrowserLocalCopy). */
  tabs: TabDeps;
  /** Whether a Dexie copy exists and how to open it (default: the page's 'pdv' database). */
  dexie?: { exists?: () => Promise<boolean>; open?: () => PdvDatabase };
  /** The browser's persistent storage request (default: navigator.storage.persist, via persistence.ts). */
  askPersist?: () => Promise<boolean>;
  /** The server version (the app's 'version' call); without it the version check is left to the caller. */
  fetchVersion?: (signal: AbortSignal) => Promise<string>;
  /** Where the checked server version is kept (localData.ts CHECKED_VERSION_KEY; default localStorage). */
  storage?: VersionStorage;
  onProgress?: (progress: StartProgress) => void;
  /** A waiting tab reads the mark again after this long without news (ms, default 1000). */
  pollMs?: number;
  signal?: AbortSignal;
  now?: () => Date;
}

/** pt-BR text for the progress bar (000 §2: a bar shows while loading). */
export function progressLabel(progress: StartProgress): string {
  switch (progress.phase) {
    case 'opening':
      return 'Abrindo a cópia local dos dados…';
    case 'moving': {
      const percent = progress.total > 0 ? Math.min(100, Math.floor((progress.done * 100) / progress.total)) : 100;
      return `Atualizando a cópia local dos dados: ${percent}%`;
    }
    case 'waiting':
      return 'Aguardando outra aba preparar a cópia local dos dados…';
    case 'ready':
      return 'Cópia local dos dados pronta.';
  }
}

/** The move's target, counting the rows written (the synced pages and the device's rows) for the progress. */
function counting(client: LocalDbClient, onRows: (rows: number) => void): MoveTarget {
  return {
    async applyChanges(changes: readonly TableChange[], meta?: MetaChanges): Promise<ChangeSummary> {
      const summary = await client.applyChanges(changes, meta);
      onRows(changes.reduce((sum, change) => sum + (change.rows?.length ?? 0), 0));
      return summary;
    },
    getMany: (table, keys) => client.getMany(table, keys),
    count: (table) => client.count(table),
    meta: (key) => client.meta(key),
    beginLoad: (tables) => client.beginLoad(tables),
    endLoad: () => client.endLoad(),
  };
}

/** The Dexie copy, if any, moved into the SQLite copy, with the rows written reported against Dexie's row count. */
async function moveWithProgress(client: LocalDbClient, deps: StartDeps, report: (progress: StartProgress) => void): Promise<MoveReport | null> {
  const exists = deps.dexie?.exists ?? (() => PdvDatabase.exists(DATABASE_NAME));
  if (!(await exists())) return null;
  const source = deps.dexie?.open?.() ?? new PdvDatabase();
  let total = 0;
  try {
    await source.open();
    for (const table of source.tables) total += await table.count();
  } catch (error) {
    source.close();
    throw error;
  }
  let done = 0;
  report({ phase: 'moving', done, total });
  const target = counting(client, (rows) => {
    done = Math.min(total, done + rows);
    report({ phase: 'moving', done, total });
  });
  // moveExistingDexieCopy closes the source.
  const moved = await moveExistingDexieCopy(target, { exists: () => Promise.resolve(true), open: () => source });
  if (done < total) report({ phase: 'moving', done: total, total });
  return moved;
}

/** The owner's part: the move, the ready mark, persistence, the version check. */
async function runAsOwner(
  client: LocalDbClient,
  deps: StartDeps,
  report: (progress: StartProgress) => void,
): Promise<Pick<Extract<StartResult, { mode: 'local' }>, 'moved' | 'persisted' | 'dropped'>> {
  const moved = await moveWithProgress(client, deps, report);
  if ((await client.meta(READY_MARK)) === null) {
    // A write to the updater table (no rows) carries the mark, so that every tab hears of it ('changed').
    await client.applyChanges([{ table: UPDATER_TABLE }], { [READY_MARK]: (deps.now?.() ?? new Date()).toISOString() });
  }
  const persisted = await persistOnce(client, deps.askPersist, deps.now);
  let dropped: boolean | null = null;
  const storage = deps.storage ?? globalThis.localStorage;
  if (deps.fetchVersion && storage) {
    try {
      dropped = await checkLocalVersion({
        store: localDbSyncStore(client),
        fetchVersion: deps.fetchVersion,
        storage,
        signal: deps.signal ?? new AbortController().signal,
      });
    } catch (error) {
      // Offline or the server did not answer: checked at the next start (the copy is kept meanwhile).
      if (error instanceof LocalDbQuotaError) throw error;
      console.warn('Versão do servidor não verificada nesta abertura', error);
    }
  }
  return { moved, persisted, dropped };
}

/**
 * A tab that is not the owner: resolves 'ready' once READY_MARK is in the copy, or 'owner' when this tab became the
 * owner meanwhile (the owner tab closed before finishing).
 */
function waitForOwner(client: LocalDbClient, roles: RoleWatch, pollMs: number, signal: AbortSignal | undefined): Promise<'ready' | 'owner'> {
  return new Promise((resolve, reject) => {
    let finished = false;
    let checking = false;
    let again = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const finish = (error: unknown, value?: 'ready' | 'owner') => {
      if (finished) return;
      finished = true;
      if (timer) clearTimeout(timer);
      unsubscribe();
      stopRoles();
      signal?.removeEventListener('abort', onAbort);
      if (error !== null) reject(error instanceof Error ? error : new Error('A espera pela cópia local falhou.', { cause: error }));
      else resolve(value as 'ready' | 'owner');
    };
    const check = async () => {
      if (finished) return;
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      if (timer) clearTimeout(timer);
      try {
        if (roles.role() === 'owner') return finish(null, 'owner');
        if ((await client.meta(READY_MARK)) !== null) return finish(null, 'ready');
        if (roles.role() === 'owner') return finish(null, 'owner');
      } catch (error) {
        return finish(error);
      } finally {
        checking = false;
      }
      if (again) {
        again = false;
        void check();
        return;
      }
      if (!finished) timer = setTimeout(() => void check(), pollMs);
    };
    const onAbort = () => finish(signal?.reason ?? new DOMException('A abertura foi cancelada.', 'AbortError'));
    const unsubscribe = client.subscribe(null, () => void check());
    const stopRoles = roles.listen((role) => {
      if (role === 'owner') void check();
    });
    signal?.addEventListener('abort', onAbort);
    void check();
  });
}

interface RoleWatch {
  role(): TabRole;
  listen(listener: (role: TabRole) => void): () => void;
}

function watchRoles(tabs: TabDeps): { deps: TabDeps; watch: (endpoint: TabEndpoint) => RoleWatch } {
  const listeners = new Set<(role: TabRole) => void>();
  const deps: TabDeps = {
    ...tabs,
    onRoleChange: (role) => {
      tabs.onRoleChange?.(role);
      for (const listener of [...listeners]) listener(role);
    },
  };
  return {
    deps,
    watch: (endpoint) => ({
      role: () => endpoint.role,
      listen(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    }),
  };
}

function failed(error: unknown): StartResult {
  if (error instanceof LocalDbUnsupportedError) return { mode: 'online-only', message: OPFS_UNSUPPORTED_MESSAGE };
  if (error instanceof LocalDbQuotaError) return { mode: 'failed', reason: 'quota', message: QUOTA_MESSAGE, error };
  return { mode: 'failed', reason: 'error', message: START_FAILED_MESSAGE, error };
}

/** The start-up sequence (see the file's comment). Never rejects: a failure is a result, with the client closed. */
export async function startLocalCopy(deps: StartDeps): Promise<StartResult> {
  const report = (progress: StartProgress) => {
    try {
      deps.onProgress?.(progress);
    } catch (error) {
      console.error('Falha ao mostrar o progresso da cópia local', error);
    }
  };
  const roles = watchRoles(deps.tabs);
  const { client, endpoint } = openSharedLocalDb(roles.deps);
  const watch = roles.watch(endpoint);
  try {
    report({ phase: 'opening' });
    await client.open(deps.tabs.openOptions ?? {});
    let moved: MoveReport | null = null;
    let persisted: PersistAnswer | null = null;
    let dropped: boolean | null = null;
    let owner = endpoint.role === 'owner';
    if (!owner) {
      report({ phase: 'waiting' });
      owner = (await waitForOwner(client, watch, deps.pollMs ?? 1000, deps.signal)) === 'owner';
    }
    if (owner) ({ moved, persisted, dropped } = await runAsOwner(client, deps, report));
    report({ phase: 'ready' });
    return { mode: 'local', client, role: owner ? 'owner' : 'follower', moved, persisted, dropped };
  } catch (error) {
    const result = failed(error);
    if (result.mode === 'failed') console.error('A cópia local não pôde ser preparada', error);
    // The lock is released: another tab (or the next start) tries again.
    await client.close().catch(() => undefined);
    return result;
  }
}

let started: Promise<StartResult> | null = null;

/** The page's start-up, once per page: the browser's locks, channel and worker (tabs.ts). Not called by the app yet. */
export function startBrowserLocalCopy(options: Omit<StartDeps, 'tabs'> & { tabs?: Omit<TabDeps, 'locks' | 'channel' | 'startWorker'> } = {}): Promise<StartResult> {
  if (started) return started;
  const { tabs, ...rest } = options;
  started = startLocalCopy({
    ...rest,
    tabs: {
      ...tabs,
      // As openBrowserSharedLocalDb (tabs.ts) builds them.
      locks: navigator.locks,
      channel: new BroadcastChannel(CHANNEL_NAME),
      startWorker: () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'pdv-localdb' }),
    },
  });
  return started;
}
