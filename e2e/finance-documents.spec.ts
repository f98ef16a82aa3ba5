/**
 * Issue 24, /documentFinancial as the demo manager, keyboard first: a payable created with Alt+N, discharged in part
 * then in full into a bank account (Alt+B), its last discharge reversed from the launches (Alt+L), the totals following
 * each step; and a receivable made by a crediário sale at /checkout shows in the list.
 */
import type { Page } from '@playwright/test';
import { api, pay, scan, sellables } from './checkout-steps.ts';
import { expect, test, USERS, signIn, storageItem, TOKEN_KEY, waitForLocalCopy } from './support.ts';

const total = (page: Page, label: string) => page.locator(`[data-total="${label}"]`);

async function discharge(page: Page, amount: string | null) {
  await page.keyboard.press('Alt+B');
  const drawer = page.getByRole('dialog', { name: 'Baixa de documentos' });
  const value = drawer.getByRole('textbox', { name: 'Valor pago' });
  await expect(value).toBeFocused();
  if (amount !== null) await page.keyboard.type(amount);
  const account = drawer.getByRole('combobox', { name: 'Conta bancária' });
  await account.fill('Itaú');
  // The server's search answered: the one account left.
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: 'Itaú movimento' })).toBeVisible();
  await account.press('ArrowDown');
  await account.press('Enter');
  await expect(account).toHaveValue('Itaú movimento');
  await drawer.getByRole('button', { name: 'Baixar' }).press('Enter');
  await expect(drawer).toBeHidden();
}

