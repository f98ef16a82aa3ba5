import { SignJWT } from 'jose';
import {
  expect, test,
  OFFLINE_POS_KEY,
  TOKEN_KEY,
  USERS,
  setStorageItem,
  settingsMenu,
  signIn,
  storageItem,
  waitForLocalCopy,
} from './support.ts';

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
    // The next call must be the click's, not one of the local copy's background reads.
    await waitForLocalCopy(page);
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

  test('a genuinely expired token (right key, issuer and audience, exp in the past) is refused at start', async ({
    page,
    e2eServer,
  }) => {
    // The worker's server (e2e/server.ts) signs with this key, so the test can sign a token it would otherwise accept.
    const secret = e2eServer.jwtSecret;
    await signIn(page, USERS.caixa);
    const token = await storageItem(page, TOKEN_KEY);
    const claims = JSON.parse(Buffer.from((token ?? '').split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub: string;
      org: number;
      iss: string;
      aud: string;
    };
    const sign = (exp: number) =>
      new SignJWT({ org: claims.org })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(claims.iss)
        .setAudience(claims.aud)
        .setIssuedAt(exp - 3600)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    // The same token with a future expiry still works: the refusal below is about the expiry alone.
    await setStorageItem(page, TOKEN_KEY, await sign(Math.floor(Date.now() / 1000) + 600));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /^Olá, / })).toBeVisible();
    await setStorageItem(page, TOKEN_KEY, await sign(Math.floor(Date.now() / 1000) - 60));
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storageItem(page, TOKEN_KEY)).toBeNull();
  });

  test('a reload on a deep link keeps the session and opens the screen', async ({ page }) => {
    await signIn(page, USERS.gerente);
    await page.goto('/user');
    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByRole('cell', { name: 'gerente@demo.com.br' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('cell', { name: 'caixa@demo.com.br' })).toBeVisible();
  });
});
