/**
 * Issue 3's restart scenario with a server of its own: log in, wait for the local copy; stop the server, reload the
 * page with the network off and find a product in the local copy from the point-of-sale search; start the server
 * again and see the socket reconnect (the header goes back to "Online") and a change arrive without a reload.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, DEMO_PASSWORD, USERS, localRows, waitForLocalCopy } from './support.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG: 'off', JWT_SECRET: 'restart-e2e-secret-with-more-than-32-chars', DATABASE_URL: '', NODE_ENV: '' },
    stdio: 'ignore',
  });
  const end = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    if (Date.now() > end || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

test('survives a server restart: offline search from the local copy, then the socket reconnects by itself', async ({ page, context }) => {
  test.setTimeout(300_000);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pdv-restart-'));
  const base = `http://127.0.0.1:${port}`;
  let server = await startServer(port, dataDir);
  try {
    await page.goto(`${base}/login`);
    await page.getByLabel('E-mail').fill(USERS.gerente);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Olá, / })).toBeVisible();
    await waitForLocalCopy(page);
    const grid = (await localRows(page, 'grid')).find((g) => typeof g['sku'] === 'string' && Number(g['preco_venda']) > 0);
    expect(grid, 'a variation with a SKU in the local copy').toBeDefined();
    const sku = String(grid?.['sku']);

    // Server down, network off: the app opens from the service worker and finds the product locally.
    await stopServer(server);
    await context.setOffline(true);
    await page.goto(`${base}/checkout`);
    await expect(page.getByRole('status', { name: 'Offline', exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Pesquisar produto' }).fill(sku);
    await expect(page.getByText(sku).first()).toBeVisible();

    // Network back and server up again on the same port: the socket reconnects without a reload.
    await context.setOffline(false);
    server = await startServer(port, dataDir);
    await expect(page.getByRole('status', { name: 'Online', exact: true })).toBeVisible({ timeout: 30_000 });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: USERS.gerente, senha: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const newPrice = Math.round((Number(grid?.['preco_venda']) + 2.22) * 100) / 100;
    const update = await fetch(`${base}/api/product/update`, {
      method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id_produto: grid?.['id_produto'], preco_venda: newPrice }),
    });
    expect(update.status).toBe(200);
    await expect
      .poll(async () => (await localRows(page, 'grid')).find((g) => g['id_produto_grade'] === grid?.['id_produto_grade'])?.['preco_venda'], {
        timeout: 10_000,
      })
      .toBe(newPrice);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
