/**
 * Catalogues (issue 20, 002 §2-§3) as the demo manager: a category with a sub-category shown in the tree (numbered
 * under its parent, 'Nova Categoria' / 'Editar Categoria' panels), an attribute with two items edited in its panel
 * ('Editar Atributos').
 */
import { expect, test, USERS, signIn, goByMenu } from './support.ts';
import { MESSAGES } from '../packages/domain/src/messages.ts';

test('the manager creates a category with a sub-category and sees the tree', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, USERS.gerente);
  await goByMenu(page, 'Categorias');
  await expect(page).toHaveURL(/\/categories$/);
  const table = page.getByRole('table', { name: 'Categorias' });
  const stamp = Date.now() % 100000;
  const parent = `Bebidas E2E ${stamp}`;
  const child = `Refrigerantes E2E ${stamp}`;
  await expect(table.getByRole('cell', { name: 'Vestuário', exact: true })).toBeVisible();

  await page.keyboard.press('Insert');
  const form = page.getByRole('form', { name: 'Categoria' });
  await expect(page.getByText('Nova Categoria')).toBeVisible();
  await expect(form.getByLabel('Descrição')).toBeFocused();
  await page.keyboard.type(parent);
  await page.keyboard.press('Enter');
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await expect(form).toHaveCount(0);

  await page.getByRole('button', { name: 'Nova' }).click();
  await expect(form.getByLabel('Descrição')).toBeFocused();
  await page.keyboard.type(child);
  const parentInput = form.getByLabel('Categoria pai', { exact: true });
  await parentInput.click();
  await parentInput.fill(parent);
  await page.getByRole('option', { name: parent }).click();
  await expect(parentInput).toHaveValue(parent);
  await page.screenshot({ path: '/tmp/catalogues-category-new.png' });
  await form.getByRole('button', { name: /Salvar/ }).click();
  // The parent's toast may still be on the screen: the newest one, and the form closed (it closes only once saved).
  await expect(page.getByText(MESSAGES.recordSaved).last()).toBeVisible();
  await expect(form).toHaveCount(0);

  // The tree: the sub-category right under its parent, numbered under it.
  await page.getByLabel('Pesquisar').fill(`E2E ${stamp}`);
  await expect(table.getByRole('row')).toHaveCount(3);
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText(parent);
  await expect(rows.nth(2)).toContainText(child);
  // Indented under its parent.
  const indent = await rows.nth(2).getByRole('cell').first().locator('span').first().evaluate((el) => getComputedStyle(el).paddingLeft);
  expect(indent).toBe('20px');
  const parentRef = (await rows.nth(1).getByRole('cell').nth(1).innerText()).trim();
  expect(parentRef).toMatch(/^\d+$/);
  await expect(rows.nth(2).getByRole('cell').nth(1)).toHaveText(`${parentRef}.1`);
  await page.screenshot({ path: '/tmp/catalogues-category-tree.png' });

  // Opened: 'Editar Categoria'.
  await page.getByLabel('Pesquisar').fill(child);
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Pesquisar').press('Enter');
  await expect(page.getByText('Editar Categoria')).toBeVisible();
  await expect(form.getByLabel('Descrição')).toHaveValue(child);
  await page.screenshot({ path: '/tmp/catalogues-category-edit.png' });
});

test('the manager creates an attribute with two items in its panel', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, USERS.gerente);
  await goByMenu(page, 'Atributos');
  await expect(page).toHaveURL(/\/attributes$/);
  const table = page.getByRole('table', { name: 'Atributos' });
  const name = `Cor E2E ${Date.now() % 100000}`;
  await expect(page.getByText(/registros?$|Nenhum registro encontrado/).first()).toBeVisible();

  await page.getByRole('button', { name: 'Novo' }).click();
  const form = page.getByRole('form', { name: 'Atributo' });
  await expect(form.getByLabel('Descrição')).toBeFocused();
  await page.keyboard.type(name);
  await form.getByRole('button', { name: 'Adicionar item' }).click();
  await form.getByLabel('Descrição do item 1').fill('Azul');
  await form.getByLabel('Valor do item 1').fill('#0000FF');
  await form.getByRole('button', { name: 'Adicionar item' }).click();
  await form.getByLabel('Descrição do item 2').fill('Verde');
  await form.getByLabel('Valor do item 2').fill('#00FF00');
  await page.screenshot({ path: '/tmp/catalogues-attribute-new.png' });
  await form.getByRole('button', { name: /Salvar/ }).click();
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await expect(form).toHaveCount(0);

  await page.getByLabel('Pesquisar').fill(name);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
  await page.getByLabel('Pesquisar').press('Enter');
  await expect(page.getByText('Editar Atributos')).toBeVisible();
  await expect(form.getByLabel('Descrição do item 1')).toHaveValue('Azul');
  await expect(form.getByLabel('Descrição do item 2')).toHaveValue('Verde');
  await expect(form.getByLabel('Valor do item 2')).toHaveValue('#00FF00');
  await page.screenshot({ path: '/tmp/catalogues-attribute-edit.png' });
});

test('the manager registers a service with its price, listed by id', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, USERS.gerente);
  await goByMenu(page, 'Serviços');
  await expect(page).toHaveURL(/\/services$/);
  const table = page.getByRole('table', { name: 'Serviços' });
  await expect(page.getByText(/registros?$|Nenhum registro encontrado/).first()).toBeVisible();
  const name = `Ajuste E2E ${Date.now() % 100000}`;

  await page.getByRole('button', { name: 'Novo' }).click();
  const form = page.getByRole('form', { name: 'Serviço' });
  await expect(form.getByLabel('Descrição')).toBeFocused();
  await page.keyboard.type(name);
  await form.getByRole('button', { name: 'Adicionar preço' }).click();
  await form.getByLabel('Preço 1', { exact: true }).click();
  await page.keyboard.type('4590');
  await expect(form.getByLabel('Preço 1', { exact: true })).toHaveValue('R$ 45,90');
  await page.screenshot({ path: '/tmp/catalogues-service-new.png' });
  await form.getByRole('button', { name: /Salvar/ }).click();
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await expect(form).toHaveCount(0);

  await page.getByLabel('Pesquisar').fill(name);
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Pesquisar').press('Enter');
  await expect(form.getByLabel('Descrição')).toHaveValue(name);
  await expect(form.getByLabel('Preço 1', { exact: true })).toHaveValue('R$ 45,90');
  await expect(form.getByLabel('Preço 1 padrão')).toBeChecked();
});
