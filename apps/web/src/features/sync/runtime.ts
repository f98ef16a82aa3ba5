/**
 * What runs while a user is signed in: the sync engine and the socket that tells it what changed. The session hands
 * its state over (setSession); screens read the progress and the connection through useSyncState.
 */
import { call, callText } from '../../api/client.ts';
import { isApiError } from '../../api/errors.ts';
import { localDb, type PdvDatabase } from '../../db/database.ts';
import { engineOf, syncClientOf, type LocalCopy } from '../../db/localCopy.ts';
import { QUOTA_MESSAGE } from '../../db/storage.ts';
import { showWarning } from '../../ui/warning.tsx';
import type { Session } from '../auth/session.ts';
import { createCoalescer, type Coalescer } from '../realtime/coalesce.ts';
import { connectRealtime, type ConnectionState, type RealtimeClient } from '../realtime/socket.ts';
import { SyncEngine, type ChangedFetcher, type SyncStatus } from './engine.ts';
import { checkLocalVersion, clearPersonalData, readOfflinePos } from './localData.ts';
import { abortableSleep, pullTable, type PageFetcher, type TablePuller } from './pullTable.ts';
import { localDbSyncStore } from './localDbSyncStore.ts';
import { splitPageText } from './pageText.ts';
import { dexieSyncStore, type SyncStore } from './syncStore.ts';
import { SYNC_EVENTS, eventDelay, tablesForEvent, type SyncOwner } from './tables.ts';
import { createWorkerPuller, type WorkerPort, type WorkerPuller } from './workerPull.ts';

export interface SyncState {
  sync: SyncStatus | null;
  connection: ConnectionState;
}

const fetchPage: PageFetcher = (table, request, signal) =>
  call(`sync_${table.name}`, request, { loading: false, signal });

/**
 * The SQLite copy's: the page's rows stay the server's JSON text, handed to the copy's worker as one string
 * (pageText.ts); an answer laid out otherwise is parsed whole, as fetchPage does.
 */
const fetchPageText: PageFetcher = (table, request, signal) =>
  callText(`sync_${table.name}`, request, { loading: false, signal }, splitPageText, (page) => page);

/** Which loaded tables have rows after their positions: one small call instead of a read per table. */
const fetchChanged: ChangedFetcher = async (tables, signal) =>
  (await call('syncChanged', { tables }, { loading: false, signal })).changed;

const isNetworkError = (error: unknown) => isApiError(error) && error.kind === 'network';

const locks = () => globalThis.navigator?.locks ?? null;

/** The events of users and permissions: the signed-in user's own may have changed (002 §6). */
const ACCESS_EVENTS = new Set(['user', 'permission']);

/** The screens hear of sync status changes at most this often. */
const STATUS_INTERVAL_MS = 100;

/** Tables read at once when the reads run in the sync worker. */
const WORKER_PARALLEL_READS = 3;

/** The sync worker (syncWorker.ts), bundled by Vite as its own module script. */
const startWorker = (): WorkerPort =>
  new Worker(new URL('./syncWorker.ts', import.meta.url), { type: 'module', name: 'pdv-sync' });

/**
 * Table reads run in the sync worker, so that fetching, parsing and writing pages never blocks the page; without
 * module workers they run here.
 */
function tableReader(token: string): WorkerPuller | null {
  if (typeof Worker === 'undefined') return null;
  const copy = localDb();
  // The SQLite copy is held by its own worker (one connection per origin): the pages are fetched here and written
  // there, each in one call (localDbSyncStore).
  if (engineOf(copy)) return null;
  const store = dexieSyncStore(copy as PdvDatabase);
  const here: TablePuller = (table, run) =>
    pullTable(table, { ...run, store, fetchPage, sleep: abortableSleep, now: () => Date.now() });
  return createWorkerPuller({
    start: startWorker,
    token,
    fallback: here,
    // The page's API client signs out on a 401 of its own calls: ask once through it.
    onUnauthorized: (table) => {
      void fetchPage(table, { date_change: '', offset: 0, limit: 1 }, new AbortController().signal).catch(
        () => undefined,
      );
    },
  });
}

/** The sync's writes on the page's copy: one call per step to the SQLite worker, or Dexie transactions. */
function syncStoreOf(copy: LocalCopy): SyncStore {
  const client = syncClientOf(copy);
  return client ? localDbSyncStore(client) : dexieSyncStore(copy as PdvDatabase);
}

interface Running {
  token: string;
  userId: number;
  branchId: number;
  engine: SyncEngine;
  reader: WorkerPuller | null;
  /** Connected in a task after the engine's (see start); null until then. */
  realtime: RealtimeClient | null;
  coalescer: Coalescer;
  unsubscribe: () => void;
  stopOnline: () => void;
}

class SyncRuntime {
  private running: Running | null = null;
  private owner: SyncOwner | null = null;
  private state: SyncState = { sync: null, connection: 'offline' };
  private readonly listeners = new Set<() => void>();
  private quotaShown = false;
  /** The session to follow, applied in a task of its own (see setSession). */
  private pending: Session | null = null;
  private applyTimer: ReturnType<typeof setTimeout> | null = null;
  /** Status changes not yet told to the screens (see notify). */
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;

  private readonly accessListeners = new Set<() => void>();

  /** Heard when the socket says users or permissions of the organization changed (the session reloads). */
  onAccessChange = (listener: () => void): (() => void) => {
    this.accessListeners.add(listener);
    return () => this.accessListeners.delete(listener);
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): SyncState => this.state;

  private set(patch: Partial<SyncState>): void {
    this.state = { ...this.state, ...patch };
    this.notify();
  }

