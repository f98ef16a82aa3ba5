/** Shared steps of the e2e specs: demo users, signing in, the menus as the user sees them. */
import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export const USERS = {
  gerente: 'gerente@demo.com.br',
  caixa: 'caixa@demo.com.br',
  filial2: 'filial2@demo.com.br',
  outra: 'outra@demo.com.br',
} as const;

/** localStorage keys of the web app's session (apps/web/src/features/auth/session.ts). */
export const TOKEN_KEY = 'pdv_token';
export const USER_KEY = 'pdv_usuario';
export const OFFLINE_POS_KEY = 'pdv_offline';

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Olá, / })).toBeVisible();
}

export function mainMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Menu principal' });
}

export function settingsMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Configurações' });
}

export function branchSelect(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Filial ativa' });
}

/** Reads a localStorage item of the page (string form: the e2e project is typed without DOM libs). */
export async function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(key)})`);
}

export async function setStorageItem(page: Page, key: string, value: string): Promise<void> {
  await page.evaluate(`localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)})`);
}

/** Makes `name` the active branch (the active branch is kept on the server between tests). */
export async function chooseBranch(page: Page, name: string): Promise<void> {
  const select = branchSelect(page);
  if ((await select.inputValue()) === name) return;
  await select.click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(select).toHaveValue(name);
  await expect(select).toBeEnabled();
}
