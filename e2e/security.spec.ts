/**
 * The browser security headers as the browser gets them from the real server, and the guard every spec runs under
 * (support.ts): a page that breaks the Content-Security-Policy is caught.
 */
import { expect, test, USERS, signIn } from './support.ts';

test('the app is served with a policy that refuses inline script, framing and sniffing', async ({ page }) => {
  const response = await page.goto('/login');
  const headers = response?.headers() ?? {};
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("worker-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  // Served over plain HTTP here: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
});

test('an inline script injected into the page does not run, and the guard of every spec sees it', async ({ page, cspViolations }) => {
  await signIn(page, USERS.gerente);
  await page.evaluate(`(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.appendChild(script);
  })()`);
  expect(await page.evaluate('window.__injected === true')).toBe(false);
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(cspViolations.join('\n')).toMatch(/script-src/);
  // Broken on purpose: emptied so that the guard passes this test.
  cspViolations.length = 0;
});

test('API answers with the session are never stored by the browser', async ({ page }) => {
  await signIn(page, USERS.gerente);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/') && r.request().headers()['authorization'] !== undefined),
    page.reload(),
  ]);
  expect(response.headers()['cache-control']).toBe('no-store');
});
