/**
 * Issue 16, "Keys that do not do what the screen says": every modal of the point of sale's modes driven by the keys
 * the screen shows, never a click nor a Tab the screen does not mention. Alt+M forwards without folding the menu,
 * Alt+Shift+M back, a digit after Alt+M picks the mode; F10 on an empty sale says there are no items; F5 outside the
 * return and receipt says why; the seller list holds the branch's sellers; Recebimento asks before dropping a sale's
 * items; CPF masked in the customer search and the totals; the receivables, the original sale and its quantities,
 * the consignment stages (digits) and the voucher without a sale (Enter issues) by keys; a receipt and a consignment
 * leave the point of sale in their mode with their customer.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { api, finish, operations, pay, scan, sellables } from './checkout-steps.ts';
import { expect, test, USERS, localRows, signIn, waitForLocalCopy, goByMenu, findLocalRow } from './support.ts';

const MODES = ['Venda', 'Pedido', 'Orçamento', 'Devolução', 'Recebimento', 'Consignação', 'Vale crédito'] as const;
type Mode = (typeof MODES)[number];

const modeRadio = (page: Page, mode: Mode) =>
  page.getByRole('radiogroup', { name: 'Modo da operação' }).getByRole('radio', { name: mode, exact: true });

/** Alt+M and the digit the picker shows beside `mode`. */
async function pickMode(page: Page, mode: Mode): Promise<void> {
  await page.keyboard.press('Alt+M');
  await page.keyboard.press(String(MODES.indexOf(mode) + 1));
  await expect(modeRadio(page, mode)).toBeChecked();
}

