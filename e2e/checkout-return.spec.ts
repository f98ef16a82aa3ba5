/**
 * The point of sale's return and receipt modes (000 §1, §5; 001 "Credit history", §4 'Crédito gerado com suceso.'):
 * a sale to a customer, a return of part of it that generates store credit (credit modal and toast), a later sale paid
 * with that credit (the balance checked through the API), and the receipt mode refusing an item and receiving an open
 * receivable.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { api, finish, money, operations, pay, scan, sellables } from './checkout-steps.ts';
import { expect, test, USERS, localRows, signIn, waitForLocalCopy, goByMenu, findLocalRow } from './support.ts';

/** The digit of each mode, as the mode picker shows it. */
const MODE_DIGIT: Record<string, string> = { Venda: '1', Pedido: '2', Orçamento: '3', Devolução: '4', Recebimento: '5', Consignação: '6', 'Vale crédito': '7' };

/** Alt+M and the digit of `mode` (the picker shows each mode's digit). */
async function chooseMode(page: Page, mode: string): Promise<void> {
  const control = page.getByRole('radiogroup', { name: 'Modo da operação' });
  if (!(await control.getByRole('radio', { name: mode, exact: true }).isChecked())) {
    await page.keyboard.press('Alt+M');
    await page.keyboard.press(MODE_DIGIT[mode] ?? '1');
  }
  await expect(control.getByRole('radio', { name: mode, exact: true })).toBeChecked();
}

async function pickCustomer(page: Page, name: string): Promise<void> {
  const drawer = page.getByRole('dialog', { name: 'Cliente (F6)' });
  if (!(await drawer.isVisible())) await page.keyboard.press('F6');
  await drawer.getByRole('textbox', { name: 'Nome, CPF ou CNPJ' }).fill(name);
  await expect(drawer.getByRole('table', { name: 'Clientes encontrados' }).getByRole('row').first()).toContainText(name);
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expect(page.getByText(`Cliente: ${name}`)).toBeVisible();
}

