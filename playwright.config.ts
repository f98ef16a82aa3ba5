import { resolve } from 'node:path';
import { defineConfig, devices, type ReporterDescription } from '@playwright/test';

// e2e tests (*.spec.ts under e2e/) in Debian's Chromium: no step ever downloads a browser.
// scripts/e2e.sh builds the web app; each worker starts its own real server (e2e/server.ts); E2E_JSON_REPORT names a JSON report file that
// scripts/test.sh reads to add up the counts (a relative path is taken from the current directory).
const jsonReport = process.env.E2E_JSON_REPORT;
const reporter: ReporterDescription[] = [['list']];
if (jsonReport) reporter.push(['json', { outputFile: resolve(jsonReport) }]);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // Spec files run in parallel, one server per worker (e2e/server.ts), so no two files share server-side state (a
  // demo user's active branch, the login throttle); the tests of one file run in order on their worker's server.
  workers: Number(process.env['E2E_WORKERS'] ?? 2),
  reporter,
  // 60 s per test unless it says more: a CI run on a loaded machine took product-tabs past 30 s (it now says 120 s).
  timeout: 60_000,
  // 10 s: the e2e run shares 2 cores between two browsers, two servers and Playwright; 5 s was missed under load.
  expect: { timeout: 10_000 },
  use: {
    // baseURL: the worker's server, set by the e2eServer fixture of e2e/support.ts.
    screenshot: 'only-on-failure',
    trace: 'off',
    video: 'off',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Overlays open with no transition (the theme respects reduced motion): on a busy machine a click that landed on
    // a modal or drawer still sliding in was lost now and then (prices.spec's tab, inventory's confirm, boleto.spec).
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
