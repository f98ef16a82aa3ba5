/**
 * The NF-e end to end (001 §4 "Invoice", §5, §8): the manager writes an NF-e to a customer with an address, saves it,
 * transmits it to the SEFAZ homologation simulator the server starts, sees it Autorizada, prints it, cancels it with a
 * justification and sees it Cancelada — on the invoice screen and in the list.
 */
import type { Page } from '@playwright/test';
import { expect, test, USERS, localRows, signIn, waitForLocalCopy, goByMenu, expectToast } from './support.ts';

const CUSTOMER = 'Juliana Alves Pereira';
const JUSTIFICATION = 'Nota emitida em duplicidade por erro de digitação no pedido.';

/** The local copy holds the people and products the screen searches (the demo branches are offline points of sale). */
async function waitForPeopleAndProducts(page: Page): Promise<void> {
  await expect
    .poll(async () => (await Promise.all(['people', 'product', 'grid', 'fiscal_series', 'method_payment'].map((t) => localRows(page, t)))).every((r) => r.length > 0), {
      timeout: 60_000,
    })
    .toBe(true);
}

test('the manager issues an NF-e, sees it authorized, and cancels it with a justification', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  await waitForPeopleAndProducts(page);

  await goByMenu(page, 'Notas fiscais');
  await expect(page).toHaveURL(/\/invoice$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notas fiscais' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Notas fiscais' })).toBeVisible();

  // A new NF-e (the default model), from the keyboard.
  await page.keyboard.press('Alt+N');
  await expect(page).toHaveURL(/\/invoice\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nova nota fiscal' })).toBeVisible();

  // F3: the customer, found in the local copy; the address shows under the field.
  await page.keyboard.press('F3');
  const customer = page.getByLabel('Cliente', { exact: true });
  await expect(customer).toBeFocused();
  await customer.pressSequentially('Juliana', { delay: 20 });
  await page.getByRole('option', { name: new RegExp(CUSTOMER) }).click();
  await expect(customer).toHaveValue(new RegExp(`^${CUSTOMER}`));
  await expect(page.getByText(/Rua Augusta, 1508/)).toBeVisible();

  // F2: a product by description; Enter picks the first hit, Enter again adds the line.
  await page.keyboard.press('F2');
  const product = page.getByLabel('Produto', { exact: true });
  await expect(product).toBeFocused();
  await product.pressSequentially('camiseta', { delay: 20 });
  await expect(page.getByRole('option').first()).toBeVisible();
  await product.press('Enter');
  await expect(product).toHaveValue(/camiseta/i);
  await product.press('Enter');
  const items = page.getByRole('table', { name: 'Itens da nota' });
  await expect(items.getByRole('row')).toHaveCount(2);
  const total = (await page.getByLabel('Total da nota').textContent()) ?? '';
  expect(total).toMatch(/^R\$ \d/);

  // F4: the payment, PIX for what is left to pay.
  await page.keyboard.press('F4');
  const method = page.getByLabel('Meio de pagamento', { exact: true });
  await expect(method).toBeFocused();
  await method.fill('PIX');
  await method.press('Enter');
  await page.getByRole('button', { name: /Adicionar pagamento/ }).click();
  await expect(page.getByRole('table', { name: 'Pagamentos da nota' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByLabel('Saldo', { exact: true })).toHaveText('R$ 0,00');

  // Alt+S: saved as a draft; the address bar now names the invoice.
  await page.keyboard.press('Alt+S');
  await expectToast(page, 'Nota Fiscal salva com sucesso');
  await expect(page).toHaveURL(/\/invoice\/register\/\d+$/);
  const id = Number(/\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByText('Em edição', { exact: true }).first()).toBeVisible();

  // Alt+T: transmitted to the homologation simulator and authorized.
  await page.keyboard.press('Alt+T');
  const transmitted = page.getByText(/^Nota Fiscal \d+ transmitida com sucesso$/);
  await expect(transmitted).toBeVisible({ timeout: 60_000 });
  const numero = /Nota Fiscal (\d+)/.exec((await transmitted.textContent()) ?? '')?.[1] ?? '';
  await expect(page.getByRole('heading', { level: 1, name: `Nota fiscal ${numero}` })).toBeVisible();
  await expect(page.getByText('Autorizada', { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Chave de acesso')).toHaveText(/^(\d{4} ){10}\d{4}$/);
  // Read-only now: no save, and the fiscal actions of an authorized NF-e.
  await expect(page.getByRole('button', { name: /^Salvar/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Cancelar nota/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Carta de correção/ })).toBeVisible();

  // Alt+I: the DANFE opens in a new tab. The transmission's work ends after the status shows (the invoice read again);
  // until then the fiscal buttons are disabled and their keys do nothing, as a user sees: a CI run pressed Alt+I in
  // that moment and no tab ever opened.
  await expect(page.getByRole('button', { name: /^Imprimir/ })).toBeEnabled();
  const popup = page.waitForEvent('popup');
  await page.keyboard.press('Alt+I');
  const danfe = await popup;
  await expect.poll(() => danfe.url(), { timeout: 20_000 }).not.toBe('about:blank');
  await danfe.close();

  // Back in the list, the invoice is there, authorized; cancelled from its row, with a justification.
  await page.keyboard.press('Alt+V');
  await expect(page).toHaveURL(/\/invoice$/);
  const table = page.getByRole('table', { name: 'Notas fiscais' });
  // Other specs issue NFC-e on the same server: number 1 of series 65 may be listed too.
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Ações da nota ${numero}` }) })
    .filter({ hasText: /NF-e · série/ });
  await expect(row).toContainText(CUSTOMER);
  await expect(row).toContainText('Autorizada');
  await row.getByRole('button', { name: `Ações da nota ${numero}` }).click();
  await page.getByRole('menuitem', { name: /Cancelar/ }).click();
  const modal = page.getByRole('dialog', { name: `Cancelar a nota fiscal ${numero}` });
  await expect(modal).toBeVisible();
  const justification = modal.getByLabel('Justificativa');
  // Too short first: the contract's message, nothing sent.
  await justification.fill('Erro');
  await modal.getByRole('button', { name: /^Cancelar nota/ }).click();
  await expect(modal.getByText('A justificativa deve ter entre 15 e 255 caracteres.')).toBeVisible();
  await justification.fill(JUSTIFICATION);
  await justification.press('Control+Enter');
  await expect(modal).toBeHidden();
  await expect(row).toContainText('Cancelada', { timeout: 30_000 });

  // The invoice screen says so too, with the cancellation among its events, and offers no more cancel.
  await page.goto(`/invoice/register/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Nota fiscal ${numero}` })).toBeVisible();
  await expect(page.getByText('Cancelada', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cancelar nota/ })).toHaveCount(0);
  await page.getByRole('tab', { name: /Eventos/ }).click();
  await expect(page.getByRole('table', { name: 'Eventos da nota' })).toContainText(/[Cc]ancelamento/);
});
