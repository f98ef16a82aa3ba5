/**
 * Issue 22, the stock balance and its report: from /stockMovement, Alt+B opens the balance of Loja Centro per variation
 * and address; a search narrows it to one product; Alt+P opens the stock report PDF in a new tab; the Filial selector
 * shows every branch of the user, each row naming its branch.
 */
import { api } from './checkout-steps.ts';
import { expect, goByMenu, test, USERS, signIn, waitForLocalCopy } from './support.ts';

type Row = Record<string, unknown>;

test('Alt+B shows the stock balance, a search narrows it, and Alt+P opens the stock report PDF', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, USERS.gerente);
  // The first load over: its pages no longer share the server and the page with the balance's call.
  await waitForLocalCopy(page);
  const first = ((await api(page, '/stock/balance', { take: 1 })).json['rows'] as Row[])[0]!;
  const sku = String(first['sku']);

  await goByMenu(page, 'Movimentação de estoque');
  await expect(page.getByRole('heading', { level: 1, name: 'Movimentação de estoque' })).toBeVisible();
  await page.keyboard.press('Alt+B');
  await expect(page).toHaveURL(/\/stockMovement\/balance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saldo de estoque' })).toBeVisible();
  await expect(page.getByRole('cell', { name: sku, exact: true }).first()).toBeVisible();
  await page.screenshot({ path: '/tmp/stock-balance.png', fullPage: true });

  await page.keyboard.press('F2');
  const search = page.getByRole('searchbox', { name: 'Pesquisar' });
  await expect(search).toBeFocused();
  await search.fill(sku);
  await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);
  await expect.poll(async () => (await page.getByRole('table').getByRole('row').allInnerTexts()).slice(1).every((t) => t.includes(sku))).toBe(true);

  const popup = page.waitForEvent('popup');
  await page.keyboard.press('Alt+P');
  const pdf = await popup;
  // The report of every balance is drawn in the page: under a loaded CI run it took longer than the default 10 s.
  await expect.poll(() => pdf.url(), { timeout: 60_000 }).toMatch(/^blob:/);
  await pdf.close();

  // Every branch of the manager: rows of Loja Shopping appear beside Loja Centro's.
  await search.fill('');
  const branch = page.getByRole('combobox', { name: 'Filial', exact: true });
  await branch.click();
  await page.getByRole('option', { name: 'Todas as filiais' }).click();
  await expect(branch).toHaveValue('Todas as filiais');
  await expect(page.getByRole('columnheader', { name: 'Filial' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Loja Centro', exact: true }).first()).toBeVisible();
  await page.screenshot({ path: '/tmp/stock-balance-branches.png', fullPage: true });

  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/stockMovement$/);
});
