/**
 * Payment methods (issue 19): the demo manager creates one with a shortcut key in the settings, and the point of
 * sale's payment panel (F8) offers it without the page being reloaded; one created while the till is open arrives
 * there too, and the method's shortcut key picks it in that panel (the sync group of payment methods, fed by the
 * change event, and the till's live query on its local copy).
 */
import { FINANCE_SETTINGS_MESSAGES } from '../packages/domain/src/finance-settings.ts';
import { MESSAGES } from '../packages/domain/src/messages.ts';
import { api, scan, sellables } from './checkout-steps.ts';
import type { Page } from '@playwright/test';
import { expect, goByMenu, settingsMenu, signIn, test, USERS, waitForLocalCopy } from './support.ts';

/** Opens the payment panel and asks its method box for `name`: whether the list offers it. */
async function offered(page: Page, name: string): Promise<boolean> {
  await page.keyboard.press('F8');
  const drawer = page.getByRole('dialog', { name: 'Pagamento (F8)' });
  const box = drawer.getByRole('combobox', { name: 'Meio de pagamento' });
  await expect(box).toBeVisible();
  await box.fill(name);
  const option = page.getByRole('option', { name, exact: true });
  const found = await option.waitFor({ state: 'visible', timeout: 1500 }).then(() => true, () => false);
  await page.keyboard.press('Escape');
  if (await drawer.isVisible()) await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  return found;
}

test('a payment method created in the settings is in the point of sale’s payment panel without a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  const [product] = await sellables(page);
  if (!product) throw new Error('no product to sell');
  // A mark on the page's window: a reload would lose it.
  await page.evaluate('window.__semRecarregar = true');

  const n = Date.now() % 100000;
  const name = `PIX balcão ${n}`;
  if (!(await settingsMenu(page).isVisible())) await page.getByRole('button', { name: 'Expandir menu' }).click();
  await settingsMenu(page).getByRole('link', { name: 'Meios de pagamento' }).click();
  await expect(page).toHaveURL(/\/paymentMethod$/);
  const table = page.getByRole('table', { name: 'Meios de pagamento' });
  await expect(table.getByRole('cell', { name: 'Dinheiro', exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/payment-method-list.png' });

  await page.keyboard.press('Insert');
  const form = page.getByRole('form', { name: 'Meio de pagamento' });
  await expect(form.getByLabel('Descrição')).toBeFocused();
  await page.keyboard.type(name);
  await form.getByLabel('Forma de pagamento (código NF-e)').selectOption('17');
  // A key another method has: refused, naming that method.
  await form.getByLabel('Tecla de atalho').fill('F2');
  await form.getByLabel('Tecla de atalho').press('Enter');
  await expect(form.getByText(FINANCE_SETTINGS_MESSAGES.shortcutInUse('F2', 'Dinheiro'))).toBeVisible();
  await page.screenshot({ path: '/tmp/payment-method-shortcut-refused.png' });
  await form.getByLabel('Tecla de atalho').fill(`Alt+${n % 10}`);
  await form.getByRole('tab', { name: 'Filiais' }).click();
  await page.screenshot({ path: '/tmp/payment-method-branches.png' });
  await form.getByRole('tab', { name: 'Ajuste' }).click();
  await page.screenshot({ path: '/tmp/payment-method-adjustment.png' });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await expect(form).toHaveCount(0);

  // To the till by the menu (no reload): the method is offered.
  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
  await scan(page, product.barcode);
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  await expect.poll(() => offered(page, name), { timeout: 30_000 }).toBe(true);
  await page.keyboard.press('F8');
  await page.getByRole('dialog', { name: 'Pagamento (F8)' }).getByRole('combobox', { name: 'Meio de pagamento' }).fill('PIX');
  await expect(page.getByRole('option', { name, exact: true })).toBeVisible();
  await page.waitForTimeout(300); // the drawer's opening animation, for the picture only
  await page.screenshot({ path: '/tmp/payment-method-in-panel.png' });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  // Its shortcut key, pressed in the panel, picks it (the value is then selected: Enter would add it).
  await page.keyboard.press('F8');
  const panel = page.getByRole('dialog', { name: 'Pagamento (F8)' });
  const methodBox = panel.getByRole('combobox', { name: 'Meio de pagamento' });
  await expect(methodBox).toBeFocused();
  await expect(panel.getByLabel('Teclas dos meios de pagamento')).toContainText(`Alt+${n % 10} ${name}`);
  await page.keyboard.press(`Alt+Digit${n % 10}`);
  await expect(methodBox).toHaveValue(name);
  await expect(panel.getByRole('textbox', { name: 'Valor' })).toBeFocused();
  await page.screenshot({ path: '/tmp/payment-method-shortcut-picked.png' });
  // A demo method's key (Dinheiro: F2) picks it in the panel too, instead of closing it.
  await page.keyboard.press('F2');
  await expect(methodBox).toHaveValue('Dinheiro');
  await page.keyboard.press('Escape');
  if (await panel.isVisible()) await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // One created while the till is open (as another device would) arrives too.
  const later = `Vale loja ${n}`;
  const created = await api(page, '/payment_method/create', { descricao: later, meio_pagamento: '99', tecla_atalho: `Ctrl+${n % 10}` });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  await expect.poll(() => offered(page, later), { timeout: 30_000 }).toBe(true);
  // Inactivated: it leaves the panel.
  const off = await api(page, '/payment_method/enable-disable', { id_meio_pagamento: created.json['id_meio_pagamento'], situacao: 'Inativo' });
  expect(off.status).toBe(200);
  await expect.poll(() => offered(page, later), { timeout: 30_000 }).toBe(false);
  expect(await page.evaluate('window.__semRecarregar === true')).toBe(true);
});
