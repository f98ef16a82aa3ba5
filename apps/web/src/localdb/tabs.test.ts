import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalDbClient } from './client.ts';
import { LocalEngine } from './engine.ts';
import { serve } from './host.ts';
import type { LocalDbMessage, LocalDbRequest } from './protocol.ts';
import { LocalDbUnsupportedError } from './support.ts';
import { openSharedLocalDb, type ChannelLike, type LockManagerLike, type TabEndpoint, type TabMessage, type TabRole, type WorkerLike } from './tabs.ts';
import { loadSqlite } from './testing.ts';

/** A BroadcastChannel between the tabs of one test: a message reaches every other open channel, later. */
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
    if (this.closed) return;
    for (const listener of [...this.listeners]) listener({ data: message } as MessageEvent<TabMessage>);
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

interface Waiter {
  tab: object;
  callback: (lock: unknown) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Web Locks of one origin: one exclusive lock, granted in the order asked; a closed tab's lock is released. */
class FakeLocks {
  private holder: Waiter | null = null;
  private readonly queue: Waiter[] = [];

  forTab(): LockManagerLike & { crash(): void } {
    const tab = {};
    return {
      request: (_name, options, callback) =>
        new Promise((resolve, reject) => {
          const waiter: Waiter = { tab, callback, resolve, reject };
          options.signal?.addEventListener('abort', () => {
            const at = this.queue.indexOf(waiter);
            if (at < 0) return;
            this.queue.splice(at, 1);
            reject(new DOMException('O pedido foi cancelado.', 'AbortError'));
          });
          this.queue.push(waiter);
          this.pump();
        }),
      crash: () => {
        for (let i = this.queue.length - 1; i >= 0; i -= 1) if (this.queue[i]?.tab === tab) this.queue.splice(i, 1);
        if (this.holder?.tab === tab) {
          this.holder = null;
          this.pump();
        }
      },
    };
  }

