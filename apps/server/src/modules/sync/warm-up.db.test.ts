import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { warmUpSync } from './warm-up.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('warmUpSync', () => {
  it('runs every group statement without error, changes nothing and leaves the routes answering', async () => {
    const count = async () => (await t.db.system((tx) => tx.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM produto) + (SELECT count(*) FROM preco) + (SELECT count(*) FROM usuario) AS n`))).rows[0]?.n;
    const before = await count();
    await warmUpSync(t.db);
    expect(await count()).toBe(before);
    const token = await t.login('caixa@demo.com.br');
    const res = await t.call('POST', '/price/list-by-changes', { date_change: '', offset: 0, limit: 1000 }, token);
    expect(res.status).toBe(200);
    expect((res.json['rows'] as unknown[]).length).toBeGreaterThan(0);
  });
});
