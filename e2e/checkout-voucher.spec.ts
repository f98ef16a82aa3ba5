/**
 * The point of sale's credit-voucher and consignment modes (000 §1, §4.5, §9; issue 6): a voucher sold at /checkout
 * is issued by the server and its PDF (CODE39 and QR of the code) opens in the receipt tab; a later sale is paid in
 * part with it and the balance drops by that part. A voucher without a sale (Alt+V) is a manager's credit with its
 * reason: the cashier is told why not, the manager issues it. A consignment finished offline at /checkout waits in the outbox,
 * reaches the server as an order pending send once the network returns, and is advanced in the stages modal (Alt+C)
 * until everything came back: "Nenhum item dessa consignação pode ser vendido".
 */
import type { Page } from '@playwright/test';
import { api, operations, pay, scan, sellables } from './checkout-steps.ts';
import { expect, test, USERS, signIn, waitForLocalCopy, goByMenu, findLocalRow, expectToast } from './support.ts';

type Mode = 'Venda' | 'Consignação' | 'Vale crédito';

/** The digit of each mode, as the mode picker shows it. */
const MODE_DIGIT: Record<string, string> = { Venda: '1', Pedido: '2', Orçamento: '3', Devolução: '4', Recebimento: '5', Consignação: '6', 'Vale crédito': '7' };

/** Alt+M and the digit of `mode` (the picker shows each mode's digit). */
async function chooseMode(page: Page, mode: Mode): Promise<void> {
  const control = page.getByRole('radiogroup', { name: 'Modo da operação' });
  if (!(await control.getByRole('radio', { name: mode, exact: true }).isChecked())) {
    await page.keyboard.press('Alt+M');
    await page.keyboard.press(MODE_DIGIT[mode] ?? '1');
  }
  await expect(control.getByRole('radio', { name: mode, exact: true })).toBeChecked();
}

/**
 * F10, Enter on the seller asked (Loja Centro asks once per sale, in the modes that sell goods: not for a credit
 * voucher), the number key of `option`, P when not printing, Enter.
 */
