/**
 * Issue 24, bank conciliation as the demo manager: a receipt and a payment discharged into a new account, its OFX
 * statement (Windows-1252, decimal commas, an unmatched bank fee) imported at /bankConciliation, the two lines
 * matched to their launches and confirmed from the keyboard, the fee left visible without a match, and the same file
 * imported again adding nothing, the fee then confirmed by hand against a payment two weeks later; then the account's
 * cash flow by day for the month.
 */
import type { Page } from '@playwright/test';
import { api } from './checkout-steps.ts';
import { expect, goByMenu, test, USERS, signIn } from './support.ts';

const total = (page: Page, label: string) => page.locator(`[data-total="${label}"]`);

function statement(numero: string, run: string): Buffer {
  const line = (fitid: string, date: string, amount: string, memo: string) =>
    `<STMTTRN>\r\n<TRNTYPE>OTHER\r\n<DTPOSTED>${date}120000[-3:BRT]\r\n<TRNAMT>${amount}\r\n<FITID>${fitid}\r\n<MEMO>${memo}\r\n</STMTTRN>\r\n`;
  const text = 'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nCHARSET:1252\r\n\r\n<OFX>\r\n<BANKMSGSRSV1>\r\n<STMTTRNRS>\r\n<STMTRS>\r\n<CURDEF>BRL\r\n'
    + `<BANKACCTFROM>\r\n<BANKID>0341\r\n<BRANCHID>2545\r\n<ACCTID>${numero}-7\r\n</BANKACCTFROM>\r\n<BANKTRANLIST>\r\n<DTSTART>20260301\r\n<DTEND>20260331\r\n`
    + line(`${run}-1`, '20260305', '-80,00', 'PAGTO FORNECEDOR')
    + line(`${run}-2`, '20260306', '250,00', 'DEPÓSITO CLIENTE JOÃO')
    + line(`${run}-3`, '20260307', '-9,90', 'TARIFA MANUTENÇÃO')
    + '</BANKTRANLIST>\r\n</STMTRS>\r\n</STMTTRNRS>\r\n</BANKMSGSRSV1>\r\n</OFX>\r\n';
  return Buffer.from(text, 'latin1');
}

