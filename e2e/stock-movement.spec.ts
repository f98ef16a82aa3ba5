/**
 * Issue 22 (first slice), /stockMovement as the demo manager, keyboard first: 10 units of a product entered at the
 * first address of Loja Centro, 4 transferred to the second address, 1 taken out; each document processed with Alt+P,
 * the balances checked on screen (the document's "Saldo de estoque") and through the API; processing again through
 * the API is refused and moves nothing; the exit cancelled with Alt+X gives its unit back once.
 */
import type { Page } from '@playwright/test';
import { api } from './checkout-steps.ts';
import { expect, goByMenu, test, USERS, signIn } from './support.ts';

type Row = Record<string, unknown>;
const qty = (n: number) => n.toFixed(3).replace('.', ',');

async function balanceOf(page: Page, grade: number): Promise<Map<number, number>> {
  const { status, json } = await api(page, '/stock/balance', { take: 200, filter: { id_produto_grade_filial: grade } });
  expect(status).toBe(200);
  return new Map((json['rows'] as Row[]).map((r) => [Number(r['id_endereco_estoque']), Number(r['quantidade'])]));
}

async function choose(page: Page, label: string, text: string, preset = false) {
  const select = page.getByRole('combobox', { name: label });
  // A preset select (the document's first address) shows its value once the addresses arrived.
  if (preset) await expect(select).not.toHaveValue('');
  // Already chosen (a new document starts at the first address): Mantine then lists every option unfiltered.
  if ((await select.inputValue()).startsWith(text)) return;
  await select.click();
  await select.fill(text);
  await expect(page.getByRole('option', { name: text, exact: false }).first()).toBeVisible();
  await select.press('ArrowDown');
  await select.press('Enter');
  await expect(select).toHaveValue(new RegExp(text));
}

/** Types the SKU in Produto, then the quantity (and cost), Enter adding the line. */
async function addItem(page: Page, sku: string, quantity: string, cost?: string) {
  const product = page.getByRole('textbox', { name: 'Produto' });
  await product.click();
  await product.fill(sku);
  await product.press('Enter');
  const quantityInput = page.getByRole('textbox', { name: 'Quantidade' });
  await expect(quantityInput).toBeFocused();
  await page.keyboard.type(quantity);
  await page.keyboard.press('Enter');
  if (cost !== undefined) {
    await expect(page.getByRole('textbox', { name: 'Custo unitário' })).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(cost);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByRole('table', { name: 'Itens do documento' }).getByRole('row')).toHaveCount(2);
  await expect(product).toBeFocused();
}

async function processDocument(page: Page): Promise<number> {
  await page.keyboard.press('Alt+P');
  await expect(page.locator('[data-situacao="1"]').first()).toHaveText('Processado');
  await expect(page).toHaveURL(/\/stockMovement\/register\/\d+$/);
  return Number(page.url().split('/').pop());
}

