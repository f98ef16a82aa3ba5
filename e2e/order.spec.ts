/**
 * Orders end to end (000 §3.6-3.8, §4.2-4.4, §7.3): the manager writes an order for a customer with two items and a
 * payment, saves it, releases it and invoices it (an invoice draft opens); duplicates it from the list; and a quote is
 * refused at invoicing with the server's message. Screenshots of the screens go to the test's output folder.
 */
import type { Page } from '@playwright/test';
import { expect, test, USERS, localRows, signIn, waitForLocalCopy, goByMenu, expectToast } from './support.ts';

const CUSTOMER = 'Juliana Alves Pereira';

async function waitForPeopleAndProducts(page: Page): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await Promise.all(
            ['people', 'product', 'grid', 'stock_address', 'method_payment'].map((t) => localRows(page, t)),
          )
        ).every((r) => r.length > 0),
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function pickCustomer(page: Page): Promise<void> {
  await page.keyboard.press('F3');
  const customer = page.getByLabel('Cliente', { exact: true });
  await expect(customer).toBeFocused();
  await customer.pressSequentially('Juliana', { delay: 20 });
  await page.getByRole('option', { name: new RegExp(CUSTOMER) }).click();
  await expect(customer).toHaveValue(new RegExp(`^${CUSTOMER}`));
}

/** F2: the item modal; the product by description, Enter picks the first hit, Enter again adds the line. */
async function addItem(page: Page, search: string, lines: number): Promise<void> {
  await page.keyboard.press('F2');
  const modal = page.getByRole('dialog', { name: 'Novo item do pedido' });
  await expect(modal).toBeVisible();
  const product = modal.getByLabel('Produto', { exact: true });
  await expect(product).toBeFocused();
  await product.pressSequentially(search, { delay: 20 });
  await expect(page.getByRole('option').first()).toBeVisible();
  await product.press('Enter');
  await expect(product).toHaveValue(new RegExp(search, 'i'));
  await product.press('Enter');
  await expect(modal).toBeHidden();
  await expect(page.getByRole('table', { name: 'Itens do pedido' }).getByRole('row')).toHaveCount(lines + 1);
}

