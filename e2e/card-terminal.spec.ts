/**
 * Card terminals through the shop's local connector (issue 28; 001 §3, §4, §5, §7 Card capture, §8, §9; 000 §3.4, §9).
 * The connector runs as its own process with the FAKE TEF terminal and the VERO simulator; the caixa's machine has it
 * chosen as the branch's POS peripheral (localStorage 'pos'). Payment methods with capture are created here (TEF credit,
 * TEF debit, VERO credit, VERO Pix), so the demo's card methods other specs use stay as they are.
 * - A TEF credit sale approved: the terminal's messages on screen, the NFC-e authorized with its card group (tpIntegra
 *   1, the acquirer CNPJ, the §9 brand code, the authorization code).
 * - A TEF debit declined: the terminal's message, no payment added; an approved one removed from the sale is cancelled
 *   through /adm/cancelamento (the fake then no longer knows it).
 * - A VERO payment still in progress after 4 s + 30 checks: the §8 question, 'Sim', then approved; VERO Pix refused.
 * - A TEF sale finished as NFC-e, its NFC-e cancelled by the manager on the invoice screen: the card transaction is
 *   cancelled on the terminal right after (the fake no longer knows the NSU); when the terminal refuses, the invoice is
 *   cancelled and the card transaction listed as pending, with its NSU.
 */
import type { Page } from '@playwright/test';
import { CARD_TERMINAL_MESSAGES as M } from '../packages/domain/src/card-terminal.ts';
import { api, finish, operations, scan, sellables } from './checkout-steps.ts';
import { startConnector, type E2EConnector } from './connector.ts';
import { DEMO_PASSWORD, expect, localRows, resetActiveBranch, setStorageItem, signIn, storageItem, test, USERS, waitForLocalCopy, type Row } from './support.ts';

const TRANSMITTED = /Nota Fiscal (\d+) transmitida com sucesso/;
const suffix = String(Date.now() % 1_000_000);
// Names no other spec's method name is part of (the method box filters by substring), removed after the file.
const METHODS = {
  tefCredit: `TEF Crédito ${suffix}`,
  tefDebit: `TEF Débito ${suffix}`,
  veroCredit: `VERO Crédito ${suffix}`,
  veroPix: `VERO Instantâneo ${suffix}`,
};

let connector: E2EConnector;
const created: number[] = [];
let managerToken = '';

test.beforeAll(async ({ browser }) => {
  connector = await startConnector({ tef: { driver: 'simulador', passo_ms: 700 }, vero: { driver: 'simulador' } });
  // The manager creates the methods with capture, with the demo credit method's card operator.
  const page = await browser.newPage();
  try {
    managerToken = (await resetActiveBranch(page, USERS.gerente)) ?? '';
    const headers = { authorization: `Bearer ${managerToken}` };
    const list = await page.request.post('/api/card_operator/find', { headers, data: { take: 1 } });
    const operators = ((await list.json()) as Row)['rows'] as Row[] | undefined;
    const operadora = operators?.[0]?.['id_operadora_cartao'] ?? null;
    const create = async (descricao: string, meio_pagamento: string, modelo_captura: string) => {
      const res = await page.request.post('/api/payment_method/create', {
        headers, data: { descricao, meio_pagamento, utilizar_captura: true, modelo_captura, id_operadora_cartao: operadora },
      });
      expect(res.status(), await res.text()).toBe(200);
      created.push(Number(((await res.json()) as Row)['id_meio_pagamento']));
    };
    await create(METHODS.tefCredit, '03', 'TEF');
    await create(METHODS.tefDebit, '04', 'TEF');
    await create(METHODS.veroCredit, '03', 'VERO');
    await create(METHODS.veroPix, '17', 'VERO');
  } finally {
    await page.close();
  }
  const link = await fetch(`${connector.url}/vero/link_device`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"code":"E2E"}' });
  expect(((await link.json()) as Row)['Mensagem']).toBe(M.linked);
});

test.afterAll(async ({ browser }) => {
  await connector?.stop();
  // The methods made here are inactivated (sales use them, so they cannot be deleted): no longer offered at the till.
  const page = await browser.newPage();
  try {
    for (const id of created) {
      const res = await page.request.post('/api/payment_method/enable-disable', { headers: { authorization: `Bearer ${managerToken}` },
        data: { id_meio_pagamento: id, situacao: 'Inativo' } });
      expect(res.status(), await res.text()).toBe(200);
    }
  } finally {
    await page.close();
  }
});

