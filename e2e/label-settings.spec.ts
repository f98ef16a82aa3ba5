/**
 * Label models (issue 19, 002 §2 /label) as the demo manager: a sheet model refused with the sheet's columns beside
 * the field, saved with them, and a thermal model refused without its source code with the spec's message; the list
 * shows the sheet's pt-BR name, as the stock movement types list shows 'Saída' for the stored 'Saida'.
 */
import { LABEL_MESSAGES } from '../packages/domain/src/label-settings.ts';
import { MESSAGES } from '../packages/domain/src/messages.ts';
import { api } from './checkout-steps.ts';
import { expect, settingsMenu, signIn, test, USERS } from './support.ts';

test('label models on their screen, and enumerations shown with their pt-BR labels', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, USERS.gerente);
  const open = async (entry: string) => {
    if (!(await settingsMenu(page).isVisible())) await page.getByRole('button', { name: 'Expandir menu' }).click();
    await settingsMenu(page).getByRole('link', { name: entry }).click();
    await expect(page.getByRole('heading', { level: 1, name: entry })).toBeVisible();
  };
  const n = Date.now() % 100000;

  await open('Etiquetas');
  await expect(page).toHaveURL(/\/label$/);
  await page.keyboard.press('Insert');
  const form = page.getByRole('form', { name: 'Etiqueta' });
  await expect(form.getByRole('textbox', { name: 'Descrição', exact: true })).toBeFocused();
  await page.keyboard.type(`Gôndola ${n}`);
  await form.getByLabel('Folha', { exact: true }).selectOption('A4351');
  await form.getByLabel('Número de colunas').fill('4');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText(LABEL_MESSAGES.sheetColumns('Pimaco A4351', 5))).toBeVisible();
  await page.screenshot({ path: '/tmp/label-form-refused.png' });
  await form.getByLabel('Número de colunas').fill('5');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await expect(form).toHaveCount(0);

  // A thermal model without its printer commands: the spec's message beside the source code. Insert again, with the
  // focus back on a button after the save.
  await page.keyboard.press('Insert');
  await expect(form.getByRole('textbox', { name: 'Descrição', exact: true })).toBeFocused();
  await page.keyboard.type(`Argox ${n}`);
  await form.getByLabel('Tipo', { exact: true }).selectOption('Termica');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText(LABEL_MESSAGES.sourceCodeMissing)).toBeVisible();
  await form.getByLabel(/^Código fonte/).fill('N\nA10,10,0,3,1,1,N,"{descricao}"\nP1');
  await page.screenshot({ path: '/tmp/label-form-thermal.png' });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordSaved).last()).toBeVisible();
  await expect(form).toHaveCount(0);

  const table = page.getByRole('table', { name: 'Etiquetas' });
  const sheetRow = table.getByRole('row', { name: new RegExp(`Gôndola ${n}`) });
  await expect(sheetRow.getByRole('cell', { name: 'Pimaco A4351 (A4, 65 por folha)', exact: true })).toBeVisible();
  await expect(sheetRow.getByRole('cell', { name: 'Folha (Pimaco)', exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`Argox ${n}`) }).getByRole('cell', { name: 'Impressora térmica', exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/label-list.png' });

  // Another register's enumeration: the stored 'Saida' reads 'Saída', in the list and in the form's select.
  const loss = await api(page, '/stock-movement-type/create', { codigo: `P${n}`, descricao: `Perda ${n}`, operacao: 'Saida', tipo_operacao: 'Perda' });
  expect(loss.status, JSON.stringify(loss.json)).toBe(200);
  await open('Tipos de movimentação');
  const types = page.getByRole('table', { name: 'Tipos de movimentação de estoque' });
  const lossRow = types.getByRole('row', { name: new RegExp(`Perda ${n}`) });
  await expect(lossRow.getByRole('cell', { name: 'Saída', exact: true })).toBeVisible();
  await expect(lossRow.getByRole('cell', { name: 'Preço de custo médio', exact: true })).toBeVisible();
  await expect(types.getByRole('cell', { name: 'Saida', exact: true })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/stock-movement-type-list.png' });
  await page.keyboard.press('Insert');
  const type = page.getByRole('form', { name: 'Tipo de movimentação de estoque' });
  await expect(type.getByLabel('Valoração').locator('option:checked')).toHaveText('Preço de custo médio');
  await page.screenshot({ path: '/tmp/stock-movement-type-form.png' });
});
