/**
 * Issue 16: an operation the server refused sits as Erro in Operações pendentes. The retry says what came of it;
 * the refused operation is reopened at /checkout, fixed and finished again under a new id_operacao, and stays listed
 * (readable) as replaced, never sent again. The refusal is a real one: the voucher that pays part of the sale is
 * cancelled on the server between the payment and the finish.
 */
import type { Page } from '@playwright/test';
import { api, operations, pay, scan, sellables } from './checkout-steps.ts';
import { DEMO_PASSWORD, expect, test, USERS, signIn, waitForLocalCopy, goByMenu } from './support.ts';

async function finishPreSale(page: Page): Promise<void> {
  await page.keyboard.press('F10');
  const seller = page.getByRole('dialog', { name: 'Vendedor (F7)' });
  const modal = page.getByRole('dialog', { name: 'Finalizar operação (F10)' });
  await expect(seller.or(modal)).toBeVisible();
  if (await seller.isVisible()) await page.keyboard.press('Enter');
  await expect(modal).toBeVisible();
  await page.keyboard.press('P');
  await modal.getByRole('button', { name: 'Confirmar (Enter)' }).press('Enter');
}

/**
 * A sale at /checkout paid R$ 5,00 with a voucher issued for it and the rest in cash; the voucher is cancelled on the
 * server before F10, so the server refuses the sale ('Vale crédito cancelado.'). Answers the refused id_operacao.
 */
