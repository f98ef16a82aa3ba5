/**
 * Profiles and users (issue 18): the demo manager creates a profile with a few permissions (Marcas read, the point of
 * sale) offered in Loja Centro, and a user with that profile there and a temporary password; the user signs in,
 * chooses a new password, and sees exactly the allowed menus. Screenshots of the forms in /tmp.
 */
import { expect, test, USERS, goByMenu, mainMenu, settingsMenu, signIn } from './support.ts';
import { MESSAGES } from '../packages/domain/src/messages.ts';

test('a profile with Marcas read and the point of sale, a user with it: the user sees exactly those menus', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, USERS.gerente);
  const suffix = Date.now() % 100000;
  const profileName = `Balcão E2E ${suffix}`;
  const email = `julia.${suffix}@exemplo.com.br`;

  // The profile: its description, two permissions, its branch; one Salvar.
  await settingsMenu(page).getByRole('link', { name: 'Perfis' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const profiles = page.getByRole('table', { name: 'Perfis' });
  await expect(profiles.getByRole('cell', { name: 'Gerente', exact: true })).toBeVisible();
  await page.keyboard.press('Insert');
  const profileForm = page.getByRole('form', { name: 'Perfil' });
  await expect(profileForm.getByLabel('Descrição')).toBeFocused();
  await page.keyboard.type(profileName);
  await profileForm.getByRole('tab', { name: 'Permissões' }).click();
  const marcas = profileForm.getByRole('radiogroup', { name: 'Marcas' });
  await marcas.getByText('Consultar', { exact: true }).click();
  await expect(marcas.getByLabel('Consultar')).toBeChecked();
  const pdv = profileForm.getByRole('radiogroup', { name: 'Ponto de venda' });
  await pdv.getByText('Gerenciar', { exact: true }).click();
  await expect(pdv.getByLabel('Gerenciar')).toBeChecked();
  await page.screenshot({ path: '/tmp/users-profiles-permissions.png', fullPage: false });
  await profileForm.getByRole('tab', { name: 'Filiais' }).click();
  await profileForm.getByLabel('Loja Centro').check();
  await page.screenshot({ path: '/tmp/users-profiles-profile-branches.png' });
  await profileForm.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await expect(profiles.getByRole('cell', { name: profileName, exact: true })).toBeVisible();

  // The user: name and e-mail, then its branch profile and the temporary password typed by the manager.
  await settingsMenu(page).getByRole('link', { name: 'Usuários' }).click();
  await expect(page).toHaveURL(/\/user$/);
  const users = page.getByRole('table', { name: 'Usuários' });
  await expect(users.getByRole('cell', { name: 'gerente@demo.com.br' })).toBeVisible();
  await page.keyboard.press('Insert');
  const userForm = page.getByRole('form', { name: 'Usuário' });
  await expect(userForm.getByLabel('Nome')).toBeFocused();
  await page.keyboard.type('Júlia Balcão');
  await userForm.getByLabel('E-mail').fill(email);
  await page.screenshot({ path: '/tmp/users-profiles-user-form.png' });
  await userForm.getByRole('tab', { name: 'Limites' }).click();
  await userForm.getByLabel('Desconto máximo (%)').fill('5');
  await userForm.getByRole('tab', { name: 'Filiais e senha' }).click();
  const temporary = userForm.getByLabel('Senha provisória');
  await expect(temporary).toHaveValue(/^[A-Za-z0-9]{10}$/);
  await temporary.fill('provisoria1');
  await userForm.getByLabel('Perfil em Loja Centro').click();
  await page.getByRole('option', { name: profileName, exact: true }).click();
  await expect(userForm.getByLabel('Loja Centro é a principal')).toBeChecked();
  await page.screenshot({ path: '/tmp/users-profiles-user-access.png' });
  await userForm.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await page.getByLabel('Pesquisar').fill(email);
  await expect(users.getByRole('cell', { name: email, exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/users-profiles-user-list.png' });

  // The user signs in with the temporary password: first a new password, then exactly the allowed menus.
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('provisoria1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Defina sua nova senha' })).toBeVisible();
  await expect(page.getByLabel('Nova senha', { exact: true })).toBeFocused();
  await page.keyboard.type('minha-senha-1');
  await page.getByLabel('Confirme a nova senha').fill('minha-senha-1');
  await page.screenshot({ path: '/tmp/users-profiles-new-password.png' });
  await page.getByRole('button', { name: 'Salvar e entrar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Olá, Júlia/ })).toBeVisible();
  await expect(mainMenu(page).getByRole('link')).toHaveText(['Início', 'Ponto de venda', 'Operações pendentes', 'Marcas']);
  // Etiquetas asks for FncListarEtiqueta, which this profile does not hold: no settings entry.
  await expect(settingsMenu(page).getByRole('link')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/users-profiles-user-menus.png' });

  // Marcas is read only: the list, no Nova.
  await goByMenu(page, 'Marcas');
  await expect(page.getByRole('table', { name: 'Marcas' }).getByRole('cell', { name: 'Urbano Jeans', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Nova/ })).toHaveCount(0);
  // A screen it may not open sends it to the not-authorized page.
  await page.goto('/user');
  await expect(page).toHaveURL(/\/not-authorized$/);

  // The temporary password no longer signs in; the new one does.
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('provisoria1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Não foi possível entrar')).toBeVisible();
  await signIn(page, email, 'minha-senha-1');
});
