import { afterEach, describe, expect, it } from 'vitest';
import { FakeSyncServer, syncedRow } from './fakeSyncServer.ts';
import { splitPageText } from './pageText.ts';
import { PositionMovedError, pullTable, type PageFetcher, type PullOptions } from './pullTable.ts';
import { STORE_KINDS, openHarness, type StoreHarness, type StoreKind } from './storeHarness.ts';
import { FIRST_LOAD_PAGE_SIZE, PAGE_PACING_MS, SYNC_TABLES, type SyncTable } from './tables.ts';

function table(localTable: string): SyncTable {
  const found = SYNC_TABLES.find((t) => t.localTable === localTable);
  if (!found) throw new Error(`sem grupo para ${localTable}`);
  return found;
}
const product = table('product');
const user = table('user');

const opened: StoreHarness[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

async function setup(kind: StoreKind, fetchPage?: PageFetcher) {
  const db = await openHarness(kind);
  opened.push(db);
  const server = new FakeSyncServer();
  const sleeps: number[] = [];
  const options: PullOptions = {
    store: db.store,
    fetchPage: fetchPage ?? server.fetcher(),
    owner: 'o1',
    signal: new AbortController().signal,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    now: () => 1_000,
  };
  return { db, server, sleeps, options };
}

const products = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) =>
    syncedRow('id_produto', from + i, { descricao: `Produto ${from + i}` }),
  );

