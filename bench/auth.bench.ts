/**
 * Cost of the per-request session work (token check, the user reloaded so a disabled user stops at once, the
 * permission list, one transaction as the application role under row-level security) against a public route that
 * does none of it, on the embedded database.
 */
import { createTestApp } from '../apps/server/src/testing/app.ts';
import { median, sample, type Benchmark } from './lib.ts';

export const authBenchmark: Benchmark = {
  name: 'auth',
  async run() {
    const t = await createTestApp();
    try {
      const token = await t.login('gerente@demo.com.br');
      const health = await sample(() => t.call('GET', '/health'), 400);
      const session = await sample(() => t.call('GET', '/user/is-active', undefined, token), 400);
      const base = median(health);
      const value = median(session);
      return [{
        name: 'authenticated request (median, PGlite)', value, unit: 'ms', baseline: base, baselineName: 'public /api/health',
        ratio: value / base, goal: '—', met: null,
      }];
    } finally {
      await t.close();
    }
  },
};