async function chooseAccount(page: Page, name: string) {
  const account = page.getByRole('combobox', { name: /^Conta bancária/ });
  await account.fill(name);
  await expect(page.getByRole('option', { name })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(1);
  await account.press('ArrowDown');
  await account.press('Enter');
  await expect(account).toHaveValue(name);
}

test('an OFX statement imported and two lines reconciled; the fee stays unmatched; the same file again adds nothing', async ({ page }) => {
  test.setTimeout(120_000);
  const run = String(Date.now() % 1_000_000);
  const name = `Conciliação ${run}`;
  const numero = `9${run}`;
  await signIn(page, USERS.gerente);
  const created = await api(page, '/bank_account/create', { descricao: name, agencia: '2545', numero, digito_conta: '7' });
  expect(created.status).toBe(200);
  const id_conta = created.json['id_conta'];
  for (const [operacao, valor, on] of [['Entrada', 250, '2026-03-05'], ['Saida', 80, '2026-03-05']] as const) {
    const doc = await api(page, '/document-financial/create', { operacao, valor_documento: valor, data_vencimento: on, observacao: `${name} ${operacao}` });
    expect(doc.status).toBe(200);
    const paid = await api(page, '/document-financial/discharge_document_financial',
      { documentos: [doc.json['id_documento_financeiro']], valor_total: valor, id_conta, data_pagamento: on });
    expect(paid.status).toBe(200);
  }

  await goByMenu(page, 'Conciliação bancária');
  await expect(page.getByRole('heading', { name: 'Conciliação bancária' })).toBeVisible();
  await chooseAccount(page, name);
  const file = statement(numero, run);
  await page.locator('input[type="file"]').setInputFiles({ name: 'extrato.ofx', mimeType: 'application/x-ofx', buffer: file });
  await page.keyboard.press('Alt+I');
  await expect(page.getByRole('alert', { name: 'Importação' })).toContainText('3 linha(s) no extrato: 3 nova(s), 0 já importada(s).');
  await expect(total(page, 'Com correspondência')).toHaveText('2');
  await expect(total(page, 'Sem correspondência')).toHaveText('1');

  // Newest first: the fee (no match), the deposit (matched to the receipt), the payment (matched).
  const rows = page.getByRole('table', { name: 'Linhas do extrato' }).getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('TARIFA MANUTENÇÃO');
  await expect(rows.nth(1)).toContainText('Nenhum lançamento correspondente');
  await expect(rows.nth(2)).toContainText('DEPÓSITO CLIENTE JOÃO');
  await expect(rows.nth(2)).toContainText('Baixa · 05/03/2026');
  await expect(rows.nth(3)).toContainText('-R$ 80,00');
  await page.screenshot({ path: '/tmp/conciliation-proposed.png', fullPage: true });

  // Keyboard: ↓ to the deposit, Enter confirms; ↓ to the payment, Enter confirms.
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(2)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(rows.nth(2)).toContainText('Conciliado');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(3)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(rows.nth(3)).toContainText('Conciliado');
  await expect(total(page, 'Conciliadas')).toHaveText('2');
  await expect(total(page, 'Com correspondência')).toHaveText('0');
  await expect(total(page, 'Sem correspondência')).toHaveText('1');
  await expect(rows.nth(1)).toContainText('Pendente');

  // The same file again: nothing new, nothing matched twice.
  await page.locator('input[type="file"]').setInputFiles({ name: 'extrato.ofx', mimeType: 'application/x-ofx', buffer: file });
  await page.keyboard.press('Alt+I');
  await expect(page.getByRole('alert', { name: 'Importação' })).toContainText('0 nova(s), 3 já importada(s).');
  await expect(total(page, 'Conciliadas')).toHaveText('2');
  await expect(total(page, 'Com correspondência')).toHaveText('0');
  await expect(rows).toHaveCount(4);
  await page.screenshot({ path: '/tmp/conciliation-done.png', fullPage: true });

  // The unmatched view keeps the fee.
  await page.keyboard.press('Alt+3');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('TARIFA MANUTENÇÃO');

  // The fee paid in the books two weeks later: too far for a proposal, offered by hand (Alt+L) and confirmed.
  const fee = await api(page, '/document-financial/create', { operacao: 'Saida', valor_documento: 9.9, data_vencimento: '2026-03-21', observacao: `${name} tarifa` });
  expect((await api(page, '/document-financial/discharge_document_financial',
    { documentos: [fee.json['id_documento_financeiro']], valor_total: 9.9, id_conta, data_pagamento: '2026-03-21' })).status).toBe(200);
  await page.keyboard.press('Alt+L');
  const chooser = page.getByRole('dialog', { name: 'Conciliar com um lançamento' });
  const offered = chooser.getByRole('table', { name: 'Lançamentos da conta' }).getByRole('row');
  await expect(offered).toHaveCount(2);
  await expect(offered.nth(1)).toContainText('21/03/2026');
  await expect(offered.nth(1).getByRole('button', { name: 'Confirmar' })).toBeFocused();
  await page.screenshot({ path: '/tmp/conciliation-by-hand.png', fullPage: true });
  await page.keyboard.press('Enter');
  await expect(chooser).toBeHidden();
  await expect(total(page, 'Conciliadas')).toHaveText('3');
  await expect(total(page, 'Sem correspondência')).toHaveText('0');

  // Cash flow of March for the account: the receipt on the 5th, the payment too.
  await goByMenu(page, 'Fluxo de caixa');
  await expect(page.getByRole('heading', { name: 'Fluxo de caixa' })).toBeVisible();
  const from = page.getByRole('textbox', { name: 'De' });
  await from.fill('01/03/2026');
  await page.getByRole('textbox', { name: 'Até' }).fill('31/03/2026');
  await chooseAccount(page, name);
  await expect(total(page, 'Saldo inicial')).toHaveText('R$ 0,00');
  await expect(total(page, 'Entradas')).toHaveText('R$ 250,00');
  await expect(total(page, 'Saídas')).toHaveText('R$ 89,90');
  await expect(total(page, 'Saldo final')).toHaveText('R$ 160,10');
  await expect(page.locator('[data-dia="2026-03-05"]')).toContainText('R$ 170,00');
  await page.screenshot({ path: '/tmp/cash-flow.png', fullPage: true });
});

test('the financial documents report opens as a PDF from the list (Alt+P), detailed and grouped by document', async ({ page, context }) => {
  test.setTimeout(60_000);
  await signIn(page, USERS.gerente);
  await page.goto('/documentFinancial');
  await expect(page.getByRole('table', { name: 'Documentos financeiros' })).toBeVisible();
  await page.screenshot({ path: '/tmp/finance-list-header.png' });
  await page.keyboard.press('Alt+P');
  const modal = page.getByRole('dialog', { name: 'Relatório de documentos financeiros' });
  await expect(modal.getByRole('button', { name: 'Gerar PDF' })).toBeFocused();
  await modal.getByText('Detalhado').click();
  await modal.getByText('Por documento').click();
  await page.screenshot({ path: '/tmp/finance-report-modal.png' });
  const opened = context.waitForEvent('page');
  await modal.getByRole('button', { name: 'Gerar PDF' }).click();
  const pdf = await opened;
  await expect.poll(() => pdf.url()).toMatch(/^blob:/);
  await expect(modal).toBeHidden();
});
