/**
 * Issue 24, /documentFinancial as the demo manager, keyboard first: a payable created with Alt+N, discharged in part
 * then in full into a bank account (Alt+B), its last discharge reversed from the launches (Alt+L), the totals following
 * each step; and a receivable made by a crediário sale at /checkout shows in the list.
 */
import type { Page } from '@playwright/test';
import { api, pay, scan, sellables } from './checkout-steps.ts';
import { expect, test, USERS, signIn, waitForLocalCopy } from './support.ts';

const total = (page: Page, label: string) => page.locator(`[data-total="${label}"]`);

async function discharge(page: Page, amount: string | null) {
  await page.keyboard.press('Alt+B');
  const drawer = page.getByRole('dialog', { name: 'Baixa de documentos' });
  const value = drawer.getByRole('textbox', { name: 'Valor pago' });
  await expect(value).toBeFocused();
  if (amount !== null) await page.keyboard.type(amount);
  const account = drawer.getByRole('combobox', { name: 'Conta bancária' });
  await account.fill('Itaú');
  await expect(page.getByRole('option', { name: 'Itaú movimento' })).toBeVisible();
  await account.press('ArrowDown');
  await account.press('Enter');
  await expect(account).toHaveValue('Itaú movimento');
  await drawer.getByRole('button', { name: 'Baixar' }).press('Enter');
  await expect(drawer).toBeHidden();
}

test('a payable: created, discharged in part then in full into a bank account, the last discharge reversed', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = `Conta de luz ${Date.now() % 100000}`;
  await signIn(page, USERS.gerente);
  await page.goto('/documentFinancial');
  await expect(page.getByRole('heading', { name: 'Documentos financeiros' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Documentos financeiros' })).toBeVisible();

  // New (Alt+N): a payable of R$ 150,00 due today.
  await page.keyboard.press('Alt+N');
  const form = page.getByRole('dialog', { name: 'Novo documento financeiro' });
  await expect(form.getByRole('textbox', { name: 'Valor' })).toBeFocused();
  await page.keyboard.type('15000');
  await expect(form.getByRole('textbox', { name: 'Valor' })).toHaveValue('R$ 150,00');
  await form.getByRole('textbox', { name: 'Observação' }).fill(tag);
  await form.getByRole('button', { name: 'Salvar' }).press('Enter');
  await expect(form).toBeHidden();

  await page.keyboard.press('F2');
  await page.keyboard.type(tag);
  const table = page.getByRole('table', { name: 'Documentos financeiros' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('A pagar');
  await expect(row).toContainText('R$ 150,00');
  await expect(total(page, 'Em aberto')).toHaveText('R$ 150,00');

  // Part: R$ 50,00.
  await discharge(page, '5000');
  await expect(row).toContainText('Parcial');
  await expect(row).toContainText('R$ 100,00');
  await expect(total(page, 'Pago')).toHaveText('R$ 50,00');
  await expect(total(page, 'Em aberto')).toHaveText('R$ 100,00');

  // The rest: the amount proposed is what is open.
  await discharge(page, null);
  await expect(row).toContainText('Quitado');
  await expect(total(page, 'Pago')).toHaveText('R$ 150,00');
  await expect(total(page, 'Em aberto')).toHaveText('R$ 0,00');
  await page.screenshot({ path: '/tmp/finance-list.png', fullPage: true });

  // Alt+L: the launches; the last one reversed with a note.
  await page.keyboard.press('Alt+L');
  const launches = page.getByRole('dialog', { name: /Lançamentos de/ });
  const lines = launches.getByRole('table', { name: 'Lançamentos' }).getByRole('row');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(2)).toContainText('Itaú movimento');
  await lines.nth(2).getByRole('button', { name: 'Estornar' }).press('Enter');
  await expect(launches.getByRole('textbox', { name: 'Motivo do estorno' })).toBeFocused();
  await page.keyboard.type('Pago em duplicidade');
  await launches.getByRole('button', { name: 'Confirmar estorno' }).press('Enter');
  await expect(lines.nth(2)).toContainText('Estornado');
  await expect(launches).toContainText('saldo R$ 100,00');
  await page.screenshot({ path: '/tmp/finance-launches.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(launches).toBeHidden();
  await expect(row).toContainText('Parcial');
  await expect(total(page, 'Pago')).toHaveText('R$ 50,00');
  await expect(total(page, 'Em aberto')).toHaveText('R$ 100,00');
});

test('a crediário sale at the point of sale becomes a receivable in the list', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.gerente);
  const body = { search: 'Rafael Costa Santos', filter: { operacao: 'Entrada', data_inicio: '2000-01-01', data_fim: '2099-12-31' } };
  const before = Number((await api(page, '/document-financial/find', body)).json['count']);

  await page.goto('/checkout');
  await waitForLocalCopy(page);
  const [first] = await sellables(page);
  if (!first) throw new Error('no products to sell');
  await scan(page, first.barcode);
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  await page.keyboard.press('F6');
  const drawer = page.getByRole('dialog', { name: 'Cliente (F6)' });
  await expect(drawer.getByRole('textbox', { name: 'Nome, CPF ou CNPJ' })).toBeFocused();
  await page.keyboard.type('Rafael Costa Santos');
  await expect(drawer.getByRole('table', { name: 'Clientes encontrados' }).getByRole('row').first()).toContainText('Rafael Costa Santos');
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await pay(page, 'Crediário');
  // F10 as the manager: the seller asked is the manager (checkout-steps' finish() expects the cashier's).
  await page.keyboard.press('F10');
  const seller = page.getByRole('dialog', { name: 'Vendedor (F7)' });
  await expect(seller.getByRole('textbox', { name: 'Nome do vendedor' })).toBeFocused();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Finalizar operação (F10)' });
  await expect(modal).toBeVisible();
  const label = (await modal.locator('label').filter({ hasText: /Pré-venda/ }).first().textContent()) ?? '';
  await page.keyboard.press(label.trim().charAt(0));
  await expect(modal.getByRole('radio', { name: /Pré-venda/ })).toBeChecked();
  await page.keyboard.press('P');
  await modal.getByRole('button', { name: 'Confirmar (Enter)' }).press('Enter');
  await expect(modal).toBeHidden();

  // The operation reaches the server through the outbox; its receivable is then listed.
  await expect.poll(async () => Number((await api(page, '/document-financial/find', body)).json['count']), { timeout: 60_000 }).toBeGreaterThan(before);
  const found = await api(page, '/document-financial/find', body);
  const receivable = (found.json['rows'] as Array<Record<string, unknown>>)[0]!;

  await page.goto('/documentFinancial');
  await expect(page.getByRole('heading', { name: 'Documentos financeiros' })).toBeVisible();
  await page.getByRole('radio', { name: 'Todos' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'A receber' })).toBeChecked();
  await page.getByRole('textbox', { name: 'até' }).fill('31/12/2099');
  await page.keyboard.press('F2');
  await page.keyboard.type('Rafael Costa Santos');
  const table = page.getByRole('table', { name: 'Documentos financeiros' });
  await expect(table.getByRole('row').filter({ hasText: `${String(receivable['numero'])}/${String(receivable['sequencia'])}` })).toContainText('A receber');
  await expect(table.getByRole('row').filter({ hasText: `${String(receivable['numero'])}/` }).first()).toContainText('Rafael Costa Santos');
  await page.screenshot({ path: '/tmp/finance-receivable.png', fullPage: true });
});
