/**
 * Issue 16, money handed out wrongly: a credit voucher of R$ 30,00 offered in two payment lines of R$ 20,00. The
 * payment panel judges each voucher line with the sale's other lines naming the same voucher (the server's rule,
 * voucherRedemptions + voucherUseError), so the second line is refused with the server's own message before
 * anything is finished; the sale then finishes with what the voucher holds and the server agrees.
 */
import type { Page } from '@playwright/test';
import { api, money, operations, scan, sellables } from './checkout-steps.ts';
import { expect, test, USERS, signIn, waitForLocalCopy, goByMenu } from './support.ts';

/** Scans `barcode` until the sale's total reaches `reais`. */
async function sellAtLeast(page: Page, barcode: string, reais: number): Promise<number> {
  const total = page.getByRole('region', { name: 'Totais' }).getByLabel('Total', { exact: true });
  let value = money(await total.textContent());
  for (let i = 0; i < 10 && value < reais; i += 1) {
    await scan(page, barcode);
    const before = value;
    await expect.poll(async () => money(await total.textContent())).toBeGreaterThan(before);
    value = money(await total.textContent());
  }
  return value;
}

/** The voucher as the payment panel's method, its code looked up with Enter. */
async function voucherLine(page: Page, codigo: string) {
  const drawer = page.getByRole('dialog', { name: 'Pagamento (F8)' });
  if (!(await drawer.isVisible())) await page.keyboard.press('F8');
  await drawer.getByRole('combobox', { name: 'Meio de pagamento' }).fill('Vale Crédito');
  await expect(page.getByRole('option', { name: 'Vale Crédito', exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  const code = drawer.getByRole('textbox', { name: 'Código do vale crédito' });
  await code.fill(codigo);
  await code.press('Enter');
  await expect(drawer.getByText('Saldo R$ 30,00')).toBeVisible();
  return drawer;
}

test('a voucher of R$ 30,00 is refused in a second line of R$ 20,00 before the sale can be finished', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  const [first] = await sellables(page);
  if (!first) throw new Error('no products to sell');
  const issued = await api(page, '/gift_card/sell-in-checkout', { valor: 30, observacao: 'Cortesia (e2e do saldo do vale)' });
  expect(issued.status, JSON.stringify(issued.json)).toBe(200);
  const codigo = String(issued.json['codigo']);

  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
  await sellAtLeast(page, first.barcode, 45);

  // First line: R$ 20,00 of the voucher. The sale is not covered: the panel stays open for the next payment.
  let drawer = await voucherLine(page, codigo);
  const value = drawer.getByRole('textbox', { name: 'Valor' });
  await value.fill('20,00');
  await value.press('Enter');
  await expect(drawer.getByRole('combobox', { name: 'Meio de pagamento' })).toHaveValue('');
  await expect(drawer).toBeVisible();

  // Second line of the same voucher: it proposes what is left (R$ 10,00); R$ 20,00 more is refused with the
  // server's message and nothing is added.
  drawer = await voucherLine(page, codigo);
  await expect(value).toHaveValue('10,00');
  await value.fill('20,00');
  await value.press('Enter');
  await expect(drawer.getByRole('alert')).toHaveText('Saldo do vale crédito insuficiente. Saldo disponível: R$ 30,00.');
  await page.screenshot({ path: testInfo.outputPath('voucher-second-line-refused.png'), fullPage: true });
  const totals = page.getByRole('region', { name: 'Totais' });
  await expect(totals.getByLabel('Pago', { exact: true })).toHaveText('R$ 20,00');

  // What the voucher holds is taken; the rest in cash; the server agrees.
  await value.fill('10,00');
  await value.press('Enter');
  await expect(totals.getByLabel('Pago', { exact: true })).toHaveText('R$ 30,00');
  // The rest on the credit card in 2x, from the keyboard: the list of Parcelas opened with ↓, 2x picked with Enter,
  // and Enter again adds the payment (it used to open the list again); the sale is covered, so the panel closes.
  await drawer.getByRole('combobox', { name: 'Meio de pagamento' }).fill('Cartão de Crédito');
  await expect(page.getByRole('option', { name: 'Cartão de Crédito', exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  const parcelas = drawer.getByRole('textbox', { name: 'Parcelas' }).or(drawer.getByRole('combobox', { name: 'Parcelas' }));
  await parcelas.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: '2x', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(parcelas).toHaveValue('2x');
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expect(totals).toContainText('Cartão de Crédito (2x)');
  await page.keyboard.press('F10');
  const seller = page.getByRole('dialog', { name: 'Vendedor (F7)' });
  const modal = page.getByRole('dialog', { name: 'Finalizar operação (F10)' });
  await expect(seller.or(modal)).toBeVisible();
  if (await seller.isVisible()) await page.keyboard.press('Enter');
  await expect(modal).toBeVisible();
  await page.keyboard.press('P');
  await modal.getByRole('button', { name: 'Confirmar (Enter)' }).press('Enter');
  await expect.poll(async () => (await operations(page)).map((op) => op['situacao']), { timeout: 30_000 }).toEqual(['Processado']);
  const after = await api(page, '/gift_card/get-by-gift-card', { codigo });
  expect(after.json['saldo']).toBe(0);
});
