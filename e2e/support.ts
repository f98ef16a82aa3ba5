/** Shared steps of the e2e specs: demo users, signing in, the menus as the user sees them. */
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { startE2EServer, type E2EServer } from './server.ts';

/**
 * The `test` of every spec: the server answers with a Content-Security-Policy (apps/server/src/http/
 * security-headers.ts), and a test fails when any page of its browser context breaks it — a
 * `securitypolicyviolation` event in the page, or Chromium's console line about a refused resource.
 * `cspViolations` is the list collected so far (a spec that breaks the policy on purpose reads and empties it).
 */
/**
 * Keeps the text of every notification (toast) a page shows in window.__pdvToasts, from a MutationObserver on the
 * document. A toast lasts TOAST_DURATION_MS (1 s, the spec's constant): on a loaded machine a `toBeVisible` issued after
 * the step that caused it can poll only after it is gone (CI runs missed the offline quick-save and the inventory
 * processing toasts that way). A string: the e2e project is typed without DOM libs.
 */
const TOAST_RECORDER = `(() => {
  if (window.__pdvToasts) return;
  const shown = [];
  window.__pdvToasts = shown;
  const look = () => {
    for (const el of Array.from(document.querySelectorAll('.mantine-Notification-root, [role="alert"]'))) {
      const text = el.textContent || '';
      if (text && !shown.includes(text)) shown.push(text);
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

export const test = base.extend<
  { cspViolations: string[]; contentSecurityPolicyGuard: undefined; toastRecorder: undefined },
  { e2eServer: E2EServer }
>({
  // One real server per Playwright worker (e2e/server.ts); every page and request of the worker's tests goes to it.
  e2eServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern.
    async ({}, use, workerInfo) => {
      const server = await startE2EServer(workerInfo.parallelIndex);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ e2eServer }, use) => {
    await use(e2eServer.url);
  },
  cspViolations: async ({ context }, use) => {
    const violations: string[] = [];
    await context.exposeBinding('__pdvCspViolation', (_source, text: unknown) => {
      violations.push(typeof text === 'string' ? text : JSON.stringify(text));
    });
    // A string, not a function: the e2e project is typed without DOM libs.
    await context.addInitScript(`document.addEventListener('securitypolicyviolation', (e) => {
      const report = window.__pdvCspViolation;
      if (typeof report === 'function') {
        void report(e.effectiveDirective + ' refused ' + (e.blockedURI || 'inline') + ' in ' + location.href
          + ' (' + (e.sourceFile || '?') + ':' + e.lineNumber + ')');
      }
    });`);
    context.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(violations);
  },
  // Every page of the test's context keeps the text of each notification it shows (see TOAST_RECORDER, expectToast).
  toastRecorder: [
    async ({ context }, use) => {
      await context.addInitScript(TOAST_RECORDER);
      await use(undefined);
    },
    { auto: true },
  ],
  contentSecurityPolicyGuard: [
    async ({ cspViolations }, use) => {
      await use(undefined);
      expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

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

/** The branch every demo user starts in: each test starts there, whatever an earlier test on the same server chose. */
export const HOME_BRANCH = 'Loja Centro';

/**
 * Makes the user's active branch, kept on the server between tests, the demo's home branch when the user works there
 * (specs share their worker's server in order: one that switched the manager to Loja Shopping must not move the next
 * spec's manager). Returns the token of that API session.
 */
export async function resetActiveBranch(page: Page, email: string, password = DEMO_PASSWORD): Promise<string | null> {
  const res = await page.request.post('/api/auth/login', { data: { email, senha: password } });
  if (res.status() !== 200) return null;
  const body = (await res.json()) as { token: string; usuario: { id_filial_ativa: number; filiais: Array<{ id_filial: number; nome_fantasia: string | null }> } };
  const home = body.usuario.filiais.find((f) => f.nome_fantasia === HOME_BRANCH);
  if (home && home.id_filial !== body.usuario.id_filial_ativa) {
    const switched = await page.request.post('/api/user/set_active_branch', { data: { id_filial: home.id_filial }, headers: { authorization: `Bearer ${body.token}` } });
    expect(switched.status(), await switched.text()).toBe(200);
  }
  return body.token;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await resetActiveBranch(page, email, password);
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

/**
 * Goes to a screen by its main-menu entry, as a user would: at the point of sale the menu is folded (issue 16), so the
 * burger opens it first.
 */
export async function goByMenu(page: Page, name: string): Promise<void> {
  if (!(await mainMenu(page).isVisible())) await page.getByRole('button', { name: 'Expandir menu' }).click();
  await mainMenu(page).getByRole('link', { name }).click();
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

/** A row of the local copy (apps/web/src/db/localCopy.ts). */
export type Row = Record<string, unknown>;

/**
 * The rows of a table of the local copy, read in the page through the probe the app installs once its copy is open
 * (window.__pdvLocalCopy, apps/web/src/localdb/appStart.tsx: the SQLite copy, or the Dexie one it fell back to);
 * none before that, or for a table the copy does not have.
 */
export async function localRows(page: Page, table: string): Promise<Row[]> {
  // A string, not a function: the e2e project is typed without DOM libs.
  return page.evaluate<Row[]>(`(async (table) => {
    const probe = window.__pdvLocalCopy;
    return probe ? probe.rows(table) : [];
  })(${JSON.stringify(table)})`);
}

/** Which store the page's local copy is in ('sqlite' or 'dexie'; null before the app opened it). */
export async function localStore(page: Page): Promise<string | null> {
  return page.evaluate<string | null>(`window.__pdvLocalCopy ? window.__pdvLocalCopy.store : null`);
}

/** Tables every signed-in demo user loads (product: the demo branches are offline points of sale). */
const LOADED_TABLES = ['branch', 'user', 'permission', 'config', 'product'];

/**
 * The first row of a local table that `match` accepts, waited for (up to 60 s). waitForLocalCopy waits for the tables
 * every screen needs; an offline point of sale's tables ('people', 'stock', ...) may still be loading after it, and a CI
 * run read 'people' empty and sent a crediário sale without its customer.
 */
export async function findLocalRow(page: Page, table: string, match: (row: Row) => boolean, what = `a row of ${table}`): Promise<Row> {
  let found: Row | undefined;
  await expect
    .poll(async () => {
      found = (await localRows(page, table)).find(match);
      return found !== undefined;
    }, { timeout: 60_000, message: `${what} in the local copy` })
    .toBe(true);
  return found!;
}

export function syncStatus(page: Page) {
  return page.getByRole('status', { name: /^Sincronizando/ });
}

/** The online/offline indicator in the header; aria-busy while the tab syncs. */
export function connectionStatus(page: Page): Locator {
  return page.getByRole('status', { name: /^(Online|Offline|Conectando\.\.\.)$/ });
}

/**
 * Waits for the local copy: the tables read to their end and the sync pass over (no progress bar, the indicator no
 * longer busy), so that no background call races with what the test does next.
 */
export async function waitForLocalCopy(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const updater = await localRows(page, 'updater');
        const loaded = new Set(updater.filter((r) => r['is_loaded'] === 1).map((r) => r['table']));
        const busy = updater.some((r) => r['loading'] === 1);
        return LOADED_TABLES.every((t) => loaded.has(t)) && !busy;
      },
      { timeout: 60_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
  await expect(syncStatus(page)).toBeHidden({ timeout: 30_000 });
  await expect(connectionStatus(page)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
}

/**
 * Types `text` with the keyboard, as a person or a scanner does, into `box`. Under load the browser has been seen to lose
 * keys before they reach the page: in cashier.spec (stop 37's CI, and again locally behind cashback.spec), a keydown
 * listener on the window, in capture, never saw the first digits of a barcode typed right after a receipt tab closed,
 * and the box held the rest. The page counts the printable keydowns it receives; when fewer arrived than were typed, the
 * box is emptied and the text typed again (at most three times). When every key reached the page, nothing is typed
 * again, whatever the box holds: what the app does with the keys it got is what the tests check.
 */
export async function typeKeys(page: Page, box: Locator, text: string): Promise<void> {
  const seen = () =>
    page.evaluate(() => {
      const w = window as unknown as { __pdvKeysSeen?: number };
      if (w.__pdvKeysSeen === undefined) {
        w.__pdvKeysSeen = 0;
        window.addEventListener('keydown', (event) => {
          if (event.key.length === 1) w.__pdvKeysSeen = (w.__pdvKeysSeen ?? 0) + 1;
        }, true);
      }
      return w.__pdvKeysSeen;
    });
  for (let attempt = 1; ; attempt += 1) {
    await box.focus();
    const before = await seen();
    await page.keyboard.type(text, { delay: 5 });
    const arrived = (await seen()) - before;
    if (arrived >= [...text].length || attempt === 3) return;
    console.warn(`[e2e] the browser delivered ${arrived} of the ${[...text].length} keys of '${text}': typed again`);
    await box.fill('');
  }
}

/**
 * Clicks a tab until it is selected. A click that lands while its drawer or modal is still sliding in can be lost on a
 * busy machine (a CI run ended on a price table form still on 'Geral' after the click on 'Regras por categoria');
 * clicking a tab again is harmless.
 */
export async function selectTab(tab: Locator): Promise<void> {
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Waits until the page has shown a notification containing `text` (or matching it), at any moment since it loaded
 * (TOAST_RECORDER): the check of a 1 s toast no longer depends on when the test polls.
 */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect
    .poll(async () => {
      const shown = await page.evaluate(() => (window as unknown as { __pdvToasts?: string[] }).__pdvToasts ?? []);
      return shown.some((t) => (typeof text === 'string' ? t.includes(text) : text.test(t)));
    }, { message: `a notification showing ${String(text)}` })
    .toBe(true);
}

/** The same for a page whose context was not made by the test fixture (a second browser context): installs it now. */
export async function recordToasts(page: Page): Promise<{ expectShown: (text: string | RegExp) => Promise<void> }> {
  await page.evaluate(TOAST_RECORDER);
  return { expectShown: (text) => expectToast(page, text) };
}
