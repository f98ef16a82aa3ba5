/**
 * A sale at /checkout that ends as an NFC-e (000 §4.4, 001 §4): authorized by the SEFAZ homologation simulator the
 * server starts, with its DANFE NFC-e in the receipt tab; then, with the simulator made unavailable, the next sale
 * completes in offline contingency (tpEmis 9) and prints the contingency DANFE, and once the simulator is back the
 * server transmits that same document by itself: it becomes Autorizada without a second sale.
 */
import { request, type Page } from '@playwright/test';
import { api, finish, operations, pay, scan, sellables } from './checkout-steps.ts';
import { expect, test, USERS, signIn, waitForLocalCopy, type Row, goByMenu } from './support.ts';

const SUCCESS = 'Operação concluída com sucesso.';
const TRANSMITTED = /Nota Fiscal (\d+) transmitida com sucesso/;
const CONTINGENCY = /SEFAZ indisponível: NFC-e (\d+) emitida em contingência offline\. Ela será transmitida automaticamente\./;

/** Switches the simulator of the worker's server (e2e/server.ts starts it on a known loopback port). */
async function simulatorMode(url: string, mode: 'normal' | 'unavailable'): Promise<void> {
  const admin = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    const res = await admin.post(url, { data: { mode } });
    expect(res.status()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

/**
 * Sells one unit of `barcode` for cash as an NFC-e; answers the receipt tab's URL once it shows a document. The toast
 * (`toast`) lasts 1 s, so it is watched for from the moment the sale is confirmed.
 */
async function sellNfce(page: Page, barcode: string, toast: RegExp): Promise<string> {
  await scan(page, barcode);
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  await pay(page, 'Dinheiro');
  const popup = page.waitForEvent('popup');
  await finish(page, true, 'nfce');
  const told = expect(page.getByText(toast)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(SUCCESS)).toBeVisible();
  await told;
  const tab = await popup;
  await expect.poll(() => tab.url(), { timeout: 60_000 }).toMatch(/\/api\/nfe\/arquivo\/pdf\//);
  const url = tab.url();
  await tab.close();
  return url;
}

async function invoiceOf(page: Page, id: unknown): Promise<Row> {
  const found = await api(page, '/invoice/find_by_id', { id_nota_fiscal: id });
  expect(found.status).toBe(200);
  return found.json;
}

/** The DANFE served at the signed link is a PDF. */
async function expectPdf(page: Page, url: string): Promise<void> {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  expect((await res.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

test.afterEach(async ({ e2eServer }) => {
  await simulatorMode(e2eServer.sefazAdminUrl, 'normal');
});

test('a sale becomes an authorized NFC-e; with SEFAZ down it completes in contingency and is authorized later by itself', async ({ page, e2eServer }) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const [first, second] = await sellables(page);
  if (!first || !second) throw new Error('no products to sell');
  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();

  // Online, SEFAZ answering: authorized at once, the DANFE NFC-e opens in the receipt tab.
  const danfe = await sellNfce(page, first.barcode, TRANSMITTED);
  await expectPdf(page, danfe);
  await expect.poll(async () => (await operations(page)).length).toBe(1);
  const [sold] = await operations(page);
  expect(sold?.['situacao']).toBe('Processado');
  const authorized = await invoiceOf(page, sold?.['id_nota_fiscal']);
  expect(authorized['modelo']).toBe('65');
  expect(authorized['situacao']).toBe('Autorizada');
  expect(String(authorized['chave_acesso'])).toMatch(/^\d{44}$/);

  // SEFAZ unavailable: the sale still completes, as an NFC-e in offline contingency with its DANFE.
  await simulatorMode(e2eServer.sefazAdminUrl, 'unavailable');
  const contingencyDanfe = await sellNfce(page, second.barcode, CONTINGENCY);
  await expectPdf(page, contingencyDanfe);
  await expect.poll(async () => (await operations(page)).length).toBe(2);
  const later = (await operations(page)).find((op) => op['id_operacao'] !== sold?.['id_operacao']);
  const pending = await invoiceOf(page, later?.['id_nota_fiscal']);
  expect(pending['situacao']).toBe('Contingencia');
  expect(Number(pending['tipo_emissao'])).toBe(9);
  expect(String(pending['chave_acesso']).charAt(34)).toBe('9');

  // SEFAZ back: the server sends the same document by itself (first retry 30 s after the contingency issue).
  await simulatorMode(e2eServer.sefazAdminUrl, 'normal');
  await expect
    .poll(async () => (await invoiceOf(page, later?.['id_nota_fiscal']))['situacao'], { timeout: 120_000, intervals: [2_000] })
    .toBe('Autorizada');
  const done = await invoiceOf(page, later?.['id_nota_fiscal']);
  expect(done['chave_acesso']).toBe(pending['chave_acesso']);
  expect(done['numero_nota_fiscal']).toBe(pending['numero_nota_fiscal']);
  // Still two sales: nothing was sold again.
  expect(await operations(page)).toHaveLength(2);
});
