import { resolve } from 'node:path';
import { defineConfig, devices, type ReporterDescription } from '@playwright/test';

// e2e tests (*.spec.ts under e2e/) in Debian's Chromium: no step ever downloads a browser.
// scripts/e2e.sh starts the real server and sets E2E_BASE_URL; E2E_JSON_REPORT names a JSON report file that
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
  // One worker: the specs share one server and its demo users (a branch switch is server-side state).
  workers: 1,
  reporter,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:3000',
    screenshot: 'only-on-failure',
    trace: 'off',
    video: 'off',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
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
