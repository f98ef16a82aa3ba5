/**
 * The tax reform at the counter (issue 31): Outra Loja's branch is on the normal regime (CRT 3) with the 2026 test
 * rates in its sale scenario. A cash sale there ends as an NFC-e that the SEFAZ homologation simulator authorizes
 * (it checks the schema, the classification against the CST and IBSCBSTot against the items); its XML carries
 * det/imposto/IBSCBS and IBSCBSTot and passes the official schema again here, and its DANFE NFC-e prints the IBS and CBS.
 */
import { pdfText } from '../packages/documents/src/pdf-text.ts';
import { validateXml } from '../packages/fiscal/src/validate.ts';
import { api, finish, operations, pay, scan, sellables } from './checkout-steps.ts';
import { expect, goByMenu, signIn, test, USERS, waitForLocalCopy } from './support.ts';

const TRANSMITTED = /Nota Fiscal (\d+) transmitida com sucesso/;
const amount = (xml: string, tag: string) => new RegExp(`<${tag}>([0-9.]+)</${tag}>`).exec(xml)?.[1] ?? '';

test('a CRT 3 branch sells an NFC-e with IBS/CBS: authorized, schema-valid, and the values on its DANFE', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.outra);
  await waitForLocalCopy(page);
  const [first] = await sellables(page, 1);
  if (!first) throw new Error('no products to sell');
  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();

  await scan(page, first.barcode);
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  await pay(page, 'Dinheiro');
  const popup = page.waitForEvent('popup');
  await finish(page, true, 'nfce', false);
  await expect(page.getByText(TRANSMITTED)).toBeVisible({ timeout: 60_000 });
  const tab = await popup;
  await expect.poll(() => tab.url(), { timeout: 60_000 }).toMatch(/\/api\/nfe\/arquivo\/pdf\//);
  const danfeUrl = tab.url();
  await tab.close();

  await expect.poll(async () => (await operations(page)).length).toBe(1);
  const [sold] = await operations(page);
  const found = await api(page, '/invoice/find_by_id', { id_nota_fiscal: sold?.['id_nota_fiscal'] });
  expect(found.json['situacao']).toBe('Autorizada');
  const xml = await (await page.request.get(found.json['url_xml_distribuicao'] as string)).text();
  expect(xml).toContain('<CRT>3</CRT>');
  expect(xml).toContain('<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib>');
  expect(xml).toContain('<pCBS>0.90</pCBS>');
  expect(xml).toContain('<pIBSUF>0.10</pIBSUF>');
  const tot = xml.slice(xml.indexOf('<IBSCBSTot>'), xml.indexOf('</IBSCBSTot>'));
  expect(Number(amount(tot, 'vCBS'))).toBeGreaterThan(0);
  expect(await validateXml(xml, 'procNFe')).toEqual({ valid: true, errors: [] });

  const pdf = await page.request.get(danfeUrl);
  expect(pdf.status()).toBe(200);
  const brl = (v: string) => v.replace('.', ',');
  expect(pdfText(await pdf.body())).toContain(`IBS: R$ ${brl(amount(tot, 'vIBS'))}  CBS: R$ ${brl(amount(tot, 'vCBS'))}`);
});