test('the manager creates an order with two items and a payment, releases it, invoices it and duplicates it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  await waitForPeopleAndProducts(page);

  await goByMenu(page, 'Pedidos');
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pedidos' })).toBeVisible();
  // The period is the month so far.
  const today = await page.evaluate<string>(`new Date(Date.now() - 3 * 3600000).toISOString().slice(0, 10)`);
  // Shown dd/mm/aaaa whatever the browser's locale.
  const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  await expect(page.getByLabel('Cadastrados de')).toHaveValue(br(`${today.slice(0, 8)}01`));
  await expect(page.getByLabel('até', { exact: true })).toHaveValue(br(today));

  // Alt+N: a new order; freight type 9 by default. Saving without a client: the spec's message.
  await page.keyboard.press('Alt+N');
  await expect(page).toHaveURL(/\/order\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Novo pedido' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tipo de frete' })).toHaveValue('9 - Sem frete');
  await page.keyboard.press('Alt+S');
  const warning = page.getByRole('dialog', { name: 'Aviso' });
  await expect(warning).toContainText('Cliente não informado');
  await warning.getByRole('button', { name: 'OK' }).click();

  // Volumes need a saved order.
  await page.getByRole('tab', { name: /Volumes/ }).click();
  await expect(page.getByText('Salve o pedido ou a nota, antes de continuar.').first()).toBeVisible();
  await page.getByRole('tab', { name: /Produtos/ }).click();

  await pickCustomer(page);
  await page.keyboard.press('Alt+S');
  const saved = page.getByText(/^Pedido \d+ salvo com sucesso$/);
  await expect(saved).toBeVisible();
  const nsu = /Pedido (\d+)/.exec((await saved.textContent()) ?? '')?.[1] ?? '';
  await expect(page).toHaveURL(/\/order\/register\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Pedido ${nsu}` })).toBeVisible();

  // The item modal refuses a line without a product, with the spec's text.
  await page.keyboard.press('F2');
  const modal = page.getByRole('dialog', { name: 'Novo item do pedido' });
  await modal.getByRole('button', { name: /Adicionar item/ }).click();
  await expect(modal.getByRole('alert')).toContainText('Produto não informado');
  await shot(page, 'order-item-modal');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  await addItem(page, 'camiseta estampada', 1);
  await addItem(page, 'calça jeans masculina', 2);
  const total = (await page.getByLabel('Total do pedido').textContent()) ?? '';
  expect(total).toMatch(/^R\$ \d/);
  await expect(page.getByLabel('Total do pedido')).not.toHaveText('R$ 0,00');

  // F4: PIX for what is left to pay.
  await page.keyboard.press('F4');
  const method = page.getByLabel('Meio de pagamento', { exact: true });
  await expect(method).toBeFocused();
  await method.fill('PIX');
  await method.press('Enter');
  await page.getByRole('button', { name: /Adicionar pagamento/ }).click();
  await expect(page.getByRole('table', { name: 'Pagamentos do pedido' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByLabel('Falta pagar', { exact: true })).toHaveText('R$ 0,00');

  // A volume, now that the order is saved.
  await page.getByRole('tab', { name: /Volumes/ }).click();
  await page.getByRole('button', { name: /Adicionar volume/ }).click();
  await expect(page.getByRole('alert')).toContainText('Informe o peso líquido.');
  await page.getByLabel('Peso líquido (kg)').fill('0,8');
  await page.getByLabel('Peso bruto (kg)').fill('1');
  await page.getByRole('button', { name: /Adicionar volume/ }).click();
  await expect(page.getByRole('table', { name: 'Volumes do pedido' }).getByRole('row')).toHaveCount(2);
  await shot(page, 'order-volumes');
  await page.getByRole('tab', { name: /Produtos/ }).click();
  await shot(page, 'order-register');

  // Alt+L: released.
  await page.keyboard.press('Alt+L');
  await expect(page.getByText(`Pedido ${nsu} liberado.`)).toBeVisible();
  await expect(page.getByText('Liberado', { exact: true }).first()).toBeVisible();

  // Alt+F: invoiced; the invoice draft opens.
  await page.keyboard.press('Alt+F');
  await expect(page).toHaveURL(/\/invoice\/register\/\d+$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: /Nota fiscal/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Itens da nota' }).getByRole('row')).toHaveCount(3);

  // The list shows the order waiting for its invoice; duplicated from its row.
  await goByMenu(page, 'Pedidos');
  const table = page.getByRole('table', { name: 'Pedidos' });
  const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: `Ações do pedido ${nsu}` }) });
  await expect(row).toContainText(CUSTOMER);
  await expect(row).toContainText('Nota pendente');
  await shot(page, 'order-list');
  await row.getByRole('button', { name: `Ações do pedido ${nsu}` }).click();
  await shot(page, 'order-list-menu');
  await page.getByRole('menuitem', { name: /Duplicar/ }).click();
  await expect(page).toHaveURL(/\/order\/register\/\d+$/);
  const copy = page.getByRole('heading', { level: 1, name: /^Pedido \d+$/ });
  await expect(copy).toBeVisible();
  expect(await copy.textContent()).not.toBe(`Pedido ${nsu}`);
  await expect(page.getByRole('table', { name: 'Itens do pedido' }).getByRole('row')).toHaveCount(3);
  // The copy takes the lines, not the payments.
  await page.getByRole('tab', { name: /Pagamentos/ }).click();
  await expect(page.getByRole('table', { name: 'Pagamentos do pedido' })).toContainText('Nenhum pagamento.');
});

test('a quote cannot be invoiced: the server says so', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  await waitForPeopleAndProducts(page);
  await page.goto('/order/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo pedido' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Operação' }).click();
  await page.getByRole('option', { name: 'Orçamento' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Novo orçamento' })).toBeVisible();
  await expect(page.getByLabel('Validade')).toBeVisible();
  await pickCustomer(page);
  await page.keyboard.press('Alt+S');
  await expectToast(page, /Orçamento \d+ salvo com sucesso/);
  // The saved quote's own address is opened: F2 pressed before that lands on the page being replaced.
  await expect(page).toHaveURL(/\/order\/register\/\d+$/);
  await addItem(page, 'camiseta estampada', 1);

  await page.getByRole('button', { name: /^Faturar/ }).click();
  const warning = page.getByRole('dialog', { name: 'Aviso' });
  await expect(warning).toContainText('Orçamento não pode ser faturado.');
  await shot(page, 'order-quote-refused');
  await warning.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/order\/register\/\d+$/);
});

test('a consignment goes to the customer, comes back in part, is finished and its sale invoiced', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  await waitForPeopleAndProducts(page);
  await page.goto('/order/register');
  await page.getByRole('combobox', { name: 'Operação' }).click();
  await page.getByRole('option', { name: 'Consignação' }).click();
  await expect(page.getByLabel('Previsão de retorno')).toBeVisible();
  await pickCustomer(page);
  await page.keyboard.press('Alt+S');
  await expectToast(page, /Consignação \d+ salvo com sucesso/);
  // The saved consignment's own address is opened: F2 pressed before that lands on the page being replaced.
  await expect(page).toHaveURL(/\/order\/register\/\d+$/);
  await addItem(page, 'camiseta estampada', 1);
  await addItem(page, 'calça jeans masculina', 2);

  await page.getByRole('tab', { name: 'Consignação' }).click();
  const items = page.getByRole('table', { name: 'Itens da consignação' });
  await expect(items).toContainText('Pendente de envio');
  await page.getByRole('button', { name: 'Enviar ao cliente' }).click();
  await expect(page.getByText('Enviado ao cliente', { exact: true }).first()).toBeVisible();
  // The jeans came back; the T-shirt stays with the customer.
  await page.getByLabel(/^Devolvido de Calça Jeans/).fill('1');
  await page.getByRole('button', { name: 'Registrar devolução' }).click();
  await expect(items).toContainText('Retornado');
  await page.getByRole('button', { name: 'Concluir consignação' }).click();
  await expect(page.getByText('Aguardando conclusão', { exact: true }).first()).toBeVisible();
  await expect(items).toContainText('Aguardando faturamento');
  await shot(page, 'order-consignment');
  await page.getByRole('button', { name: 'Faturar venda' }).click();
  await expect(page).toHaveURL(/\/invoice\/register\/\d+$/, { timeout: 20_000 });
  await expect(page.getByRole('table', { name: 'Itens da nota' }).getByRole('row')).toHaveCount(2);
});