describe.each(STORE_KINDS)('pullTable on %s', (kind) => {
  it('reads an empty table to the end in the largest pages, without pacing', async () => {
    const { db, server, sleeps, options } = await setup(kind);
    server.change(product, ...products(1, 12_000));
    const result = await pullTable(product, options);
    expect(result).toEqual({ pages: 3, received: 12_000, firstLoad: true, heldBack: false });
    expect(server.requests.map((r) => r.limit)).toEqual([
      FIRST_LOAD_PAGE_SIZE,
      FIRST_LOAD_PAGE_SIZE,
      FIRST_LOAD_PAGE_SIZE,
    ]);
    expect(sleeps).toEqual([]);
    expect(await db.count('product')).toBe(12_000);
    expect(await db.updater('product')).toMatchObject({
      date_change: '12000',
      offset: 12_000,
      loading: 0,
      is_loaded: 1,
      synced_at: 1_000,
      received: 12_000,
      owner: 'o1',
    });
  }, 30_000); // 12,000 rows through fake-indexeddb: seconds on a loaded 2-core machine

  it('asks for the next page of a first load while it writes the one received, and pages one at a time after', async () => {
    const server = new FakeSyncServer();
    const written: number[] = [];
    let pagesWritten = 0;
    const { options } = await setup(kind, (t, request, signal) => {
      written.push(pagesWritten);
      return server.fetcher()(t, request, signal);
    });
    const run = { ...options, onPage: () => (pagesWritten += 1) };
    server.change(product, ...products(1, 12_000));
    await pullTable(product, run);
    // The second page was asked for before the first was written, the third before the second was.
    expect(written).toEqual([0, 0, 1]);

    written.length = 0;
    pagesWritten = 0;
    server.change(product, ...products(1, 450));
    await pullTable(product, run);
    expect(written).toEqual([0, 1, 2]);
  }, 30_000);

  it('cancels the page asked for ahead when the page before it fails to store', async () => {
    const server = new FakeSyncServer();
    server.change(product, ...products(1, 12_000));
    const signals: AbortSignal[] = [];
    const { db, options } = await setup(kind, (t, request, signal) => {
      signals.push(signal);
      const page = server.list(t, request);
      // The first page carries a row the database refuses (an object is not a valid key).
      return Promise.resolve(
        signals.length === 1 ? { ...page, rows: [...page.rows, { id_produto: { invalido: true } }] } : page,
      );
    });
    await expect(pullTable(product, options)).rejects.toThrow();
    expect(signals).toHaveLength(2);
    expect(signals[1]?.aborted).toBe(true);
    expect(await db.count('product')).toBe(0);
    expect(await db.updater('product')).toMatchObject({ date_change: '', loading: 0 });
  }, 30_000);

  it('pages later changes from the stored position in the group size, 200 ms apart', async () => {
    const { db, server, sleeps, options } = await setup(kind);
    server.change(product, ...products(1, 10));
    await pullTable(product, options);
    server.requests.length = 0;
    server.change(product, ...products(5, 454).map((row) => ({ ...row, descricao: 'alterado' })));
    const result = await pullTable(product, options);
    expect(result).toEqual({ pages: 3, received: 450, firstLoad: false, heldBack: false });
    expect(server.requests.map((r) => [r.date_change, r.offset, r.limit])).toEqual([
      ['10', 10, product.pageSize],
      ['210', 204, product.pageSize],
      ['410', 404, product.pageSize],
    ]);
    expect(sleeps).toEqual([PAGE_PACING_MS, PAGE_PACING_MS]);
    const changed = (await db.all('product')).filter((r) => r['descricao'] === 'alterado').map((r) => r['id_produto']);
    expect(changed).toEqual(products(5, 454).map((r) => r['id_produto']));
    expect(await db.count('product')).toBe(454);
  });

  it('says when the server held committed rows back behind a running transaction', async () => {
    const { server, options } = await setup(kind);
    server.change(user, syncedRow('id_usuario', 1));
    server.heldBack.add('user');
    expect(await pullTable(user, options)).toMatchObject({ heldBack: true });
    server.heldBack.clear();
    expect(await pullTable(user, options)).toMatchObject({ heldBack: false });
  });

  it('deletes the rows that come back as tombstones', async () => {
    const { db, server, options } = await setup(kind);
    server.change(user, syncedRow('id_usuario', 1), syncedRow('id_usuario', 2), syncedRow('id_usuario', 3));
    await pullTable(user, options);
    server.change(user, syncedRow('id_usuario', 2, { data_exclusao: '2026-01-02T10:00:00.000Z' }));
    // A row created and deleted between two reads arrives as a tombstone only.
    server.change(user, syncedRow('id_usuario', 9, { data_exclusao: '2026-01-02T10:00:00.000Z' }));
    await pullTable(user, options);
    expect((await db.all('user')).map((r) => r['id_usuario'])).toEqual([1, 3]);
  });

  it('replaces a row sent again whole: a field the server stopped sending leaves the local copy', async () => {
    // The server re-sends the rows it stopped sending a secret of (cost prices, users' limits, the CSC: server
    // migration 017); the device must not keep the old value.
    const { db, server, options } = await setup(kind);
    server.change(product, syncedRow('id_produto', 1, { descricao: 'Camiseta', preco_custo: 15, preco_venda: 39.9 }));
    await pullTable(product, options);
    server.change(product, syncedRow('id_produto', 1, { descricao: 'Camiseta', preco_venda: 39.9 }));
    await pullTable(product, options);
    const stored = await db.get('product', 1);
    expect(stored).toMatchObject({ descricao: 'Camiseta', preco_venda: 39.9 });
    expect(Object.keys(stored ?? {})).not.toContain('preco_custo');
  });

  it('stores each page with its position: a failure keeps the pages before it and resumes after them', async () => {
    const server = new FakeSyncServer();
    server.change(product, ...products(1, 12_000));
    const inner = server.fetcher();
    let calls = 0;
    const { db, options } = await setup(kind, (t, request, signal) => {
      calls += 1;
      if (calls === 2) return Promise.reject(new Error('conexão perdida'));
      return inner(t, request, signal);
    });
    await expect(pullTable(product, options)).rejects.toThrow('conexão perdida');
    expect(await db.count('product')).toBe(FIRST_LOAD_PAGE_SIZE);
    expect(await db.updater('product')).toMatchObject({
      date_change: '5000',
      offset: 5000,
      loading: 0,
      is_loaded: 0,
    });

    const result = await pullTable(product, options);
    expect(result.pages).toBe(2);
    expect(server.requests.map((r) => r.date_change)).toEqual(['', '5000', '10000']);
    expect(await db.count('product')).toBe(12_000);
  }, 30_000); // 12,000 rows through fake-indexeddb: seconds on a loaded 2-core machine

  it('runs a first load of several pages in the store’s bulk mode: begun before the first page, ended before the last and after a failure', async () => {
    const server = new FakeSyncServer();
    server.change(product, ...products(1, 12_000));
    const inner = server.fetcher();
    let fail = true;
    const { db, options } = await setup(kind, (t, request, signal) => {
      if (fail && request.offset === 10_000) return Promise.reject(new Error('conexão perdida'));
      return inner(t, request, signal);
    });
    const calls: string[] = [];
    const store = db.store;
    // The calls in order: bulk mode (recorded on either store; the SQLite copy's own does the work) and the writes.
    options.store = {
      ...store,
      tables: () => store.tables(),
      position: (t) => store.position(t),
      positions: () => store.positions(),
      clearTables: (t) => store.clearTables(t),
      dropCopy: () => store.dropCopy(),
      first: (t, f, v) => store.first(t, f, v),
      async writeAt(t, expected, write, next) {
        calls.push(`write ${write.rows?.length ?? 0}`);
        return store.writeAt(t, expected, write, next);
      },
      async beginBulk(t) {
        calls.push(`begin ${t}`);
        await store.beginBulk?.(t);
      },
      async endBulk(t) {
        calls.push(`end ${t}`);
        await store.endBulk?.(t);
      },
    };
    await expect(pullTable(product, options)).rejects.toThrow('conexão perdida');
    // The run's start (position), two pages, then the failure: bulk mode ended, the stop written.
    expect(calls).toEqual(['write 0', 'begin product', 'write 5000', 'write 5000', 'write 0', 'end product']);
    calls.length = 0;
    fail = false;
    await pullTable(product, options);
    // Resumed: still a first load, but one page left (has_more false): no bulk mode for it.
    expect(calls).toEqual(['write 0', 'write 2000']);
    calls.length = 0;
    await db.patchUpdater('product', { is_loaded: 0, date_change: '', offset: 0 });
    server.change(product, ...products(12_001, 12_500));
    await pullTable(product, options);
    expect(calls).toEqual(['write 0', 'begin product', 'write 5000', 'write 5000', 'end product', 'write 2500']);
    expect(await db.count('product')).toBe(12_500);
  }, 30_000);

  it('writes pages whose rows come as the server’s JSON text, tombstones included, and counts them', async () => {
    const server = new FakeSyncServer();
    server.change(product, ...products(1, 7_000));
    server.change(product, { ...syncedRow('id_produto', 3, {}), data_exclusao: '2026-11-29T10:00:00Z' });
    const inner = server.fetcher();
    const received: number[] = [];
    const { db, options } = await setup(kind, async (t, request, signal) => {
      const page = await inner(t, request, signal);
      // As the server writes it, read by the SQLite copy's fetcher (runtime.ts fetchPageText).
      const text = `{"rows":${JSON.stringify(page.rows)},${JSON.stringify({ ...page, rows: undefined }).slice(1)}`;
      const split = splitPageText(text);
      if (!split) throw new Error('página fora do formato do servidor');
      return split;
    });
    options.onPage = (count) => received.push(count);
    const result = await pullTable(product, options);
    expect(result).toMatchObject({ pages: 2, received: 7_000, firstLoad: true });
    expect(received).toEqual([5_000, 7_000]);
    expect(await db.count('product')).toBe(6_999);
    expect(await db.get('product', 3)).toBeUndefined();
    expect(await db.get('product', 7_000)).toMatchObject({ descricao: 'Produto 7000' });
    expect(await db.updater('product')).toMatchObject({ received: 7_000, is_loaded: 1, loading: 0 });
  }, 30_000);

  it('writes nothing of a page that fails to store, rows and position alike', async () => {
    const server = new FakeSyncServer();
    server.change(product, ...products(1, 3));
    const { db, options } = await setup(kind, (t, request) => {
      const page = server.list(t, request);
      // A row the database refuses (an object is not a valid key) after two good ones.
      return Promise.resolve({
        ...page,
        rows: [...page.rows, { id_produto: { invalido: true }, data_exclusao: null }],
      });
    });
    await expect(pullTable(product, options)).rejects.toThrow();
    expect(await db.count('product')).toBe(0);
    expect(await db.updater('product')).toMatchObject({ date_change: '', offset: 0, loading: 0 });
  });

  it('drops a page when the position moved while it was in flight (never applied twice)', async () => {
    const server = new FakeSyncServer();
    server.change(user, syncedRow('id_usuario', 1));
    const { db, options } = await setup(kind, async (t, request) => {
      await db.patchUpdater('user', { date_change: '99', offset: 1 });
      return server.list(t, request);
    });
    await expect(pullTable(user, options)).rejects.toBeInstanceOf(PositionMovedError);
    expect(await db.count('user')).toBe(0);
  });

  it('empties a table holding another owner’s rows and reads it from the start', async () => {
    const { db, server, options } = await setup(kind);
    server.change(user, syncedRow('id_usuario', 1));
    await db.put('user', [syncedRow('id_usuario', 50)]);
    await db.putUpdater({ table: 'user', date_change: '40', offset: 50, loading: 0, is_loaded: 1, owner: 'o2' });
    await pullTable(user, options);
    expect(server.requests[0]).toMatchObject({ date_change: '', offset: 0 });
    expect((await db.all('user')).map((r) => r['id_usuario'])).toEqual([1]);
  });

  it('refuses a page that claims more rows without moving the position', async () => {
    const { options } = await setup(kind, () => Promise.resolve({ rows: [], date_change: '', offset: 0, has_more: true }));
    await expect(pullTable(user, options)).rejects.toThrow('não avançou');
  });
});