/** The caixa at the point of sale, with this connector chosen as the branch's card terminal on this machine. */
async function openCheckout(page: Page): Promise<void> {
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  await expect.poll(async () => (await localRows(page, 'method_payment')).filter((m) => String(m['descricao']).endsWith(suffix)).length).toBe(4);
  await chooseTerminal(page);
}

/** This connector as the card terminal (POS) of the signed-in user's branch on this machine. */
async function chooseTerminal(page: Page): Promise<void> {
  const usuario = JSON.parse((await storageItem(page, 'pdv_usuario')) ?? '{}') as { id_filial_ativa: number };
  await setStorageItem(page, 'pdv_perifericos', JSON.stringify({
    [usuario.id_filial_ativa]: {
      pos: { id_periferico: 1, descricao: 'Terminal TEF (simulador)', tipo: 'POS',
        dispositivo: { id_dispositivo: 1, descricao: 'Caixa e2e', endereco: '127.0.0.1', porta_connect: connector.port } },
    },
  }));
}

async function simulate(path: '/tef/simulador' | '/vero/simulador', body: unknown): Promise<void> {
  const res = await fetch(`${connector.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
}

/** Chooses a method in the payment panel and presses Enter on the amount (the terminal flow starts). */
async function startPayment(page: Page, method: string): Promise<void> {
  const drawer = page.getByRole('dialog', { name: 'Pagamento (F8)' });
  if (!(await drawer.isVisible())) await page.keyboard.press('F8');
  await drawer.getByRole('combobox', { name: 'Meio de pagamento' }).fill(method);
  await expect(page.getByRole('option', { name: method, exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('combobox', { name: 'Meio de pagamento' })).toHaveValue(method);
  await drawer.getByRole('textbox', { name: 'Valor' }).press('Enter');
}

async function scanOne(page: Page): Promise<void> {
  const [product] = await sellables(page, 1);
  await page.goto('/checkout');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
  await scan(page, product?.barcode ?? '');
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
}

test('a TEF credit sale approved by the terminal becomes an NFC-e with its card group', async ({ page }) => {
  test.setTimeout(180_000);
  await openCheckout(page);
  await scanOne(page);
  await startPayment(page, METHODS.tefCredit);
  const terminal = page.getByRole('status', { name: 'Terminal de cartão' });
  await expect(terminal).toContainText(M.waitingTerminal);
  await expect(terminal).toContainText('DIGITE A SENHA');
  await page.screenshot({ path: '/tmp/card-terminal-tef.png' });
  await expect(page.getByRole('dialog', { name: 'Pagamento (F8)' })).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Totais' })).toContainText(METHODS.tefCredit);

  await finish(page, false, 'nfce');
  await expect(page.getByText(TRANSMITTED)).toBeVisible({ timeout: 60_000 });
  await expect.poll(async () => (await operations(page)).find((o) => o['id_nota_fiscal'])?.['id_nota_fiscal'] ?? null, { timeout: 60_000 }).not.toBeNull();
  const sold = (await operations(page)).find((o) => o['id_nota_fiscal']);
  const found = await api(page, '/invoice/find_by_id', { id_nota_fiscal: sold?.['id_nota_fiscal'] });
  expect(found.json['situacao']).toBe('Autorizada');
  const xml = await (await page.request.get(found.json['url_xml_distribuicao'] as string)).text();
  expect(xml).toMatch(/<detPag>(<indPag>0<\/indPag>)?<tPag>03<\/tPag><vPag>[\d.]+<\/vPag><card><tpIntegra>1<\/tpIntegra><CNPJ>01027058000191<\/CNPJ><tBand>01<\/tBand><cAut>\d{6}<\/cAut><\/card><\/detPag>/);
});

test('a declined TEF debit adds no payment; an approved one removed from the sale is cancelled on the terminal', async ({ page }) => {
  test.setTimeout(180_000);
  await openCheckout(page);
  await scanOne(page);
  await simulate('/tef/simulador', { proxima: 'recusar' });
  await startPayment(page, METHODS.tefDebit);
  const drawer = page.getByRole('dialog', { name: 'Pagamento (F8)' });
  await expect(drawer.getByRole('alert')).toHaveText('Transação negada pelo emissor (51 - saldo insuficiente).', { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Totais' })).not.toContainText(METHODS.tefDebit);

  // Approved this time.
  await drawer.getByRole('textbox', { name: 'Valor' }).press('Enter');
  await expect(drawer).toBeHidden({ timeout: 30_000 });
  const totals = page.getByRole('region', { name: 'Totais' });
  await expect(totals).toContainText(METHODS.tefDebit);
  // The local payment holds the terminal's data (NSU, date) the cancellation is sent with.
  const payment = (await localRows(page, 'payment')).find((p) => p['cartao_nsu'] && p['cartao_bandeira'] === '02') ?? null;
  expect(payment, 'the approved debit payment with its NSU').not.toBeNull();

  await totals.getByRole('button', { name: 'Remover pagamento' }).click();
  await expect(page.getByText(M.cancelled)).toBeVisible({ timeout: 30_000 });
  await expect(totals).not.toContainText(METHODS.tefDebit);
  // The terminal no longer holds it: cancelling the same NSU again is refused (7).
  const again = await fetch(`${connector.url}/adm/cancelamento`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ valor: Number(payment?.['valor_total']) / 100, nsu: payment?.['cartao_nsu'], data: String(payment?.['cartao_data_hora_transacao']).slice(0, 10) }) });
  expect(((await again.json()) as { tef: Row }).tef['resultado']).toBe(7);
});

test('cancelling a sale (Ctrl+Del) cancels its approved TEF payment on the terminal first', async ({ page }) => {
  test.setTimeout(180_000);
  await openCheckout(page);
  await scanOne(page);
  await startPayment(page, METHODS.tefCredit);
  await expect(page.getByRole('dialog', { name: 'Pagamento (F8)' })).toBeHidden({ timeout: 30_000 });
  const totals = page.getByRole('region', { name: 'Totais' });
  await expect(totals).toContainText(METHODS.tefCredit);
  const payment = (await localRows(page, 'payment')).filter((p) => p['cartao_nsu'] && p['cartao_bandeira'] === '01').at(-1) ?? null;
  expect(payment, 'the approved credit payment with its NSU').not.toBeNull();

  // The cashier may not cancel alone: the manager grants it, then the terminal cancels the card payment.
  await page.keyboard.press('Control+Delete');
  const modal = page.getByRole('dialog', { name: 'Autorização do supervisor' });
  await expect(modal.getByRole('textbox', { name: 'Usuário' })).toBeFocused();
  await page.keyboard.type(USERS.gerente);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(page.getByText(M.cancelled)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(0, { timeout: 30_000 });
  const again = await fetch(`${connector.url}/adm/cancelamento`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ valor: Number(payment?.['valor_total']) / 100, nsu: payment?.['cartao_nsu'], data: String(payment?.['cartao_data_hora_transacao']).slice(0, 10) }) });
  expect(((await again.json()) as { tef: Row }).tef['resultado']).toBe(7);
});

test('a VERO payment still in progress after the polling asks to keep checking, then is approved; VERO refuses Pix', async ({ page }) => {
  test.setTimeout(240_000);
  await openCheckout(page);
  await scanOne(page);
  await startPayment(page, METHODS.veroPix);
  const drawer = page.getByRole('dialog', { name: 'Pagamento (F8)' });
  await expect(drawer.getByRole('alert')).toHaveText(M.veroNoPix);

  // 4 s, then 30 checks 1 s apart all 'Em andamento'; the 31st check approves.
  await simulate('/vero/simulador', { checks: 30, final: 'Aprovada' });
  await startPayment(page, METHODS.veroCredit);
  await expect(drawer.getByRole('status', { name: 'Terminal de cartão' })).toContainText('Em andamento', { timeout: 15_000 });
  const question = page.getByRole('dialog', { name: 'Terminal de cartão' });
  await expect(question).toContainText(M.keepChecking, { timeout: 90_000 });
  await page.screenshot({ path: '/tmp/card-terminal-vero.png' });
  await question.getByRole('button', { name: 'Sim' }).click();
  await expect(drawer).toBeHidden({ timeout: 30_000 });
  const totals = page.getByRole('region', { name: 'Totais' });
  await expect(totals).toContainText(METHODS.veroCredit);

  // The system cannot cancel a VERO transaction: removing it tells the operator to cancel on the terminal.
  await totals.getByRole('button', { name: 'Remover pagamento' }).click();
  await expect(page.getByText(M.veroCancelOnTerminal)).toBeVisible();
});

/** A TEF credit sale finished as NFC-e by the caixa: its invoice (id, number) and card payment as the server has them. */
async function sellTefNfce(page: Page): Promise<{ id: number; numero: string; payment: Row }> {
  await openCheckout(page);
  await scanOne(page);
  await startPayment(page, METHODS.tefCredit);
  await expect(page.getByRole('dialog', { name: 'Pagamento (F8)' })).toBeHidden({ timeout: 30_000 });
  await finish(page, false, 'nfce');
  const transmitted = page.getByText(TRANSMITTED);
  await expect(transmitted).toBeVisible({ timeout: 60_000 });
  const numero = TRANSMITTED.exec((await transmitted.textContent()) ?? '')?.[1] ?? '';
  await expect.poll(async () => (await operations(page)).find((o) => o['id_nota_fiscal'])?.['id_nota_fiscal'] ?? null, { timeout: 60_000 }).not.toBeNull();
  const id = Number((await operations(page)).filter((o) => o['id_nota_fiscal']).at(-1)?.['id_nota_fiscal']);
  const found = await api(page, '/invoice/find_by_id', { id_nota_fiscal: id });
  expect(found.json['situacao']).toBe('Autorizada');
  // The invoice gives its card payment with what the terminal cancels it by.
  const payment = (found.json['pagamentos'] as Row[]).find((p) => p['cartao_nsu']) ?? {};
  expect(payment).toMatchObject({ utilizar_captura: true, modelo_captura: 'TEF' });
  expect(String(payment['cartao_data_hora_transacao'])).toMatch(/^\d{4}-\d{2}-\d{2}/);
  return { id, numero, payment };
}

/** The manager cancels the NFC-e on the invoice screen, with this machine's card terminal chosen. */
async function cancelInvoice(page: Page, id: number, numero: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, USERS.gerente);
  await chooseTerminal(page);
  await page.goto(`/invoice/register/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Nota fiscal ${numero}` })).toBeVisible();
  await page.getByRole('button', { name: /^Cancelar nota/ }).click();
  const modal = page.getByRole('dialog', { name: `Cancelar a nota fiscal ${numero}` });
  await modal.getByLabel('Justificativa').fill('Cliente desistiu da compra no caixa');
  await modal.getByLabel('Justificativa').press('Control+Enter');
  await expect(modal).toBeHidden({ timeout: 30_000 });
}

async function terminalKnows(payment: Row): Promise<boolean> {
  const again = await fetch(`${connector.url}/adm/cancelamento`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ valor: Number(payment['valor_total']), nsu: payment['cartao_nsu'], data: String(payment['cartao_data_hora_transacao']).slice(0, 10) }) });
  return ((await again.json()) as { tef: Row }).tef['resultado'] !== 7;
}

test('cancelling the NFC-e of a TEF sale cancels its card transaction on the terminal, the terminal\'s messages on screen', async ({ page }) => {
  test.setTimeout(180_000);
  const { id, numero, payment } = await sellTefNfce(page);
  await cancelInvoice(page, id, numero);
  const progress = page.getByRole('status', { name: 'Terminal de cartão' });
  await expect(progress).toContainText(M.cancellingOnTerminal, { timeout: 30_000 });
  await expect(progress).toContainText('CANCELAMENTO - CONFIRME NO PINPAD');
  await page.screenshot({ path: '/tmp/card-terminal-invoice-cancel.png' });
  await expect(page.getByText(`${M.cancelled} (NSU ${String(payment['cartao_nsu'])})`)).toBeVisible({ timeout: 30_000 });
  await expect(progress).toBeHidden();
  await expect(page.getByText('Cancelada', { exact: true }).first()).toBeVisible();
  // The terminal no longer holds it: cancelling the same NSU again is refused (7).
  expect(await terminalKnows(payment)).toBe(false);
});

test('a card transaction the terminal refuses to cancel is listed as pending once the NFC-e is cancelled', async ({ page }) => {
  test.setTimeout(180_000);
  const { id, numero, payment } = await sellTefNfce(page);
  await simulate('/tef/simulador', { proxima: 'recusar' });
  await cancelInvoice(page, id, numero);
  const warning = page.getByRole('dialog', { name: 'Aviso' });
  await expect(warning).toContainText(M.cardCancelPending, { timeout: 30_000 });
  await expect(warning).toContainText(`NSU ${String(payment['cartao_nsu'])}`);
  await expect(warning).toContainText('Transação negada pelo emissor');
  await page.screenshot({ path: '/tmp/card-terminal-invoice-pending.png' });
  await warning.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Cancelada', { exact: true }).first()).toBeVisible();
  // Still approved on the terminal (the operator cancels it there): the fake still knows it.
  expect(await terminalKnows(payment)).toBe(true);
});
