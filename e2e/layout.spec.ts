import { expect, test, USERS, branchSelect, chooseBranch, mainMenu, settingsMenu, signIn } from './support.ts';

test('the manager switches the active branch and the header and home page follow', async ({ page }) => {
  await signIn(page, USERS.gerente);
  await chooseBranch(page, 'Loja Centro');
  try {
    await chooseBranch(page, 'Loja Shopping');
    await expect(branchSelect(page)).toHaveValue('Loja Shopping');
    await expect(page.getByText(/Você está na filial Loja Shopping/)).toBeVisible();
    // The switch is the server's: a reload keeps it.
    await page.reload();
    await expect(branchSelect(page)).toHaveValue('Loja Shopping');
    await expect(settingsMenu(page).getByRole('link', { name: 'Filiais' })).toBeVisible();
  } finally {
    await chooseBranch(page, 'Loja Centro');
  }
  await expect(page.getByText(/Você está na filial Loja Centro/)).toBeVisible();
});

test('the list screens page through the server lists with a search box', async ({ page }) => {
  await signIn(page, USERS.gerente);
  await settingsMenu(page).getByRole('link', { name: 'Usuários' }).click();
  const users = page.getByRole('table', { name: 'Usuários' });
  await expect(users.getByRole('cell', { name: 'caixa@demo.com.br' })).toBeVisible();
  await expect(users.getByRole('cell', { name: 'outra@demo.com.br' })).toHaveCount(0);
  await page.getByLabel('Pesquisar').fill('Carlos');
  await expect(users.getByRole('row')).toHaveCount(2);
  await expect(users.getByRole('cell', { name: 'Carlos Lima', exact: true })).toBeVisible();

  await settingsMenu(page).getByRole('link', { name: 'Perfis' }).click();
  const profiles = page.getByRole('table', { name: 'Perfis' });
  await expect(profiles.getByRole('cell', { name: 'Gerente', exact: true })).toBeVisible();
  await expect(profiles.getByRole('cell', { name: 'Caixa', exact: true })).toBeVisible();
});

test('the collapsed menu stays collapsed after a reload', async ({ page }) => {
  await signIn(page, USERS.caixa);
  await expect(mainMenu(page)).toBeVisible();
  await page.getByRole('button', { name: 'Recolher menu' }).click();
  await expect(mainMenu(page)).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expandir menu' })).toBeVisible();
  await expect(mainMenu(page)).toBeHidden();
  await page.getByRole('button', { name: 'Expandir menu' }).click();
  await expect(mainMenu(page)).toBeVisible();
});

test.describe('error answers', () => {
  // The service worker must not sit between the page and the route fake below.
  test.use({ serviceWorkers: 'block' });

  test('a 500 answer shows its complement in the "Aviso" modal, which Enter closes', async ({ page }) => {
    await signIn(page, USERS.gerente);
    await page.route('**/api/branch/find', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Erro interno do servidor.', complement: 'Cadastro de filiais indisponível.' }),
      }),
    );
    await settingsMenu(page).getByRole('link', { name: 'Filiais' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aviso' });
    await expect(dialog).toContainText('Cadastro de filiais indisponível.');
    await expect(dialog).not.toContainText('Erro interno do servidor.');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
  });
});