async function finishAs(page: Page, option: RegExp, print: boolean, sellerAsked = true): Promise<void> {
  await page.keyboard.press('F10');
  if (sellerAsked) {
    const seller = page.getByRole('dialog', { name: 'Vendedor (F7)' });
    await expect(seller.getByRole('textbox', { name: 'Nome do vendedor' })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  const modal = page.getByRole('dialog', { name: 'Finalizar operação (F10)' });
  await expect(modal).toBeVisible();
  const label = (await modal.locator('label').filter({ hasText: option }).first().textContent()) ?? '';
  await page.keyboard.press(label.trim().charAt(0));
  await expect(modal.getByRole('radio', { name: option })).toBeChecked();
  if (!print) await page.keyboard.press('P');
  await modal.getByRole('button', { name: 'Confirmar (Enter)' }).press('Enter');
}

async function pickCustomer(page: Page, name: string): Promise<void> {
  await page.keyboard.press('F6');
  const drawer = page.getByRole('dialog', { name: 'Cliente (F6)' });
  await drawer.getByRole('textbox', { name: 'Nome, CPF ou CNPJ' }).fill(name);
  await expect(drawer.getByRole('table', { name: 'Clientes encontrados' }).getByRole('row').first()).toContainText(name);
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
}

test('a voucher sold at /checkout prints with its code and pays part of a later sale', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const [first] = await sellables(page);
  if (!first) throw new Error('no products to sell');
  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();

  // Vale crédito: the value typed becomes the voucher product's line; paid in cash.
  await chooseMode(page, 'Vale crédito');
  // A voucher without a sale (Alt+V) is a manager's credit: the cashier is told why and how to sell one, and nothing
  // reaches the server.
  const credits: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/gift_card/sell-in-checkout')) credits.push(r.url());
  });
  await expect(page.getByRole('button', { name: 'Emitir vale sem venda' })).toHaveCount(0);
  await page.keyboard.press('Alt+V');
  const refusal = page.getByRole('dialog', { name: 'Aviso' });
  await expect(refusal).toContainText('Somente o gerente pode emitir vale crédito sem venda.');
  await expect(refusal).toContainText('informe o valor e finalize a venda com o pagamento');
  await page.screenshot({ path: testInfo.outputPath('voucher-credit-refused.png'), fullPage: true });
  await refusal.getByRole('button', { name: 'OK' }).click();
  await expect(refusal).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Emitir vale crédito sem venda (Alt+V)' })).toHaveCount(0);
  expect(credits).toEqual([]);
  const value = page.getByRole('textbox', { name: 'Valor do vale crédito' });
  await value.focus();
  await page.keyboard.type('150,00');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Valor do vale: R$ 150,00')).toBeVisible();
  await pay(page, 'Dinheiro');
  await page.screenshot({ path: testInfo.outputPath('voucher-mode.png'), fullPage: true });

  const popup = page.waitForEvent('popup');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/operacao') && r.request().method() === 'POST');
  await finishAs(page, /Vale crédito/, true, false);
  const codigo = String(((await (await answer).json()) as Record<string, unknown>)['codigo_vale_credito']);
  expect(codigo).toMatch(/^\d{12}$/);
  // The toast lasts a second: it is looked for as it shows, by the code the server answered.
  await expect(page.getByText(`Vale crédito ${codigo} emitido com sucesso.`)).toBeVisible({ timeout: 30_000 });
  const tab = await popup;
  await expect.poll(() => tab.url(), { timeout: 20_000 }).toMatch(/^blob:/);
  await tab.close();

  const card = await api(page, '/gift_card/get-by-gift-card', { codigo });
  expect(card.status).toBe(200);
  expect(card.json).toMatchObject({ codigo, valor: 150, saldo: 150, situacao: 'Ativo' });
  // The PDF the receipt tab showed, as the server serves it: it names the code.
  const printed = await api(page, '/gift_card/imprimir', { id_vale_credito: card.json['id_vale_credito'] });
  expect(printed.status).toBe(200);
  const pdf = Buffer.from(String(printed.json['pdf_base64']), 'base64').toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  expect(pdf).toContain(codigo);

  // A later sale: R$ 10,00 from the voucher (code typed as a scanner does, Enter looks it up), the rest in cash.
  await chooseMode(page, 'Venda');
  await scan(page, first.barcode);
  await page.keyboard.press('F8');
  const drawer = page.getByRole('dialog', { name: 'Pagamento (F8)' });
  await drawer.getByRole('combobox', { name: 'Meio de pagamento' }).fill('Vale Crédito');
  await expect(page.getByRole('option', { name: 'Vale Crédito', exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  const code = drawer.getByRole('textbox', { name: 'Código do vale crédito' });
  await code.fill(codigo);
  await code.press('Enter');
  await expect(drawer.getByText('Saldo R$ 150,00')).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Valor' }).fill('10,00');
  await page.screenshot({ path: testInfo.outputPath('voucher-payment.png'), fullPage: true });
  await drawer.getByRole('textbox', { name: 'Valor' }).press('Enter');
  // The sale is not covered yet: the panel stays open for the next payment (pay finds it open and types the method).
  await expect(drawer.getByRole('combobox', { name: 'Meio de pagamento' })).toHaveValue('');
  await pay(page, 'Dinheiro');
  await finishAs(page, /Pré-venda/, false);
  await expect.poll(async () => (await operations(page)).map((op) => op['situacao']), { timeout: 30_000 })
    .toEqual(['Processado', 'Processado']);
  const after = await api(page, '/gift_card/get-by-gift-card', { codigo });
  expect(after.json['saldo']).toBe(140);
});

test('a consignment finished offline at /checkout is sent by the outbox and goes through its stages in the modal', async ({ page, context }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const [, second] = await sellables(page);
  if (!second) throw new Error('no products to sell');
  const customer = await findLocalRow(page, 'people', (p) => p['is_cliente'] !== false && typeof p['cpf'] === 'string');
  const name = String(customer?.['nome']);
  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();

  await chooseMode(page, 'Consignação');
  await scan(page, second.barcode);
  await pickCustomer(page, name);
  // Finished offline: it waits in the outbox like a sale and reaches the server when the network returns.
  await context.setOffline(true);
  await finishAs(page, /Consignação \(itens/, false);
  await expectToast(page, 'Operação concluída com sucesso.');
  await expect.poll(async () => (await operations(page)).map((op) => op['situacao']), { timeout: 20_000 }).toEqual(['Pendente']);
  await context.setOffline(false);
  await expect.poll(async () => (await operations(page)).map((op) => op['situacao']), { timeout: 40_000 }).toEqual(['Processado']);
  const [done] = await operations(page);
  const created = await api(page, '/order/find_by_id', { id_pedido: done?.['id_pedido'] });
  expect(created.json).toMatchObject({ operacao: 'Consignacao', situacao: 'Edicao', id_cliente: customer?.['id_pessoa'] });
  expect((created.json['itens'] as Array<Record<string, unknown>>).map((i) => i['situacao_consignacao'])).toEqual(['PendenteEnvio']);

  // The next operation opened in the same mode: the customer again, then Alt+C opens the stages of her consignments.
  await chooseMode(page, 'Consignação');
  await pickCustomer(page, name);
  await page.keyboard.press('Alt+C');
  const modal = page.getByRole('dialog', { name: 'Etapas da consignação (Alt+C)' });
  await expect(modal.getByRole('table', { name: 'Consignações em aberto' })).toContainText(String(created.json['nsu']));
  await modal.getByRole('table', { name: 'Consignações em aberto' }).focus();
  await page.keyboard.press('1');
  await modal.getByRole('button', { name: 'Enviar ao cliente' }).click();
  await expect(modal.getByText('Com o cliente')).toBeVisible();
  // Everything came back: finishing concludes it and nothing is left to invoice.
  await modal.getByRole('textbox', { name: /^Devolvido de / }).fill('1');
  await modal.getByRole('button', { name: 'Registrar devolução' }).click();
  await expect(modal.getByText('Retorno registrado')).toBeVisible();
  await modal.getByRole('button', { name: 'Concluir consignação' }).click();
  await expect(modal.getByText('Nenhum item dessa consignação pode ser vendido')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('consignment-stages.png'), fullPage: true });
  const finished = await api(page, '/order/find_by_id', { id_pedido: done?.['id_pedido'] });
  expect(finished.json['situacao']).toBe('Concluida');
});

test('a voucher is issued without a sale (Alt+V), with its reason, and its PDF opens', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
  await chooseMode(page, 'Vale crédito');
  await expect(page.getByRole('button', { name: 'Emitir vale sem venda' })).toBeVisible();

  await page.keyboard.press('Alt+V');
  const modal = page.getByRole('dialog', { name: 'Emitir vale crédito sem venda (Alt+V)' });
  await expect(modal).toBeVisible();
  // Nothing typed: both refusals, nothing issued.
  await modal.getByRole('button', { name: 'Emitir (Enter)' }).click();
  await expect(modal.getByText('Informe o valor do vale crédito.')).toBeVisible();
  await expect(modal.getByText('Informe o motivo da emissão do vale crédito.')).toBeVisible();

  await modal.getByRole('textbox', { name: 'Valor do vale crédito' }).fill('25,00');
  await modal.getByRole('textbox', { name: 'Motivo' }).fill('Cortesia: atraso na entrega');
  await page.screenshot({ path: testInfo.outputPath('voucher-issue.png'), fullPage: true });
  const popup = page.waitForEvent('popup');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/gift_card/sell-in-checkout'));
  await modal.getByRole('textbox', { name: 'Valor do vale crédito' }).press('Enter');
  const codigo = String(((await (await answer).json()) as Record<string, unknown>)['codigo']);
  // The toast lasts a second: it is read as it shows.
  await expect(page.getByText(`Vale crédito ${codigo} emitido com sucesso.`)).toBeVisible({ timeout: 30_000 });
  await expect(modal).toBeHidden();
  const tab = await popup;
  await expect.poll(() => tab.url(), { timeout: 20_000 }).toMatch(/^blob:/);
  await tab.close();
  const card = await api(page, '/gift_card/get-by-gift-card', { codigo });
  expect(card.json).toMatchObject({ codigo, valor: 25, saldo: 25, situacao: 'Ativo' });
  // No sale was made for it.
  expect(await operations(page)).toEqual([]);
});