/** The warning modal shows `message`; Enter closes it. */
async function warned(page: Page, message: string): Promise<void> {
  const warning = page.getByRole('dialog', { name: 'Aviso' });
  await expect(warning).toContainText(message);
  await expect(warning.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(warning).toBeHidden();
}

/** F6, the name typed, Enter on the first found. */
async function pickCustomer(page: Page, name: string): Promise<void> {
  await page.keyboard.press('F6');
  const drawer = page.getByRole('dialog', { name: 'Cliente (F6)' });
  await expect(drawer.getByRole('textbox', { name: 'Nome, CPF ou CNPJ' })).toBeFocused();
  await page.keyboard.type(name);
  await expect(drawer.getByRole('table', { name: 'Clientes encontrados' }).getByRole('row').first()).toContainText(name);
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
}

/** In the open finish modal: the number key of `option`, P (no print), Enter on Confirmar. */
async function confirmFinish(page: Page, option: RegExp): Promise<void> {
  const modal = page.getByRole('dialog', { name: 'Finalizar operação (F10)' });
  await expect(modal).toBeVisible();
  const label = (await modal.locator('label').filter({ hasText: option }).first().textContent()) ?? '';
  await page.keyboard.press(label.trim().charAt(0));
  await expect(modal.getByRole('radio', { name: option })).toBeChecked();
  await page.keyboard.press('P');
  await expect(modal.getByRole('checkbox')).not.toBeChecked();
  await modal.getByRole('button', { name: 'Confirmar (Enter)' }).press('Enter');
  await expect(modal).toBeHidden();
}

const processed = async (page: Page) => (await operations(page)).filter((op) => op['situacao'] === 'Processado');

test('the modes, their panels and modals answer the keys they show', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const [first, second] = await sellables(page);
  if (!first || !second) throw new Error('no products to sell');
  const customer = await findLocalRow(page, 'people', 
    (p) => p['is_cliente'] !== false && typeof p['cpf'] === 'string' && String(p['cpf']).length === 11 && typeof p['nome'] === 'string',
  );
  if (!customer) throw new Error('no customer with a CPF');
  const name = String(customer['nome']);
  const cpf = String(customer['cpf']);
  const maskedCpf = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
  const idCliente = Number(customer['id_pessoa']);

  // An open receivable of the customer (a crediário sale through the API) for the receipt.
  const [config] = await localRows(page, 'config');
  const crediario = (await localRows(page, 'method_payment')).find((m) => m['meio_pagamento'] === '05');
  const addresses = await localRows(page, 'stock_address');
  const address = config?.['id_endereco_estoque_venda'] ?? addresses.find((a) => a['id_filial'] === config?.['id_filial'])?.['id_endereco_estoque'];
  // One unit at its table price (the server checks prices against the table).
  const grid = (await localRows(page, 'grid')).find((g) => g['id_produto_grade_filial'] === second.id_produto_grade_filial);
  const price = Number(grid?.['preco_venda']);
  expect(price).toBeGreaterThan(0);
  const brl = price.toFixed(2).replace('.', ',');
  const owed = await api(page, '/operacao', {
    id_operacao: randomUUID(), modo_operacao: 'Venda', modelo: null, id_filial: config?.['id_filial'], id_cliente: idCliente,
    data_inicio: new Date().toISOString(),
    itens: [{ id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: second.id_produto_grade_filial, id_endereco_estoque: address,
      descricao: 'Produto a prazo', quantidade: 1, valor_unitario: price }],
    pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: crediario?.['id_meio_pagamento'], valor_total: price, quantidade_parcelas: 1 }],
  });
  expect(owed.status, JSON.stringify(owed.json)).toBe(200);
  const titulo = `PED-${String(owed.json['nsu'])}/1`;
  const open = await api(page, '/operacao/recebimento/titulos', { id_cliente: idCliente });
  const titleIndex = (open.json['rows'] as Array<Record<string, unknown>>).findIndex((r) => `${String(r['numero'])}/${String(r['sequencia'])}` === titulo);
  expect(titleIndex).toBeGreaterThanOrEqual(0);

  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
  await expect(modeRadio(page, 'Venda')).toBeChecked();

  // 1. Alt+M forwards, Alt+Shift+M back, the menu untouched; a digit after Alt+M picks the mode the picker shows with it.
  const menuButton = page.getByRole('button', { name: /^(Recolher|Expandir) menu$/ });
  const menuState = await menuButton.getAttribute('aria-expanded');
  await page.keyboard.press('Alt+M');
  await expect(modeRadio(page, 'Pedido')).toBeChecked();
  await expect(menuButton).toHaveAttribute('aria-expanded', menuState ?? '');
  await page.keyboard.press('Alt+Shift+M');
  await expect(modeRadio(page, 'Venda')).toBeChecked();
  await page.keyboard.press('Alt+Shift+M');
  await expect(modeRadio(page, 'Vale crédito')).toBeChecked();
  await expect(menuButton).toHaveAttribute('aria-expanded', menuState ?? '');
  await expect(page.getByRole('radiogroup', { name: 'Modo da operação' })).toContainText('4Devolução');
  await page.keyboard.press('Alt+M');
  await expect(page.getByTestId('mode-digit-hint')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('checkout-keys-mode-digits.png'), fullPage: true });
  await page.keyboard.press('4');
  await expect(modeRadio(page, 'Devolução')).toBeChecked();
  await pickMode(page, 'Venda');

  // 2. F10 on an empty sale: no items, before (and without) any seller question; F5 in a sale says why it does nothing.
  await page.keyboard.press('F10');
  await warned(page, 'Adicione ao menos um item para concluir a operação.');
  await expect(page.getByRole('dialog', { name: 'Vendedor (F7)' })).toBeHidden();
  await page.keyboard.press('F5');
  await warned(page, 'F5 escolhe a venda de origem na Devolução e os títulos a receber no Recebimento.');

  // 3. The seller list (F7) holds Loja Centro's sellers only: Ana Ribeiro works at Loja Shopping.
  await scan(page, first.barcode);
  await expect(page.getByRole('row').filter({ hasText: '1,000' })).toBeVisible();
  await page.keyboard.press('F7');
  const sellers = page.getByRole('dialog', { name: 'Vendedor (F7)' });
  await expect(sellers.getByRole('table', { name: 'Vendedores' })).toContainText('Carlos Lima');
  await expect(sellers.getByRole('table', { name: 'Vendedores' })).not.toContainText('Ana Ribeiro');
  await page.keyboard.press('Escape');
  await expect(sellers).toBeHidden();

  // 4. Recebimento takes no items: the sale's line goes once the cashier says yes (Enter on "Sim").
  await page.keyboard.press('Alt+M');
  await page.keyboard.press('5');
  const confirmation = page.getByRole('dialog', { name: 'Trocar para Recebimento' });
  await expect(confirmation).toContainText('remover os itens desta venda');
  await expect(confirmation.getByRole('button', { name: 'Sim' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(modeRadio(page, 'Recebimento')).toBeChecked();
  await expect(page.getByText('Nenhum item.')).toBeVisible();

  // 5. The customer search and the totals show the CPF masked.
  await page.keyboard.press('F6');
  const people = page.getByRole('dialog', { name: 'Cliente (F6)' });
  await expect(people.getByRole('textbox').first()).toBeFocused();
  await page.keyboard.type(name);
  await expect(people.getByRole('table', { name: 'Clientes encontrados' }).getByRole('row').first()).toContainText(maskedCpf);
  await page.keyboard.press('Enter');
  await expect(people).toBeHidden();
  await expect(page.getByText(`Cliente: ${name} ${maskedCpf}`)).toBeVisible();

  // 6. F5: the receivables drawer focuses the first box once listed; ↓ to ours, Space ticks, Enter confirms.
  await page.keyboard.press('F5');
  const titles = page.getByRole('dialog', { name: 'Títulos a receber (F5)' });
  await expect(titles.getByRole('checkbox').first()).toBeFocused();
  for (let i = 0; i < titleIndex; i += 1) await page.keyboard.press('ArrowDown');
  await expect(titles.getByRole('checkbox', { name: `Receber ${titulo}` })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(titles).toContainText(`A receber: R$ ${brl}`);
  await page.screenshot({ path: testInfo.outputPath('checkout-keys-receivables.png'), fullPage: true });
  await page.keyboard.press('Enter');
  await expect(titles).toBeHidden();
  await expect(page.getByTestId('receber-total')).toContainText(brl);
  await pay(page, 'Dinheiro', brl);
  // A receipt asks no seller.
  await page.keyboard.press('F10');
  await confirmFinish(page, /Recebimento/);
  await expect.poll(async () => (await processed(page)).length, { timeout: 30_000 }).toBe(1);
  // The next operation is a receipt for the same customer.
  await expect(modeRadio(page, 'Recebimento')).toBeChecked();
  await expect(page.getByText(`Cliente: ${name} ${maskedCpf}`)).toBeVisible();

  // 7. A sale to the customer (kept from the receipt), then its return by keys: the sale picked from the search box with
  //    Enter, the first quantity focused, Enter applies; F10 in a return asks no seller.
  await pickMode(page, 'Venda');
  await scan(page, first.barcode);
  await expect(page.getByText(/^Nenhum item\./)).toBeHidden();
  await expect(page.getByText(`Cliente: ${name}`)).toBeVisible();
  await pay(page, 'Dinheiro');
  await finish(page, false, 'pre', true);
  await expect.poll(async () => (await processed(page)).length, { timeout: 30_000 }).toBe(2);
  const sold = (await processed(page)).find((op) => op['modo_operacao'] === 'Venda');
  const nsu = String((sold?.['resultado'] as Record<string, unknown>)['nsu']);
  await pickMode(page, 'Devolução');
  await pickCustomer(page, name);
  await page.keyboard.press('F5');
  const origin = page.getByRole('dialog', { name: 'Venda de origem da devolução (F5)' });
  await expect(origin.getByRole('textbox', { name: 'Pesquisar venda (número ou produto)' })).toBeFocused();
  await page.keyboard.type(nsu);
  const listed = origin.getByRole('button', { name: new RegExp(`^Pedido ${nsu} ·`) });
  await expect(listed).toBeVisible();
  await expect(origin.getByRole('button', { name: /^(Pedido|NFC-e|NF-e) .* · troca até/ })).toHaveCount(1);
  await page.keyboard.press('Enter');
  const quantity = origin.getByRole('textbox', { name: /^Quantidade a devolver de / });
  await expect(quantity).toBeFocused();
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(origin).toBeHidden();
  await expect(page.getByTestId('mode-banner')).toContainText(`Venda de origem: Pedido ${nsu}`);
  await page.keyboard.press('F10');
  await expect(page.getByRole('dialog', { name: 'Finalizar operação (F10)' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Vendedor (F7)' })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Finalizar operação (F10)' })).toBeHidden();

  // 8. A consignment finished at the point of sale, then its stages by digits (Alt+C, the number of the consignment,
  //    1 send, the returned quantity and Enter, 3 finish); the next operation stays a consignment for the customer.
  // Alt+M passes over Recebimento (it would ask about the return's lines) when a digit follows.
  await pickMode(page, 'Consignação');
  await expect(page.getByRole('dialog', { name: 'Trocar para Recebimento' })).toBeHidden();
  await scan(page, second.barcode);
  // The line is on the sale (the barcode's lookup is asynchronous) before F10.
  await expect(page.getByText(/^Nenhum item\./)).toBeHidden();
  await expect(page.getByText(`Cliente: ${name}`)).toBeVisible();
  await page.keyboard.press('F10');
  await expect(page.getByRole('dialog', { name: 'Vendedor (F7)' })).toBeVisible();
  await page.keyboard.press('Enter');
  await confirmFinish(page, /Consignação \(itens/);
  await expect.poll(async () => (await processed(page)).length, { timeout: 30_000 }).toBe(3);
  const consigned = (await processed(page)).find((op) => op['modo_operacao'] === 'Consignacao');
  const order = await api(page, '/order/find_by_id', { id_pedido: consigned?.['id_pedido'] });
  await expect(modeRadio(page, 'Consignação')).toBeChecked();
  await expect(page.getByText(`Cliente: ${name}`)).toBeVisible();
  await page.keyboard.press('Alt+C');
  const stages = page.getByRole('dialog', { name: 'Etapas da consignação (Alt+C)' });
  const list = stages.getByRole('table', { name: 'Consignações em aberto' });
  await expect(list).toContainText(String(order.json['nsu']));
  const rows = await list.getByRole('row').allTextContents();
  const digit = rows.slice(1).findIndex((text) => text.includes(String(order.json['nsu']))) + 1;
  await page.keyboard.press(String(digit));
  await expect(stages.getByRole('button', { name: /Enviar ao cliente/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('checkout-keys-consignment.png'), fullPage: true });
  await page.keyboard.press('1');
  await expect(stages.getByText('Com o cliente')).toBeVisible();
  await expect(stages.getByRole('textbox', { name: /^Devolvido de / })).toBeFocused();
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(stages.getByText('Retorno registrado')).toBeVisible();
  await page.keyboard.press('3');
  await expect(stages.getByText('Nenhum item dessa consignação pode ser vendido')).toBeVisible();
  await page.keyboard.press('0');
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(stages).toBeHidden();
});

test('the voucher without a sale: Enter goes from the value to the reason, and Enter in the reason issues', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
  await pickMode(page, 'Vale crédito');
  await page.keyboard.press('Alt+V');
  const modal = page.getByRole('dialog', { name: 'Emitir vale crédito sem venda (Alt+V)' });
  const value = modal.getByRole('textbox', { name: 'Valor do vale crédito' });
  await expect(value).toBeFocused();
  await page.keyboard.type('15,00');
  await page.keyboard.press('Enter');
  const reason = modal.getByRole('textbox', { name: 'Motivo' });
  await expect(reason).toBeFocused();
  await page.keyboard.type('Cortesia');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('por atraso');
  await expect(reason).toHaveValue('Cortesia\npor atraso');
  const popup = page.waitForEvent('popup');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/gift_card/sell-in-checkout'));
  await page.keyboard.press('Enter');
  const codigo = String(((await (await answer).json()) as Record<string, unknown>)['codigo']);
  await expect(page.getByText(`Vale crédito ${codigo} emitido com sucesso.`)).toBeVisible({ timeout: 30_000 });
  await expect(modal).toBeHidden({ timeout: 30_000 });
  await (await popup).close();
});