async function refusedSale(page: Page): Promise<string> {
  const [first] = await sellables(page);
  if (!first) throw new Error('no products to sell');
  const issued = await api(page, '/gift_card/sell-in-checkout', { valor: 5, observacao: 'Cortesia (e2e da operação recusada)' });
  expect(issued.status, JSON.stringify(issued.json)).toBe(200);
  const codigo = String(issued.json['codigo']);

  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
  await scan(page, first.barcode);
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  // R$ 5,00 from the voucher, the rest in cash.
  await page.keyboard.press('F8');
  const drawer = page.getByRole('dialog', { name: 'Pagamento (F8)' });
  await drawer.getByRole('combobox', { name: 'Meio de pagamento' }).fill('Vale Crédito');
  await expect(page.getByRole('option', { name: 'Vale Crédito', exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  const code = drawer.getByRole('textbox', { name: 'Código do vale crédito' });
  await code.fill(codigo);
  await code.press('Enter');
  await expect(drawer.getByText('Saldo R$ 5,00')).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Valor' }).press('Enter');
  await expect(drawer.getByRole('combobox', { name: 'Meio de pagamento' })).toHaveValue('');
  await pay(page, 'Dinheiro');

  // Meanwhile the voucher is cancelled on the server: the sale is refused when it gets there.
  const cancelled = await api(page, '/gift_card/cancel', { id_vale_credito: issued.json['id_vale_credito'], motivo_cancelamento: 'Vale extraviado' });
  expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
  await finishPreSale(page);
  const warning = page.getByRole('dialog', { name: 'Aviso' });
  await expect(warning).toContainText('Vale crédito cancelado.', { timeout: 30_000 });
  await page.keyboard.press('Enter');
  await expect(warning).toBeHidden();
  const [refused] = await operations(page);
  expect(refused?.['situacao']).toBe('Erro');
  return String(refused?.['id_operacao']);
}

test('a refused sale is retried with feedback, reopened, fixed and finished under a new id', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  const refusedId = await refusedSale(page);

  // Operações pendentes: the retry says the server refused it again, with its message.
  await goByMenu(page, 'Operações pendentes');
  const table = page.getByRole('table', { name: 'Operações pendentes' });
  const row = table.getByRole('row').filter({ hasText: refusedId.slice(0, 8).toUpperCase() });
  await expect(row.getByText('Erro', { exact: true })).toBeVisible();
  await expect(row).toContainText('Vale crédito cancelado.');
  await row.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('status', { name: 'Resultado' })).toHaveText(
    'O servidor recusou a operação novamente: Vale crédito cancelado.',
  );
  // Its content stays readable.
  await row.getByRole('button', { name: 'Ver' }).click();
  const content = page.getByRole('dialog', { name: 'Conteúdo da operação' });
  await expect(content.getByRole('table', { name: 'Pagamentos da operação' })).toContainText('Vale Crédito');
  await page.screenshot({ path: testInfo.outputPath('refused-content.png'), fullPage: true });
  await page.keyboard.press('Escape');
  await expect(content).toBeHidden();

  // Reopened at /checkout under a new id: the voucher line is taken off (F9 twice), paid in cash, finished.
  await row.getByRole('button', { name: 'Corrigir' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const totals = page.getByRole('region', { name: 'Totais' });
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  await expect(totals.getByRole('button', { name: 'Remover pagamento' })).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Pesquisar produto' }).focus();
  await page.keyboard.press('F9');
  await page.keyboard.press('F9');
  await expect(totals.getByRole('button', { name: 'Remover pagamento' })).toHaveCount(0);
  await pay(page, 'Dinheiro');
  await finishPreSale(page);
  await expect
    .poll(async () => (await operations(page)).map((op) => [op['id_operacao'] === refusedId ? 'recusada' : 'nova', op['situacao']]).sort(), { timeout: 30_000 })
    .toEqual([['nova', 'Processado'], ['recusada', 'Erro']]);
  const fixed = (await operations(page)).find((op) => op['id_operacao'] !== refusedId);
  expect(fixed?.['substitui']).toBe(refusedId);

  // The refused one: listed as replaced, with the new operation named, and no retry offered.
  await goByMenu(page, 'Operações pendentes');
  await expect(row.getByText('Substituída', { exact: true })).toBeVisible();
  await expect(row).toContainText(`Substituída pela operação ${String(fixed?.['id_operacao']).slice(0, 8).toUpperCase()}`);
  await expect(row.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('refused-replaced.png'), fullPage: true });
});

test('a refused sale whose goods left is cancelled with a reason under a supervisor, and stays listed', async ({ page, context }, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  const refusedId = await refusedSale(page);
  await goByMenu(page, 'Operações pendentes');
  const row = page.getByRole('table', { name: 'Operações pendentes' }).getByRole('row').filter({ hasText: refusedId.slice(0, 8).toUpperCase() });
  await expect(row).toContainText('Vale crédito cancelado.');

  // Offline, the retry says so (the operation waits for the connection).
  await context.setOffline(true);
  await row.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('status', { name: 'Resultado' })).toContainText('Sem conexão com o servidor');
  await context.setOffline(false);
  // Back online, the outbox sends it again and the server refuses it again.
  await expect(row.getByText('Erro', { exact: true })).toBeVisible({ timeout: 30_000 });

  // Cancelled: the reason, then the supervisor (the goods of a sale already left the shop).
  await row.getByRole('button', { name: 'Cancelar' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar operação recusada' });
  await expect(cancel.getByRole('textbox', { name: 'Motivo do cancelamento' })).toBeFocused();
  await page.keyboard.type('Cliente pagou de novo em dinheiro na outra venda');
  await page.keyboard.press('Enter');
  const supervisor = page.getByRole('dialog', { name: 'Autorização do supervisor' });
  await expect(supervisor).toBeVisible();
  await supervisor.getByRole('textbox', { name: /Usuário/ }).fill(USERS.gerente);
  await supervisor.getByLabel(/Senha/).fill(DEMO_PASSWORD);
  await supervisor.getByLabel(/Senha/).press('Enter');
  await expect(page.getByRole('status', { name: 'Resultado' })).toHaveText('Operação cancelada.');
  await expect(row.getByText('Cancelada', { exact: true })).toBeVisible();
  await expect(row).toContainText('Cancelada: Cliente pagou de novo em dinheiro na outra venda');
  await expect(row.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('refused-cancelled.png'), fullPage: true });
  const [cancelled] = await operations(page);
  expect(cancelled?.['encerramento']).toMatchObject({ tipo: 'Cancelada', id_autorizacao: expect.any(Number) });
});

