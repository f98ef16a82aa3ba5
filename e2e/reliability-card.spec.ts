/**
 * Issue 7, card data on the client: after card sales at /checkout (credit as an NFC-e, debit as a pre-sale with its
 * receipt, and a credit sale made offline that waits in the outbox), and a card number with its CVV typed where a
 * cashier might type it by mistake (the product search, the customer search), no 13-19 digit Luhn-valid number,
 * track data or CVV is in any IndexedDB store of the origin (every Dexie table, the outbox included, read while the
 * offline sale waits in it and again at the end), in localStorage or sessionStorage, or in the text of the PDFs (the
 * receipt the page prints, the DANFE NFC-e and the order's A4 sheet the server serves).
 *
 * Then the logout (000 §4.6): the local copy's people and the other personal tables are emptied, and none of the
 * people's names or CPF/CNPJ numbers is left in any store.
 */
import type { Page } from '@playwright/test';
import { pdfText } from '../packages/documents/src/pdf-text.ts';
import { isValidCnpj } from '../packages/domain/src/documents.ts';
import { findPans, withLuhnDigit } from '../apps/server/src/reliability/luhn.ts';
import { api, finish, gtinValid, pay, scan } from './checkout-steps.ts';
import { dumpIndexedDb, editedSale, localOperation, stockedProducts, takeUnit, type Stocked } from './reliability-steps.ts';
import { expect, test, USERS, localRows, signIn, waitForLocalCopy, type Row } from './support.ts';

const NOT_FOUND = 'Nenhum produto encontrado.';
const CVV = '737';

/** Everything the page's origin keeps: every IndexedDB store and both web storages, as "where" -> JSON text. */
async function clientData(page: Page): Promise<Record<string, string>> {
  const stores = await dumpIndexedDb(page);
  const storage = await page.evaluate<Record<string, string>>(
    `({ localStorage: JSON.stringify({ ...localStorage }), sessionStorage: JSON.stringify({ ...sessionStorage }) })`);
  return { ...stores, ...storage };
}

/** Where a card number, the planted one's digits, its track data or its CVV label shows up. */
function cardDataIn(data: Record<string, string>, pan: string): string[] {
  const found: string[] = [];
  for (const [where, text] of Object.entries(data)) {
    // As the domain's rule (packages/domain/src/card-number.ts): a card number starts with a brand's digit (2-6), so
    // sync positions (date_change) are none; a GTIN-13 of the catalogue passes Luhn one time in ten and is none either,
    // nor is a branch's or a person's CNPJ (14 digits with its own check digits; a branch made by another spec on the
    // same server, 5566778..., passed Luhn and was taken for a card once).
    const document = (n: string) => (n.length === 13 && gtinValid(n)) || (n.length === 14 && isValidCnpj(n));
    for (const hit of findPans(text).filter((n) => /^[2-6]/.test(n) && !document(n))) {
      found.push(`${where}: card number ${hit.slice(0, 6)}…${hit.slice(-4)}`);
    }
    if (text.includes(pan) || text.includes(pan.slice(0, 12))) found.push(`${where}: the planted number's digits`);
    if (/=\d{4}1010\d+\?|%B\d|CVV\s*\d{3}/.test(text)) found.push(`${where}: track data or CVV`);
  }
  return found;
}

async function sellByCard(page: Page, product: Stocked, method: 'Cartão de Crédito' | 'Cartão de Débito'): Promise<string> {
  const lines = page.getByRole('table', { name: 'Itens da venda' }).getByRole('row');
  await expect(lines).toHaveCount(0);
  await scan(page, product.barcode);
  await expect(lines).toHaveCount(2);
  // The draft's lines are saved right after they are drawn: wait for the stored line.
  const id = await editedSale(page);
  await pay(page, method);
  return id;
}

async function processed(page: Page, id: string): Promise<Row> {
  await expect.poll(async () => (await localOperation(page, id))?.['situacao'], { timeout: 60_000 }).toBe('Processado');
  return (await localOperation(page, id))!;
}

async function pdfTextAt(page: Page, url: string): Promise<string> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  const body = await res.body();
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(body);
}

