/**
 * A discount above the cashier's limit released by a supervisor at the till (001 §2, §5, §6): the demo cashier (5% at
 * most) gives 10% on a line, the supervisor modal opens on its user field, the demo manager's credentials grant it,
 * and the sale reaches the server with the discount and the grant spent against the operation. Removing a line and
 * cancelling a sale (Ctrl+Del) ask for the manager too.
 */
import { api, finish, money, operations, pay, scan, sellables } from './checkout-steps.ts';
import { DEMO_PASSWORD, expect, test, USERS, signIn, waitForLocalCopy, type Row, goByMenu } from './support.ts';

const SUCCESS = 'Operação concluída com sucesso.';

test("a cashier's 10% discount passes with the manager's authorization and the server stores the sale", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const [first, second] = await sellables(page);
  if (!first || !second) throw new Error('no products to sell');

  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Itens da venda' }).getByRole('row');
  const modal = page.getByRole('dialog', { name: 'Autorização do supervisor' });
  const userField = modal.getByRole('textbox', { name: 'Usuário' });

  // Removing a line: the cashier may not do it alone (FncAutorizarCancelamentoVenda); Esc keeps the line.
  await scan(page, second.barcode);
  await expect(lines).toHaveCount(2); // the header and the line
  await page.keyboard.press('Delete');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Remoção do item');
  await expect(userField).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeFocused();
  await expect(lines).toHaveCount(2);
  // With the manager's credentials the line goes.
  await page.keyboard.press('Delete');
  await expect(userField).toBeFocused();
  await page.keyboard.type(USERS.gerente);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(lines).toHaveCount(0);

  await scan(page, first.barcode);
  await expect(lines).toHaveCount(2);

  // 10% off the line: above the cashier's 5%, so the panel says why and asks a supervisor at once.
  await page.keyboard.press('F4');
  const panel = page.getByRole('dialog', { name: 'Desconto (F4)' });
  const field = panel.getByRole('textbox', { name: 'Desconto (%)' });
  await expect(field).toBeFocused();
  await page.keyboard.type('10');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('alert')).toHaveText('O desconto máximo permitido é de 5,00%.');
  await expect(modal).toBeVisible();
  await expect(userField).toBeFocused();

  // A cashier's own credentials are refused with the spec's text; Esc declines and the cursor is back in the discount.
  await page.keyboard.type(USERS.caixa);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(modal.getByRole('alert')).toHaveText('O usuário não a permissão desejada.');
  await page.screenshot({ path: 'test-results/checkout-authorization-modal.png' });
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(panel).toBeVisible();
  await expect(field).toBeFocused();

  // Enter again, and the manager authorizes.
  await page.keyboard.press('Enter');
  await expect(userField).toBeFocused();
  await page.keyboard.type(USERS.gerente);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(panel).toBeHidden();

  const totals = page.getByRole('region', { name: 'Totais' });
  const gross = money(await totals.getByLabel('Bruto', { exact: true }).textContent());
  await expect(totals.getByLabel('Desconto', { exact: true })).not.toHaveText('R$ 0,00');
  const discount = money(await totals.getByLabel('Desconto', { exact: true }).textContent());
  expect(discount).toBeCloseTo(Math.round(gross * 10) / 100, 2);
  const total = money(await totals.getByLabel('Total', { exact: true }).textContent());

  await pay(page, 'Dinheiro', total.toFixed(2).replace('.', ','));
  await finish(page, false);
  await expect(page.getByText(SUCCESS)).toBeVisible();
  await expect.poll(async () => (await operations(page)).map((op) => op['situacao']), { timeout: 20_000 }).toEqual(['Processado']);
  const [sold] = await operations(page);
  const id_operacao = String(sold?.['id_operacao']);
  expect(sold?.['id_autorizacao_limite']).toEqual(expect.any(Number));

  // The server stored the sale with the 10% discount, and spent the manager's grant on this operation; the removal's
  // grant names the operation too.
  const order = await api(page, '/order/find_by_id', { id_pedido: sold?.['id_pedido'] });
  expect(order.status).toBe(200);
  expect(order.json['valor_desconto']).toBeCloseTo(discount, 2);
  expect(order.json['valor_total_liquido']).toBeCloseTo(total, 2);
  const grants = await api(page, '/authorization/list', { take: 50 });
  expect(grants.status).toBe(200);
  const grant = (grants.json['rows'] as Row[]).find((g) => g['id_autorizacao'] === sold?.['id_autorizacao_limite']);
  expect(grant).toMatchObject({ permissao: 'FncAutorizarDescontoAcimaLimite', situacao: 'Utilizada', origem: 'operacao', id_origem: id_operacao });
  const removal = (grants.json['rows'] as Row[]).find((g) => g['permissao'] === 'FncAutorizarCancelamentoVenda');
  expect(removal).toMatchObject({ situacao: 'Autorizada', origem: 'operacao', id_origem: id_operacao });

  // Cancelling the next sale (Ctrl+Del) asks the manager too; its lines go and an empty sale is left.
  await scan(page, first.barcode);
  await expect(lines).toHaveCount(2);
  await page.keyboard.press('Control+Delete');
  await expect(modal).toContainText('Cancelamento da venda');
  await expect(userField).toBeFocused();
  await page.keyboard.type(USERS.gerente);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(lines).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeFocused();
  expect((await operations(page)).map((op) => op['situacao'])).toEqual(['Processado']);
});
