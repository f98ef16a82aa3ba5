import { afterEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { ApiError, isApiError } from '../../api/errors.ts';
import type { PdvDatabase } from '../../db/database.ts';
import { isQuotaError } from '../../db/storage.ts';
import { openTestDatabase, testDatabaseName } from '../../db/testing.ts';
import { SyncEngine } from './engine.ts';
import { FakeSyncServer, syncedRow } from './fakeSyncServer.ts';
import type { PageFetcher, PullResult, TablePuller } from './pullTable.ts';
import { dexieSyncStore } from './syncStore.ts';
import { SYNC_TABLES, type SyncTable } from './tables.ts';
import { serveSyncWorker, type HostPort } from './workerHost.ts';
import { createWorkerPuller, type WorkerPort } from './workerPull.ts';
import type { FromWorker, ToWorker } from './workerProtocol.ts';

const byTable = (localTable: string): SyncTable => {
  const found = SYNC_TABLES.find((t) => t.localTable === localTable);
  if (!found) throw new Error(localTable);
  return found;
};
const user = byTable('user');
const branch = byTable('branch');
const product = byTable('product');

const opened: PdvDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

/** A worker in this process: messages are cloned and delivered later, as postMessage does. */
function fakeWorker() {
  const toHost: Array<(event: MessageEvent<ToWorker>) => void> = [];
  const toPage: Array<(event: MessageEvent<FromWorker>) => void> = [];
  const errors: Array<(event: Event) => void> = [];
  const later = <T>(listeners: Array<(event: MessageEvent<T>) => void>, data: T) =>
    setTimeout(() => {
      for (const listener of listeners) listener({ data: structuredClone(data) } as MessageEvent<T>);
    }, 0);
  const state = { terminated: false, sent: [] as ToWorker[] };
  const page: WorkerPort = {
    postMessage: (message: ToWorker) => {
      state.sent.push(message);
      if (!state.terminated) later(toHost, message);
    },
    addEventListener: (type: string, listener: unknown) => {
      if (type === 'message') toPage.push(listener as (event: MessageEvent<FromWorker>) => void);
      else errors.push(listener as (event: Event) => void);
    },
    terminate: () => {
      state.terminated = true;
    },
  };
  const host: HostPort = {
    postMessage: (message) => {
      if (!state.terminated) later(toPage, message);
    },
    addEventListener: (_type, listener) => toHost.push(listener),
  };
  const fail = () => {
    for (const listener of errors) listener(new Event('error'));
  };
  return { page, host, state, fail };
}

/** The page's database and the worker's own connection to it. */
function databases() {
  const name = testDatabaseName();
  const pageDb = openTestDatabase(name);
  const workerDb = openTestDatabase(name);
  opened.push(workerDb, pageDb);
  return { pageDb, workerDb };
}

const notHere: TablePuller = () => Promise.reject(new Error('leu nesta thread'));

function setup(options: { fetcher?: PageFetcher; fallback?: TablePuller; onUnauthorized?: (t: SyncTable) => void } = {}) {
  const { pageDb, workerDb } = databases();
  const server = new FakeSyncServer();
  const worker = fakeWorker();
  serveSyncWorker(worker.host, {
    store: () => dexieSyncStore(workerDb),
    fetcher: () => options.fetcher ?? server.fetcher(),
    sleep: () => Promise.resolve(),
  });
  const puller = createWorkerPuller({
    start: () => worker.page,
    token: 'token',
    fallback: options.fallback ?? notHere,
    ...(options.onUnauthorized ? { onUnauthorized: options.onUnauthorized } : {}),
  });
  return { pageDb, workerDb, server, worker, puller };
}

describe('sync worker', () => {
  it('reads a table in the worker and relays its start, its pages and its end', async () => {
    const { pageDb, server, puller } = setup();
    server.change(
      product,
      ...Array.from({ length: 12_000 }, (_, i) => syncedRow('id_produto', i + 1, { descricao: `P${i + 1}` })),
    );
    const begins: boolean[] = [];
    const pages: number[] = [];
    const result = await puller.pull(product, {
      owner: 'o1',
      signal: new AbortController().signal,
      onBegin: (firstLoad) => begins.push(firstLoad),
      onPage: (received) => pages.push(received),
    });
    expect(result).toEqual<PullResult>({ pages: 3, received: 12_000, firstLoad: true, heldBack: false });
    expect(begins).toEqual([true]);
    expect(pages).toEqual([5000, 10_000, 12_000]);
    // Written by the worker's connection, read through the page's.
    expect(await pageDb.rows('product').count()).toBe(12_000);
    expect(await pageDb.updater.get('product')).toMatchObject({ is_loaded: 1, loading: 0, owner: 'o1' });
  }, 30_000);

  it('settles a stopped run once the worker has let go of the table', async () => {
    let fetched!: () => void;
    const inFlight = new Promise<void>((resolve) => (fetched = resolve));
    const { pageDb, worker, puller } = setup({
      fetcher: (_table, _request, signal) =>
        new Promise((_resolve, reject) => {
          fetched();
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        }),
    });
    const controller = new AbortController();
    const reason = new DOMException('Sincronização encerrada', 'AbortError');
    const run = puller.pull(user, { owner: 'o1', signal: controller.signal });
    await inFlight;
    controller.abort(reason);
    await expect(run).rejects.toBe(reason);
    expect(worker.state.sent.map((m) => m.type)).toEqual(['pull', 'abort']);
    expect(await pageDb.updater.get('user')).toMatchObject({ loading: 0, date_change: '' });
  });

  it('passes errors back with their kind: no network, a full storage, a refused session', async () => {
    const unreachable = setup({
      fetcher: () => Promise.reject(new ApiError('network', 0, null, 'sem rede', 'sync_user')),
    });
    const network = await unreachable.puller
      .pull(user, { owner: 'o1', signal: new AbortController().signal })
      .catch((e: unknown) => e);
    expect(isApiError(network) && network.kind === 'network').toBe(true);

    const full = setup();
    full.server.change(user, syncedRow('id_usuario', 1));
    full.workerDb.table('user').bulkPut = () => Dexie.Promise.reject(new Dexie.QuotaExceededError('cheio'));
    const quota = await full.puller.pull(user, { owner: 'o1', signal: new AbortController().signal }).catch((e: unknown) => e);
    expect(isQuotaError(quota)).toBe(true);

    const refusedFor: string[] = [];
    const refused = setup({
      fetcher: () => Promise.reject(new ApiError('http', 401, { message: 'Sessão expirada' }, 'Sessão expirada', 'sync_user')),
      onUnauthorized: (t) => refusedFor.push(t.localTable),
    });
    const denied = await refused.puller.pull(user, { owner: 'o1', signal: new AbortController().signal }).catch((e: unknown) => e);
    expect(isApiError(denied) && denied.status === 401).toBe(true);
    expect(refusedFor).toEqual(['user']);
  });

  it('a full storage in the worker reaches the engine status the warning modal follows', async () => {
    const { pageDb, workerDb, server, puller } = setup();
    server.change(user, syncedRow('id_usuario', 1));
    server.change(branch, syncedRow('id_filial', 1));
    // What a browser does when the origin's quota is used up: the page's transaction aborts on commit, and Dexie
    // rejects with an AbortError around the QuotaExceededError DOMException.
    workerDb.table('user').bulkPut = () =>
      Dexie.Promise.reject(
        new Dexie.AbortError('Transaction aborted', new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
      );
    const engine = new SyncEngine({
      store: dexieSyncStore(pageDb),
      fetchPage: () => Promise.reject(new Error('o engine não busca nesta thread')),
      pull: puller.pull,
      owner: () => ({ id_organization: 1, id_filial: 1, id_usuario: 1 }),
      offlinePos: () => Promise.resolve(false),
      tables: [user, branch],
      locks: null,
      setTimer: () => 0,
      clearTimer: () => undefined,
    });
    const ended = new Promise<void>((resolve) => {
      let seen = false;
      engine.subscribe(() => {
        if (engine.getStatus().running) seen = true;
        else if (seen) resolve();
      });
    });
    engine.start();
    await ended;
    expect(engine.getStatus()).toMatchObject({ quotaExceeded: true, failed: ['user'] });
    // The other table still loads.
    expect(await pageDb.rows('branch').count()).toBe(1);
    await engine.stop();
  });

  it('reads on this thread when the worker fails', async () => {
    const here: string[] = [];
    const fallback: TablePuller = (table) => {
      here.push(table.localTable);
      return Promise.resolve({ pages: 1, received: 0, firstLoad: false, heldBack: false });
    };
    const { worker, puller } = setup({
      fallback,
      // The worker never answers: its script failed.
      fetcher: () => new Promise(() => undefined),
    });
    const first = puller.pull(user, { owner: 'o1', signal: new AbortController().signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    worker.fail();
    await expect(first).rejects.toThrow('Falha no processo de sincronização');
    expect(worker.state.terminated).toBe(true);
    await puller.pull(branch, { owner: 'o1', signal: new AbortController().signal });
    expect(here).toEqual(['branch']);
  });

  it('drives the engine as pullTable on this thread does', async () => {
    const { pageDb, server, puller } = setup();
    server.change(user, syncedRow('id_usuario', 1), syncedRow('id_usuario', 2));
    server.change(branch, syncedRow('id_filial', 1));
    const engine = new SyncEngine({
      store: dexieSyncStore(pageDb),
      fetchPage: () => Promise.reject(new Error('o engine não busca nesta thread')),
      pull: puller.pull,
      owner: () => ({ id_organization: 1, id_filial: 1, id_usuario: 1 }),
      offlinePos: () => Promise.resolve(false),
      tables: [user, branch],
      locks: null,
      setTimer: () => 0,
      clearTimer: () => undefined,
    });
    const statuses: Array<[string | null, number]> = [];
    const ended = new Promise<void>((resolve) => {
      let seen = false;
      engine.subscribe(() => {
        const status = engine.getStatus();
        statuses.push([status.table, status.received]);
        if (status.running) seen = true;
        else if (seen) resolve();
      });
    });
    engine.start();
    await ended;
    await engine.stop();
    expect(await pageDb.rows('user').count()).toBe(2);
    expect(await pageDb.rows('branch').count()).toBe(1);
    expect(statuses).toContainEqual(['user', 2]);
    expect(engine.getStatus().failed).toEqual([]);
  });
});
