import { expect, test } from '@playwright/test';
import { OFFLINE_POS_KEY, TOKEN_KEY, USERS, setStorageItem, settingsMenu, signIn, storageItem } from './support.ts';

/** base64url of a JSON value, for hand-made JWT parts. */
function part(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

test.describe('login', () => {
  test('signed out, the root sends to the login page with the e-mail field focused', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('E-mail')).toBeFocused();
    await expect(page.getByLabel('Senha', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  });

  test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(USERS.caixa);
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText('E-mail ou senha inválidos.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storageItem(page, TOKEN_KEY)).toBeNull();
  });

  test('Enter in the password field signs in and lands on the home page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(USERS.gerente);
    await page.getByLabel('Senha', { exact: true }).fill('demo1234');
    await page.getByLabel('Senha', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Olá, Marina!' })).toBeVisible();
    expect(await storageItem(page, TOKEN_KEY)).toBeTruthy();
  });
});

test.describe('logout', () => {
  test('clears the stored user data and the offline point-of-sale flag, then the root asks for login', async ({
    page,
  }) => {
    await signIn(page, USERS.caixa);
    await setStorageItem(page, OFFLINE_POS_KEY, 'true');
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storageItem(page, TOKEN_KEY)).toBeNull();
    expect(await storageItem(page, 'pdv_usuario')).toBeNull();
    expect(await storageItem(page, OFFLINE_POS_KEY)).toBeNull();
    await page.goto('/branch');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('a token the server refuses sends the user back to login', () => {
  test('a forged token is refused on the next call', async ({ page }) => {
    await signIn(page, USERS.gerente);
    await setStorageItem(page, TOKEN_KEY, 'forjado.nao-e.um-jwt');
    await settingsMenu(page).getByRole('link', { name: 'Filiais' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storageItem(page, TOKEN_KEY)).toBeNull();
  });

  test('an unsigned token (alg none) is refused when the app starts', async ({ page }) => {
    await signIn(page, USERS.gerente);
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: '1', org: 1, iat: now, exp: now + 3600 })}.`;
    await setStorageItem(page, TOKEN_KEY, unsigned);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storageItem(page, TOKEN_KEY)).toBeNull();
  });

  test('a token with its expiry moved into the past (signature no longer matching) is refused at start', async ({
    page,
  }) => {
    await signIn(page, USERS.caixa);
    const token = await storageItem(page, TOKEN_KEY);
    const [header, payload] = (token ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = `${header}.${part({ ...claims, iat: past - 3600, exp: past })}.${token?.split('.')[2] ?? ''}`;
    await setStorageItem(page, TOKEN_KEY, expired);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storageItem(page, TOKEN_KEY)).toBeNull();
  });
});