test('card sales leave no card number, track data or CVV on the client or in the PDFs; logout removes the people', async ({ page, context }) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const products = await stockedProducts(page, 3);
  const pan = withLuhnDigit(`4${String(Date.now()).slice(-13)}0`);
  const grouped = pan.replace(/(\d{4})(?=\d)/g, '$1 ');
  await page.goto('/checkout');
  const search = page.getByRole('textbox', { name: 'Pesquisar produto' });
  await expect(search).toBeVisible({ timeout: 30_000 });

  // A card number typed where a cashier might type it by mistake.
  await search.focus();
  await page.keyboard.type(pan, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
  await search.fill('');
  await page.keyboard.press('F6');
  const customer = page.getByRole('dialog', { name: 'Cliente (F6)' });
  await expect(customer).toBeVisible();
  await customer.getByRole('textbox', { name: 'Nome, CPF ou CNPJ' }).fill(`${grouped} CVV ${CVV}`);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(customer).toBeHidden();

  // Credit, as an NFC-e (the DANFE served by the server).
  const nfce = await sellByCard(page, takeUnit(products), 'Cartão de Crédito');
  await finish(page, false, 'nfce');
  const nfceOp = await processed(page, nfce);

  // Debit, as a pre-sale, with the receipt the page prints (a PDF in a blob: tab).
  const presale = await sellByCard(page, takeUnit(products), 'Cartão de Débito');
  const popup = page.waitForEvent('popup');
  await finish(page, true, 'pre');
  const receiptTab = await popup;
  await expect.poll(() => receiptTab.url(), { timeout: 20_000 }).toMatch(/^blob:/);
  const receiptBytes = Buffer.from(await receiptTab.evaluate<string>(`(async () => {
    const bytes = new Uint8Array(await (await fetch(location.href)).arrayBuffer());
    let s = ''; for (const b of bytes) s += String.fromCharCode(b); return btoa(s);
  })()`), 'base64');
  await receiptTab.close();
  const presaleOp = await processed(page, presale);

  // Credit offline: the sale waits in the outbox; its stored form is read there.
  await context.setOffline(true);
  // The screen has seen the network go (its status says so) before the cashier scans: keys typed while the header
  // and the till re-render on that change were lost once under load.
  await expect(page.getByRole('status', { name: 'Offline', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeFocused();
  const offline = await sellByCard(page, takeUnit(products), 'Cartão de Crédito');
  await finish(page, false);
  await expect.poll(async () => (await localOperation(page, offline))?.['situacao']).toBe('Pendente');
  const whileWaiting = await clientData(page);
  expect(Object.keys(whileWaiting).some((k) => k.endsWith('/operation')), 'the outbox table was read').toBe(true);
  expect(cardDataIn(whileWaiting, pan)).toEqual([]);
  await context.setOffline(false);
  await processed(page, offline);

  // Every store at the end.
  const stores = await clientData(page);
  const cardPayments = (await localRows(page, 'payment')).filter((p) => [nfce, presale, offline].includes(String(p['id_operacao'])));
  expect(cardPayments).toHaveLength(3);
  const atEnd = cardDataIn(stores, pan);

  // The PDFs: the receipt printed by the page, the DANFE NFC-e and the order's A4 sheet served by the server.
  const receipt = pdfText(receiptBytes);
  const invoice = await api(page, '/nfe/imprimir', { id_nota_fiscal: nfceOp['id_nota_fiscal'] ?? (nfceOp['resultado'] as Row)['id_nota_fiscal'] });
  expect(invoice.status, JSON.stringify(invoice.json)).toBe(200);
  const danfe = await pdfTextAt(page, String(invoice.json['url_pdf']));
  const sheet = await api(page, '/order/generate-pdf', { id_pedido: presaleOp['id_pedido'] ?? (presaleOp['resultado'] as Row)['id_pedido'] });
  expect(sheet.status, JSON.stringify(sheet.json)).toBe(200);
  const order = await pdfTextAt(page, String(sheet.json['url_pdf']));
  // The texts were read (each shows its payment), so an empty scan means something.
  expect(receipt).toMatch(/Cart[aã]o de D[eé]bito/i);
  expect(danfe).toMatch(/Cart[aã]o de Cr[eé]dito/i);
  expect(order).toMatch(/Cart[aã]o de D[eé]bito/i);
  const inPdfs = cardDataIn({ receipt, danfe, order }, pan);
  console.log(`card data on the client: ${Object.keys(stores).length} stores and storages read, ${cardPayments.length} card payments `
    + `stored, ${atEnd.length} findings; PDFs (receipt ${receipt.length}, DANFE ${danfe.length}, order ${order.length} characters): `
    + `${inPdfs.length} findings`);
  expect(atEnd).toEqual([]);
  expect(inPdfs).toEqual([]);

  // Logout: the people leave the device, with every name and document of theirs.
  const people = await localRows(page, 'people');
  expect(people.length).toBeGreaterThan(0);
  const marks = people.flatMap((p) => [p['cpf'], p['cnpj']]).filter((v): v is string => typeof v === 'string' && v.length >= 11);
  const names = people.map((p) => p['nome']).filter((v): v is string => typeof v === 'string' && v.length >= 8 && v !== 'Consumidor Final');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  let left: string[] = [];
  await expect
    .poll(async () => {
      const after = await clientData(page);
      left = Object.entries(after).flatMap(([where, text]) =>
        [...marks, ...names].filter((m) => text.includes(JSON.stringify(m))).map((m) => `${where}: ${m.slice(0, 3)}…`));
      return left.length;
    }, { timeout: 15_000 })
    .toBe(0);
  for (const table of ['people', 'checking_account', 'user', 'permission']) expect(await localRows(page, table), table).toEqual([]);
  console.log(`logout: ${people.length} people, ${marks.length} CPF/CNPJ and ${names.length} names before; ${left.length} left in any store`);
});
