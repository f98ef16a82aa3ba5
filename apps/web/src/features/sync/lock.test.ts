import { afterEach, describe, expect, it } from 'vitest';
import type { PdvDatabase } from '../../db/database.ts';
import { openTestDatabase } from '../../db/testing.ts';
import { SyncEngine } from './engine.ts';
import { FakeSyncServer, syncedRow } from './fakeSyncServer.ts';
import { holdLock } from './lock.ts';
import { dexieSyncStore } from './syncStore.ts';
import { SYNC_TABLES, type SyncTable } from './tables.ts';

/** navigator.locks for exclusive locks, as the tabs of one origin share it. */
class FakeLocks {
  private held = false;
  private readonly queue: Array<() => void> = [];

  async request(_name: string, options: { signal?: AbortSignal }, callback: () => Promise<unknown>): Promise<unknown> {
    if (this.held) {
      await new Promise<void>((resolve, reject) => {
        this.queue.push(resolve);
        options.signal?.addEventListener('abort', () => reject(options.signal?.reason as Error), { once: true });
      });
    }
    this.held = true;
    try {
      return await callback();
    } finally {
      this.held = false;
      this.queue.shift()?.();
    }
  }
}

const user = SYNC_TABLES.find((t) => t.localTable === 'user') as SyncTable;
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

async function until(condition: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condição não atingida');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const opened: PdvDatabase[] = [];
const engines: SyncEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const db of opened.splice(0)) await db.delete();
});

describe('holdLock', () => {
  it('gives the lock to the next in line only when the holder lets it go', async () => {
    const locks = new FakeLocks() as unknown as LockManager;
    const order: string[] = [];
    const first = holdLock(locks, 'pdv-sync', new AbortController().signal, () => order.push('first'));
    const second = holdLock(locks, 'pdv-sync', new AbortController().signal, () => order.push('second'));
    await until(() => order.length === 1);
    await tick();
    expect(order).toEqual(['first']);
    await first.release();
    await until(() => order.length === 2);
    expect(order).toEqual(['first', 'second']);
    await second.release();
  });
});

describe('SyncEngine in two tabs', () => {
  it('syncs in one tab at a time: the second engine waits for the first to stop', async () => {
    const locks = new FakeLocks() as unknown as LockManager;
    const db = openTestDatabase();
    opened.push(db);
    const server = new FakeSyncServer();
    server.change(user, syncedRow('id_usuario', 1));
    const make = (tab: string, reads: string[]) => {
      const engine = new SyncEngine({
        store: dexieSyncStore(db),
        fetchPage: (t, request, signal) => {
          reads.push(`${tab}:${t.name}`);
          return server.fetcher()(t, request, signal);
        },
        owner: () => ({ id_organization: 1, id_filial: 1, id_usuario: 1 }),
        offlinePos: () => Promise.resolve(false),
        tables: [user],
        locks,
        sleep: () => Promise.resolve(),
        setTimer: () => 0,
        clearTimer: () => undefined,
      });
      engines.push(engine);
      return engine;
    };
    const reads: string[] = [];
    const first = make('a', reads);
    const second = make('b', reads);
    first.start();
    await until(() => first.getStatus().leader && reads.length === 1 && !first.getStatus().running);
    second.start();
    second.pull(['user']);
    await tick();
    expect(reads).toEqual(['a:user']);
    expect(second.getStatus().leader).toBe(false);

    await first.stop();
    await until(() => reads.length === 2 && !second.getStatus().running);
    expect(second.getStatus().leader).toBe(true);
    expect(reads).toEqual(['a:user', 'b:user']);
    expect(await db.rows('user').count()).toBe(1);
  });
});
