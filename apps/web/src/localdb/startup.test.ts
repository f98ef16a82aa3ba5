import { indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PdvDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/testing.ts';
import { CHECKED_VERSION_KEY } from '../features/sync/localData.ts';
import type { LocalDbClient } from './client.ts';
import { LocalEngine } from './engine.ts';
import { serve } from './host.ts';
import { MOVE_DONE } from './moveDexie.ts';
import { PERSIST_META } from './persistence.ts';
import type { LocalDbMessage, LocalDbRequest } from './protocol.ts';
import { READY_MARK, progressLabel, startLocalCopy, type StartDeps, type StartProgress, type StartResult } from './startup.ts';
import { LocalDbUnsupportedError, OPFS_UNSUPPORTED_MESSAGE, QUOTA_MESSAGE } from './support.ts';
import type { ChannelLike, LockManagerLike, TabMessage, WorkerLike } from './tabs.ts';
import { loadSqlite } from './testing.ts';

// ---- the tabs of one origin (as in tabs.test.ts): a channel, the owner lock, one SQLite file ----

class Hub {
  readonly channels = new Set<FakeChannel>();
}

class FakeChannel implements ChannelLike {
  private readonly listeners = new Set<(event: MessageEvent<TabMessage>) => void>();
  private closed = false;
  constructor(private readonly hub: Hub) {
    hub.channels.add(this);
  }
  postMessage(message: TabMessage): void {
    if (this.closed) return;
    const copy = structuredClone(message);
    for (const channel of this.hub.channels) if (channel !== this) setTimeout(() => channel.deliver(copy), 0);
  }
  deliver(message: TabMessage): void {
    if (!this.closed) for (const listener of [...this.listeners]) listener({ data: message } as MessageEvent<TabMessage>);
  }
  addEventListener(_type: 'message', listener: (event: MessageEvent<TabMessage>) => void): void {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'message', listener: (event: MessageEvent<TabMessage>) => void): void {
    this.listeners.delete(listener);
  }
  close(): void {
    this.closed = true;
    this.hub.channels.delete(this);
  }
}

/** One exclusive lock, granted in the order asked, released when the holder's callback ends or its request aborts. */
class FakeLocks implements LockManagerLike {
  private busy = false;
  private readonly queue: Array<{ run: () => void; signal?: AbortSignal; reject: (error: unknown) => void }> = [];
  request(_name: string, options: { signal?: AbortSignal }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const entry = {
        signal: options.signal,
        reject,
        run: () => {
          this.busy = true;
          Promise.resolve()
            .then(() => callback({}))
            .then(resolve, reject)
            .finally(() => {
              this.busy = false;
              this.pump();
            });
        },
      };
      options.signal?.addEventListener('abort', () => {
        const at = this.queue.indexOf(entry);
        if (at < 0) return;
        this.queue.splice(at, 1);
        reject(new DOMException('cancelado', 'AbortError'));
      });
      this.queue.push(entry);
      this.pump();
    });
  }
  private pump(): void {
    if (this.busy) return;
    this.queue.shift()?.run();
  }
}

let files = 0;

/** An origin: its tabs share the channel, the lock and one database file (kept between connections). */
function origin(options: { unsupported?: boolean; quota?: boolean } = {}) {
  const hub = new Hub();
  const locks = new FakeLocks();
  const file = `/startup-test-${++files}.sqlite3`;
  const startWorker = (): WorkerLike => {
    const channel = new MessageChannel();
    let engine: LocalEngine | null = null;
    serve(channel.port2, async () => {
      if (options.unsupported) throw new LocalDbUnsupportedError('sem FileSystemSyncAccessHandle');
      const { oo1 } = await loadSqlite();
      engine = new LocalEngine(new oo1.DB(file, 'c'));
      if (options.quota) {
        engine.applyChanges = () => {
          throw Object.assign(new Error('QuotaExceededError: disco cheio'), { name: 'QuotaExceededError' });
        };
      }
      return engine;
    });
    channel.port1.start();
    channel.port2.start();
    return {
      postMessage: (message: LocalDbRequest) => channel.port1.postMessage(message),
      addEventListener: (type: 'message', listener: (event: MessageEvent<LocalDbMessage>) => void) => channel.port1.addEventListener(type, listener),
      removeEventListener: (type: 'message', listener: (event: MessageEvent<LocalDbMessage>) => void) => channel.port1.removeEventListener(type, listener),
      terminate: () => {
        channel.port1.close();
        channel.port2.close();
        engine?.close();
        engine = null;
      },
    };
  };
  return {
    tabDeps: (): StartDeps['tabs'] => ({ locks, channel: new FakeChannel(hub), startWorker }),
  };
}

