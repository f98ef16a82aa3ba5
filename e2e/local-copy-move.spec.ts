/**
 * The move of an earlier release's local copy (IndexedDB, Dexie) into SQLite (issue 21): a sale still waiting in the
 * Dexie outbox is moved with the copy at the first start on SQLite, sent once, and the IndexedDB database is gone.
 */
import { finish, operations, pay, scan, sellables } from './checkout-steps.ts';
import { expect, goByMenu, localStore, signIn, test, USERS, waitForLocalCopy } from './support.ts';

const PENDING = 'Não foi possível concluir a operação. A mesma ficará pendente. Por favor, tente novamente mais tarde.';

async function indexedDbNames(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate<string[]>(`indexedDB.databases().then((list) => list.map((d) => d.name))`);
}

test('a sale pending in the Dexie copy of an earlier release moves to SQLite and is sent once', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.caixa);
  // The earlier release: the copy in IndexedDB (the way back appStart.tsx keeps).
  await page.evaluate(`localStorage.setItem('pdv_local_copy', 'dexie')`);
  await page.reload();
  await expect.poll(() => localStore(page), { timeout: 30_000 }).toBe('dexie');
  await waitForLocalCopy(page);
  const [first] = await sellables(page);
  if (!first) throw new Error('no products to sell');

  // The server cannot be reached for sales: the sale stays in the outbox.
  await page.route('**/api/operacao', (route) => route.abort('internetdisconnected'));
  await goByMenu(page, 'Ponto de venda');
  await scan(page, first.barcode);
  await pay(page, 'Dinheiro');
  await finish(page, false);
  await expect(page.getByText(PENDING)).toBeVisible();
  await expect.poll(async () => (await operations(page)).map((op) => op['situacao']), { timeout: 20_000 }).toEqual(['Pendente']);
  const [pending] = await operations(page);
  expect(await indexedDbNames(page)).toContain('pdv');

  // This release: the copy moves to SQLite at the start, the sale with it.
  await page.evaluate(`localStorage.removeItem('pdv_local_copy')`);
  await page.reload();
  await expect.poll(() => localStore(page), { timeout: 30_000 }).toBe('sqlite');
  await expect
    .poll(async () => (await operations(page)).map((op) => `${String(op['id_operacao'])}:${String(op['situacao'])}`), { timeout: 30_000 })
    .toEqual([`${String(pending?.['id_operacao'])}:Pendente`]);
  expect(await indexedDbNames(page)).not.toContain('pdv');

  // The network back for sales: sent once.
  await page.unroute('**/api/operacao');
  await goByMenu(page, 'Operações pendentes');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect
    .poll(async () => (await operations(page)).map((op) => String(op['situacao'])), { timeout: 60_000 })
    .toEqual(['Processado']);
  const [sent] = await operations(page);
  expect((sent?.['resultado'] as Record<string, unknown>)['duplicado']).toBe(false);
});