test('a payable: created, discharged in part then in full into a bank account, the last discharge reversed', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = `Conta de luz ${Date.now() % 100000}`;
  await signIn(page, USERS.gerente);
  await page.goto('/documentFinancial');
  await expect(page.getByRole('heading', { name: 'Documentos financeiros' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Documentos financeiros' })).toBeVisible();

  // New (Alt+N): a payable of R$ 150,00 due today.
  await page.keyboard.press('Alt+N');
  const form = page.getByRole('dialog', { name: 'Novo documento financeiro' });
  await expect(form.getByRole('textbox', { name: 'Valor' })).toBeFocused();
  await page.keyboard.type('15000');
  await expect(form.getByRole('textbox', { name: 'Valor' })).toHaveValue('R$ 150,00');
  await form.getByRole('textbox', { name: 'Observação' }).fill(tag);
  await form.getByRole('button', { name: 'Salvar' }).press('Enter');
  await expect(form).toBeHidden();

  await page.keyboard.press('F2');
  await page.keyboard.type(tag);
  const table = page.getByRole('table', { name: 'Documentos financeiros' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('A pagar');
  await expect(row).toContainText('R$ 150,00');
  await expect(total(page, 'Em aberto')).toHaveText('R$ 150,00');

  // Part: R$ 50,00.
  await discharge(page, '5000');
  await expect(row).toContainText('Parcial');
  await expect(row).toContainText('R$ 100,00');
  await expect(total(page, 'Pago')).toHaveText('R$ 50,00');
  await expect(total(page, 'Em aberto')).toHaveText('R$ 100,00');

  // The rest: the amount proposed is what is open.
  await discharge(page, null);
  await expect(row).toContainText('Quitado');
  await expect(total(page, 'Pago')).toHaveText('R$ 150,00');
  await expect(total(page, 'Em aberto')).toHaveText('R$ 0,00');
  await page.screenshot({ path: '/tmp/finance-list.png', fullPage: true });

  // Alt+L: the launches (the document's opening, then its discharges); the last one reversed with a note.
  await page.keyboard.press('Alt+L');
  const launches = page.getByRole('dialog', { name: /Lançamentos de/ });
  const lines = launches.getByRole('table', { name: 'Lançamentos' }).getByRole('row');
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(1)).toContainText('Abertura');
  await expect(lines.nth(3)).toContainText('Itaú movimento');
  await lines.nth(3).getByRole('button', { name: 'Estornar' }).press('Enter');
  await expect(launches.getByRole('textbox', { name: 'Motivo do estorno' })).toBeFocused();
  await page.keyboard.type('Pago em duplicidade');
  await launches.getByRole('button', { name: 'Confirmar estorno' }).press('Enter');
  await expect(lines.nth(3)).toContainText('Estornado');
  await expect(launches).toContainText('saldo R$ 100,00');
  await page.screenshot({ path: '/tmp/finance-launches.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(launches).toBeHidden();
  await expect(row).toContainText('Parcial');
  await expect(total(page, 'Pago')).toHaveText('R$ 50,00');
  await expect(total(page, 'Em aberto')).toHaveText('R$ 100,00');

  // Alt+C: the accounts' movement of the month; the R$ 50,00 paid left Itaú movimento.
  await page.keyboard.press('Alt+C');
  const summary = page.getByRole('dialog', { name: 'Contas: resumo e transferência' });
  const itau = summary.getByRole('table', { name: 'Resumo das contas' }).getByRole('row').filter({ hasText: 'Itaú movimento' });
  await expect(itau).toContainText('R$ 50,00');
  await page.screenshot({ path: '/tmp/finance-accounts.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(summary).toBeHidden();

  // The opening launch reversed (002 §4): the whole document with it, every launch of it reversed.
  await page.keyboard.press('Alt+L');
  await expect(lines).toHaveCount(4);
  await lines.nth(1).getByRole('button', { name: 'Estornar' }).press('Enter');
  await expect(launches).toContainText('Estornar a abertura estorna o documento inteiro');
  await expect(launches.getByRole('textbox', { name: 'Motivo do estorno' })).toBeFocused();
  await page.keyboard.type('Lançado por engano');
  await launches.getByRole('button', { name: 'Confirmar estorno' }).press('Enter');
  for (const i of [1, 2, 3]) await expect(lines.nth(i)).toContainText('Estornado');
  await expect(launches).toContainText('saldo R$ 0,00');
  await page.screenshot({ path: '/tmp/finance-opening-reversed.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(launches).toBeHidden();
  await expect(row).toContainText('Cancelado');
});

test('a crediário sale at the point of sale becomes a receivable in the list', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.gerente);
  const body = { search: 'Rafael Costa Santos', filter: { operacao: 'Entrada', data_inicio: '2000-01-01', data_fim: '2099-12-31' } };
  const before = Number((await api(page, '/document-financial/find', body)).json['count']);

  await page.goto('/checkout');
  await waitForLocalCopy(page);
  const [first] = await sellables(page);
  if (!first) throw new Error('no products to sell');
  await scan(page, first.barcode);
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  await page.keyboard.press('F6');
  const drawer = page.getByRole('dialog', { name: 'Cliente (F6)' });
  await expect(drawer.getByRole('textbox', { name: 'Nome, CPF ou CNPJ' })).toBeFocused();
  await page.keyboard.type('Rafael Costa Santos');
  await expect(drawer.getByRole('table', { name: 'Clientes encontrados' }).getByRole('row').first()).toContainText('Rafael Costa Santos');
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await pay(page, 'Crediário');
  // F10 as the manager: the seller asked is the manager (checkout-steps' finish() expects the cashier's).
  await page.keyboard.press('F10');
  const seller = page.getByRole('dialog', { name: 'Vendedor (F7)' });
  await expect(seller.getByRole('textbox', { name: 'Nome do vendedor' })).toBeFocused();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Finalizar operação (F10)' });
  await expect(modal).toBeVisible();
  const label = (await modal.locator('label').filter({ hasText: /Pré-venda/ }).first().textContent()) ?? '';
  await page.keyboard.press(label.trim().charAt(0));
  await expect(modal.getByRole('radio', { name: /Pré-venda/ })).toBeChecked();
  await page.keyboard.press('P');
  await modal.getByRole('button', { name: 'Confirmar (Enter)' }).press('Enter');
  await expect(modal).toBeHidden();

  // The operation reaches the server through the outbox; its receivable is then listed.
  await expect.poll(async () => Number((await api(page, '/document-financial/find', body)).json['count']), { timeout: 60_000 }).toBeGreaterThan(before);
  const found = await api(page, '/document-financial/find', body);
  const receivable = (found.json['rows'] as Array<Record<string, unknown>>)[0]!;

  await page.goto('/documentFinancial');
  await expect(page.getByRole('heading', { name: 'Documentos financeiros' })).toBeVisible();
  await page.getByRole('radio', { name: 'Todos' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'A receber' })).toBeChecked();
  await page.getByRole('textbox', { name: 'até' }).fill('31/12/2099');
  await page.keyboard.press('F2');
  await page.keyboard.type('Rafael Costa Santos');
  const table = page.getByRole('table', { name: 'Documentos financeiros' });
  await expect(table.getByRole('row').filter({ hasText: `${String(receivable['numero'])}/${String(receivable['sequencia'])}` })).toContainText('A receber');
  await expect(table.getByRole('row').filter({ hasText: `${String(receivable['numero'])}/` }).first()).toContainText('Rafael Costa Santos');
  await page.screenshot({ path: '/tmp/finance-receivable.png', fullPage: true });
});

test('three receivables discharged with one payment and a discount, allocated in list order', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = `Mensalidade ${Date.now() % 100000}`;
  await signIn(page, USERS.gerente);
  const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
  const ids = new Map<number, number>();
  for (const valor of [10, 20, 30]) {
    const res = await api(page, '/document-financial/create', { operacao: 'Entrada', valor_documento: valor, data_vencimento: today, observacao: tag });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    ids.set(valor, Number(res.json['id_documento_financeiro']));
  }
  const launchesOf = async (valor: number) => {
    const res = await api(page, '/document_financial_launch/find_by_document_financial', { id_documento_financeiro: ids.get(valor) });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json['rows'] as Array<Record<string, unknown>>;
  };
  const documentOf = async (valor: number) => {
    const res = await api(page, '/document-financial/find', { search: tag, filter: { data_inicio: '2000-01-01', data_fim: '2099-12-31' } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return (res.json['rows'] as Array<Record<string, unknown>>).find((r) => r['id_documento_financeiro'] === ids.get(valor))!;
  };
  await page.goto('/documentFinancial');
  await expect(page.getByRole('heading', { name: 'Documentos financeiros' })).toBeVisible();
  await page.keyboard.press('F2');
  await page.keyboard.type(tag);
  const table = page.getByRole('table', { name: 'Documentos financeiros' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(total(page, 'Em aberto')).toHaveText('R$ 60,00');
  // From the search, Tab reaches each row's box; Space marks it.
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
  }
  await expect(page.getByText('3 marcado(s)')).toBeVisible();

  await page.keyboard.press('Alt+B');
  const drawer = page.getByRole('dialog', { name: 'Baixa de documentos' });
  await expect(drawer.getByRole('textbox', { name: 'Valor pago' })).toBeFocused();
  await drawer.getByRole('textbox', { name: 'Desconto' }).focus();
  await page.keyboard.type('300');
  // R$ 3,00 of discount over 30 + 20 + 10 (newest first): 1,50, 1,00 and 0,50; R$ 57,00 to pay.
  const lines = drawer.getByRole('table', { name: 'Documentos da baixa' }).getByRole('row');
  await expect(lines.nth(1)).toContainText('R$ 28,50');
  await expect(lines.nth(2)).toContainText('R$ 19,00');
  await expect(lines.nth(3)).toContainText('R$ 9,50');
  await expect(drawer.getByRole('textbox', { name: 'Valor pago' })).toHaveAttribute('placeholder', 'R$ 57,00');
  const account = drawer.getByRole('combobox', { name: 'Conta bancária' });
  await account.fill('Itaú');
  // The server's search answered: the one account left.
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: 'Itaú movimento' })).toBeVisible();
  await account.press('ArrowDown');
  await account.press('Enter');
  await expect(account).toHaveValue('Itaú movimento');
  await page.screenshot({ path: '/tmp/finance-discharge.png', fullPage: true });
  await drawer.getByRole('button', { name: 'Baixar' }).press('Enter');
  await expect(drawer).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: 'Quitado' })).toHaveCount(3);
  await expect(total(page, 'Pago')).toHaveText('R$ 57,00');
  await expect(total(page, 'Em aberto')).toHaveText('R$ 0,00');

  // On the server, each document got one discharge (besides its opening launch) with its share of the payment and of the discount.
  for (const [valor, paid, discount] of [[30, 28.5, 1.5], [20, 19, 1], [10, 9.5, 0.5]] as const) {
    const launches = (await launchesOf(valor)).filter((l) => l['tipo'] === 'Baixa');
    expect(launches, `launches of the R$ ${valor} document`).toHaveLength(1);
    expect(launches[0]).toMatchObject({ valor: paid, valor_desconto: discount, valor_baixado: valor, valor_juros: 0, valor_multa: 0, is_estornado: false, conta_descricao: 'Itaú movimento' });
    expect(await documentOf(valor)).toMatchObject({ situacao: 'Quitado', saldo: 0, valor_pago: paid });
  }

  // The R$ 10,00 one was a mistake: its launch reversed with a note (Alt+L), the document open again.
  const ten = table.getByRole('row').filter({ hasText: 'R$ 10,00' });
  await ten.getByRole('cell').nth(1).click();
  await expect(ten).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Alt+L');
  const launchDrawer = page.getByRole('dialog', { name: /Lançamentos de/ });
  const launchLines = launchDrawer.getByRole('table', { name: 'Lançamentos' }).getByRole('row');
  await expect(launchLines).toHaveCount(3);
  await expect(launchLines.nth(2)).toContainText('R$ 9,50');
  await launchLines.nth(2).getByRole('button', { name: 'Estornar' }).press('Enter');
  await expect(launchDrawer.getByRole('textbox', { name: 'Motivo do estorno' })).toBeFocused();
  await page.keyboard.type('Cliente pagou só dois meses');
  await launchDrawer.getByRole('button', { name: 'Confirmar estorno' }).press('Enter');
  await expect(launchLines.nth(2)).toContainText('Estornado');
  await expect(launchDrawer).toContainText('saldo R$ 10,00');
  await page.keyboard.press('Escape');
  await expect(launchDrawer).toBeHidden();
  await expect(ten).toContainText('Aberto');
  await expect(table.getByRole('row').filter({ hasText: 'Quitado' })).toHaveCount(2);
  await expect(total(page, 'Pago')).toHaveText('R$ 47,50');
  await expect(total(page, 'Em aberto')).toHaveText('R$ 10,00');
  const reversed = (await launchesOf(10)).filter((l) => l['tipo'] === 'Baixa');
  expect(reversed).toHaveLength(1);
  expect(reversed[0]).toMatchObject({ is_estornado: true, observacao_estorno: 'Cliente pagou só dois meses' });
  expect(reversed[0]!['data_estorno']).not.toBeNull();
  expect(await documentOf(10)).toMatchObject({ situacao: 'Aberto', saldo: 10, valor_pago: 0 });
  expect(await documentOf(20)).toMatchObject({ situacao: 'Quitado', saldo: 0 });
  expect(await documentOf(30)).toMatchObject({ situacao: 'Quitado', saldo: 0 });
});

test('a late receivable: the discharge proposes its interest and fine from the branch configuration', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = `Atrasado ${Date.now() % 100000}`;
  await signIn(page, USERS.gerente);
  const token = await storageItem(page, TOKEN_KEY);
  const configure = async (values: Record<string, unknown>) => {
    const found = await api(page, '/branch-config/find', {});
    const row = (found.json['rows'] as Array<Record<string, unknown>>)[0]!;
    const res = await page.request.put('/api/branch-config/update', {
      data: { id_filial_configuracao: row['id_filial_configuracao'], ...values }, headers: { authorization: `Bearer ${token ?? ''}` },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await configure({ percentual_multa: 2, dias_para_multa: 0, percentual_juros: 3 });
  try {
    // Ten days late: a 2% fine and 3% a month for 10 days (1%) on R$ 100,00.
    const late = new Date(Date.now() - 3 * 3_600_000 - 10 * 86_400_000).toISOString().slice(0, 10);
    const created = await api(page, '/document-financial/create', { operacao: 'Entrada', valor_documento: 100, data_vencimento: late, observacao: tag });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    await page.goto('/documentFinancial');
    await expect(page.getByRole('heading', { name: 'Documentos financeiros' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Vencimento de' }).fill('01/01/2000');
    await page.keyboard.press('F2');
    await page.keyboard.type(tag);
    const table = page.getByRole('table', { name: 'Documentos financeiros' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.keyboard.press('Alt+B');
    const drawer = page.getByRole('dialog', { name: 'Baixa de documentos' });
    await expect(drawer.getByRole('checkbox', { name: 'Calcular juros e multa dos vencidos' })).toBeChecked();
    const line = drawer.getByRole('table', { name: 'Documentos da baixa' }).getByRole('row').nth(1);
    await expect(line).toContainText('R$ 3,00');
    await expect(line).toContainText('R$ 103,00');
    await expect(drawer.getByRole('textbox', { name: 'Valor pago' })).toHaveAttribute('placeholder', 'R$ 103,00');
    const account = drawer.getByRole('combobox', { name: 'Conta bancária' });
    await account.fill('Itaú');
    await expect(page.getByRole('option')).toHaveCount(1);
    await account.press('ArrowDown');
    await account.press('Enter');
    await expect(account).toHaveValue('Itaú movimento');
    await page.screenshot({ path: '/tmp/finance-late.png', fullPage: true });
    await drawer.getByRole('button', { name: 'Baixar' }).press('Enter');
    await expect(drawer).toBeHidden();
    await expect(table.getByRole('row').nth(1)).toContainText('Quitado');
    await expect(total(page, 'Pago')).toHaveText('R$ 103,00');
    await page.keyboard.press('Alt+L');
    const launches = page.getByRole('dialog', { name: /Lançamentos de/ });
    await expect(launches.getByRole('table', { name: 'Lançamentos' }).getByRole('row').nth(2)).toContainText('R$ 103,00');
  } finally {
    await configure({ percentual_multa: 0, dias_para_multa: 0, percentual_juros: 0 });
  }
});

test('a transfer between accounts made by mistake: listed in the side panel, reversed with its reason, the balances back', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = `Reforço ${Date.now() % 100000}`;
  await signIn(page, USERS.gerente);
  const movement = async () => {
    const res = await api(page, '/bank_account/moviment', {});
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return new Map((res.json['rows'] as Array<Record<string, unknown>>).map((r) => [String(r['descricao']), r]));
  };
  const before = await movement();
  await page.goto('/documentFinancial');
  await expect(page.getByRole('heading', { name: 'Documentos financeiros' })).toBeVisible();
  await page.keyboard.press('Alt+C');
  const panel = page.getByRole('dialog', { name: 'Contas: resumo e transferência' });
  const summary = panel.getByRole('table', { name: 'Resumo das contas' });
  await expect(summary.getByRole('row').filter({ hasText: 'Caixa da loja' })).toBeVisible();

  // The transfer: R$ 12,34 from the shop's till to the collection account.
  const pick = async (label: string, text: string, option: string) => {
    const box = panel.getByRole('combobox', { name: label });
    await box.fill(text);
    await expect(page.getByRole('option')).toHaveCount(1);
    await expect(page.getByRole('option', { name: option })).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(box).toHaveValue(option);
  };
  await pick('Conta de origem', 'Caixa', 'Caixa da loja');
  await pick('Conta de destino', 'Brasil', 'Banco do Brasil cobrança');
  await panel.getByRole('textbox', { name: 'Valor' }).focus();
  await page.keyboard.type('1234');
  await expect(panel.getByRole('textbox', { name: 'Valor' })).toHaveValue('R$ 12,34');
  await panel.getByRole('textbox', { name: 'Descrição' }).fill(tag);
  await panel.getByRole('button', { name: 'Transferir' }).press('Enter');
  const transfers = panel.getByRole('table', { name: 'Transferências do mês' });
  const line = transfers.getByRole('row').filter({ hasText: tag });
  await expect(line).toContainText('Caixa da loja');
  await expect(line).toContainText('Banco do Brasil cobrança');
  await expect(line).toContainText('R$ 12,34');
  const moved = await movement();
  expect(Number(moved.get('Caixa da loja')!['saidas'])).toBeCloseTo(Number(before.get('Caixa da loja')!['saidas']) + 12.34, 2);
  expect(Number(moved.get('Banco do Brasil cobrança')!['entradas'])).toBeCloseTo(Number(before.get('Banco do Brasil cobrança')!['entradas']) + 12.34, 2);

  // Estornar: the reason asked, then both halves reversed.
  await line.getByRole('button', { name: /Estornar transferência/ }).press('Enter');
  const reason = panel.getByRole('textbox', { name: 'Motivo do estorno' });
  await expect(reason).toBeFocused();
  await page.screenshot({ path: '/tmp/finance-transfer-reverse.png', fullPage: true });
  await page.keyboard.type('Conta de destino errada');
  await page.keyboard.press('Enter');
  await expect(reason).toBeHidden();
  await expect(line).toContainText('Estornada');
  await expect(line).toContainText('(estornada: Conta de destino errada)');
  await expect(line.getByRole('button', { name: /Estornar/ })).toHaveCount(0);

  const found = await api(page, '/bank_account/transfer/find', {});
  expect((found.json['rows'] as Array<Record<string, unknown>>).find((r) => String(r['descricao']).startsWith(tag))).toMatchObject({ is_estornado: true, valor: 12.34 });
  const after = await movement();
  for (const account of ['Caixa da loja', 'Banco do Brasil cobrança']) {
    expect(Number(after.get(account)!['saldo_final']), account).toBeCloseTo(Number(before.get(account)!['saldo_final']), 2);
  }
  // The summary shows the balances the server has now.
  const caixa = after.get('Caixa da loja')!;
  const brl = (v: unknown) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(v));
  await expect(summary.getByRole('row').filter({ hasText: 'Caixa da loja' }).getByRole('cell').nth(3)).toHaveText(brl(caixa['saidas']));
  await page.screenshot({ path: '/tmp/finance-transfer-reversed.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});