// ---- the Dexie copy (fake-indexeddb) ----

const dexies: PdvDatabase[] = [];
const clients: LocalDbClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  for (const db of dexies.splice(0)) await db.delete().catch(() => undefined);
});

async function dexieExists(name: string): Promise<boolean> {
  return (await indexedDB.databases()).some((info) => info.name === name);
}

/** A Dexie copy with a catalogue and sales not yet sent. */
async function dexieCopy(products = 40): Promise<{ db: PdvDatabase; dexie: NonNullable<StartDeps['dexie']> }> {
  const db = openTestDatabase();
  dexies.push(db);
  await db.rows('product').bulkPut(Array.from({ length: products }, (_, i) => ({ id_produto: i + 1, descricao: `Produto ${i + 1}`, data_exclusao: null })));
  await db.updater.put({ table: 'product', date_change: '2026-11-28T10:00:00Z', offset: products, loading: 0, is_loaded: 1 });
  await db.rows('operation').bulkPut([
    { id_operacao: 'venda-1', situacao: 'Pendente', id_filial: 1, id_usuario: 7 },
    { id_operacao: 'venda-2', situacao: 'Erro', id_filial: 1, id_usuario: 7, erro: 'Estoque insuficiente' },
  ]);
  await db.rows('item').bulkPut([{ id_item: 'i1', id_operacao: 'venda-1', ordem: 1, quantidade: 1000 }]);
  await db.rows('payment').bulkPut([{ id_pagamento: 'p1', id_operacao: 'venda-1', ordem: 1, valor: 1990 }]);
  db.close();
  return { db, dexie: { exists: () => dexieExists(db.name), open: () => openTestDatabase(db.name) } };
}

const noDexie: NonNullable<StartDeps['dexie']> = { exists: () => Promise.resolve(false) };

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value) };
}

type Local = Extract<StartResult, { mode: 'local' }>;

function local(result: StartResult): Local {
  if (result.mode !== 'local') throw new Error(`esperava a cópia local, veio ${result.mode}: ${result.message}`);
  clients.push(result.client);
  return result;
}