  private pump(): void {
    if (this.holder) return;
    const next = this.queue.shift();
    if (!next) return;
    this.holder = next;
    Promise.resolve()
      .then(() => next.callback({ name: 'lock' }))
      .then(next.resolve, next.reject)
      .finally(() => {
        if (this.holder !== next) return;
        this.holder = null;
        this.pump();
      });
  }
}

/**
 * The origin's private file system: one SQLite file (Emscripten's in-memory file system keeps it between
 * connections), which one worker at a time may hold (opfs-sahpool); a dead worker's hold ends a moment later.
 */
let files = 0;
function disk(unsupported = false) {
  const file = `/tabs-test-${++files}.sqlite3`;
  let held = false;
  let keepHeld = false;
  return {
    refused: 0,
    /** The WebAssembly memory the workers report (engine.ts RESTART_HEAP_BYTES). */
    heapBytes: 0,
    /** How long an open takes (ms). */
    openDelay: 0,
    /** Opens refused next (as when a worker that died still holds the file). */
    refuseNext: 0,
    /** A dead worker's hold lasts until release() (otherwise it ends a moment later). */
    holdAfterDeath() {
      keepHeld = true;
    },
    release() {
      keepHeld = false;
      held = false;
    },
    startWorker(): WorkerLike {
      const channel = new MessageChannel();
      let engine: LocalEngine | null = null;
      serve(channel.port2, async () => {
        if (unsupported) throw new LocalDbUnsupportedError('sem FileSystemSyncAccessHandle');
        if (this.openDelay > 0) await new Promise((resolve) => setTimeout(resolve, this.openDelay));
        if (held || this.refuseNext > 0) {
          this.refuseNext = Math.max(0, this.refuseNext - 1);
          this.refused += 1;
          throw new Error('Access handles are held by another context.');
        }
        const { oo1 } = await loadSqlite();
        held = true;
        // Closed on request, the worker lets go of the file at once (worker.ts pauses the VFS).
        engine = new LocalEngine(new oo1.DB(file, 'c'), undefined, { heapBytes: () => this.heapBytes, onClose: () => { if (!keepHeld) held = false; } });
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
          const open = engine;
          engine = null;
          if (!open) return;
          open.close();
          if (!keepHeld) {
            setTimeout(() => {
              held = false;
            }, 5);
          }
        },
      };
    },
  };
}

interface Tab {
  client: LocalDbClient;
  endpoint: TabEndpoint;
  roles: TabRole[];
  starts: () => number;
  /** The tab is killed: no goodbye, its lock released and its worker stopped by the browser. */
  crash(): void;
}

const tabs: Tab[] = [];
afterEach(async () => {
  for (const tab of tabs.splice(0)) await tab.client.close().catch(() => undefined);
});

function world(unsupported = false) {
  const hub = new Hub();
  const locks = new FakeLocks();
  const storage = disk(unsupported);
  return {
    storage,
    restarts: 0,
    tab(name: string): Tab {
      const lock = locks.forTab();
      const channel = new FakeChannel(hub);
      const roles: TabRole[] = [];
      let starts = 0;
      let worker: WorkerLike | null = null;
      const { client, endpoint } = openSharedLocalDb({
        locks: lock,
        channel,
        tabId: name,
        startWorker: () => {
          starts += 1;
          worker = storage.startWorker();
          return worker;
        },
        retryDelay: () => 10,
        onRoleChange: (role) => roles.push(role),
        idleBeforeRestart: 20,
        onRestart: () => {
          this.restarts += 1;
        },
      });
      const tab: Tab = {
        client,
        endpoint,
        roles,
        starts: () => starts,
        crash: () => {
          channel.close();
          lock.crash();
          worker?.terminate();
        },
      };
      tabs.push(tab);
      return tab;
    },
  };
}

const product = (id: number, descricao: string) => ({ id_produto: id, descricao, sku: `P-${id}`, situacao: 'Ativo', data_exclusao: null });

describe('one owner tab', () => {
  it('opens the database in the first tab only; another tab’s calls and live updates go through it', async () => {
    const w = world();
    const t1 = w.tab('t1');
    await t1.client.open();
    await vi.waitFor(() => expect(t1.endpoint.role).toBe('owner'));
    const t2 = w.tab('t2');
    await t2.client.open();
    expect(t2.endpoint.role).toBe('follower');

    const heard1: string[][] = [];
    const heard2: string[][] = [];
    t1.client.subscribe(['product'], (tables) => heard1.push([...tables]));
    t2.client.subscribe(['product'], (tables) => heard2.push([...tables]));
    expect(await t2.client.bulkPut('product', [product(1, 'Calça Jeans')])).toBe(1);
    expect(await t1.client.get('product', 1)).toMatchObject({ descricao: 'Calça Jeans' });
    await t1.client.bulkPut('product', [product(2, 'Camisa Polo')]);
    expect((await t2.client.all('product')).map((p) => p['descricao'])).toEqual(['Calça Jeans', 'Camisa Polo']);
    await vi.waitFor(() => expect(heard2).toEqual([['product'], ['product']]));
    expect(heard1).toEqual([['product'], ['product']]);

    const seen: number[] = [];
    const stop = t2.client.live(['product'], (db) => db.count('product'), (value) => seen.push(value));
    await vi.waitFor(() => expect(seen).toEqual([2]));
    await t1.client.bulkPut('product', [product(3, 'Boné')]);
    await vi.waitFor(() => expect(seen).toEqual([2, 3]));
    stop();

    expect(t1.starts()).toBe(1);
    expect(t2.starts()).toBe(0);
  });

  it('when the owner tab closes, the next takes over with the copy as it was, and a newer tab follows it', async () => {
    const w = world();
    const t1 = w.tab('t1');
    await t1.client.open();
    const t2 = w.tab('t2');
    await t2.client.open();
    await t2.client.bulkPut('product', [product(1, 'Calça Jeans')]);

    w.storage.holdAfterDeath();
    await t1.client.close();
    // The first tab's worker still holds the file: the new owner is refused, and opens again until it can.
    await vi.waitFor(() => expect(w.storage.refused).toBeGreaterThanOrEqual(1));
    expect(t2.endpoint.role).toBe('opening');
    w.storage.release();
    await vi.waitFor(() => expect(t2.endpoint.role).toBe('owner'));
    expect(t2.starts()).toBe(w.storage.refused + 1);
    // ('waiting' in between when the first tab's goodbye came before the lock.)
    expect(t2.roles[0]).toBe('follower');
    expect(t2.roles.slice(-2)).toEqual(['opening', 'owner']);
    expect(await t2.client.get('product', 1)).toMatchObject({ descricao: 'Calça Jeans' });

    const t3 = w.tab('t3');
    await t3.client.open();
    expect(t3.endpoint.role).toBe('follower');
    const heard: string[][] = [];
    t2.client.subscribe(['stock'], (tables) => heard.push([...tables]));
    await t3.client.bulkPut('stock', [{ id_estoque: 5, id_endereco_estoque: 1, id_produto_grade_filial: 9, quantidade: '2.000' }]);
    expect(await t3.client.count('product')).toBe(1);
    await vi.waitFor(() => expect(heard).toEqual([['stock']]));
  });

  it('a call in flight when the owner tab crashes is answered by the next owner', async () => {
    const w = world();
    const t1 = w.tab('t1');
    await t1.client.open();
    const t2 = w.tab('t2');
    await t2.client.open();
    const t3 = w.tab('t3');
    await t3.client.open();
    await t3.client.bulkPut('product', [product(1, 'Calça Jeans')]);

    t1.crash();
    // Sent to the dead tab: no one answers until the next owner announces itself.
    const put = t3.client.bulkPut('product', [product(2, 'Camisa Polo')]);
    const count = t2.client.count('product');
    expect(await put).toBe(1);
    expect(await count).toBeGreaterThanOrEqual(1);
    expect(t2.endpoint.role).toBe('owner');
    expect(t3.endpoint.role).toBe('follower');
    expect((await t3.client.all('product')).map((p) => p['id_produto'])).toEqual([1, 2]);
    expect(t3.starts()).toBe(0);
  });

  it('a tab that leaves while waiting never opens the database', async () => {
    const w = world();
    const t1 = w.tab('t1');
    await t1.client.open();
    const t2 = w.tab('t2');
    await t2.client.open();
    await t2.client.close();
    const t3 = w.tab('t3');
    await t3.client.open();
    await t1.client.close();
    await vi.waitFor(() => expect(t3.endpoint.role).toBe('owner'));
    expect(t2.starts()).toBe(0);
    expect(await t3.client.count('product')).toBe(0);
  });

  it('a worker grown by a bulk load is restarted once idle; the calls made meanwhile by every tab wait and are answered', async () => {
    const w = world();
    const t1 = w.tab('t1');
    await t1.client.open();
    const t2 = w.tab('t2');
    await t2.client.open();
    const heard: string[][] = [];
    t2.client.subscribe(['product'], (tables) => heard.push([...tables]));
    // A load that left the memory small asks for nothing.
    await t2.client.beginLoad(['product']);
    await t2.client.bulkPut('product', [product(1, 'Calça Jeans')]);
    await t2.client.endLoad(['product']);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(t1.starts()).toBe(1);

    w.storage.heapBytes = 300 * 1024 * 1024;
    w.storage.openDelay = 150;
    // The first open of the new worker is refused: the calls made meanwhile wait for the one that opens.
    w.storage.refuseNext = 1;
    await t2.client.beginLoad(['product']);
    await t2.client.bulkPut('product', [product(2, 'Camisa Polo')]);
    await t2.client.endLoad(['product']);
    // Once idle, the owner starts a new worker; the calls made while it opens wait for it.
    await vi.waitFor(() => expect(t1.starts()).toBe(2), { interval: 5 });
    await vi.waitFor(() => expect(w.storage.refused).toBe(1), { interval: 5 });
    expect(w.restarts).toBe(0);
    const heardBefore = heard.length;
    const fromOwner = t1.client.count('product');
    const fromFollower = t2.client.bulkPut('product', [product(3, 'Boné')]);
    expect(await fromOwner).toBe(2);
    expect(await fromFollower).toBe(1);
    expect(w.restarts).toBe(1);
    expect(t1.starts()).toBe(3);
    expect((await t1.client.all('product')).map((p) => p['descricao'])).toEqual(['Calça Jeans', 'Camisa Polo', 'Boné']);
    // The new worker tells every tab of its writes, as the first did.
    await vi.waitFor(() => expect(heard.length).toBe(heardBefore + 1));
    expect(t1.endpoint.role).toBe('owner');
    expect(t2.endpoint.role).toBe('follower');
    expect(t2.starts()).toBe(0);
  });

  it('without OPFS every tab is told so, and the owner does not try again', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const w = world(true);
    const t1 = w.tab('t1');
    await expect(t1.client.open()).rejects.toBeInstanceOf(LocalDbUnsupportedError);
    const t2 = w.tab('t2');
    await expect(t2.client.open()).rejects.toBeInstanceOf(LocalDbUnsupportedError);
    expect(t1.starts()).toBe(1);
    errors.mockRestore();
  });
});
