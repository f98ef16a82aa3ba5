/**
 * The main search in the header (002 §2), with the keyboard only: Ctrl+K focuses it; shortcuts, settings and records
 * appear by group; ↑/↓ move across the groups, Enter opens, Esc closes. Products and people come from the local copy
 * (also offline); orders come from the server, and offline the search says it cannot look them up.
 */
import type { Page } from '@playwright/test';
import { api } from './checkout-steps.ts';
import { expect, localRows, signIn, test, USERS, waitForLocalCopy } from './support.ts';

const CUSTOMER = 'Juliana Alves Pereira';

function searchBox(page: Page) {
  return page.getByRole('combobox', { name: 'Pesquisa principal' });
}

function results(page: Page) {
  return page.getByRole('listbox', { name: 'Pesquisa principal' });
}

function group(page: Page, name: string) {
  return results(page).getByRole('group', { name });
}

async function waitForPeople(page: Page): Promise<number> {
  let id = 0;
  await expect
    .poll(
      async () => {
        const row = (await localRows(page, 'people')).find((p) => p['nome'] === CUSTOMER);
        id = Number(row?.['id_pessoa'] ?? 0);
        return id;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  return id;
}

test('the main search finds screens and records by group and opens them with the keyboard, also offline', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  const idCliente = await waitForPeople(page);
  const created = await api(page, '/order/create', { id_cliente: idCliente });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const nsu = Number(created.json['nsu']);
  const idPedido = Number(created.json['id_pedido']);

  // Ctrl+K from the page focuses the box; a screen's name lists it among the shortcuts, first line selected.
  await page.keyboard.press('Control+K');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('pedidos');
  const shortcuts = group(page, 'Atalhos');
  await expect(shortcuts.getByRole('option', { name: 'Pedidos' })).toHaveAttribute('aria-selected', 'true');
  // Esc closes and empties it.
  await page.keyboard.press('Escape');
  await expect(results(page)).toBeHidden();
  await expect(searchBox(page)).toHaveValue('');

  // Records by group: the customer from the local copy, her order from the server.
  await page.keyboard.press('Control+K');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('Juliana');
  await expect(group(page, 'Pessoas').getByRole('option', { name: new RegExp(CUSTOMER) })).toBeVisible();
  const orders = group(page, 'Pedidos');
  await expect(orders.getByRole('option', { name: new RegExp(`^Pedido ${nsu}\\b`) })).toBeVisible();
  expect(await orders.getByRole('option').count()).toBeLessThanOrEqual(4);
  await page.screenshot({ path: test.info().outputPath('main-search.png') });

  // ↓ walks from the people group into the orders group, to the newest order (hers); Enter opens it.
  const options = results(page).getByRole('option');
  const names = await options.allTextContents();
  const target = names.findIndex((n) => n.startsWith(`Pedido ${nsu}`));
  expect(target).toBeGreaterThan(0);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
  await expect(options.nth(target)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/order/register/${idPedido}$`));
  await expect(results(page)).toBeHidden();

  // Settings screens in their own group, after the shortcuts; ↑ from the first line wraps to the last.
  await page.keyboard.press('Control+K');
  await page.keyboard.type('fiscais');
  await expect(group(page, 'Atalhos').getByRole('option', { name: /^Notas fiscais/ })).toBeVisible();
  const settings = group(page, 'Configurações');
  await expect(settings.getByRole('option', { name: /^Cenários fiscais/ })).toBeVisible();
  await expect(settings.getByRole('option', { name: /^Séries fiscais/ })).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(settings.getByRole('option', { name: /^Séries fiscais/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/fiscalSerie$/);

  // A product by part of its name, from the local copy.
  await page.keyboard.press('Control+K');
  await page.keyboard.type('camiseta gola');
  await expect(group(page, 'Produtos').getByRole('option', { name: /Camiseta Gola V Masculina/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Offline: people still answer from the local copy; orders say they need the connection.
  await context.setOffline(true);
  await expect(page.getByRole('status', { name: 'Offline', exact: true })).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Control+K');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('Juliana');
  await expect(group(page, 'Pessoas').getByRole('option', { name: new RegExp(CUSTOMER) })).toBeVisible();
  await expect(group(page, 'Pedidos')).toContainText('Sem conexão: pesquisados somente online.');
  await expect(group(page, 'Pedidos').getByRole('option')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('main-search-offline.png') });
  await context.setOffline(false);
});
