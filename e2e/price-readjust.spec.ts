/**
 * Price readjust (002 §2 price simulation/readjust; issue 30 e2e "a readjust of +5% on a brand reaches the point of
 * sale"): the manager puts a product under a new brand, opens Reajuste de preços from the Comercial menu, picks the
 * brand, types 5%, simulates (F9: the variation's current and new price), applies (F10, confirmed), and the new price
 * is what the point of sale's local copy and the product hold.
 */
import { PRICE_READJUST_MESSAGES as M } from '../packages/domain/src/price-readjust.ts';
import { expect, localRows, settingsMenu, signIn, storageItem, test, TOKEN_KEY, USERS, waitForLocalCopy } from './support.ts';

const cents = (v: unknown) => Math.round(Number(v) * 100);
const brl = (c: number) => `R$ ${(c / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`.replace(/\u00a0/g, ' ');

test('a +5% readjust on a brand is simulated, applied, and reaches the local copy of the point of sale', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  const token = (await storageItem(page, TOKEN_KEY)) ?? '';
  const call = async (path: string, data: unknown, method: 'post' | 'put' = 'post') => {
    const res = await page.request[method](`/api${path}`, { data, headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };

  // A product of the local copy with a price, under a brand of its own.
  const grids = await localRows(page, 'grid');
  // A product with one variation, so that putting its price back restores it all.
  const single = (g: Record<string, unknown>) => grids.filter((x) => x['id_produto'] === g['id_produto']).length === 1;
  const grid = grids.find((g) => Number(g['preco_venda']) > 1 && g['situacao'] === 'Ativo' && !g['data_exclusao'] && single(g))!;
  const id_produto = Number(grid['id_produto']);
  const product = await call('/product/find_by_id', { id_produto });
  const brandName = `Marca Reajuste ${Date.now() % 100000}`;
  const brand = await call('/brand/create', { descricao: brandName });
  await call('/product/update', { id_produto, id_marca: brand['id_marca'] }, 'put');
  const oldPrice = cents(grid['preco_venda']);
  const newPrice = Math.floor((oldPrice * 105 + 50) / 100);

  await settingsMenu(page).getByRole('link', { name: 'Reajuste de preços' }).click();
  await expect(page).toHaveURL(/\/price-readjust$/);
  await expect(page.getByRole('heading', { name: 'Reajuste de preços' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Categorias' })).toBeFocused();
  // The brand, by typing its name (the local copy has received it).
  const brands = page.getByRole('combobox', { name: 'Marcas' });
  await brands.focus();
  await page.keyboard.type(brandName);
  await expect(page.getByRole('option', { name: brandName })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.getByLabel('Percentual (%)').fill('5');
  await page.keyboard.press('F9');

  const simulated = page.getByRole('table', { name: 'Preços simulados' });
  await expect(simulated).toBeVisible();
  const row = simulated.getByRole('row').filter({ hasText: String(product['descricao']) }).first();
  await expect(row).toContainText(brl(oldPrice));
  await expect(row).toContainText(brl(newPrice));
  await expect(page.getByRole('button', { name: /Aplicar reajuste/ })).toBeFocused();
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/price-readjust.png', fullPage: true });

  await page.keyboard.press('F10');
  const dialog = page.getByRole('dialog', { name: 'Aplicar reajuste' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText(M.applied)).toBeVisible();
  const appliedAt = Date.now();
  await expect(simulated).toHaveCount(0);

  // The point of sale's local copy receives the new price by the sync; the product holds it too.
  await expect
    .poll(async () => cents((await localRows(page, 'grid')).find((g) => g['id_produto_grade_filial'] === grid['id_produto_grade_filial'])?.['preco_venda']))
    .toBe(newPrice);
  // Issue 30: "reaches the point of sale within 2 s". Measured and reported, not asserted (no wall-clock assertions in
  // tests: a loaded CI machine is not the till; docs/decisions.md, "Wholesale switch at the till ..."). The figure is
  // an upper bound (it includes the poll's own interval and the local-copy reads).
  const latency = Date.now() - appliedAt;
  test.info().annotations.push({ type: 'readjust-to-local-copy-ms', description: String(latency) });
  console.log(`[price-readjust] the new price reached the local copy ${latency} ms after the readjust was applied (issue 30 budget: 2000 ms)`);
  const grid2 = await call('/product_grid/get-product-grid-by-product', { id_produto });
  expect(JSON.stringify(grid2)).toContain(String(newPrice / 100));

  // Leaves the product as the other specs know it: its price and brand back.
  await call('/product/update', { id_produto, preco_venda: oldPrice / 100, id_marca: product['id_marca'] ?? null }, 'put');
});
