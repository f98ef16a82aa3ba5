/**
 * Issue 22: a transfer of 5 units from Loja Centro to Loja Shopping, made in /stockMovement as the demo manager
 * (keyboard first: Alt+N, type TRANSFERENCIA, Destino Loja Shopping, the product and its quantity, Alt+P), goes out
 * with its transfer NF-e authorized by the SEFAZ simulator and shows in both branches' balances (the stock by branch,
 * the document's "Saldo de estoque") and at the point of sale: F1's stock per address (the local copy, synced) and
 * Alt+Q's stock by branch.
 */
import type { Page } from '@playwright/test';
import { api, scan, sellables } from './checkout-steps.ts';
import { expect, goByMenu, localRows, signIn, test, USERS, waitForLocalCopy, type Row } from './support.ts';

const qty = (n: number) => n.toFixed(3).replace('.', ',');

async function byBranch(page: Page, id_produto_grade: number): Promise<Map<string, number>> {
  const { status, json } = await api(page, '/stock/quantity-by-branch', { id_produto_grade });
  expect(status).toBe(200);
  return new Map((json['rows'] as Row[]).map((r) => [String(r['filial']), Number(r['quantidade'])]));
}

async function choose(page: Page, label: string, text: string) {
  const select = page.getByRole('combobox', { name: label });
  await expect(select).not.toHaveValue('');
  if ((await select.inputValue()).includes(text)) return;
  await select.click();
  await select.fill(text);
  await expect(page.getByRole('option', { name: text, exact: false }).first()).toBeVisible();
  await select.press('ArrowDown');
  await select.press('Enter');
  await expect(select).toHaveValue(new RegExp(text));
}

test('a transfer of 5 units from Loja Centro to Loja Shopping shows in both balances and in the point of sale\'s stock', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  const [item] = await sellables(page);
  if (!item) throw new Error('no product with stock at the sale address');
  const grid = (await localRows(page, 'grid')).find((g) => g['id_produto_grade_filial'] === item.id_produto_grade_filial)!;
  const variation = Number(grid['id_produto_grade']);
  const balance = ((await api(page, '/stock/balance', { take: 50, filter: { id_produto_grade_filial: item.id_produto_grade_filial } })).json['rows'] as Row[]);
  const [config] = await localRows(page, 'config');
  const saleAddress = balance.find((r) => r['id_endereco_estoque'] === config?.['id_endereco_estoque_venda']) ?? balance[0]!;
  const sku = String(saleAddress['sku']);
  const before = await byBranch(page, variation);
  const centro0 = before.get('Loja Centro') ?? 0;
  const shopping0 = before.get('Loja Shopping') ?? 0;
  const atAddress0 = Number(saleAddress['quantidade']);

  await goByMenu(page, 'Movimentação de estoque');
  await expect(page.getByRole('table', { name: 'Documentos de estoque' })).toBeVisible();
  await page.keyboard.press('Alt+N');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo documento de estoque' })).toBeVisible();
  await choose(page, 'Tipo de movimentação', 'TRANSFERENCIA');
  await choose(page, 'Filial de destino', 'Loja Shopping');
  await expect(page.getByRole('combobox', { name: 'Endereço de destino' })).toHaveCount(0);
  await choose(page, 'Endereço de origem', String(saleAddress['endereco']));
  const product = page.getByRole('textbox', { name: 'Produto' });
  await product.click();
  await product.fill(sku);
  await product.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Quantidade' })).toBeFocused();
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  const items = page.getByRole('table', { name: 'Itens do documento' });
  await expect(items.getByRole('row')).toHaveCount(2);
  await expect(items.getByRole('row').nth(1)).toContainText('Loja Shopping');

  await page.keyboard.press('Alt+P');
  await expect(page.locator('[data-situacao="1"]').first()).toHaveText('Processado', { timeout: 30_000 });
  await expect(page.locator('[data-nfe="Autorizada"]')).toContainText('NF-e');
  await expect(page.getByRole('table', { name: 'Saldo de estoque' }).locator(`[data-balance="${sku}|${String(saleAddress['endereco'])}"]`))
    .toContainText(qty(atAddress0 - 5));
  await page.screenshot({ path: '/tmp/stock-transfer-branch.png', fullPage: true });

  const after = await byBranch(page, variation);
  expect([after.get('Loja Centro'), after.get('Loja Shopping')]).toEqual([centro0 - 5, shopping0 + 5]);

  // At the point of sale: F1 reads the local copy (synced with the server's change), Alt+Q the branches' stock.
  await expect.poll(async () => {
    const row = (await localRows(page, 'stock')).find((s) => s['id_estoque'] === item.id_estoque);
    return Number(row?.['quantidade']);
  }, { timeout: 60_000 }).toBe(atAddress0 - 5);
  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeFocused();
  await scan(page, item.barcode);
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  await page.keyboard.press('F1');
  const info = page.getByRole('dialog', { name: 'Informações do produto (F1)' });
  await expect(info.getByRole('table', { name: 'Estoque por endereço' }).getByRole('row').filter({ hasText: String(saleAddress['endereco']).split(' - ')[1] ?? '' }).first())
    .toContainText(qty(atAddress0 - 5));
  await page.keyboard.press('Escape');
  await expect(info).toBeHidden();
  await page.keyboard.press('Alt+Q');
  const stock = page.getByRole('dialog', { name: 'Estoque por filial (Alt+Q)' });
  const rows = stock.getByRole('table', { name: 'Estoque por filial' }).getByRole('row');
  await expect(rows.filter({ hasText: 'Loja Centro' }).getByRole('cell').nth(1)).toHaveText(qty(centro0 - 5));
  await expect(rows.filter({ hasText: 'Loja Shopping' }).getByRole('cell').nth(1)).toHaveText(qty(shopping0 + 5));
  await page.screenshot({ path: '/tmp/stock-transfer-pos.png', fullPage: true });
});