test('enter 10, transfer 4 to another address, exit 1: balances on screen and through the API, processing twice does not double', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.gerente);
  const addresses = (await api(page, '/stock-address/find', { take: 200 })).json['rows'] as Row[];
  const [a, b] = addresses as [Row, Row];
  const label = (r: Row) => `${String(r['codigo'])} - ${String(r['descricao'])}`;
  const first = ((await api(page, '/stock/balance', { take: 1 })).json['rows'] as Row[])[0]!;
  const sku = String(first['sku']);
  const grade = Number(first['id_produto_grade_filial']);
  const before = await balanceOf(page, grade);
  const a0 = before.get(Number(a['id_endereco_estoque'])) ?? 0;
  const b0 = before.get(Number(b['id_endereco_estoque'])) ?? 0;

  await goByMenu(page, 'Movimentação de estoque');
  await expect(page).toHaveURL(/\/stockMovement$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Movimentação de estoque' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Documentos de estoque' })).toBeVisible();

  // Entry: 10 units at the first address, R$ 2,50 each.
  await page.keyboard.press('Alt+N');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo documento de estoque' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tipo de movimentação' })).toHaveValue(/ENTRADA/);
  await choose(page, 'Endereço de estoque', label(a), true);
  await addItem(page, sku, '10', '2,50');
  await expect(page.locator('[data-total="valor"]')).toHaveText('R$ 25,00');
  await page.screenshot({ path: '/tmp/stock-register-entry.png', fullPage: true });
  const entry = await processDocument(page);
  const balanceTable = page.getByRole('table', { name: 'Saldo de estoque' });
  await expect(balanceTable.locator(`[data-balance="${sku}|${label(a)}"]`)).toContainText(qty(a0 + 10));

  // Processing it again moves nothing.
  const again = await api(page, '/stock-movement/process', { id_documento_estoque: entry });
  expect(again.status).toBe(400);
  expect((await balanceOf(page, grade)).get(Number(a['id_endereco_estoque']))).toBe(a0 + 10);

  // Transfer: 4 from the first address to the second.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('table', { name: 'Documentos de estoque' })).toBeVisible();
  await page.keyboard.press('Alt+N');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo documento de estoque' })).toBeVisible();
  await choose(page, 'Tipo de movimentação', 'TRANSFERENCIA');
  await choose(page, 'Endereço de origem', label(a), true);
  await choose(page, 'Endereço de destino', label(b));
  await addItem(page, sku, '4');
  await processDocument(page);
  await expect(balanceTable.locator(`[data-balance="${sku}|${label(b)}"]`)).toContainText(qty(b0 + 4));

  // Exit: 1 from the first address.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('table', { name: 'Documentos de estoque' })).toBeVisible();
  await page.keyboard.press('Alt+N');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo documento de estoque' })).toBeVisible();
  await choose(page, 'Tipo de movimentação', 'SAIDA');
  await choose(page, 'Endereço de estoque', label(a), true);
  await addItem(page, sku, '1');
  await processDocument(page);
  await expect(balanceTable.locator(`[data-balance="${sku}|${label(a)}"]`)).toContainText(qty(a0 + 5));
  await expect(balanceTable.locator(`[data-balance="${sku}|${label(b)}"]`)).toContainText(qty(b0 + 4));
  await page.screenshot({ path: '/tmp/stock-register-exit.png', fullPage: true });

  const after = await balanceOf(page, grade);
  expect([after.get(Number(a['id_endereco_estoque'])), after.get(Number(b['id_endereco_estoque']))]).toEqual([a0 + 5, b0 + 4]);

  // Cancelling the processed exit (Alt+X, confirmed with Enter) gives its unit back, once.
  await page.keyboard.press('Alt+X');
  const dialog = page.getByRole('dialog', { name: 'Cancelar documento' });
  await expect(dialog.getByRole('button', { name: 'Cancelar documento' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-situacao="2"]').first()).toHaveText('Cancelado');
  await expect(balanceTable.locator(`[data-balance="${sku}|${label(a)}"]`)).toContainText(qty(a0 + 6));
  const exitId = Number(page.url().split('/').pop());
  expect((await api(page, '/stock-movement/cancel', { id_documento_estoque: exitId })).status).toBe(400);
  expect((await balanceOf(page, grade)).get(Number(a['id_endereco_estoque']))).toBe(a0 + 6);

  // The cancelled exit was reversed by a counter-document (an entry), linked both ways on screen.
  await expect(page.locator('[data-estorno]')).toHaveText(/^Estornado pelo documento \d+$/);

  // The list: the counter-document newest, then the three documents; filtered to transfers only.
  await page.keyboard.press('Escape');
  const table = page.getByRole('table', { name: 'Documentos de estoque' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('Entrada');
  await expect(table.getByRole('row').nth(1)).toContainText(`Estorno do documento ${exitId}`);
  await expect(table.getByRole('row').nth(2)).toContainText('Saída');
  await expect(table.getByRole('row').nth(2)).toContainText('Estornado pelo documento');
  await expect(table.getByRole('row').nth(3)).toContainText('Transferência');
  await expect(table.getByRole('row').nth(4)).toContainText('Entrada');
  await page.screenshot({ path: '/tmp/stock-list.png', fullPage: true });
  await choose(page, 'Tipo de movimentação', 'TRANSFERENCIA');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Processado');
  await choose(page, 'Situação', 'Pendente');
  await expect(table.getByRole('row').nth(1)).toContainText('Nenhum documento de estoque.');
});
