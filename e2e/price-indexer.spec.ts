/**
 * Price indexers (002 §2 /indexer): the manager creates the dollar rate at 5,0000 in its side panel, a product follows
 * it (its general tab's Indexador de preço), and raising the rate to 5,5000 reprices the product by 10% in the price
 * the point of sale reads, with the change in the indexer's Variações section.
 */
import { MESSAGES } from '../packages/domain/src/messages.ts';
import { expect, settingsMenu, signIn, storageItem, test, TOKEN_KEY, USERS } from './support.ts';

test('a factor change of an indexer reprices the product that follows it and shows as a variation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, USERS.gerente);
  const token = (await storageItem(page, TOKEN_KEY)) ?? '';
  const call = async (path: string, data: unknown, method: 'post' | 'put' = 'post') => {
    const res = await page.request[method](`/api${path}`, { data, headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };

  await settingsMenu(page).getByRole('link', { name: 'Indexadores de preço' }).click();
  await expect(page).toHaveURL(/\/indexer$/);
  const table = page.getByRole('table', { name: 'Indexadores de preço' });
  await expect(table).toBeVisible();
  await page.getByRole('button', { name: 'Novo', exact: true }).click();
  const form = page.getByRole('form', { name: 'Indexador de preço' });
  await expect(form.getByLabel('Descrição')).toBeFocused();
  const name = `Dólar E2E ${Date.now() % 100000}`;
  await page.keyboard.type(name);
  await form.getByLabel('Fator').fill('5');
  await form.getByLabel('Fator').press('Enter');
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await expect(form).toHaveCount(0);
  const found = await call('/price-indexer/find', { search: name });
  const id = Number((found['rows'] as Array<Record<string, unknown>>)[0]?.['id_indexador']);

  // A product follows it: its price before.
  const list = await call('/product/find_list', { search: '', take: 1, skip: 0 });
  const product = (list['rows'] as Array<{ id_produto: number }>)[0]!;
  await call('/product/update', { id_produto: product.id_produto, id_indexador: id }, 'put');
  const before = await call('/product/find_by_id', { id_produto: product.id_produto });
  expect(before['id_indexador']).toBe(id);

  // 5 → 5,5 in the panel: the product's price goes up by 10%.
  await page.getByLabel('Pesquisar').fill(name);
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Pesquisar').press('Enter');
  await form.getByLabel('Fator').fill('5,5');
  await form.getByLabel('Fator').press('Enter');
  await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();
  const after = await call('/product/find_by_id', { id_produto: product.id_produto });
  const cents = (v: unknown) => Math.round(Number(v) * 100);
  expect(cents(after['preco_venda'])).toBe(Math.round((cents(before['preco_venda']) * 55) / 50));

  // The panel's Variações section lists both factors, newest first.
  await page.getByLabel('Pesquisar').press('Enter');
  await expect(form.getByText('Variações', { exact: true })).toBeVisible();
  const variations = page.getByRole('table', { name: 'Variações do indexador' });
  await expect(variations.getByRole('row')).toHaveCount(3);
  await expect(variations.getByRole('row').nth(1)).toContainText('5,0000 → 5,5000');
  await expect(table.getByRole('cell', { name: '5,5000' })).toBeVisible();
  await expect(form.getByText('1 produto usa este indexador.', { exact: false })).toBeVisible();
  // The panel has finished sliding in.
  await expect(form.getByLabel('Fator')).toBeInViewport({ ratio: 1 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: '/tmp/price-indexer-variations.png' });
  // Leaves the product as the other specs know it: back to 5 (each price returns to its centavo: 10% up then down
  // stays within half a centavo), then unlinked.
  await call('/price-indexer/update', { id_indexador: id, fator: 5 }, 'put');
  const restored = await call('/product/find_by_id', { id_produto: product.id_produto });
  expect(restored['preco_venda']).toBe(before['preco_venda']);
  await call('/product/update', { id_produto: product.id_produto, id_indexador: null }, 'put');
});