/** The warning modal shows `message`; Enter closes it. */
async function warned(page: Page, message: string): Promise<void> {
  const warning = page.getByRole('dialog', { name: 'Aviso' });
  await expect(warning).toContainText(message);
  await expect(warning.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(warning).toBeHidden();
}

/** F10 with the mode's own document (its number key), no receipt printed. */
async function finishMode(page: Page, label: RegExp, sellerAsked: boolean): Promise<void> {
  await page.keyboard.press('F10');
  if (sellerAsked) {
    await expect(page.getByRole('dialog', { name: 'Vendedor (F7)' })).toBeVisible();
    await page.keyboard.press('Enter');
  }
  const modal = page.getByRole('dialog', { name: 'Finalizar operação (F10)' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('radio', { name: label })).toBeChecked();
  await page.keyboard.press('P');
  await expect(modal.getByRole('checkbox')).not.toBeChecked();
  await modal.getByRole('button', { name: 'Confirmar (Enter)' }).press('Enter');
}

const balanceOf = async (page: Page, id_cliente: number) => {
  const res = await api(page, '/operacao/credito/saldo', { id_cliente });
  expect(res.status).toBe(200);
  return Math.round(Number(res.json['saldo']) * 100);
};

test('a return of part of a sale becomes customer credit that pays a later sale; the receipt mode receives a receivable', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const [first, second] = await sellables(page);
  if (!first || !second) throw new Error('no products to sell');
  const customer = await findLocalRow(page, 'people', (p) => p['is_cliente'] !== false && typeof p['nome'] === 'string' && p['nome'] !== 'Consumidor Final');
  const name = String(customer?.['nome']);
  const idCliente = Number(customer?.['id_pessoa']);
  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();

  // 1. A sale of 3 units to the customer (pre-sale, cash).
  for (let i = 0; i < 3; i += 1) await scan(page, first.barcode);
  await expect(page.getByRole('row').filter({ hasText: '3,000' })).toBeVisible();
  await pickCustomer(page, name);
  const totals = page.getByRole('region', { name: 'Totais' });
  const total = money(await totals.getByLabel('Total', { exact: true }).textContent());
  await pay(page, 'Dinheiro');
  await finish(page, false, 'pre', true);
  await expect.poll(async () => (await operations(page)).map((op) => op['situacao']), { timeout: 30_000 }).toEqual(['Processado']);
  const [sold] = await operations(page);
  const nsu = Number((sold?.['resultado'] as Record<string, unknown>)['nsu']);
  const unit = Math.round(Number((sold?.['resultado'] as Record<string, unknown>)['valor_total']) * 100) / 3;
  expect(Math.round(total * 100)).toBe(Math.round(unit * 3));
  const before = await balanceOf(page, idCliente);

  // 2. Return mode: the customer is required (then the search opens), then F5: the sale and 1 of its 3 units.
  await chooseMode(page, 'Devolução');
  await scan(page, first.barcode);
  await warned(page, 'Na devolução, os itens vêm da venda de origem');
  // F10: a return asks no seller; the missing customer is said first.
  await page.keyboard.press('F10');
  await warned(page, 'Informe um cliente para concluir a operação de devolução.');
  await expect(page.getByRole('dialog', { name: 'Vendedor (F7)' })).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Cliente (F6)' })).toBeVisible();
  await pickCustomer(page, name);
  await page.keyboard.press('F5');
  const origin = page.getByRole('dialog', { name: 'Venda de origem da devolução (F5)' });
  await origin.getByRole('button', { name: new RegExp(`^Pedido ${nsu} ·`) }).click();
  const quantity = origin.getByRole('textbox', { name: /^Quantidade a devolver de / });
  await quantity.fill('5');
  await quantity.press('Enter');
  await expect(origin).toContainText('maior que a disponível para devolução (3,000)');
  await page.screenshot({ path: test.info().outputPath('checkout-return-origin.png'), fullPage: true });
  await quantity.fill('1');
  await quantity.press('Enter');
  await expect(origin).toBeHidden();
  await expect(page.getByTestId('mode-banner')).toContainText(`Venda de origem: Pedido ${nsu}`);
  // A return is not paid: the totals show the credit it will generate, not a balance owed.
  expect(Math.round(money(await totals.getByLabel('Crédito a gerar').textContent()) * 100)).toBe(Math.round(unit));
  await expect(totals.getByLabel('Saldo')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('checkout-return-mode.png'), fullPage: true });
  await finishMode(page, /Devolução/, false);
  await expect(page.getByText('Crédito gerado com suceso.')).toBeVisible({ timeout: 30_000 });
  const creditModal = page.getByRole('dialog', { name: 'Crédito do cliente' });
  await expect(creditModal).toBeVisible();
  await expect(creditModal.getByTestId('credito-gerado')).toHaveText(/R\$\s?\d/);
  const credit = Math.round(money(await creditModal.getByTestId('credito-gerado').textContent()) * 100);
  expect(credit).toBe(Math.round(unit));
  expect(Math.round(money(await creditModal.getByTestId('credito-saldo').textContent()) * 100)).toBe(before + credit);
  await page.screenshot({ path: test.info().outputPath('checkout-return-credit.png'), fullPage: true });
  await page.keyboard.press('Enter');
  await expect(creditModal).toBeHidden();
  expect(await balanceOf(page, idCliente)).toBe(before + credit);
  const history = await api(page, '/operacao/devolucao/vendas', { id_cliente: idCliente, search: String(nsu) });
  expect((history.json['rows'] as Array<Record<string, unknown>>)[0]).toMatchObject({ itens: [{ quantidade: 3, quantidade_devolvida: 1 }] });

  // 3. A later sale paid partly with that credit ("Crédito em Loja") and the rest in cash.
  await chooseMode(page, 'Venda');
  await scan(page, second.barcode);
  await pickCustomer(page, name);
  const saleTotal = Math.round(money(await totals.getByLabel('Total', { exact: true }).textContent()) * 100);
  const creditUse = (Math.min(credit, saleTotal) / 100).toFixed(2).replace('.', ',');
  await pay(page, 'Crédito em Loja', creditUse);
  // The rest, if the credit does not cover the sale, in cash.
  if (saleTotal > credit) await pay(page, 'Dinheiro');
  await finish(page, false, 'pre', true);
  await expect.poll(async () => (await operations(page)).filter((op) => op['situacao'] === 'Processado').length, { timeout: 30_000 }).toBe(3);
  expect(await balanceOf(page, idCliente)).toBe(before + credit - Math.round(Number(creditUse.replace(',', '.')) * 100));

  // 3b. Offline: a second unit given back goes to the outbox; the modal says the credit comes when the server has it.
  const beforeOffline = await balanceOf(page, idCliente);
  await chooseMode(page, 'Devolução');
  await pickCustomer(page, name);
  await page.keyboard.press('F5');
  await origin.getByRole('button', { name: new RegExp(`^Pedido ${nsu} ·`) }).click();
  await origin.getByRole('textbox', { name: /^Quantidade a devolver de / }).fill('1');
  await origin.getByRole('textbox', { name: /^Quantidade a devolver de / }).press('Enter');
  await expect(origin).toBeHidden();
  await page.context().setOffline(true);
  await finishMode(page, /Devolução/, false);
  await expect(creditModal).toContainText('o crédito será gerado quando o servidor processar a operação');
  await expect(creditModal.getByTestId('credito-gerado')).toHaveText(/R\$\s?\d/);
  await page.keyboard.press('Enter');
  await page.context().setOffline(false);
  await expect.poll(async () => (await operations(page)).filter((op) => op['situacao'] === 'Processado').length, { timeout: 60_000 }).toBe(4);
  expect(await balanceOf(page, idCliente)).toBe(beforeOffline + credit);

  // 4. Receipt mode: an open receivable of the customer (a crediário sale made through the API), an item refused.
  const [config] = await localRows(page, 'config');
  const methods = await localRows(page, 'method_payment');
  const crediario = methods.find((m) => m['meio_pagamento'] === '05');
  const addresses = await localRows(page, 'stock_address');
  const address = config?.['id_endereco_estoque_venda'] ?? addresses.find((a) => a['id_filial'] === config?.['id_filial'])?.['id_endereco_estoque'];
  // A little above the price the screen showed for one unit of the second product in step 3 (which product that is
  // depends on the stock the earlier files on this worker left, so its price is not a constant).
  const owedUnit = Math.round(saleTotal * 1.01) / 100;
  const owedTotal = Math.round(owedUnit * 200) / 100;
  const brl = (v: number) => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
  const cash = Math.ceil(owedTotal) + 20;
  const owed = await api(page, '/operacao', {
    id_operacao: randomUUID(), modo_operacao: 'Venda', modelo: null, id_filial: config?.['id_filial'], id_cliente: idCliente,
    data_inicio: new Date().toISOString(),
    itens: [{ id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: second.id_produto_grade_filial, id_endereco_estoque: address,
      // Two units at a price typed a little above the table's (is_preco_alterado: the server holds it to the limits).
      descricao: 'Produto a prazo', quantidade: 2, valor_unitario: owedUnit, is_preco_alterado: true }],
    pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: crediario?.['id_meio_pagamento'], valor_total: owedTotal, quantidade_parcelas: 1 }],
  });
  expect(owed.status, JSON.stringify(owed.json)).toBe(200);
  const open = await api(page, '/operacao/recebimento/titulos', { id_cliente: idCliente });
  const receivable = (open.json['rows'] as Array<Record<string, unknown>>).find((r) => r['numero'] === `PED-${String(owed.json['nsu'])}`);
  expect(receivable).toMatchObject({ saldo: owedTotal, situacao: 'Aberto' });

  await chooseMode(page, 'Recebimento');
  await scan(page, first.barcode);
  await warned(page, 'Não é possível inserir itens na operação de recebimento.');
  await expect(page.getByText('Nenhum item.')).toBeVisible();
  await pickCustomer(page, name);
  await page.keyboard.press('F5');
  const titles = page.getByRole('dialog', { name: 'Títulos a receber (F5)' });
  const box = titles.getByRole('checkbox', { name: `Receber PED-${String(owed.json['nsu'])}/1` });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await expect(titles).toContainText(`A receber: R$ ${brl(owedTotal)}`);
  await page.screenshot({ path: test.info().outputPath('checkout-receipt-titles.png'), fullPage: true });
  await titles.getByRole('button', { name: /Confirmar/ }).press('Enter');
  await expect(titles).toBeHidden();
  await expect(page.getByTestId('receber-total')).toContainText(brl(owedTotal));
  await pay(page, 'Dinheiro', brl(cash));
  await finishMode(page, /Recebimento/, false);
  await expect(page.getByText('Operação concluída com sucesso.')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await operations(page)).filter((op) => op['situacao'] === 'Processado').length, { timeout: 30_000 }).toBe(5);
  const received = (await operations(page)).find((op) => op['modo_operacao'] === 'Recebimento');
  expect(received?.['resultado']).toMatchObject({ valor_total: owedTotal, valor_troco: Math.round((cash - owedTotal) * 100) / 100, documentos_financeiros: [receivable?.['id_documento_financeiro']] });
  const after = await api(page, '/operacao/recebimento/titulos', { id_cliente: idCliente });
  expect((after.json['rows'] as Array<Record<string, unknown>>).some((r) => r['id_documento_financeiro'] === receivable?.['id_documento_financeiro'])).toBe(false);
});
