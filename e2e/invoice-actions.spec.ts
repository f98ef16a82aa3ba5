/**
 * The invoice editor's actions of issue 31: an NFC-e issued in offline contingency while the worker's SEFAZ simulator
 * is unavailable is reprocessed from the invoice screen (Alt+P) once SEFAZ is back and becomes Autorizada; its seller is
 * changed (Alt+E) and it is duplicated (Alt+D) into a new draft that opens. The sale is this spec's own; the simulator
 * is put back to normal whatever happens. A service order of its own is invoiced from its Serviços tab
 * (/invoice/invoice-service-order with its receivables).
 */
import { randomUUID } from 'node:crypto';
import { request } from '@playwright/test';
import { api, sellables } from './checkout-steps.ts';
import { expect, test, USERS, localRows, signIn, waitForLocalCopy, type Row } from './support.ts';

async function simulatorMode(url: string, mode: 'normal' | 'unavailable'): Promise<void> {
  const admin = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    expect((await admin.post(url, { data: { mode } })).status()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

test.afterEach(async ({ e2eServer }) => {
  await simulatorMode(e2eServer.sefazAdminUrl, 'normal');
});

test('an NFC-e in contingency is reprocessed, its seller changed and duplicated from the invoice screen', async ({ page, e2eServer }) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  await expect.poll(async () => (await localRows(page, 'method_payment')).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const [config] = await localRows(page, 'config');
  const cash = (await localRows(page, 'method_payment')).find((m) => m['meio_pagamento'] === '01');
  const [product] = await sellables(page);
  const addresses = await localRows(page, 'stock_address');
  const address = config?.['id_endereco_estoque_venda'] ?? addresses.find((a) => a['id_filial'] === config?.['id_filial'])?.['id_endereco_estoque'];
  const grid = (await localRows(page, 'grid')).find((g) => g['id_produto_grade_filial'] === product?.id_produto_grade_filial);
  const price = Number(grid?.['preco_venda']);
  const sold = await api(page, '/operacao', {
    id_operacao: randomUUID(), modo_operacao: 'Venda', modelo: '65', id_filial: config?.['id_filial'], data_inicio: new Date().toISOString(),
    itens: [{ id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: product?.id_produto_grade_filial,
      id_endereco_estoque: address, descricao: 'Produto das ações da nota', quantidade: 1, valor_unitario: price }],
    pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: cash?.['id_meio_pagamento'], valor_total: price }],
  });
  expect(sold.status, JSON.stringify(sold.json)).toBe(200);
  const id = sold.json['id_nota_fiscal'] as number;

  // SEFAZ silent: the transmission issues the NFC-e in offline contingency.
  await simulatorMode(e2eServer.sefazAdminUrl, 'unavailable');
  await page.goto(`/invoice/register/${id}`);
  await expect(page.getByRole('button', { name: /^Transmitir/ })).toBeVisible();
  const contingency = expect(page.getByText(/emitida em contingência offline/).first()).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press('Alt+T');
  await contingency;
  await expect(page.getByText('Emitida em contingência', { exact: true })).toBeVisible();
  await simulatorMode(e2eServer.sefazAdminUrl, 'normal');

  // Alt+P: reprocessed now, authorized with the spec's message.
  const reprocess = page.getByRole('button', { name: /^Reprocessar/ });
  await expect(reprocess).toBeVisible();
  const told = expect(page.getByText(/^Nota Fiscal \d+ transmitida com sucesso$/)).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press('Alt+P');
  await told;
  await expect(page.getByText('Autorizada', { exact: true }).first()).toBeVisible();
  await expect(reprocess).toHaveCount(0);
  expect((await api(page, '/invoice/find_by_id', { id_nota_fiscal: id })).json['situacao']).toBe('Autorizada');

  // Alt+E: the seller, chosen from the keyboard.
  await page.keyboard.press('Alt+E');
  const dialog = page.getByRole('dialog', { name: 'Vendedor da nota fiscal' });
  const seller = dialog.getByLabel('Vendedor', { exact: true });
  await expect(seller).toBeFocused();
  await seller.press('ArrowDown');
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  const name = ((await option.textContent()) ?? '').trim();
  await seller.press('Enter');
  await expect(seller).toHaveValue(name);
  await page.screenshot({ path: '/tmp/invoice-actions-seller.png', fullPage: true });
  const changed = expect(page.getByText('Vendedor alterado.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await changed;
  const after = await api(page, '/invoice/find_by_id', { id_nota_fiscal: id });
  expect(after.json['id_usuario_vendedor']).not.toBeNull();

  // Alt+D (once the seller's modal is gone): a new draft with the same content opens.
  await expect(dialog).toHaveCount(0);
  const duplicated = expect(page.getByText(/^Nota duplicada: rascunho \d+ aberto\.$/)).toBeVisible();
  await page.keyboard.press('Alt+D');
  await duplicated;
  await expect(page).not.toHaveURL(new RegExp(`/invoice/register/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Nota fiscal (rascunho)' })).toBeVisible();
  const copyId = Number(/\/(\d+)$/.exec(page.url())?.[1]);
  const copy = await api(page, '/invoice/find_by_id', { id_nota_fiscal: copyId });
  expect(copy.json).toMatchObject({ situacao: 'EmEdicao', modelo: '65', valor_nota_fiscal: after.json['valor_nota_fiscal'] });
  expect(copy.json['id_usuario_vendedor']).toBe(after.json['id_usuario_vendedor']);
  await page.screenshot({ path: '/tmp/invoice-actions-copy.png', fullPage: true });

  // Alt+M on the copy (a draft): offline contingency with its justification.
  await page.keyboard.press('Alt+M');
  const typeDialog = page.getByRole('dialog', { name: 'Tipo de emissão da nota fiscal' });
  await expect(typeDialog).toBeVisible();
  await typeDialog.getByText('9 - Contingência offline').click();
  await typeDialog.getByLabel('Justificativa').fill('Internet da loja fora do ar desde a abertura');
  await page.screenshot({ path: '/tmp/invoice-actions-type.png', fullPage: true });
  const typed = expect(page.getByText('Tipo de emissão alterado para contingência offline.')).toBeVisible();
  await typeDialog.getByRole('button', { name: 'Confirmar' }).click();
  await typed;
  expect((await api(page, '/invoice/find_by_id', { id_nota_fiscal: copyId })).json['tipo_emissao']).toBe(9);

  // Alt+B: the split modal offers the line and its parts (closed without splitting).
  await expect(typeDialog).toHaveCount(0);
  await page.keyboard.press('Alt+B');
  const splitDialog = page.getByRole('dialog', { name: 'Desdobramento de produto e variação' });
  await expect(splitDialog.getByLabel('Item a desdobrar')).toBeFocused();
  await expect(splitDialog.getByText('Quantidade do item: 1,000')).toBeVisible();
  await page.screenshot({ path: '/tmp/invoice-actions-split.png', fullPage: true });
  await splitDialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(splitDialog).toHaveCount(0);
});

test("a released service order's services are invoiced from its Serviços tab through invoice-service-order", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  await expect.poll(async () => (await localRows(page, 'method_payment')).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const cash = (await localRows(page, 'method_payment')).find((m) => m['meio_pagamento'] === '01');
  const people = await api(page, '/people/find', { search: 'Juliana Alves' });
  const pessoa = (people.json['rows'] as Row[])[0]!['id_pessoa'];
  const created = await api(page, '/order/create', { operacao: 'OrdemServico', id_cliente: pessoa });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const id = created.json['id_pedido'] as number;
  expect((await api(page, '/order_service/save', { id_pedido: id, descricao: 'Troca de tela (ações da nota)', valor_unitario: 150 })).status).toBe(200);
  expect((await api(page, '/order_payment/create', { id_pedido: id, id_meio_pagamento: cash?.['id_meio_pagamento'], valor_total: 150 })).status).toBe(200);
  const token = await page.evaluate(() => localStorage.getItem('pdv_token'));
  const released = await page.request.put('/api/order/update', { data: { id_pedido: id, situacao: 'Liberado' }, headers: { authorization: `Bearer ${token ?? ''}` } });
  expect(released.status()).toBe(200);

  await page.goto(`/order/register/${id}`);
  await page.getByRole('tab', { name: /Serviços/ }).click();
  await expect(page.getByRole('table', { name: 'Serviços da ordem' })).toContainText('Troca de tela (ações da nota)');
  const invoice = page.getByRole('button', { name: 'Faturar serviços' });
  await expect(page.getByRole('checkbox', { name: 'Gerar financeiro' })).toBeChecked();
  await invoice.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '1 serviço(s) faturado(s): R$ 150,00. 1 documento(s) financeiro(s) gerado(s).' })).toBeVisible();
  await page.screenshot({ path: '/tmp/invoice-actions-service-order.png', fullPage: true });
  const again = await api(page, '/invoice/invoice-service-order', { invoice: { id_pedido: id } });
  expect([again.status, again.json['message']]).toEqual([400, 'Nenhum serviço para faturar.']);
});
