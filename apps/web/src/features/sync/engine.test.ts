import { afterEach, describe, expect, it } from 'vitest';
import { SyncEngine, type SyncEngineOptions } from './engine.ts';
import { FakeSyncServer, syncedRow } from './fakeSyncServer.ts';
import { STORE_KINDS, openHarness, type StoreHarness, type StoreKind } from './storeHarness.ts';
import { FRESHNESS_MS, HELD_BACK_RETRY_MS, RETRY_MS, SYNC_TABLES, type SyncOwner, type SyncTable } from './tables.ts';

const OWNER: SyncOwner = { id_organization: 1, id_filial: 1, id_usuario: 1 };
const byTable = (localTable: string): SyncTable => {
  const found = SYNC_TABLES.find((t) => t.localTable === localTable);
  if (!found) throw new Error(localTable);
  return found;
};
const user = byTable('user');
const branch = byTable('branch');
const product = byTable('product');

/** Timers the test fires by hand, and a clock it moves. */
class ManualTime {
  now = 1_000_000;
  private next = 1;
  readonly timers = new Map<number, { run: () => void; ms: number }>();
  setTimer = (run: () => void, ms: number) => {
    const id = this.next++;
    this.timers.set(id, { run, ms });
    return id;
  };
  clearTimer = (id: unknown) => {
    this.timers.delete(id as number);
  };
  delays(): number[] {
    return [...this.timers.values()].map((t) => t.ms);
  }
  fire(): void {
    const pending = [...this.timers.values()];
    this.timers.clear();
    for (const t of pending) t.run();
  }
}

const opened: StoreHarness[] = [];
const engines: SyncEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const db of opened.splice(0)) await db.close();
});

function engineOptions(db: StoreHarness, server: FakeSyncServer, time: ManualTime): SyncEngineOptions {
  return {
    store: db.store,
    fetchPage: server.fetcher(),
    owner: () => OWNER,
    offlinePos: () => Promise.resolve(false),
    tables: [user, branch, product],
    locks: null,
    now: () => time.now,
    sleep: () => Promise.resolve(),
    setTimer: time.setTimer,
    clearTimer: time.clearTimer,
  };
}

async function setup(kind: StoreKind, overrides: Partial<SyncEngineOptions> = {}) {
  const db = await openHarness(kind);
  opened.push(db);
  const server = new FakeSyncServer();
  const time = new ManualTime();
  const engine = new SyncEngine({ ...engineOptions(db, server, time), ...overrides });
  engines.push(engine);
  return { db, server, time, engine };
}

/** Resolves when the engine finishes the pass it is in (or the next one). */
function passEnd(engine: SyncEngine): Promise<void> {
  return new Promise((resolve) => {
    let seenRunning = engine.getStatus().running;
    const stop = engine.subscribe(() => {
      const { running } = engine.getStatus();
      if (running) seenRunning = true;
      else if (seenRunning) {
        stop();
        resolve();
      }
    });
  });
}

