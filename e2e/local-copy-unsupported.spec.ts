/**
 * A browser whose workers have no OPFS synchronous access handles cannot hold the SQLite copy (issue 21): the user is
 * told 'Navegador não suportado para o modo offline.' and the app keeps working on the IndexedDB copy.
 */
import { expect, localStore, signIn, test, USERS, waitForLocalCopy } from './support.ts';

// The local copy's worker script is patched below; a service worker would serve it without the patch.
test.use({ serviceWorkers: 'block' });

test('without OPFS access handles the user is told so and the app works on the IndexedDB copy', async ({ page }) => {
  test.setTimeout(120_000);
  let patched = 0;
  await page.route(/\/assets\/worker-[^/]*\.js$/, async (route) => {
    patched += 1;
    const response = await route.fetch();
    await route.fulfill({ response, body: `delete self.FileSystemSyncAccessHandle;\n${await response.text()}` });
  });
  await signIn(page, USERS.gerente);
  expect(patched).toBeGreaterThan(0);
  await expect(page.getByText('Navegador não suportado para o modo offline.')).toBeVisible();
  expect(await localStore(page)).toBe('dexie');
  await waitForLocalCopy(page);
  await page.screenshot({ path: 'test-results/local-copy-unsupported.png' });
});