describe('startLocalCopy', () => {
  it('moves the Dexie copy in the owner tab, sales not yet sent included, with progress, then asks for persistence once', async () => {
    const world = origin();
    const { db, dexie } = await dexieCopy(40);
    const progress: StartProgress[] = [];
    const askPersist = vi.fn(() => Promise.resolve(true));
    const result = local(await startLocalCopy({ tabs: world.tabDeps(), dexie, askPersist, onProgress: (p) => progress.push(p), storage: memoryStorage() }));

    expect(result.role).toBe('owner');
    expect(result.moved).toMatchObject({ synced: { product: 40 }, outboxWritten: 4, outboxDeleted: 4, dexieDeleted: true });
    expect(await dexieExists(db.name)).toBe(false);
    const client = result.client;
    expect(await client.count('product')).toBe(40);
    expect(await client.get('operation', 'venda-1')).toMatchObject({ situacao: 'Pendente' });
    expect(await client.get('operation', 'venda-2')).toMatchObject({ situacao: 'Erro', erro: 'Estoque insuficiente' });
    expect(await client.count('item')).toBe(1);
    expect(await client.count('payment')).toBe(1);
    expect(await client.meta(MOVE_DONE)).not.toBeNull();
    expect(await client.meta(READY_MARK)).not.toBeNull();
    expect(askPersist).toHaveBeenCalledTimes(1);
    expect(result.persisted?.persisted).toBe(true);
    expect(result.dropped).toBeNull();

    // The bar: opening, then the move from 0 to every Dexie row (40 products, 1 updater row, 4 device rows), then ready.
    expect(progress[0]).toEqual({ phase: 'opening' });
    const moving = progress.filter((p): p is Extract<StartProgress, { phase: 'moving' }> => p.phase === 'moving');
    expect(moving[0]).toEqual({ phase: 'moving', done: 0, total: 45 });
    expect(moving.at(-1)).toEqual({ phase: 'moving', done: 45, total: 45 });
    expect(moving.map((p) => p.done)).toEqual([...moving.map((p) => p.done)].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ phase: 'ready' });
    expect(progressLabel(moving[1] as StartProgress)).toMatch(/^Atualizando a cópia local dos dados: \d+%$/);
  });

  it('makes a second tab started at once wait for the owner’s move before it reads', async () => {
    const world = origin();
    const { dexie } = await dexieCopy(300);
    const ownerProgress: StartProgress[] = [];
    const followerProgress: StartProgress[] = [];
    const starting = startLocalCopy({ tabs: world.tabDeps(), dexie, askPersist: () => Promise.resolve(false), onProgress: (p) => ownerProgress.push(p) });
    // The second tab would not find the Dexie copy anyway: it never moves; it hears of the ready mark by the owner's
    // 'changed' message (no polling within the test's time).
    const followerDexie = { exists: vi.fn(() => Promise.resolve(true)) };
    const askFollower = vi.fn(() => Promise.resolve(true));
    const following = startLocalCopy({ tabs: world.tabDeps(), dexie: followerDexie, askPersist: askFollower, pollMs: 60_000, onProgress: (p) => followerProgress.push(p) });
    const second = local(await following);
    // When the follower is told to go on, the whole copy is there.
    expect(await second.client.count('product')).toBe(300);
    expect(await second.client.count('operation')).toBe(2);
    const first = local(await starting);
    expect(first.role).toBe('owner');
    expect(second.role).toBe('follower');
    expect(second.moved).toBeNull();
    expect(second.persisted).toBeNull();
    expect(followerDexie.exists).not.toHaveBeenCalled();
    expect(askFollower).not.toHaveBeenCalled();
    expect(followerProgress.map((p) => p.phase)).toEqual(['opening', 'waiting', 'ready']);
    expect(ownerProgress.some((p) => p.phase === 'moving')).toBe(true);
  });

  it('lets the waiting tab take over the move when the owner’s start-up fails, and keeps every sale', async () => {
    const world = origin();
    const { db, dexie } = await dexieCopy(20);
    const broken = { exists: () => Promise.resolve(true), open: () => { throw new Error('IndexedDB indisponível nesta aba'); } };
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = startLocalCopy({ tabs: world.tabDeps(), dexie: broken, askPersist: () => Promise.resolve(false) });
    const waiting = startLocalCopy({ tabs: world.tabDeps(), dexie, askPersist: () => Promise.resolve(false), pollMs: 60_000 });
    const firstResult = await failing;
    expect(firstResult).toMatchObject({ mode: 'failed', reason: 'error' });
    const second = local(await waiting);
    error.mockRestore();
    expect(second.role).toBe('owner');
    expect(second.moved).toMatchObject({ synced: { product: 20 }, outboxWritten: 4, dexieDeleted: true });
    expect(await dexieExists(db.name)).toBe(false);
    expect(await second.client.get('operation', 'venda-1')).toMatchObject({ situacao: 'Pendente' });
  });

  it('answers online-only with the issue’s message when the browser has no OPFS access handles', async () => {
    const world = origin({ unsupported: true });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const owner = await startLocalCopy({ tabs: world.tabDeps(), dexie: noDexie });
    const other = await startLocalCopy({ tabs: world.tabDeps(), dexie: noDexie });
    error.mockRestore();
    expect(owner).toEqual({ mode: 'online-only', message: OPFS_UNSUPPORTED_MESSAGE });
    expect(other).toEqual({ mode: 'online-only', message: 'Navegador não suportado para o modo offline.' });
  });

  it('gives the quota message when the disk is full, and leaves the Dexie copy with its sales', async () => {
    const world = origin({ quota: true });
    const { db, dexie } = await dexieCopy(10);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await startLocalCopy({ tabs: world.tabDeps(), dexie, askPersist: () => Promise.resolve(false) });
    error.mockRestore();
    expect(result).toMatchObject({ mode: 'failed', reason: 'quota', message: QUOTA_MESSAGE });
    const kept = openTestDatabase(db.name);
    expect(await kept.rows('operation').count()).toBe(2);
    expect(await kept.rows('product').count()).toBe(10);
    kept.close();
  });

  it('drops the copy of the server’s data on a version mismatch, once, keeping the device tables', async () => {
    const world = origin();
    const { dexie } = await dexieCopy(5);
    const storage = memoryStorage({ [CHECKED_VERSION_KEY]: '0.1.0.40' });
    const fetchVersion = vi.fn(() => Promise.resolve('0.2.0.41'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = local(await startLocalCopy({ tabs: world.tabDeps(), dexie, storage, fetchVersion, askPersist: () => Promise.resolve(false) }));
    warn.mockRestore();
    expect(first.dropped).toBe(true);
    expect(await first.client.count('product')).toBe(0);
    expect(await first.client.count('updater')).toBe(0);
    expect(await first.client.count('operation')).toBe(2);
    expect(await first.client.count('item')).toBe(1);
    expect(await first.client.count('payment')).toBe(1);
    expect(storage.getItem(CHECKED_VERSION_KEY)).toBe('0.2.0.41');
    // The copy reloaded under that version is kept at the next start.
    await first.client.bulkPut('product', [{ id_produto: 1, descricao: 'Recarregado' }]);
    await first.client.close();
    const again = local(await startLocalCopy({ tabs: world.tabDeps(), dexie: noDexie, storage, fetchVersion }));
    expect(again.dropped).toBe(false);
    expect(await again.client.count('product')).toBe(1);
  });

  it('keeps the copy when the version cannot be asked (offline)', async () => {
    const world = origin();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const result = local(
      await startLocalCopy({ tabs: world.tabDeps(), dexie: noDexie, storage: memoryStorage(), fetchVersion: () => Promise.reject(new TypeError('Failed to fetch')), askPersist: () => Promise.resolve(false) }),
    );
    warn.mockRestore();
    expect(result.dropped).toBeNull();
    expect(await result.client.meta(READY_MARK)).not.toBeNull();
  });

  it('does nothing new at a second start', async () => {
    const world = origin();
    const { dexie } = await dexieCopy(8);
    const askPersist = vi.fn(() => Promise.resolve(true));
    const storage = memoryStorage({ [CHECKED_VERSION_KEY]: '0.1.0.40' });
    const fetchVersion = () => Promise.resolve('0.1.0.40');
    let clock = Date.parse('2026-11-29T12:00:00Z');
    const now = () => new Date((clock += 1000));
    const first = local(await startLocalCopy({ tabs: world.tabDeps(), dexie, askPersist, storage, fetchVersion, now }));
    const mark = await first.client.meta(READY_MARK);
    const persisted = await first.client.meta(PERSIST_META);
    await first.client.close();

    const progress: StartProgress[] = [];
    const second = local(await startLocalCopy({ tabs: world.tabDeps(), dexie, askPersist, storage, fetchVersion, now, onProgress: (p) => progress.push(p) }));
    expect(second.role).toBe('owner');
    expect(second.moved).toBeNull();
    expect(second.dropped).toBe(false);
    expect(askPersist).toHaveBeenCalledTimes(1);
    expect(await second.client.meta(READY_MARK)).toBe(mark);
    expect(await second.client.meta(PERSIST_META)).toBe(persisted);
    expect(await second.client.count('product')).toBe(8);
    expect(await second.client.count('operation')).toBe(2);
    expect(progress.map((p) => p.phase)).toEqual(['opening', 'ready']);
  });
});