async function until(condition: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condição não atingida');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.each(STORE_KINDS)('SyncEngine on %s', (kind) => {
  it('reads every due table, then comes back when the oldest falls out of the 10 minutes', async () => {
    const { db, server, time, engine } = await setup(kind);
    server.change(user, syncedRow('id_usuario', 1));
    server.change(branch, syncedRow('id_filial', 1));
    const done = passEnd(engine);
    engine.start();
    await done;
    expect(await db.count('user')).toBe(1);
    expect(await db.count('branch')).toBe(1);
    expect(time.delays()).toEqual([FRESHNESS_MS]);

    // Five minutes later a pass has nothing due; at ten minutes both tables are read again.
    time.now += FRESHNESS_MS / 2;
    server.requests.length = 0;
    let end = passEnd(engine);
    engine.kick();
    await end;
    expect(server.requests).toEqual([]);
    expect(time.delays()).toEqual([FRESHNESS_MS / 2]);
    time.now += FRESHNESS_MS / 2;
    end = passEnd(engine);
    time.fire();
    await end;
    expect(server.requests.map((r) => r.table)).toEqual(['user', 'branch']);
  });

  it('retries a failed table after 10 s and keeps the others going', async () => {
    const { db, server, time, engine } = await setup(kind);
    server.change(user, syncedRow('id_usuario', 1));
    server.change(branch, syncedRow('id_filial', 1));
    server.failures.set('user', new Error('Erro 503 ao comunicar com o servidor.'));
    let end = passEnd(engine);
    engine.start();
    await end;
    expect(engine.getStatus()).toMatchObject({ failed: ['user'], error: expect.stringContaining('503') as unknown });
    expect(await db.count('branch')).toBe(1);
    expect(time.delays()).toEqual([RETRY_MS]);

    server.failures.clear();
    server.requests.length = 0;
    end = passEnd(engine);
    time.fire();
    await end;
    expect(server.requests.map((r) => r.table)).toEqual(['user']);
    expect(await db.count('user')).toBe(1);
    expect(engine.getStatus()).toMatchObject({ failed: [], error: null });
    expect(time.delays()).toEqual([FRESHNESS_MS]);
  });

  it('reads a table again after about a second when the server held rows back', async () => {
    const { server, time, engine } = await setup(kind);
    server.heldBack.add('user');
    let end = passEnd(engine);
    engine.start();
    await end;
    expect(time.delays()).toEqual([HELD_BACK_RETRY_MS]);
    server.heldBack.clear();
    server.requests.length = 0;
    end = passEnd(engine);
    time.fire();
    await end;
    expect(server.requests.map((r) => r.table)).toEqual(['user']);
    expect(time.delays()).toEqual([FRESHNESS_MS]);
  });

  it('stops the pass at the first table the server cannot be reached for, and retries them all', async () => {
    const { server, time, engine } = await setup(kind, { isUnreachable: (error) => (error as Error).message === 'sem rede' });
    server.failures.set('user', new Error('sem rede'));
    const end = passEnd(engine);
    engine.start();
    await end;
    expect(server.requests.map((r) => r.table)).toEqual(['user']);
    expect(engine.getStatus().failed).toEqual(['user', 'branch', 'product']);
    expect(time.delays()).toEqual([RETRY_MS]);
  });

  it('reads several tables at once when asked, the branch configuration alone first', async () => {
    const config = byTable('config');
    const tables = [config, user, branch, product, byTable('category'), byTable('brand')];
    const server = new FakeSyncServer();
    for (const table of tables) server.change(table, syncedRow(table.key, 1));
    // Each answer waits (a while at most) until three reads are in flight: they are only if run at once.
    const inFlight: string[] = [];
    let widest = 0;
    const fetcher = server.fetcher();
    const { db, time, engine } = await setup(kind, {
      tables,
      parallel: 3,
      offlinePos: () => Promise.resolve(true),
      fetchPage: async (table, request, signal) => {
        inFlight.push(table.name);
        widest = Math.max(widest, inFlight.length);
        const deadline = Date.now() + 300;
        while (widest < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight.splice(inFlight.indexOf(table.name), 1);
        return fetcher(table, request, signal);
      },
    });
    const shown: Array<string | null> = [];
    engine.subscribe(() => shown.push(engine.getStatus().table));
    const end = passEnd(engine);
    engine.start();
    await end;
    expect(server.requests[0]?.table).toBe('branch-config');
    expect(widest).toBe(3);
    for (const table of tables) expect(await db.count(table.localTable)).toBe(1);
    expect(engine.getStatus()).toMatchObject({ running: false, done: tables.length, total: tables.length, failed: [] });
    expect(shown).toContain('config');
    expect(time.delays()).toEqual([FRESHNESS_MS]);
  });

  it('reading at once, stops starting tables when the server cannot be reached and retries them all', async () => {
    const tables = [user, branch, product, byTable('category'), byTable('brand')];
    const { server, time, engine } = await setup(kind, {
      tables,
      parallel: 2,
      isUnreachable: (error) => (error as Error).message === 'sem rede',
    });
    server.failures.set('user', new Error('sem rede'));
    const end = passEnd(engine);
    engine.start();
    await end;
    // The read started beside the failed one ends; no other starts.
    expect(server.requests.map((r) => r.table).sort()).toEqual(['branch', 'user']);
    expect([...engine.getStatus().failed].sort()).toEqual(['brand', 'category', 'product', 'user']);
    expect(time.delays()).toEqual([RETRY_MS]);
  });

  it('reads a table again when its event arrives while that table is being read', async () => {
    const server = new FakeSyncServer();
    const inner = server.fetcher();
    let engineRef: SyncEngine | null = null;
    let userReads = 0;
    const { engine } = await setup(kind, {
      fetchPage: (t, request, signal) => {
        if (t.name === 'user') {
          userReads += 1;
          // The event of a change committed while the first read of the table is in flight.
          if (userReads === 2) {
            server.change(user, syncedRow('id_usuario', 2));
            engineRef?.pull(['user']);
          }
        }
        return inner(t, request, signal);
      },
    });
    engineRef = engine;
    const end = passEnd(engine);
    engine.start();
    await end;
    server.requests.length = 0;
    engine.pull(['user']);
    await until(() => server.requests.filter((r) => r.table === 'user').length === 2 && !engine.getStatus().running);
    const positions = server.requests.map((r) => [r.table, r.date_change]);
    expect(positions).toEqual([
      ['user', '0'],
      ['user', '1'],
    ]);
  });

  it('syncs stock, people, product, grid and barcode only at an offline point of sale', async () => {
    let offline = false;
    const { db, server, engine } = await setup(kind, { offlinePos: () => Promise.resolve(offline) });
    server.change(product, syncedRow('id_produto', 1));
    let end = passEnd(engine);
    engine.start();
    await end;
    expect(server.requests.map((r) => r.table)).not.toContain('product');
    offline = true;
    end = passEnd(engine);
    engine.pull(['product']);
    await end;
    expect(await db.count('product')).toBe(1);
    // The flag off again: the copy is dropped (those tables are queried online).
    offline = false;
    end = passEnd(engine);
    engine.pull(['product']);
    await end;
    expect(await db.count('product')).toBe(0);
    expect(await db.updater('product')).toBeUndefined();
  });

  it('runs the version check once before the first pass', async () => {
    const calls: string[] = [];
    const { server, engine } = await setup(kind, {
      prepare: () => {
        calls.push('prepare');
        return Promise.resolve();
      },
      fetchPage: (t, r, s) => {
        calls.push(t.name);
        return new FakeSyncServer().fetcher()(t, r, s);
      },
    });
    void server;
    let end = passEnd(engine);
    engine.start();
    await end;
    end = passEnd(engine);
    engine.pull(['user']);
    await end;
    // product is not read: no offline point-of-sale flag.
    expect(calls).toEqual(['prepare', 'user', 'branch', 'user']);
  });

  it('checks the version again on the next pass when the server could not be reached', async () => {
    let attempts = 0;
    const { engine } = await setup(kind, {
      prepare: () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new Error('sem rede')) : Promise.resolve();
      },
    });
    let end = passEnd(engine);
    engine.start();
    await end;
    end = passEnd(engine);
    engine.pull(['user']);
    await end;
    end = passEnd(engine);
    engine.pull(['user']);
    await end;
    expect(attempts).toBe(2);
  });

  describe('asking which tables changed (sync/changed) before reading', () => {
    async function withQuestions(overrides: Partial<SyncEngineOptions> = {}) {
      const server = new FakeSyncServer();
      const context = await setup(kind, { fetchPage: server.fetcher(), fetchChanged: server.changedFetcher(), ...overrides });
      return { ...context, server };
    }

    it('reads a first load without asking, then after a reconnection reads only the table that changed', async () => {
      const { db, server, time, engine } = await withQuestions();
      server.change(user, syncedRow('id_usuario', 1));
      server.change(branch, syncedRow('id_filial', 1));
      let end = passEnd(engine);
      engine.start();
      await end;
      expect(server.questions).toEqual([]);
      expect(server.requests.map((r) => r.table)).toEqual(['user', 'branch']);

      time.now += 60_000;
      server.requests.length = 0;
      server.change(branch, syncedRow('id_filial', 1, { apelido: 'Centro' }));
      end = passEnd(engine);
      engine.pullAll();
      await end;
      expect(server.questions).toEqual([['user', 'branch']]);
      expect(server.requests.map((r) => r.table)).toEqual(['branch']);
      expect((await db.get('branch', 1))?.['apelido']).toBe('Centro');
      // The unchanged table is fresh as of the answer: the next pass falls due 10 minutes from now for both.
      expect((await db.updater('user'))?.synced_at).toBe(time.now);
      expect(time.delays()).toEqual([FRESHNESS_MS]);
      // product (never loaded: not asked about) counts too; without the offline flag it is not read.
      expect(engine.getStatus()).toMatchObject({ running: false, done: 3, total: 3, failed: [] });
    });

    it('makes the 10-minute re-sync one question when nothing changed', async () => {
      const { server, time, engine } = await withQuestions();
      server.change(user, syncedRow('id_usuario', 1));
      let end = passEnd(engine);
      engine.start();
      await end;
      time.now += FRESHNESS_MS;
      server.requests.length = 0;
      end = passEnd(engine);
      time.fire();
      await end;
      expect(server.questions).toEqual([['user', 'branch']]);
      expect(server.requests).toEqual([]);
      expect(time.delays()).toEqual([FRESHNESS_MS]);
    });

    it('asks about the branch configuration with the others and reads it first only when it changed', async () => {
      const config = byTable('config');
      const { server, time, engine } = await withQuestions({ tables: [config, user, branch] });
      server.change(config, syncedRow('id_filial_configuracao', 1));
      server.change(user, syncedRow('id_usuario', 1));
      let end = passEnd(engine);
      engine.start();
      await end;
      expect(server.requests.map((r) => r.table)).toEqual(['branch-config', 'user', 'branch']);
      server.requests.length = 0;
      server.change(user, syncedRow('id_usuario', 2));
      time.now += FRESHNESS_MS;
      end = passEnd(engine);
      time.fire();
      await end;
      expect(server.questions).toEqual([['branch-config', 'user', 'branch']]);
      expect(server.requests.map((r) => r.table)).toEqual(['user']);
      server.requests.length = 0;
      server.change(config, syncedRow('id_filial_configuracao', 1, { is_pdv_offline: true }));
      server.change(branch, syncedRow('id_filial', 1));
      end = passEnd(engine);
      engine.pullAll();
      await end;
      expect(server.requests.map((r) => r.table)).toEqual(['branch-config', 'branch']);
    });

    it('reads a table announced by an event without asking', async () => {
      const { server, engine } = await withQuestions();
      let end = passEnd(engine);
      engine.start();
      await end;
      server.requests.length = 0;
      server.change(user, syncedRow('id_usuario', 7));
      end = passEnd(engine);
      engine.pull(['user']);
      await end;
      expect(server.questions).toEqual([]);
      expect(server.requests.map((r) => r.table)).toEqual(['user']);
    });

    it('reads every due table when the question fails', async () => {
      const { server, time, engine } = await withQuestions();
      let end = passEnd(engine);
      engine.start();
      await end;
      server.requests.length = 0;
      server.changedFailure = new Error('Erro 404 ao comunicar com o servidor.');
      time.now += FRESHNESS_MS;
      end = passEnd(engine);
      time.fire();
      await end;
      expect(server.questions).toHaveLength(1);
      expect(server.requests.map((r) => r.table)).toEqual(['user', 'branch']);
      expect(engine.getStatus().failed).toEqual([]);
    });

    it('after the server could not be reached, asks about the loaded tables and reads only the changed ones', async () => {
      const { server, time, engine } = await withQuestions({ isUnreachable: (error) => (error as Error).message === 'sem rede' });
      let end = passEnd(engine);
      engine.start();
      await end;
      server.changedFailure = new Error('sem rede');
      server.failures.set('user', new Error('sem rede'));
      time.now += FRESHNESS_MS;
      end = passEnd(engine);
      time.fire();
      await end;
      expect(engine.getStatus().failed).toEqual(['user', 'branch', 'product']);
      expect(time.delays()).toEqual([RETRY_MS]);

      server.changedFailure = null;
      server.failures.clear();
      server.questions.length = 0;
      server.requests.length = 0;
      server.change(user, syncedRow('id_usuario', 3));
      time.now += RETRY_MS;
      end = passEnd(engine);
      time.fire();
      await end;
      expect(server.questions).toEqual([['user', 'branch']]);
      expect(server.requests.map((r) => r.table)).toEqual(['user']);
      expect(engine.getStatus().failed).toEqual([]);
    });

    it('asks again about a table whose rows were held back, and reads it while they are', async () => {
      const { server, time, engine } = await withQuestions();
      let end = passEnd(engine);
      engine.start();
      await end;
      server.heldBack.add('user');
      server.requests.length = 0;
      end = passEnd(engine);
      engine.pullAll();
      await end;
      expect(server.requests.map((r) => r.table)).toEqual(['user']);
      expect(time.delays()).toEqual([HELD_BACK_RETRY_MS]);
      server.heldBack.clear();
      server.requests.length = 0;
      server.questions.length = 0;
      end = passEnd(engine);
      time.fire();
      await end;
      expect(server.questions).toEqual([['user']]);
      expect(server.requests).toEqual([]);
    });

    it('drops the copy of the offline point-of-sale tables once the flag is off, though they did not change', async () => {
      let offline = true;
      const { db, server, time, engine } = await withQuestions({ offlinePos: () => Promise.resolve(offline) });
      server.change(product, syncedRow('id_produto', 1));
      let end = passEnd(engine);
      engine.start();
      await end;
      expect(await db.count('product')).toBe(1);
      offline = false;
      time.now += FRESHNESS_MS;
      end = passEnd(engine);
      time.fire();
      await end;
      expect(server.questions).toEqual([['user', 'branch', 'product']]);
      expect(await db.count('product')).toBe(0);
      expect(await db.updater('product')).toBeUndefined();
    });
  });

  it('reports a full storage (never swallowed) and keeps the position of the failed page', async () => {
    const errors: unknown[] = [];
    const { db, server, time, engine } = await setup(kind, { onError: (error) => errors.push(error) });
    server.change(user, syncedRow('id_usuario', 1));
    // The store's answer to a write beyond the disk's room.
    db.fillDisk('user');
    const end = passEnd(engine);
    engine.start();
    await end;
    expect(engine.getStatus()).toMatchObject({ quotaExceeded: true, failed: ['user'] });
    expect(errors).toHaveLength(1);
    expect(await db.updater('user')).toMatchObject({ date_change: '', loading: 0 });
    expect(time.delays()).toEqual([RETRY_MS]);
  });
});
