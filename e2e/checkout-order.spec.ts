/**
 * The point of sale's order and quote modes (000 §4.3-4.4, §8; issue 6): an order finished at /checkout is created and
 * released ("Pedido {nsu} salvo com sucesso"), then invoiced to an NFC-e that SEFAZ (the homologation simulator)
 * authorizes; a quote needs a customer, moves no stock and is refused at invoicing.
 */
import type { Page } from '@playwright/test';
import { api, finish, operations, pay, scan, sellables, serverStock, type FinishChoice } from './checkout-steps.ts';
import { expect, test, USERS, signIn, waitForLocalCopy, goByMenu, findLocalRow } from './support.ts';

/** The digit of each mode, as the mode picker shows it. */
const MODE_DIGIT: Record<string, string> = { Venda: '1', Pedido: '2', Orçamento: '3', Devolução: '4', Recebimento: '5', Consignação: '6', 'Vale crédito': '7' };

/** Alt+M and the digit of `mode` (the picker shows each mode's digit). */
async function chooseMode(page: Page, mode: 'Venda' | 'Pedido' | 'Orçamento'): Promise<void> {
  const control = page.getByRole('radiogroup', { name: 'Modo da operação' });
  if (!(await control.getByRole('radio', { name: mode, exact: true }).isChecked())) {
    await page.keyboard.press('Alt+M');
    await page.keyboard.press(MODE_DIGIT[mode] ?? '1');
  }
  await expect(control.getByRole('radio', { name: mode, exact: true })).toBeChecked();
}

/**
 * F10 (the seller asked first: Enter) is refused with `message` in the warning modal, which Enter closes; the customer
 * search opens by itself.
 */
async function refusedForCustomer(page: Page, message: string): Promise<void> {
  await page.keyboard.press('F10');
  await expect(page.getByRole('dialog', { name: 'Vendedor (F7)' })).toBeVisible();
  await page.keyboard.press('Enter');
  const warning = page.getByRole('dialog', { name: 'Aviso' });
  await expect(warning).toContainText(message);
  await expect(warning.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(warning).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Vendedor (F7)' })).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Cliente (F6)' })).toBeVisible();
}

/** The first customer whose name starts with `name`, Enter (F6 opens the search unless it is open). */
async function pickCustomer(page: Page, name: string): Promise<void> {
  const drawer = page.getByRole('dialog', { name: 'Cliente (F6)' });
  if (!(await drawer.isVisible())) await page.keyboard.press('F6');
  await drawer.getByRole('textbox', { name: 'Nome, CPF ou CNPJ' }).fill(name);
  await expect(drawer.getByRole('table', { name: 'Clientes encontrados' }).getByRole('row').first()).toContainText(name);
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expect(page.getByText(`Cliente: ${name}`)).toBeVisible();
}

/** Finishes as `choice` and waits for the toast of `saved` (toasts last 1 s: watched from the confirmation on). */
async function finishAs(page: Page, choice: FinishChoice, saved: RegExp): Promise<number> {
  // The seller was chosen at the refused attempt: it is not asked again.
  await finish(page, false, choice, false);
  const toast = page.getByText(saved);
  await expect(toast).toBeVisible({ timeout: 30_000 });
  return Number(saved.exec((await toast.first().textContent()) ?? '')?.[1]);
}

test('order mode releases the order and it is invoiced to an NFC-e; a quote moves no stock and cannot be invoiced', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const [first, second] = await sellables(page);
  if (!first || !second) throw new Error('no products to sell');
  const customer = await findLocalRow(page, 'people', (p) => p['is_cliente'] !== false && typeof p['nome'] === 'string');
  const name = String(customer?.['nome']);
  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();

  // An order without its customer is refused before anything is written.
  await scan(page, first.barcode);
  await chooseMode(page, 'Pedido');
  await refusedForCustomer(page, 'Cliente não informado');
  expect(await operations(page)).toHaveLength(0);

  // With the customer (and paid, so that its NFC-e has its payment): created and released on the server.
  await pickCustomer(page, name);
  await pay(page, 'Dinheiro');
  const nsu = await finishAs(page, 'pedido', /Pedido (\d+) salvo com sucesso/);
  await expect.poll(async () => (await operations(page)).map((op) => op['situacao']), { timeout: 20_000 }).toEqual(['Processado']);
  const [ordered] = await operations(page);
  const order = await api(page, '/order/find_by_id', { id_pedido: ordered?.['id_pedido'] });
  expect(order.json).toMatchObject({ nsu, operacao: 'Pedido', situacao: 'Liberado', id_cliente: customer?.['id_pessoa'] });

  // Invoiced to an NFC-e, transmitted and authorized.
  const invoiced = await api(page, '/order/order-invoice-list', { list_orders: [ordered?.['id_pedido']], modelo: '65' });
  expect(invoiced.status, JSON.stringify(invoiced.json)).toBe(200);
  const [nota] = invoiced.json['notas'] as Array<{ id_nota_fiscal: number }>;
  const transmitted = await api(page, '/nfe/transmitir', { id_nota_fiscal: nota?.id_nota_fiscal });
  expect(transmitted.status, JSON.stringify(transmitted.json)).toBe(200);
  expect((transmitted.json['nota_fiscal'] as Record<string, unknown>)['situacao']).toBe('Autorizada');
  expect(transmitted.json['message']).toMatch(/^Nota Fiscal \d+ transmitida com sucesso$/);
  // Its authorization closes the order: NotaPendente → Faturado.
  const billed = await api(page, '/order/find_by_id', { id_pedido: ordered?.['id_pedido'] });
  expect(billed.json['situacao']).toBe('Faturado');

  // A quote: customer required, no stock taken, and it cannot be invoiced.
  const stockBefore = await serverStock(page);
  await scan(page, second.barcode);
  await chooseMode(page, 'Orçamento');
  await refusedForCustomer(page, 'Informe um cliente para concluir a operação de orçamento.');
  await pickCustomer(page, name);
  const quoteNsu = await finishAs(page, 'orcamento', /Orçamento (\d+) salvo com sucesso/);
  await expect.poll(async () => (await operations(page)).filter((op) => op['situacao'] === 'Processado').length, { timeout: 20_000 }).toBe(2);
  const quoted = (await operations(page)).find((op) => op['nsu'] === quoteNsu);
  const quote = await api(page, '/order/find_by_id', { id_pedido: quoted?.['id_pedido'] });
  expect(quote.json).toMatchObject({ operacao: 'Orcamento', situacao: 'Edicao' });
  expect((await serverStock(page)).get(second.id_estoque)).toBe(stockBefore.get(second.id_estoque));
  const refused = await api(page, '/order/order-invoice-list', { list_orders: [quoted?.['id_pedido']], modelo: '65' });
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.json)).toContain('Orçamento não pode ser faturado.');
});
