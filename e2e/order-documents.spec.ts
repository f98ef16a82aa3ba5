/**
 * Order documents (issue 6 "Documents"; 000 §2 "Printing opens a PDF in a new tab", §7.6): from the /order list an
 * order is printed (its A4 pre-sale sheet opens in a new tab from the stored file, and its text is checked) and
 * shared (the share modal offers the WhatsApp link to the customer's phone with the order's URL); at /checkout a
 * finished order opens its A4 sheet in the receipt tab. Screenshots go to the test's output folder.
 */
import type { Page } from '@playwright/test';
import { pdfText } from '../packages/documents/src/pdf-text.ts';
import { api, finish, scan, sellables } from './checkout-steps.ts';
import { expect, test, USERS, localRows, signIn, waitForLocalCopy, goByMenu } from './support.ts';

const CUSTOMER = 'Juliana Alves Pereira';
const CUSTOMER_PHONE = '5511987452210';

/** An order of the customer with one line (created through the API), in the list's period. */
async function makeOrder(page: Page, observacao: string): Promise<{ id_pedido: number; nsu: number }> {
  const [product] = await sellables(page);
  const people = await localRows(page, 'people');
  const customer = people.find((p) => p['nome'] === CUSTOMER);
  expect(customer).toBeTruthy();
  const [config] = await localRows(page, 'config');
  const addresses = await localRows(page, 'stock_address');
  const address = config?.['id_endereco_estoque_venda'] ?? addresses.find((a) => a['id_filial'] === config?.['id_filial'])?.['id_endereco_estoque'];
  const created = await api(page, '/order/create', { id_cliente: customer?.['id_pessoa'], operacao: 'Pedido', observacao });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const id_pedido = Number(created.json['id_pedido']);
  const item = await api(page, '/order_item/create', {
    id_pedido, id_produto_grade_filial: product?.id_produto_grade_filial, id_endereco_estoque: address, quantidade: 2,
  });
  expect(item.status, JSON.stringify(item.json)).toBe(200);
  return { id_pedido, nsu: Number(created.json['nsu']) };
}

/** The PDF served at `url`, as text (the page's context: same server, no token: the link is signed). */
async function pdfAt(page: Page, url: string): Promise<string> {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  return pdfText(await res.body());
}

test('an order is printed from the list (A4 sheet in a new tab) and shared by a WhatsApp link with its URL', async ({ page, context }) => {
  test.setTimeout(150_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  const { nsu } = await makeOrder(page, 'Entregar no período da tarde');

  await goByMenu(page, 'Pedidos');
  await expect(page).toHaveURL(/\/order$/);
  // By its actions button: the number alone also matches dates and amounts of other rows ("11" in 22/11/2026).
  const row = page.getByRole('table', { name: 'Pedidos' }).getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Ações do pedido ${nsu}`, exact: true }) });
  await expect(row).toHaveCount(1);

  // Imprimir from the row's menu: the PDF opens in a new tab.
  await row.getByRole('button', { name: `Ações do pedido ${nsu}` }).click();
  await expect(page.getByRole('menuitem', { name: /Compartilhar/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('order-row-menu.png') });
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('menuitem', { name: /Imprimir/ }).click(),
  ]);
  await expect.poll(() => tab.url(), { timeout: 30_000 }).toMatch(new RegExp(`/api/arquivo/\\d+/\\d{14}/pedidos/${nsu}\\.pdf\\?exp=\\d+&sig=`));
  const printedUrl = tab.url();
  const text = await pdfAt(page, printedUrl);
  for (const expected of ['PEDIDO', `Nº ${nsu}`, CUSTOMER, 'Entregar no período da tarde', 'Documento sem valor fiscal', 'TOTAL']) {
    expect(text, expected).toContain(expected);
  }
  await tab.close();

  // Compartilhar by its key on the highlighted row (Alt+C): the share modal with the WhatsApp link.
  await row.click();
  await page.keyboard.press('Alt+C');
  const modal = page.getByRole('dialog', { name: new RegExp(`Compartilhar Pedido ${nsu}`) });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Celular (WhatsApp)')).toBeFocused();
  const whatsapp = modal.getByRole('link', { name: 'Enviar pelo WhatsApp' });
  const href = (await whatsapp.getAttribute('href')) ?? '';
  expect(href.startsWith(`https://wa.me/${CUSTOMER_PHONE}?text=`)).toBe(true);
  const message = new URL(href).searchParams.get('text') ?? '';
  expect(message).toContain(`Olá, Juliana! Segue o pedido nº ${nsu}`);
  const shared = /(https?:\/\/\S+\/api\/arquivo\/\S+)$/.exec(message)?.[1] ?? '';
  expect(new URL(shared).pathname).toBe(new URL(printedUrl).pathname);
  expect(await pdfAt(page, shared)).toContain(`Nº ${nsu}`);
  const mail = modal.getByRole('link', { name: 'Enviar por e-mail' });
  expect(await mail.getAttribute('href')).toMatch(/^mailto:juliana\.pereira@exemplo\.com\.br\?subject=Pedido%20\d+/);
  // Keyboard: Tab from the phone reaches the WhatsApp link.
  await page.keyboard.press('Tab');
  await expect(whatsapp).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('order-share.png') });
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // The order screen: Imprimir and Compartilhar with their keys; Alt+P opens the sheet in a new tab.
  await row.dblclick();
  await expect(page).toHaveURL(/\/order\/register\/\d+$/);
  await expect(page.getByRole('button', { name: /Imprimir/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Compartilhar/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('order-register-documents.png') });
  const [again] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Alt+P')]);
  await expect.poll(() => again.url(), { timeout: 30_000 }).toMatch(new RegExp(`/pedidos/${nsu}\\.pdf\\?`));
  expect(await pdfAt(page, again.url())).toContain(`Nº ${nsu}`);
  await again.close();
});

test('an order finished at the point of sale opens its A4 sheet in the receipt tab', async ({ page, context }) => {
  test.setTimeout(150_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const [product] = await sellables(page);
  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
  await scan(page, product?.barcode ?? '');
  const control = page.getByRole('radiogroup', { name: 'Modo da operação' });
  for (let i = 0; i < 8 && !(await control.getByRole('radio', { name: 'Pedido', exact: true }).isChecked()); i += 1) {
    await page.keyboard.press('Alt+M');
  }
  await expect(control.getByRole('radio', { name: 'Pedido', exact: true })).toBeChecked();
  await page.keyboard.press('F6');
  const drawer = page.getByRole('dialog', { name: 'Cliente (F6)' });
  await drawer.getByRole('textbox', { name: 'Nome, CPF ou CNPJ' }).fill(CUSTOMER);
  await expect(drawer.getByRole('table', { name: 'Clientes encontrados' }).getByRole('row').first()).toContainText(CUSTOMER);
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expect(page.getByText(`Cliente: ${CUSTOMER}`)).toBeVisible();
  const [tab] = await Promise.all([context.waitForEvent('page'), finish(page, true, 'pedido')]);
  await expect.poll(() => tab.url(), { timeout: 60_000 }).toMatch(/\/api\/arquivo\/\d+\/\d{14}\/pedidos\/\d+\.pdf\?/);
  const text = await pdfAt(page, tab.url());
  expect(text).toContain('PEDIDO');
  expect(text).toContain(CUSTOMER);
  expect(text).toContain('Documento sem valor fiscal');
});
