/**
 * Issue 19: a fiscal series made in the settings numbers the NFC-e of the branch it was made in. The demo manager
 * switches to Loja Shopping (its second branch), creates an NFC-e series there as the default, goes to the point of
 * sale by the menu and sells with an NFC-e (the worker's SEFAZ simulator authorizes it): the invoice carries the new
 * series and its first number, and its access key says so.
 *
 * The whole path of a branch created in the test (certificate, CSC, access, product, stock, series) is
 * new-branch-nfce.spec.ts; this one keeps the short path in a demo branch.
 */
import type { Page } from '@playwright/test';
import { MESSAGES } from '../packages/domain/src/messages.ts';
import { api, operations, pay, scan, sellables } from './checkout-steps.ts';
import { chooseBranch, expect, goByMenu, settingsMenu, signIn, test, USERS, waitForLocalCopy, type Row } from './support.ts';

/** F10 at Loja Shopping: the seller it requires (Enter takes the highlighted one), then NFC-e, printing skipped. */
async function finishNfce(page: Page): Promise<void> {
  await page.keyboard.press('F10');
  const seller = page.getByRole('dialog', { name: 'Vendedor (F7)' });
  await expect(seller).toBeVisible();
  await expect(seller.getByRole('textbox', { name: 'Nome do vendedor' })).toBeFocused();
  await expect(seller.getByRole('row', { selected: true })).toHaveCount(1);
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Finalizar operação (F10)' });
  await expect(modal).toBeVisible();
  const label = (await modal.locator('label').filter({ hasText: /NFC-e/ }).first().textContent()) ?? '';
  await page.keyboard.press(label.trim().charAt(0));
  await expect(modal.getByRole('radio', { name: /NFC-e/ })).toBeChecked();
  await page.keyboard.press('P');
  await expect(modal.getByRole('checkbox')).not.toBeChecked();
  await modal.getByRole('button', { name: 'Confirmar (Enter)' }).press('Enter');
}

test('an NFC-e series created in the second branch numbers the sale made there', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, USERS.gerente);
  await chooseBranch(page, 'Loja Shopping');
  await waitForLocalCopy(page);
  const serie = 100 + (Date.now() % 800);

  if (!(await settingsMenu(page).isVisible())) await page.getByRole('button', { name: 'Expandir menu' }).click();
  await settingsMenu(page).getByRole('link', { name: 'Séries fiscais' }).click();
  await expect(page).toHaveURL(/\/fiscalSerie$/);
  const table = page.getByRole('table', { name: 'Séries fiscais' });
  await expect(table.getByRole('row')).not.toHaveCount(1);
  // The button, not Insert: right after a branch switch an Insert on this list is sometimes lost (a defect still open,
  // written in session 10's note); the keys of the register lists are covered by fiscal-settings and label-settings.
  await page.getByRole('button', { name: /^Nova/ }).click();
  const form = page.getByRole('form', { name: 'Série fiscal' });
  await expect(form.getByLabel('Modelo', { exact: true })).toHaveValue('65');
  await form.getByRole('textbox', { name: /^Série/ }).fill(String(serie));
  await form.getByRole('switch', { name: 'Série padrão' }).check();
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await expect(form).toHaveCount(0);
  const created = table.getByRole('row', { name: new RegExp(`\\b${serie}\\b`) });
  await expect(created.getByRole('cell', { name: 'NFC-e (65)', exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/branch-nfce-series-list.png' });
  // The series is the branch's: Loja Shopping's list has it, and the server says whose it is.
  const found = await api(page, '/fiscal-serie/find', { search: String(serie) });
  const row = (found.json['rows'] as Row[]).find((r) => r['codigo_serie'] === serie);
  expect(row?.['serie_padrao']).toBe(true);

  const [product] = await sellables(page);
  if (!product) throw new Error('no product to sell at Loja Shopping');
  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
  await scan(page, product.barcode);
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  await pay(page, 'Dinheiro');
  const before = new Set((await operations(page)).map((op) => op['id_operacao']));
  await finishNfce(page);
  await expect(page.getByText(/Nota Fiscal (\d+) transmitida com sucesso/)).toBeVisible({ timeout: 60_000 });
  const sold = async () => (await operations(page)).find((op) => !before.has(op['id_operacao']));
  await expect.poll(async () => (await sold())?.['id_nota_fiscal'] ?? null, { timeout: 30_000 }).not.toBeNull();
  const invoice = await api(page, '/invoice/find_by_id', { id_nota_fiscal: (await sold())?.['id_nota_fiscal'] });
  expect(invoice.status).toBe(200);
  expect(invoice.json).toMatchObject({
    modelo: '65', situacao: 'Autorizada', id_serie_fiscal: row?.['id_serie_fiscal'], id_filial: row?.['id_filial'], numero_nota_fiscal: 1,
  });
  // The access key's series field (positions 23-25) is the new series.
  expect(String(invoice.json['chave_acesso']).slice(22, 25)).toBe(String(serie).padStart(3, '0'));
  await page.screenshot({ path: '/tmp/branch-nfce-sold.png' });
});
