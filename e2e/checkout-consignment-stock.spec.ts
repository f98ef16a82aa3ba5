/**
 * Stock and documents of the point of sale (issue 16): units out on consignment are reserved (000 §4.5, §5 "stock
 * minus reservation"), so the till cannot sell them while they are with the customer and sells them again once they
 * come back; and a sale's NFC-e prints the exchange voucher below its DANFE when the branch asks
 * (impressao_comprovante_troca, on in the demo's Loja Centro).
 */
import type { Page } from '@playwright/test';
import { pdfText } from '../packages/documents/src/pdf-text.ts';
import { api, finish, pay, scan, sellables } from './checkout-steps.ts';
import { expect, localRows, signIn, test, USERS, waitForLocalCopy, type Row, goByMenu, findLocalRow } from './support.ts';

async function localStock(page: Page, id_estoque: unknown): Promise<{ quantidade: number; reserva: number }> {
  const row = (await localRows(page, 'stock')).find((s) => s['id_estoque'] === id_estoque);
  return { quantidade: Number(row?.['quantidade']), reserva: Number(row?.['quantidade_reserva'] ?? 0) };
}

async function warned(page: Page, message: string): Promise<void> {
  const warning = page.getByRole('dialog', { name: 'Aviso' });
  await expect(warning).toContainText(message);
  await page.keyboard.press('Enter');
  await expect(warning).toBeHidden();
}

test('units out on consignment cannot be sold at the till until they come back', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const [product] = await sellables(page);
  if (!product) throw new Error('no product to consign');
  const customer = await findLocalRow(page, 'people', (p) => p['is_cliente'] !== false && typeof p['nome'] === 'string' && p['nome'] !== 'Consumidor Final');
  const [config] = await localRows(page, 'config');
  const addressId = config?.['id_endereco_estoque_venda']
    ?? (await localRows(page, 'stock')).find((s) => s['id_estoque'] === product.id_estoque)?.['id_endereco_estoque'];
  const before = await localStock(page, product.id_estoque);
  const free = before.quantidade - before.reserva;
  expect(free).toBeGreaterThanOrEqual(10);

  // Every free unit goes to the customer on consignment (the order screen's consignment steps).
  const created = await api(page, '/order/create', { id_cliente: customer?.['id_pessoa'], operacao: 'Consignacao' });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const id_pedido = created.json['id_pedido'];
  const item = await api(page, '/order_item/create', {
    id_pedido, id_produto_grade_filial: product.id_produto_grade_filial, id_endereco_estoque: addressId, quantidade: free,
  });
  expect(item.status, JSON.stringify(item.json)).toBe(200);
  const sent = await api(page, '/order/consignment_invoice_pending', { id_pedido });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);

  // The shop still owns them (same quantity) but they are reserved, and the till's local copy learns it.
  await expect.poll(() => localStock(page, product.id_estoque), { timeout: 60_000 })
    .toEqual({ quantidade: before.quantidade, reserva: before.reserva + free });

  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
  await scan(page, product.barcode);
  await warned(page, 'Estoque insuficiente. Estoque atual: 0,000. Quantidade informada: 1,000.');
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('consignment-reserved-refused.png'), fullPage: true });

  // The customer brings everything back: the units are free again and the till sells them.
  const lines = (sent.json['itens'] as Row[]).map((i) => ({ id_pedido_item: i['id_pedido_item'], quantidade_retorno: free }));
  const back = await api(page, '/order/consignment_invoice_return', { id_pedido, itens: lines });
  expect(back.status, JSON.stringify(back.json)).toBe(200);
  await expect.poll(() => localStock(page, product.id_estoque), { timeout: 60_000 }).toEqual(before);
  await scan(page, product.barcode);
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
});

test('a sale issued as NFC-e prints the exchange voucher below its DANFE', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const [, product] = await sellables(page);
  if (!product) throw new Error('no product to sell');
  const [config] = await localRows(page, 'config');
  expect(config?.['impressao_comprovante_troca']).toBe(true);
  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();

  await scan(page, product.barcode);
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  await pay(page, 'Dinheiro');
  const popup = page.waitForEvent('popup');
  await finish(page, true, 'nfce');
  await expect(page.getByText(/Nota Fiscal (\d+) transmitida com sucesso/)).toBeVisible({ timeout: 60_000 });
  const tab = await popup;
  await expect.poll(() => tab.url(), { timeout: 60_000 }).toMatch(/\/api\/nfe\/arquivo\/pdf\//);
  const res = await page.request.get(tab.url());
  expect(res.status()).toBe(200);
  const text = pdfText(await res.body());
  // The DANFE, then the voucher after the cut line, valid until the sale's day plus the tolerance days.
  expect(text).toContain('COMPROVANTE DE TROCA');
  expect(text).toMatch(/Válido para troca até \d{2}\/\d{2}\/\d{4}/);
  expect(text.indexOf('Consulte pela Chave de Acesso')).toBeGreaterThanOrEqual(0);
  expect(text.indexOf('COMPROVANTE DE TROCA')).toBeGreaterThan(text.indexOf('Consulte pela Chave de Acesso'));
  await tab.close();
});
