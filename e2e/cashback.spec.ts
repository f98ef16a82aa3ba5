/**
 * Cashback (issue 30; domain cashback.ts): a 10% cashback promotion on a category; a sale to a customer accrues it
 * (shown on the sale screen, stored on the server, blocked for the branch's dias_bloqueio_cashback); while blocked the
 * Cashback payment is refused at the point of sale; a sale made once the branch has no block days accrues cashback
 * available at once (the e2e support has no database handle to age an entry, so the "after the block days" case is
 * the zero-days configuration here; cashback-block.spec.ts proves real block days by moving the till's clock), which
 * the next sale redeems as a payment, on the screen, the receipt tab and the server. The customer's Cashback tab lists
 * the history. The promotion is made Inativo and the branch's block days restored at the end (the worker's server is
 * shared).
 */
import { api, chooseCustomer, finish, operations, pay, scan, sellables } from './checkout-steps.ts';
import { expect, test, USERS, HOME_BRANCH, TOKEN_KEY, chooseBranch, goByMenu, localRows, signIn, storageItem, waitForLocalCopy, type Row } from './support.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
const brl = (c: number) => `R$ ${(c / 100).toFixed(2).replace('.', ',')}`;

test('cashback accrues on a customer sale, stays blocked for the block days and pays a later sale', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const [first] = await sellables(page);
  if (!first) throw new Error('no products to sell');
  const grid = (await localRows(page, 'grid')).find((g) => g['id_produto_grade_filial'] === first.id_produto_grade_filial) as Row;
  const product = (await localRows(page, 'product')).find((p) => p['id_produto'] === grid['id_produto']) as Row;
  const categoria = Number(product['id_categoria']);
  const [config] = await localRows(page, 'config');
  const idFilialConfig = config?.['id_filial_configuracao'];
  const diasAntes = Number(config?.['dias_bloqueio_cashback'] ?? 0);

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  let promocao = 0;
  const nome = `Cliente Cashback ${Date.now() % 1_000_000}`;
  const promoName = `Cashback da categoria ${Date.now() % 1_000_000}`;
  // The branch configuration register's update is a PUT (branch-config.spec.ts).
  const configure = async (values: Row) => {
    const token = await storageItem(manager, TOKEN_KEY);
    const res = await manager.request.put('/api/branch-config/update', {
      data: { id_filial_configuracao: idFilialConfig, ...values }, headers: { authorization: `Bearer ${token ?? ''}` },
    });
    return res.status();
  };
  const setBlockDays = async (dias: number) => {
    expect(await configure({ dias_bloqueio_cashback: dias, valor_resgate_cashback: 0 })).toBe(200);
    await expect.poll(async () => (await localRows(page, 'config'))[0]?.['dias_bloqueio_cashback'], { timeout: 20_000 }).toBe(dias);
  };
  try {
    await signIn(manager, USERS.gerente);
    await chooseBranch(manager, HOME_BRANCH);
    await setBlockDays(7);
    const created = await api(manager, '/promotion/create', {
      descricao: promoName, data_inicio: day(-1), data_fim: day(1), is_desconto: false, is_cashback: true,
      categorias: [{ id_categoria: categoria, tipo: 'Percentual', venda: 0, atacado: 0, cashback_tipo: 'Percentual', cashback_venda: 10, cashback_atacado: 10 }],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    promocao = Number(created.json['id_promocao']);
    const person = await api(manager, '/people/create', { nome, is_cliente: true });
    expect(person.status, JSON.stringify(person.json)).toBe(200);
    const idPessoa = Number(person.json['id_pessoa']);
    await expect.poll(async () => (await localRows(page, 'promotion')).some((p) => p['id_promocao'] === promocao), { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => (await localRows(page, 'people')).some((p) => p['id_pessoa'] === idPessoa), { timeout: 20_000 }).toBe(true);

    // Sale 1: the customer earns 10% of the line, blocked for 7 days.
    await goByMenu(page, 'Ponto de venda');
    await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
    await scan(page, first.barcode);
    const line = page.getByRole('table', { name: 'Itens da venda' }).getByRole('row').nth(1);
    await expect(line).toBeVisible();
    const totals = page.getByRole('region', { name: 'Totais' });
    // No customer yet: no cashback.
    await expect(totals.getByLabel('Cashback da compra')).toHaveCount(0);
    await chooseCustomer(page, nome);
    const total = Math.round(Number((await totals.getByLabel('Total', { exact: true }).textContent())?.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
    const earned = Math.floor(total / 10);
    await expect(totals.getByLabel('Cashback da compra')).toHaveText(brl(earned));
    await page.screenshot({ path: '/tmp/cashback-sale-earns.png' });
    await pay(page, 'Dinheiro', (total / 100).toFixed(2).replace('.', ','));
    await finish(page, false);
    await expect.poll(async () => (await operations(page)).map((op) => op['situacao']), { timeout: 20_000 }).toEqual(['Processado']);
    let history = await api(manager, '/people_cashback/history', { id_pessoa: idPessoa });
    expect(history.json).toMatchObject({ saldo: earned / 100, disponivel: 0, bloqueado: earned / 100 });

    // Sale 2: the cashback is blocked, so the Cashback payment is refused at the point of sale.
    await expect.poll(async () => Number((await localRows(page, 'people')).find((p) => p['id_pessoa'] === idPessoa)?.['cashback_saldo']),
      { timeout: 20_000 }).toBe(earned / 100);
    await expect(page.getByRole('table', { name: 'Itens da venda' })).toBeHidden();
    await scan(page, first.barcode);
    await expect(line).toBeVisible();
    await chooseCustomer(page, nome);
    await page.keyboard.press('F8');
    const drawer = page.getByRole('dialog', { name: 'Pagamento (F8)' });
    await drawer.getByRole('combobox', { name: 'Meio de pagamento' }).fill('Cashback');
    await expect(page.getByRole('option', { name: 'Cashback', exact: true })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(drawer.getByTestId('cashback-disponivel')).toContainText(`bloqueado: ${brl(earned)}`);
    const value = drawer.getByRole('textbox', { name: 'Valor' });
    await value.fill('0,10');
    await value.press('Enter');
    await expect(drawer.getByRole('alert')).toContainText('O cliente não tem cashback disponível para resgate.');
    await page.screenshot({ path: '/tmp/cashback-blocked.png' });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    // The branch drops its block days: this sale's cashback is available as soon as the server records it.
    await setBlockDays(0);
    // The sale still earns its cashback on screen after the configuration change.
    await expect(totals.getByLabel('Cashback da compra')).toHaveText(brl(earned));
    await pay(page, 'Dinheiro', (total / 100).toFixed(2).replace('.', ','));
    await finish(page, false);
    // One read of the device's operations: two reads (every one processed, then two of them) passed with the second
    // sale still Pendente between them, and the server's history was asked before it had the sale (fresh-clone run).
    await expect.poll(async () => (await operations(page)).map((op) => op['situacao']), { timeout: 20_000 })
      .toEqual(['Processado', 'Processado']);
    history = await api(manager, '/people_cashback/history', { id_pessoa: idPessoa });
    expect(history.json).toMatchObject({ disponivel: earned / 100, bloqueado: earned / 100 });

    // Sale 3: the available cashback pays part of it; the screen, the receipt and the server show it.
    await expect.poll(async () => Number((await localRows(page, 'people')).find((p) => p['id_pessoa'] === idPessoa)?.['cashback_saldo']),
      { timeout: 20_000 }).toBe((2 * earned) / 100);
    await expect(page.getByRole('table', { name: 'Itens da venda' })).toBeHidden();
    await scan(page, first.barcode);
    await expect(line).toBeVisible();
    await chooseCustomer(page, nome);
    await page.keyboard.press('F8');
    await drawer.getByRole('combobox', { name: 'Meio de pagamento' }).fill('Cashback');
    await expect(page.getByRole('option', { name: 'Cashback', exact: true })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(drawer.getByTestId('cashback-disponivel')).toContainText(`Cashback disponível: ${brl(earned)}`);
    // The amount proposed is the available cashback (less than the balance due).
    await expect(value).toHaveValue((earned / 100).toFixed(2).replace('.', ','));
    await page.screenshot({ path: '/tmp/cashback-redeem-panel.png' });
    await value.press('Enter');
    await expect(totals.getByLabel('Pago', { exact: true })).toHaveText(brl(earned));
    await pay(page, 'Dinheiro', ((total - earned) / 100).toFixed(2).replace('.', ','));
    await page.screenshot({ path: '/tmp/cashback-redeemed.png' });
    // Finished with its receipt (the earlier sales turned printing off with P: it is turned on again here).
    await page.keyboard.press('F10');
    const seller = page.getByRole('dialog', { name: 'Vendedor (F7)' });
    await expect(seller.getByRole('textbox', { name: 'Nome do vendedor' })).toBeFocused();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Finalizar operação (F10)' });
    await expect(modal).toBeVisible();
    const label = (await modal.locator('label').filter({ hasText: /Pré-venda/ }).first().textContent()) ?? '';
    await page.keyboard.press(label.trim().charAt(0));
    if (!(await modal.getByRole('checkbox').isChecked())) await page.keyboard.press('P');
    await expect(modal.getByRole('checkbox')).toBeChecked();
    const popup = page.waitForEvent('popup', { timeout: 30_000 });
    await modal.getByRole('button', { name: 'Confirmar (Enter)' }).press('Enter');
    const receipt = await popup;
    await expect.poll(() => receipt.url(), { timeout: 20_000 }).toMatch(/^blob:/);
    await receipt.close();
    await page.screenshot({ path: '/tmp/cashback-after-receipt.png' });
    await expect.poll(async () => (await operations(page)).length === 3 && (await operations(page)).every((op) => op['situacao'] === 'Processado'),
      { timeout: 20_000 }).toBe(true);
    const third = (await operations(page)).find((op) => (op['resultado'] as Row | undefined)?.['valor_cashback_resgatado'] !== undefined);
    expect((third?.['resultado'] as Row)['valor_cashback_resgatado']).toBe(earned / 100);
    history = await api(manager, '/people_cashback/history', { id_pessoa: idPessoa });
    expect((history.json['lancamentos'] as Row[]).map((e) => e['tipo'])).toEqual(['Acumulo', 'Resgate', 'Acumulo', 'Acumulo']);

    // The customer's Cashback tab in the person form (opened at its address, as the list opens it).
    await manager.goto(`/people/register/${idPessoa}`);
    const form = manager.getByRole('form', { name: 'Pessoa' });
    await form.getByRole('tab', { name: 'Cashback' }).click({ timeout: 30_000 });
    const ledger = manager.getByRole('table', { name: 'Histórico de cashback' });
    await expect(ledger.getByRole('row')).toHaveCount(5, { timeout: 20_000 });
    await expect(manager.getByLabel('Disponível para resgate')).toHaveText(brl(earned));
    await manager.screenshot({ path: '/tmp/cashback-history.png', fullPage: true });

    // The promotion form's Cashback tab shows the category's cashback.
    await manager.goto('/promotion');
    const promoCell = manager.getByRole('table', { name: 'Promoções' }).getByRole('cell', { name: promoName, exact: true });
    await expect(promoCell).toBeVisible();
    await promoCell.click({ timeout: 20_000 });
    await manager.keyboard.press('Enter');
    await manager.getByRole('tab', { name: 'Cashback' }).click({ timeout: 20_000 });
    await expect(manager.getByText('Nenhum cashback por categoria.')).toBeHidden();
    await expect(manager.getByText('Vale para vendas com cliente identificado', { exact: false })).toBeVisible();
    await manager.screenshot({ path: '/tmp/cashback-promotion-tab.png', fullPage: true });
  } finally {
    if (promocao) expect((await api(manager, '/promotion/enable-disable', { id_promocao: promocao, situacao: 'Inativo' })).status).toBe(200);
    await configure({ dias_bloqueio_cashback: diasAntes });
    await managerContext.close();
  }
});
