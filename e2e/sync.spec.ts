/**
 * The local copy (000 §3.1, §7.1, §7.2): loaded after login, kept fresh by the socket, and enough to open the app
 * with the network off.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect, test,
  DEMO_PASSWORD,
  USERS,
  chooseBranch,
  localRows,
  mainMenu,
  settingsMenu,
  signIn,
  syncStatus,
  waitForLocalCopy,
  type Row,
} from './support.ts';

/** Looks a row up by its key or an index of a local table, as a search of the local copy does (the app's probe). */
async function localLookup(page: Page, table: string, index: string, value: unknown): Promise<Row | null> {
  return page.evaluate<Row | null>(`(async () => {
    const probe = window.__pdvLocalCopy;
    if (!probe) return null;
    const rows = await probe.where(${JSON.stringify(table)}, ${JSON.stringify(index)}, ${JSON.stringify(value)});
    return rows[0] ?? null;
  })()`);
}

function connection(page: Page, text: 'Online' | 'Offline') {
  return page.getByRole('status', { name: text, exact: true });
}

async function apiSession(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: USERS.gerente, senha: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return async (path: string, data: Row) => {
    const response = await request.post(`/api${path}`, { data, headers: { Authorization: `Bearer ${token}` } });
    expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  };
}

test.describe('local copy', () => {
  test('loads after login and follows a change made in another session within 2 s', async ({ page, request }, info) => {
    test.setTimeout(90_000);
    const started = Date.now();
    await signIn(page, USERS.gerente);
    await waitForLocalCopy(page);
    const firstLoadMs = Date.now() - started;
    info.annotations.push({ type: 'first load of the demo data (ms)', description: String(firstLoadMs) });
    console.log(`[sync] login + first load of the demo data: ${firstLoadMs} ms`);

    for (const table of ['branch', 'user', 'permission', 'product']) {
      expect((await localRows(page, table)).length, table).toBeGreaterThan(0);
    }
    await expect(connection(page, 'Online')).toBeVisible();

    const users = await localRows(page, 'user');
    const other = users.find((u) => u['email'] === USERS.filial2);
    expect(other, 'filial2 in the local copy').toBeDefined();
    const id_usuario = other?.['id_usuario'] as number;
    const situacao = async () => (await localLookup(page, 'user', 'id_usuario', id_usuario))?.['situacao'];
    expect(await situacao()).toBe('Ativo');

    const api = await apiSession(request);
    try {
      await api('/user/enable-disable', { id_usuario, situacao: 'Inativo' });
      const changed = Date.now();
      await expect.poll(situacao, { timeout: 2_000, intervals: [50] }).toBe('Inativo');
      console.log(`[sync] change seen in the local copy after ${Date.now() - changed} ms`);
    } finally {
      await api('/user/enable-disable', { id_usuario, situacao: 'Ativo' });
    }
    await expect.poll(situacao, { timeout: 2_000, intervals: [50] }).toBe('Ativo');
  });

  test('a product price changed through the API by another session reaches the local copy within 2 s', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, USERS.gerente);
    await chooseBranch(page, 'Loja Centro');
    await waitForLocalCopy(page);
    const grids = await localRows(page, 'grid');
    const product = grids.find((g) => Number(g['preco_venda']) > 0);
    expect(product, 'a priced variation in the local copy').toBeDefined();
    const id_produto = product?.['id_produto'] as number;
    const newPrice = Math.round((Number(product?.['preco_venda']) + 1.11) * 100) / 100;
    const login = await request.post('/api/auth/login', { data: { email: USERS.gerente, senha: DEMO_PASSWORD } });
    const { token } = (await login.json()) as { token: string };
    const priceOf = async () =>
      (await localRows(page, 'grid')).filter((g) => g['id_produto'] === id_produto).map((g) => Number(g['preco_venda']));
    const response = await request.put('/api/product/update', {
      data: { id_produto, preco_venda: newPrice },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.ok(), await response.text()).toBe(true);
    const changed = Date.now();
    await expect
      .poll(async () => (await priceOf()).every((p) => p === newPrice), { timeout: 2_000, intervals: [50] })
      .toBe(true);
    console.log(`[sync] price change seen in the local copy after ${Date.now() - changed} ms`);
  });

  test('opens offline from the service worker and the local copy, then reconnects', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, USERS.gerente);
    await waitForLocalCopy(page);
    // The app shell is precached once the service worker is active.
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    const product = (await localRows(page, 'product'))[0];
    expect(product?.['sku'], 'a product with a SKU in the local copy').toBeTruthy();

    await context.setOffline(true);
    await expect(connection(page, 'Offline')).toBeVisible();
    await page.reload();

    // The cached session and permissions: the home page and the permitted menus.
    await expect(page.getByRole('heading', { level: 1, name: 'Olá, Marina!' })).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: 'Ponto de venda' })).toBeVisible();
    await expect(settingsMenu(page).getByRole('link', { name: 'Usuários' })).toBeVisible();
    await expect(connection(page, 'Offline')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The local copy answers without the server.
    const found = await localLookup(page, 'product', 'sku', product?.['sku']);
    expect(found?.['descricao']).toBe(product?.['descricao']);
    expect((await localRows(page, 'barcode')).length).toBeGreaterThan(0);

    await context.setOffline(false);
    await expect(connection(page, 'Online')).toBeVisible({ timeout: 15_000 });

    // The socket is back: a change made elsewhere reaches this page again.
    const other = (await localRows(page, 'user')).find((u) => u['email'] === USERS.caixa);
    const id_usuario = other?.['id_usuario'] as number;
    const situacao = async () => (await localLookup(page, 'user', 'id_usuario', id_usuario))?.['situacao'];
    const api = await apiSession(request);
    try {
      await api('/user/enable-disable', { id_usuario, situacao: 'Inativo' });
      await expect.poll(situacao, { timeout: 2_000, intervals: [50] }).toBe('Inativo');
    } finally {
      await api('/user/enable-disable', { id_usuario, situacao: 'Ativo' });
    }
    await expect.poll(situacao, { timeout: 2_000, intervals: [50] }).toBe('Ativo');
  });

  test('syncs in one tab at a time while every tab reads the same local copy', async ({ page, context }) => {
    test.setTimeout(90_000);
    await signIn(page, USERS.gerente);
    await waitForLocalCopy(page);
    const second = await context.newPage();
    await second.goto('/');
    await expect(second.getByRole('heading', { level: 1, name: 'Olá, Marina!' })).toBeVisible();
    await expect(connection(second, 'Online')).toBeVisible();
    // The first tab holds the sync lock; the second waits in line for it.
    const locks = await second.evaluate<{ held: number; pending: number }>(`navigator.locks.query().then((state) => ({
      held: state.held.filter((lock) => lock.name === 'pdv-sync').length,
      pending: state.pending.filter((lock) => lock.name === 'pdv-sync').length,
    }))`);
    expect(locks).toEqual({ held: 1, pending: 1 });
    expect((await localRows(second, 'product')).length).toBe((await localRows(page, 'product')).length);

    // Closing the syncing tab hands the lock to the other one.
    await page.close();
    await expect
      .poll(() =>
        second.evaluate<number>(
          `navigator.locks.query().then((state) => state.held.filter((lock) => lock.name === 'pdv-sync').length)`,
        ),
      )
      .toBe(1);
    await expect
      .poll(() =>
        second.evaluate<number>(
          `navigator.locks.query().then((state) => state.pending.filter((lock) => lock.name === 'pdv-sync').length)`,
        ),
      )
      .toBe(0);
  });

  test('a branch switch reloads the branch-owned tables with the new branch’s rows', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, USERS.gerente);
    await chooseBranch(page, 'Loja Centro');
    await waitForLocalCopy(page);
    const branchIds = async (table: string) => [...new Set((await localRows(page, table)).map((r) => r['id_filial']))];
    const centro = await branchIds('stock_address');
    expect(centro).toHaveLength(1);
    try {
      await chooseBranch(page, 'Loja Shopping');
      await expect
        .poll(async () => {
          const ids = [
            ...(await branchIds('stock_address')),
            ...(await branchIds('config')),
            ...(await branchIds('stock')),
          ];
          return ids.length > 0 && ids.every((id) => id !== centro[0]);
        })
        .toBe(true);
      await waitForLocalCopy(page);
      expect(await branchIds('grid')).not.toContain(centro[0]);
    } finally {
      await chooseBranch(page, 'Loja Centro');
    }
    await expect.poll(() => branchIds('stock_address')).toEqual(centro);
  });

  test('logout removes the personal data of the local copy and keeps the catalogue', async ({ page }) => {
    await signIn(page, USERS.gerente);
    await waitForLocalCopy(page);
    expect((await localRows(page, 'people')).length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect
      .poll(async () => (await localRows(page, 'people')).length + (await localRows(page, 'checking_account')).length)
      .toBe(0);
    expect(await localRows(page, 'user')).toEqual([]);
    expect((await localRows(page, 'product')).length).toBeGreaterThan(0);
  });

  test.describe('progress', () => {
    // The service worker must not sit between the page and the slowed-down route below.
    test.use({ serviceWorkers: 'block' });

    test('the progress bar names the table being loaded and goes away at the end', async ({ page }) => {
      test.setTimeout(90_000);
      // A slow server, slower still for products, so that each step stays on screen long enough to be seen.
      await page.route('**/api/*/list-by-changes', async (route) => {
        const slow = route.request().url().endsWith('/api/product/list-by-changes');
        await new Promise((resolve) => setTimeout(resolve, slow ? 2_000 : 150));
        await route.continue();
      });
      await signIn(page, USERS.gerente);
      const progress = syncStatus(page);
      await expect(progress).toBeVisible();
      await expect(progress).toContainText(/Sincronizando .+\.\.\./);
      await expect(progress).toContainText(/tabela \d+ de \d+/);
      await expect(page.getByRole('status', { name: 'Sincronizando produtos...' })).toBeVisible({ timeout: 20_000 });
      await waitForLocalCopy(page);
      await expect(progress).toBeHidden();
      await expect(page.getByRole('status', { name: 'Online', exact: true })).toBeVisible();
    });
  });

  test.describe('storage', () => {
    test('asks the browser to keep the local copy (navigator.storage.persist)', async ({ page }) => {
      await page.addInitScript(`(() => {
        const persist = navigator.storage.persist.bind(navigator.storage);
        window.__persistCalls = 0;
        navigator.storage.persist = () => { window.__persistCalls += 1; return persist(); };
      })()`);
      await signIn(page, USERS.gerente);
      await expect.poll(() => page.evaluate<number>('window.__persistCalls')).toBeGreaterThan(0);
    });

    test.describe('full', () => {
      // Chromium serves a dedicated worker's script through the service worker once it is active (even to a page
      // it does not control yet), and page.route never sees such a request: the worker would run without the
      // refusal below and write the products. Without the service worker the route patches the worker's script
      // (the local copy's worker, localdb/worker.ts, built as assets/worker-*.js).
      test.use({ serviceWorkers: 'block' });

      test('a full storage is shown to the user in the warning modal, not swallowed', async ({ page }) => {
        // The local copy's worker (SQLite on OPFS) answers every write of products as it does when the origin's quota
        // is used up (host.ts: SQLITE_FULL or QuotaExceededError → kind 'quota'): its script gets this refusal put
        // first, before the worker's own message handler.
        const refuseProducts = `(() => {
          const add = self.addEventListener.bind(self);
          self.addEventListener = (type, listener, options) => {
            if (type !== 'message') return add(type, listener, options);
            return add(type, (event) => {
              const request = event.data;
              const products = request && request.op === 'call' && (
                (request.method === 'applyChangesAt' && request.args[0] && request.args[0].table === 'product') ||
                (request.method === 'applyChanges' && Array.isArray(request.args[0]) && request.args[0].some((c) => c.table === 'product' && c.rows && c.rows.length > 0)));
              if (products) {
                self.postMessage({ type: 'reply', id: request.id, ok: false, kind: 'quota', name: 'QuotaExceededError', message: 'The quota has been exceeded.' });
                return;
              }
              return listener(event);
            }, options);
          };
        })();`;
        let patchedWorkers = 0;
        await page.route(/\/assets\/worker-[^/]*\.js$/, async (route) => {
          patchedWorkers += 1;
          const response = await route.fetch();
          await route.fulfill({ response, body: `${refuseProducts}\n${await response.text()}` });
        });
        await signIn(page, USERS.gerente);
        // The refusal must really be in the worker's script; otherwise the worker writes the products and this test
        // would only say that no modal came.
        await expect.poll(() => patchedWorkers).toBeGreaterThan(0);
        const dialog = page.getByRole('dialog', { name: 'Aviso' });
        await expect(dialog).toContainText('O armazenamento do navegador está cheio', { timeout: 20_000 });
        // Enter goes to the focused OK button: the modal moves the focus there once it has opened.
        await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(dialog).toBeHidden();
        // The other tables still load; the products wait for the retry.
        await expect.poll(async () => (await localRows(page, 'user')).length, { timeout: 20_000 }).toBeGreaterThan(0);
        expect(await localRows(page, 'product')).toEqual([]);
      });
    });
  });
});
