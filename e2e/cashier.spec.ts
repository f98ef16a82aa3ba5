/**
 * Issue 23: the till shift. With forcar_controle_caixa on, the point of sale refuses to sell before the shift is open;
 * the cashier opens it at /cashier, sells in cash and by card, makes a sangria, counts blind with a difference, closes it with a
 * supervisor's grant (the difference is above the branch's limit) and sees the Z report.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { CASHIER_MESSAGES } from '../packages/domain/src/cashier.ts';
import { api, finish, money, operations, pay, scan, sellables } from './checkout-steps.ts';
import { DEMO_PASSWORD, expect, goByMenu, localRows, resetActiveBranch, signIn, test, USERS, waitForLocalCopy } from './support.ts';

const SUCCESS = 'Operação concluída com sucesso.';
const PENDING = 'Não foi possível concluir a operação. A mesma ficará pendente. Por favor, tente novamente mais tarde.';

/**
 * The demo manager's token (the cashier may not change the branch configuration), active in Loja Centro, the cashier's
 * branch.
 */
async function managerToken(page: Page): Promise<string> {
  const token = await resetActiveBranch(page, USERS.gerente);
  if (!token) throw new Error('the demo manager could not sign in');
  return token;
}

async function configure(page: Page, token: string, values: Record<string, unknown>): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const found = await page.request.post('/api/branch-config/find', { data: {}, headers });
  const rows = ((await found.json()) as { rows: Array<Record<string, unknown>> }).rows;
  // The cashier's branch: Loja Centro (the manager's active branch too).
  const row = rows[0]!;
  const res = await page.request.put('/api/branch-config/update', { data: { id_filial_configuracao: row['id_filial_configuracao'], ...values }, headers });
  expect(res.status(), await res.text()).toBe(200);
}