  /**
   * Tells the screens (the progress bar, the connection status) about the new state at most once per 100 ms: a
   * first load reports every page of three tables read at once, and each report re-renders them on the page's
   * thread. getState always answers the latest state.
   */
  private notify(): void {
    if (this.notifyTimer !== null) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      for (const listener of this.listeners) listener();
    }, STATUS_INTERVAL_MS);
  }

  /**
   * Follows the session: starts on sign-in, restarts for another user, refreshes after a branch switch. Applied in
   * tasks of their own: the sign-in's render (the caller's effect) does not also pay for starting the socket, the
   * sync engine and its worker, and opening the local database (its schema is declared on first use, tens of ms on a
   * busy machine) is a task apart from starting the engine.
   */
  setSession(session: Session | null): void {
    this.pending = session;
    const usuario = session?.usuario;
    this.owner = usuario
      ? { id_organization: usuario.id_organization, id_filial: usuario.id_filial_ativa, id_usuario: usuario.id_usuario }
      : null;
    if (this.applyTimer !== null) return;
    this.applyTimer = setTimeout(() => {
      if (this.pending && !this.running) localDb();
      this.applyTimer = setTimeout(() => {
        this.applyTimer = null;
        this.applySession(this.pending);
      }, 0);
    }, 0);
  }

  private applySession(session: Session | null): void {
    const usuario = session?.usuario;
    this.owner = usuario
      ? { id_organization: usuario.id_organization, id_filial: usuario.id_filial_ativa, id_usuario: usuario.id_usuario }
      : null;
    const current = this.running;
    if (current && (!session || !usuario || current.token !== session.token || current.userId !== usuario.id_usuario)) {
      void this.stop();
    }
    if (!session || !usuario) return;
    if (!this.running) {
      this.start(session.token, usuario.id_usuario, usuario.id_filial_ativa);
    } else if (this.running.branchId !== usuario.id_filial_ativa) {
      // The branch's tables are reloaded (their owner changed) and the socket joins the new branch's room.
      this.running.branchId = usuario.id_filial_ativa;
      this.running.engine.pullAll();
      // A socket not connected yet joins the rooms of the branch in force when it connects.
      this.running.realtime?.relogin();
    }
  }

  /** Logout: stops, then removes the personal data from the device. */
  async logout(): Promise<void> {
    this.owner = null;
    this.pending = null;
    const stopped = this.stop();
    await stopped;
    await clearPersonalData(syncStoreOf(localDb()), locks());
  }

  private start(token: string, userId: number, branchId: number): void {
    const store = syncStoreOf(localDb());
    const reader = tableReader(token);
    const engine = new SyncEngine({
      store,
      fetchPage: engineOf(localDb()) ? fetchPageText : fetchPage,
      fetchChanged,
      // In the worker a few tables are read at once (see SyncEngineOptions.parallel); on this thread, one at a time.
      // The SQLite copy writes in its own worker: a few tables read at once here too (this thread only fetches and
      // parses), as the sync worker does for the Dexie copy.
      ...(reader ? { pull: reader.pull, parallel: WORKER_PARALLEL_READS } : engineOf(localDb()) ? { parallel: WORKER_PARALLEL_READS } : {}),
      owner: () => this.owner,
      offlinePos: (owner) => readOfflinePos(store, owner, localStorage),
      prepare: async (signal) => {
        await checkLocalVersion({
          store,
          storage: localStorage,
          signal,
          fetchVersion: async (s) => (await call('version', {}, { loading: false, signal: s })).version,
        });
      },
      locks: locks(),
      // A lost connection is expected (the status shows it and the retry follows); anything else is a fault.
      isUnreachable: isNetworkError,
      onError: (error, table) => {
        if (!isNetworkError(error)) console.error(`Falha ao sincronizar ${table.localTable}`, error);
      },
    });
    const coalescer = createCoalescer((event) => engine.pull(tablesForEvent(event).map((table) => table.name)));
    const unsubscribe = engine.subscribe(() => this.onStatus(engine.getStatus()));
    const onOnline = () => engine.kick();
    window.addEventListener('online', onOnline);
    const running: Running = {
      token,
      userId,
      branchId,
      engine,
      reader,
      realtime: null,
      coalescer,
      unsubscribe,
      stopOnline: () => window.removeEventListener('online', onOnline),
    };
    this.running = running;
    this.set({ sync: engine.getStatus() });
    engine.start();
    // The socket client (tens of ms to set up) in the next task, unless this run has stopped meanwhile. A change made
    // before it joins its rooms is not missed: once its login is accepted it has the engine read every table again.
    setTimeout(() => {
      if (this.running !== running) return;
      running.realtime = connectRealtime({
        token,
        events: SYNC_EVENTS,
        onChange: (event) => {
          coalescer.push(event, eventDelay(event));
          if (ACCESS_EVENTS.has(event)) for (const listener of this.accessListeners) listener();
        },
        onReconnect: () => engine.pullAll(),
        onState: (connection) => this.set({ connection }),
      });
    }, 0);
  }

  private onStatus(status: SyncStatus): void {
    this.set({ sync: status });
    if (status.quotaExceeded && !this.quotaShown) {
      this.quotaShown = true;
      void showWarning(QUOTA_MESSAGE);
    } else if (!status.quotaExceeded && !status.running) {
      this.quotaShown = false;
    }
  }

  private stop(): Promise<void> {
    const current = this.running;
    if (!current) return Promise.resolve();
    this.running = null;
    current.coalescer.cancel();
    current.realtime?.close();
    current.stopOnline();
    current.unsubscribe();
    this.set({ sync: null, connection: 'offline' });
    return current.engine
      .stop()
      .catch((error: unknown) => console.error('Falha ao parar a sincronização', error))
      .finally(() => current.reader?.close());
  }
}

export const syncRuntime = new SyncRuntime();
