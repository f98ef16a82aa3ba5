/**
 * The local copy in SQLite with two tabs (issue 21): one tab owns the database's worker, the other reads and writes
 * through it; both sell; when the owner closes, the other tab takes the copy over and keeps selling, and every sale
 * reaches the server once.
 */
import { finish, operations, pay, scan, sellables } from './checkout-steps.ts';
import { expect, goByMenu, localRows, localStore, signIn, test, USERS, waitForLocalCopy } from './support.ts';

const SUCCESS = 'Operação concluída com sucesso.';

async function sellOne(page: import('@playwright/test').Page, barcode: string): Promise<void> {
  const lines = page.getByRole('table', { name: 'Itens da venda' }).getByRole('row');
  // An empty sale shows no table.
  await expect(lines).toHaveCount(0);
  await scan(page, barcode);
  await expect(lines).toHaveCount(2);
  await pay(page, 'Dinheiro');
  await finish(page, false);
  await expect(page.getByText(SUCCESS)).toBeVisible();
}

test('two tabs sell on one SQLite copy; the owner closes and the other takes over and keeps selling', async ({ page, context }) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  expect(await localStore(page)).toBe('sqlite');
  const [first, second] = await sellables(page);
  if (!first || !second) throw new Error('no products to sell');

  const other = await context.newPage();
  await other.goto('/');
  await expect.poll(() => localStore(other), { timeout: 30_000 }).toBe('sqlite');
  // The second tab reads the copy the first one holds.
  expect((await localRows(other, 'product')).length).toBeGreaterThan(0);

  await goByMenu(page, 'Ponto de venda');
  await sellOne(page, first.barcode);
  await goByMenu(other, 'Ponto de venda');
  await sellOne(other, second.barcode);
  await expect.poll(async () => (await operations(other)).length, { timeout: 30_000 }).toBe(2);

  // The owner tab goes; the other one takes the database over.
  const closed = Date.now();
  await page.close();
  await expect.poll(async () => (await operations(other)).length, { timeout: 30_000, intervals: [50] }).toBe(2);
  console.log(`[local-copy-tabs] first read after the owner closed: ${Date.now() - closed} ms`);

  await sellOne(other, first.barcode);
  await expect
    .poll(async () => (await operations(other)).map((op) => String(op['situacao'])), { timeout: 60_000 })
    .toEqual(['Processado', 'Processado', 'Processado']);
  const nsus = (await operations(other)).map((op) => Number(op['nsu'])).sort((a, b) => a - b);
  expect(new Set(nsus).size).toBe(3);
});