test('a till shift: refused sale before opening, open, cash and card sales, sangria, blind close with a difference, Z report', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const token = await managerToken(page);
  await configure(page, token, { forcar_controle_caixa: true });
  try {
    // The configuration reaches the till's local copy.
    await expect.poll(async () => (await localRows(page, 'config'))[0]?.['forcar_controle_caixa'], { timeout: 60_000 }).toBe(true);
    const [product] = await sellables(page);
    if (!product) throw new Error('no product to sell');

    // 1. No shift open: the point of sale refuses the sale.
    await goByMenu(page, 'Ponto de venda');
    await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
    await scan(page, product.barcode);
    await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
    await pay(page, 'Dinheiro');
    await page.keyboard.press('F10');
    // The demo branch asks the seller first (Enter takes the cashier); the finishing checks follow.
    const seller = page.getByRole('dialog', { name: 'Vendedor (F7)' });
    await expect(seller.getByRole('textbox', { name: 'Nome do vendedor' })).toBeFocused();
    await page.keyboard.press('Enter');
    const warning = page.getByRole('dialog', { name: 'Aviso' });
    await expect(warning).toContainText(CASHIER_MESSAGES.noOpenShift);
    await page.screenshot({ path: '/tmp/cashier-refused.png' });
    await page.keyboard.press('Enter');
    await expect(warning).toBeHidden();
    expect(await operations(page)).toEqual([]);

    // 2. Open the shift with R$ 100,00.
    await goByMenu(page, 'Caixa');
    await expect(page.getByRole('heading', { name: 'Caixa' })).toBeVisible();
    await page.keyboard.press('F2');
    const openPanel = page.getByRole('dialog', { name: 'Abrir caixa' });
    const float = openPanel.getByRole('textbox', { name: 'Valor de abertura (troco inicial)' });
    await expect(float).toBeFocused();
    await page.keyboard.type('10000');
    await expect(float).toHaveValue('R$ 100,00');
    await openPanel.getByRole('button', { name: 'Abrir caixa' }).click();
    await expect(openPanel).toBeHidden();
    await expect(page.getByText(/Seu caixa está aberto desde/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Caixas' }).getByRole('row').nth(1)).toContainText('Aberto');

    // 3. Sell in cash: the sale in the draft goes through now.
    await goByMenu(page, 'Ponto de venda');
    await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
    const lines = page.getByRole('table', { name: 'Itens da venda' }).getByRole('row');
    if ((await lines.count()) < 2) {
      await scan(page, product.barcode);
      await pay(page, 'Dinheiro');
    }
    const totals = page.getByRole('region', { name: 'Totais' });
    const total = money(await totals.getByLabel('Total', { exact: true }).textContent());
    const popup = page.waitForEvent('popup');
    // The seller was chosen at the refused try (once per sale).
    await finish(page, true, 'pre', false);
    await expect(page.getByText(SUCCESS)).toBeVisible();
    await (await popup).close();
    await expect.poll(async () => (await operations(page)).map((op) => op['situacao']), { timeout: 20_000 }).toEqual(['Processado']);

    // 3b. Another sale by credit card: its slip is counted apart, and the card operator owes it.
    await scan(page, product.barcode);
    await expect(lines).toHaveCount(2);
    const cardTotal = money(await totals.getByLabel('Total', { exact: true }).textContent());
    await pay(page, 'Cartão de Crédito');
    const cardPopup = page.waitForEvent('popup');
    await finish(page, true, 'pre', true);
    await expect(page.getByText(SUCCESS)).toBeVisible();
    await (await cardPopup).close();
    await expect.poll(async () => (await operations(page)).map((op) => op['situacao']), { timeout: 20_000 }).toEqual(['Processado', 'Processado']);

    // 4. A sangria of R$ 30,00 with its reason.
    await goByMenu(page, 'Caixa');
    await expect(page.getByText(/Seu caixa está aberto desde/)).toBeVisible();
    await page.keyboard.press('F3');
    const operation = page.getByRole('dialog', { name: 'Operação de caixa' });
    await expect(operation.getByRole('textbox', { name: 'Valor' })).toBeFocused();
    await page.keyboard.type('3000');
    await operation.getByRole('textbox', { name: 'Motivo' }).fill('Depósito no banco');
    await page.screenshot({ path: '/tmp/cashier-operation.png' });
    await operation.getByRole('button', { name: 'Registrar' }).click();
    await expect(operation).toBeHidden();

    // 5. Blind count, R$ 1,00 short, and the close: above the limit (R$ 0,00), a supervisor grants it.
    await page.keyboard.press('F4');
    const verification = page.getByRole('dialog', { name: /Apuração do caixa/ });
    await expect(verification.getByText('Apuração às cegas', { exact: false })).toBeVisible();
    await expect(verification.getByRole('columnheader', { name: 'Esperado' })).toHaveCount(0);
    const cash = Math.round((100 + total - 30 - 1) * 100);
    await verification.getByRole('textbox', { name: 'Apurado Dinheiro' }).focus();
    await page.keyboard.type(String(cash));
    await verification.getByRole('textbox', { name: 'Apurado Cartão de Crédito' }).focus();
    await page.keyboard.type(String(Math.round(cardTotal * 100)));
    await page.screenshot({ path: '/tmp/cashier-verification.png' });
    await verification.getByRole('button', { name: 'Fechar caixa' }).click();
    await expect(page.getByRole('dialog', { name: 'Aviso' })).toContainText(CASHIER_MESSAGES.differenceNeedsAuthorization);
    await page.keyboard.press('Enter');
    const supervisor = page.getByRole('dialog', { name: 'Autorização do supervisor' });
    await expect(supervisor.getByRole('textbox', { name: 'Usuário' })).toBeVisible();
    await supervisor.getByRole('textbox', { name: 'Usuário' }).fill(USERS.gerente);
    await supervisor.getByLabel('Senha').fill(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(verification).toBeHidden();
    const first = page.getByRole('table', { name: 'Caixas' }).getByRole('row').nth(1);
    await expect(first).toContainText('Fechado');
    await expect(page.getByText(/Seu caixa está aberto desde/)).toHaveCount(0);
    await page.screenshot({ path: '/tmp/cashier-list.png', fullPage: true });

    // The closed shift shows expected, counted and difference; the Z report opens as a PDF.
    await first.getByRole('button', { name: 'Apuração' }).click();
    await expect(verification.getByRole('columnheader', { name: 'Diferença' })).toBeVisible();
    await expect(verification.getByRole('row', { name: /Dinheiro/ })).toContainText('-R$ 1,00');
    await expect(verification.getByRole('row', { name: /Cartão de Crédito/ })).toContainText('R$ 0,00');
    await page.screenshot({ path: '/tmp/cashier-closed.png' });
    const report = page.waitForEvent('popup');
    await verification.getByRole('button', { name: 'Relatório Z' }).click();
    const tab = await report;
    await expect.poll(() => tab.url(), { timeout: 20_000 }).toMatch(/^blob:/);
    await tab.close();
  } finally {
    await configure(page, token, { forcar_controle_caixa: false });
  }
});

test('offline: a shift opened, a sangria and a cash sale made without network reach the server once each; a close offline with a difference awaits a supervisor', async ({ page, context }) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const token = await managerToken(page);
  await configure(page, token, { forcar_controle_caixa: true, valor_limite_diferenca_caixa: 0 });
  try {
    await expect.poll(async () => (await localRows(page, 'config'))[0]?.['forcar_controle_caixa'], { timeout: 60_000 }).toBe(true);
    const [product] = await sellables(page);
    if (!product) throw new Error('no product to sell');
    await goByMenu(page, 'Caixa');
    await expect(page.getByRole('heading', { name: 'Caixa' })).toBeVisible();
    await expect(page.getByText(/Seu caixa está aberto desde/)).toHaveCount(0);

    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    // Open with R$ 50,00 and take R$ 10,00 out, offline: both wait in the till's outbox.
    await page.keyboard.press('F2');
    const openPanel = page.getByRole('dialog', { name: 'Abrir caixa' });
    await expect(openPanel.getByRole('textbox', { name: 'Valor de abertura (troco inicial)' })).toBeFocused();
    await page.keyboard.type('5000');
    await openPanel.getByRole('button', { name: 'Abrir caixa' }).click();
    await expect(openPanel).toBeHidden();
    await expect(page.getByText(/Seu caixa está aberto desde .*\(pendente de envio\)/)).toBeVisible();
    await page.keyboard.press('F3');
    const operation = page.getByRole('dialog', { name: 'Operação de caixa' });
    await expect(operation.getByRole('textbox', { name: 'Valor' })).toBeFocused();
    await page.keyboard.type('1000');
    await operation.getByRole('textbox', { name: 'Motivo' }).fill('Troco para o cofre');
    await operation.getByRole('button', { name: 'Registrar' }).click();
    await expect(operation).toBeHidden();
    await expect(page.getByText('2 operação(ões) de caixa pendente(s)')).toBeVisible();
    await page.screenshot({ path: '/tmp/cashier-offline.png' });

    // The point of sale sells offline against the shift this device opened.
    await goByMenu(page, 'Ponto de venda');
    await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
    await scan(page, product.barcode);
    await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
    await pay(page, 'Dinheiro');
    const total = money(await page.getByRole('region', { name: 'Totais' }).getByLabel('Total', { exact: true }).textContent());
    await finish(page, false);
    await expect(page.getByText(PENDING)).toBeVisible();

    // Back online, but the first sends of the shift's events get no answer: the sale waits with them, pending (sent
    // first, it would be refused for good for want of an open shift).
    await page.route('**/api/cashier/event', (route) => route.abort('connectionfailed'));
    await context.setOffline(false);
    await expect.poll(async () => (await operations(page)).map((op) => [op['situacao'], Number(op['tentativas']) > 0]), {
      message: 'the sale is tried and stays pending while the opening is unanswered', timeout: 30_000,
    }).toEqual([['Pendente', true]]);
    await page.unroute('**/api/cashier/event');

    // The shift, the sangria and the sale reach the server, each once, in one shift.
    // An operation refused shows its message here (the shift's opening must reach the server before the sale).
    await expect.poll(async () => (await operations(page)).map((op) => [op['situacao'], op['erro'] ?? null].filter(Boolean).join(': ')), {
      message: 'the offline sale reaches the server', timeout: 30_000,
    }).toEqual(['Processado']);
    const current = await api(page, '/cashier/current', {});
    const caixa = current.json['caixa'] as { id_caixa: number; is_offline: boolean; is_duplicado: boolean } | null;
    expect(caixa).toMatchObject({ is_offline: true, is_duplicado: false });
    const detail = await api(page, '/cashier/find_by_id', { id_caixa: caixa?.id_caixa });
    const kinds = (detail.json['operacoes'] as Array<{ tipo: string }>).map((o) => o.tipo).sort();
    expect(kinds, 'the shift\'s ledger: the opening, the sangria and the sale, once each').toEqual(['Abertura', 'Sangria', 'Venda']);

    // Counted R$ 1,00 short and closed offline: no supervisor can be asked there (the limit is R$ 0,00), so the shift
    // reaches the server closed and awaiting a supervisor's approval, which the manager gives online.
    await goByMenu(page, 'Caixa');
    await expect(page.getByText(/Seu caixa está aberto desde/)).toBeVisible();
    await expect(page.getByText(/pendente de envio/)).toHaveCount(0);
    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    await page.keyboard.press('F4');
    const verification = page.getByRole('dialog', { name: /Apuração do caixa/ });
    await verification.getByRole('textbox', { name: 'Apurado Dinheiro' }).focus();
    await page.keyboard.type(String(Math.round((50 - 10 + total - 1) * 100)));
    await verification.getByRole('button', { name: 'Fechar caixa' }).click();
    await expect(verification).toBeHidden();
    await expect(page.getByText(/Seu caixa está aberto desde/)).toHaveCount(0);
    await context.setOffline(false);
    await expect.poll(async () => {
      const found = await api(page, '/cashier/find_by_id', { id_caixa: caixa?.id_caixa });
      return [found.json['situacao'], found.json['is_aguardando_autorizacao']];
    }, { message: 'the shift closed offline reaches the server awaiting a supervisor', timeout: 30_000 }).toEqual(['Fechado', true]);
    const row = page.getByRole('table', { name: 'Caixas' }).getByRole('row').nth(1);
    await page.reload();
    await expect(row).toContainText('Aguardando autorização');
    await page.screenshot({ path: '/tmp/cashier-awaiting-approval.png' });
    const shift = (await api(page, '/cashier/find_by_id', { id_caixa: caixa?.id_caixa })).json;
    const approved = await page.request.post('/api/cashier/event', {
      headers: { authorization: `Bearer ${token}` },
      data: { id_evento: randomUUID(), tipo: 'AprovacaoDiferenca', uuid_caixa: shift['uuid_caixa'], id_filial: shift['id_filial'], data: new Date().toISOString() },
    });
    expect(approved.status(), await approved.text()).toBe(200);
    await page.reload();
    await expect(row).toContainText('Fechado');
    await expect(row).not.toContainText('Aguardando autorização');
  } finally {
    await context.setOffline(false);
    await configure(page, token, { forcar_controle_caixa: false });
  }
});
