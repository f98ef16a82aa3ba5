/**
 * Registers (issue 18): the list and the side-panel form every register gets from its descriptor, used as the demo
 * manager on Marcas and Unidades de medida, by keyboard where a cashier would.
 */
import { expect, test, USERS, signIn, goByMenu } from './support.ts';
import { MESSAGES } from '../packages/domain/src/messages.ts';
import { REGISTER_MESSAGES } from '../packages/contract/src/registers/descriptor.ts';

test('the manager creates, finds, edits, inactivates and deletes a brand, and cannot delete one a product uses', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, USERS.gerente);
  await goByMenu(page, 'Marcas');
  await expect(page).toHaveURL(/\/brands$/);
  const table = page.getByRole('table', { name: 'Marcas' });
  await expect(table.getByRole('cell', { name: 'Urbano Jeans', exact: true })).toBeVisible();
  await expect(page.getByText('Esta tela chega em uma próxima versão do sistema.')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/registers-list.png' });

  // New by keyboard: Insert, type, Enter.
  const name = `Marca E2E ${Date.now() % 100000}`;
  await page.keyboard.press('Insert');
  const form = page.getByRole('form', { name: 'Marca' });
  await expect(form.getByLabel('Descrição')).toBeFocused();
  await page.keyboard.type(name);
  await page.screenshot({ path: '/tmp/registers-form.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await expect(form).toHaveCount(0);

  // Found by the search box; Enter opens it.
  await page.getByLabel('Pesquisar').fill(name);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
  await page.getByLabel('Pesquisar').press('Enter');
  await expect(form.getByLabel('Descrição')).toHaveValue(name);
  await form.getByLabel('Descrição').fill(`${name} editada`);
  await form.getByLabel('Descrição').press('Enter');
  await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();
  await page.getByLabel('Pesquisar').fill(`${name} editada`);
  await expect(table.getByRole('cell', { name: `${name} editada`, exact: true })).toBeVisible();

  // Inactivated in place.
  await table.getByRole('button', { name: `Inativar ${name} editada` }).click();
  await expect(table.getByRole('button', { name: `Ativar ${name} editada` })).toContainText('Inativo');
  // Alt+I switches the chosen row back, and again.
  await page.getByLabel('Pesquisar').focus();
  await page.keyboard.press('Alt+I');
  await expect(table.getByRole('button', { name: `Inativar ${name} editada` })).toContainText('Ativo');
  await page.keyboard.press('Alt+I');
  await expect(table.getByRole('button', { name: `Ativar ${name} editada` })).toContainText('Inativo');

  // A brand a product uses: refused with what uses it.
  await page.getByLabel('Pesquisar').fill('Urbano Jeans');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: 'Excluir Urbano Jeans' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  // It is active: the refusal offers to set it Inativo instead (not taken here: products of other specs use it).
  const refusal = page.getByRole('dialog', { name: 'Excluir a marca "Urbano Jeans"' });
  await expect(refusal.getByText(/^Este registro não pode ser excluído: ele é usado em produtos/)).toBeVisible();
  await expect(refusal.getByRole('button', { name: 'Inativar' })).toBeVisible();
  await page.screenshot({ path: '/tmp/registers-refusal.png' });
  await refusal.getByRole('button', { name: 'Cancelar' }).click();
  await expect(refusal).toHaveCount(0);
  await expect(table.getByRole('button', { name: 'Inativar Urbano Jeans' })).toContainText('Ativo');

  // The new one is deleted.
  await page.getByLabel('Pesquisar').fill(`${name} editada`);
  await expect(table.getByRole('cell', { name: `${name} editada`, exact: true })).toBeVisible();
  await table.getByRole('button', { name: `Excluir ${name} editada` }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(table.getByText('Nenhum registro encontrado.')).toBeVisible();
});

test('a measure unit with the sigla of another one is refused with the server message beside Sigla', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, USERS.gerente);
  await goByMenu(page, 'Unidades de medida');
  await expect(page).toHaveURL(/\/measureUnit$/);
  const table = page.getByRole('table', { name: 'Unidades de medida' });
  await expect(table.getByRole('cell', { name: 'UN', exact: true })).toBeVisible();
  await page.keyboard.press('Alt+N');
  const form = page.getByRole('form', { name: 'Unidade de medida' });
  await form.getByLabel('Descrição').fill('Unidade repetida');
  await form.getByLabel('Sigla').fill('un');
  await form.getByLabel('Sigla').press('Enter');
  await expect(form.getByText(REGISTER_MESSAGES.duplicate('sigla', 'un'))).toBeVisible();
  await expect(form.getByLabel('Sigla')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: '/tmp/registers-unit-error.png' });
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
});

test('Coleções, a register added in five files, is in the menu with its list and form', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, USERS.gerente);
  await goByMenu(page, 'Coleções');
  await expect(page).toHaveURL(/\/collections$/);
  const table = page.getByRole('table', { name: 'Coleções' });
  await expect(table.getByText('Nenhum registro encontrado.')).toBeVisible();
  const name = `Verão ${Date.now() % 100000}`;
  await page.keyboard.press('Insert');
  const form = page.getByRole('form', { name: 'Coleção' });
  await expect(form.getByLabel('Descrição')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/registers-collections.png' });
  // A second one with the same description is refused beside Descrição.
  await page.keyboard.press('Alt+N');
  await form.getByLabel('Descrição').fill(name.toUpperCase());
  await form.getByLabel('Descrição').press('Enter');
  await expect(form.getByText(REGISTER_MESSAGES.duplicate('descrição', name.toUpperCase()))).toBeVisible();
});
