/**
 * Financial settings (issue 19) on their screens, as the demo manager: a bank account refused for a wrong check digit
 * beside that field, an installment plan with its installments and default branch, a card operator's rates per
 * installment, and the cost-centre tree numbered from the parent and indented under it.
 */
import { BANK_ACCOUNT_MESSAGES } from '../packages/domain/src/bank-account.ts';
import { MESSAGES } from '../packages/domain/src/messages.ts';
import { api } from './checkout-steps.ts';
import { expect, settingsMenu, signIn, test, USERS } from './support.ts';

test('bank account, installment plan, card operator and cost centres on their screens', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, USERS.gerente);
  const open = async (entry: string) => {
    if (!(await settingsMenu(page).isVisible())) await page.getByRole('button', { name: 'Expandir menu' }).click();
    await settingsMenu(page).getByRole('link', { name: entry }).click();
    await expect(page.getByRole('heading', { level: 1, name: entry })).toBeVisible();
  };
  const n = Date.now() % 100000;

  // Bank account: the Itaú digit is checked, and the refusal sits beside the digit.
  await open('Contas bancárias');
  await expect(page.getByRole('table', { name: 'Contas bancárias' }).getByRole('cell', { name: 'Itaú movimento', exact: true })).toBeVisible();
  await page.keyboard.press('Insert');
  const account = page.getByRole('form', { name: 'Conta bancária' });
  await expect(account.getByLabel('Descrição')).toBeFocused();
  await page.keyboard.type(`Itaú loja ${n}`);
  // The bank by name or code, from the COMPE list.
  await account.getByRole('combobox', { name: 'Banco', exact: true }).fill('341');
  await page.getByRole('option', { name: '341 - Itaú Unibanco' }).click();
  await account.getByLabel('Agência', { exact: true }).fill('2545');
  await account.getByLabel('Número da conta').fill('02366');
  await account.getByLabel('Dígito da conta').fill('7');
  await account.getByLabel('Dígito da conta').press('Enter');
  const wrong = BANK_ACCOUNT_MESSAGES.accountDigitWrong('Itaú Unibanco', '1');
  await expect(account.getByText(wrong)).toBeVisible();
  await expect(account.getByLabel('Dígito da conta')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: '/tmp/finance-bank-account.png' });
  await account.getByLabel('Dígito da conta').fill('1');
  await account.getByLabel('Dígito da conta').press('Enter');
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await expect(account).toHaveCount(0);

  // Installment plan: two installments, offered in Loja Centro as its default.
  await open('Parcelamentos');
  await page.keyboard.press('Insert');
  const plan = page.getByRole('form', { name: 'Parcelamento' });
  await expect(plan.getByLabel('Descrição')).toBeFocused();
  await page.keyboard.type(`Carnê ${n}`);
  await plan.getByRole('tab', { name: 'Parcelas' }).click();
  await plan.getByRole('button', { name: 'Adicionar parcela' }).click();
  await plan.getByLabel('Acréscimo da parcela 2').fill('2,5');
  await page.screenshot({ path: '/tmp/finance-installments.png' });
  await plan.getByRole('tab', { name: 'Filiais' }).click();
  await plan.getByLabel('Padrão em Loja Centro').check();
  await expect(plan.getByRole('checkbox', { name: 'Loja Centro' })).toBeChecked();
  await page.screenshot({ path: '/tmp/finance-installment-branches.png' });
  await plan.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordSaved).last()).toBeVisible();
  await expect(plan).toHaveCount(0);
  const found = await api(page, '/installment/find', { search: `Carnê ${n}` });
  const id = (found.json['rows'] as Array<Record<string, unknown>>)[0]?.['id_parcelamento'];
  const saved = await api(page, '/installment/find_by_id', { id_parcelamento: id });
  expect(saved.json['parcelas']).toEqual([
    { parcela: 1, dias_parcela: 30, percentual_acrescimo: 0 },
    { parcela: 2, dias_parcela: 60, percentual_acrescimo: 2.5 },
  ]);
  expect(saved.json['filiais']).toEqual([expect.objectContaining({ is_padrao: true })]);

  // Card operator: its rates per installment.
  await open('Operadoras de cartão');
  await page.getByRole('table', { name: 'Operadoras de cartão' }).getByRole('cell', { name: 'Cielo', exact: true }).first().dblclick();
  const operator = page.getByRole('form', { name: 'Operadora de cartão' });
  await operator.getByRole('tab', { name: 'Taxas por parcela' }).click();
  await expect(operator.getByLabel('Taxa em 2x')).toBeVisible();
  await page.screenshot({ path: '/tmp/finance-card-operator-rates.png' });
  await page.keyboard.press('Escape');

  // Cost centres: a child numbered from its parent.
  const root = await api(page, '/cost_center/create', { descricao: `Administrativo ${n}` });
  expect(root.status).toBe(200);
  await open('Centros de custo');
  await page.keyboard.press('Insert');
  const centre = page.getByRole('form', { name: 'Centro de custo' });
  await centre.getByLabel('Descrição').fill(`RH ${n}`);
  // The parent picked by its description (the register's searchable ref input).
  await centre.getByRole('combobox', { name: 'Centro de custo pai' }).fill(`Administrativo ${n}`);
  await page.getByRole('option', { name: `Administrativo ${n}` }).click();
  await centre.getByLabel('Descrição').press('Enter');
  await expect(page.getByText(MESSAGES.recordSaved).last()).toBeVisible();
  await expect(centre).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Centros de custo' });
  await expect(table.getByRole('cell', { name: `${String(root.json['referencia_exibicao'])}.1`, exact: true })).toBeVisible();
  // The tree on screen: the child's description indented one level under its parent's.
  const indent = (name: string) => table.getByRole('cell', { name, exact: true }).locator('span').first();
  await expect(indent(`RH ${n}`)).toHaveCSS('padding-left', '20px');
  await expect(indent(`Administrativo ${n}`)).toHaveCSS('padding-left', '0px');
  await page.screenshot({ path: '/tmp/finance-cost-centres.png' });
});
