import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pdv/domain/messages';
import { migrate } from '../../db/migrate.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { DEFAULT_THROTTLE, Throttle } from './throttle.ts';

let t: TestApp;
/** A bare migrated database for the counter's own tests. */
let counters: TestDatabase;
beforeAll(async () => {
  t = await createTestApp({ throttle: DEFAULT_THROTTLE });
  counters = await createTestDatabase();
  await migrate(counters.db);
});
afterAll(async () => {
  await t.close();
  await counters.drop();
});

describe('Throttle counters in the database', () => {
  it('refuses an account past max attempts until its window ends', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const throttle = new Throttle(counters.db, { account: { max: 3, windowMs: 60_000 }, address: { max: 100, windowMs: 60_000 }, now: () => now });
    for (let i = 0; i < 3; i += 1) {
      expect(await throttle.attempt('a@b.com', '1.1.1.1')).toBe(0);
      now += 1000;
    }
    // The 4th attempt, 3 s into the window, from another address and in another case: 57 s to wait.
    expect(await throttle.attempt('A@B.com', '2.2.2.2')).toBeCloseTo(57, 0);
    now += 60_000;
    expect(await throttle.attempt('a@b.com', '1.1.1.1')).toBe(0);
  });

  it('refuses an address that tried many accounts', async () => {
    const now = Date.parse('2026-01-02T00:00:00Z');
    const throttle = new Throttle(counters.db, { account: { max: 100, windowMs: 60_000 }, address: { max: 5, windowMs: 60_000 }, now: () => now });
    for (let i = 0; i < 5; i += 1) expect(await throttle.attempt(`u${i}@b.com`, '9.9.9.9')).toBe(0);
    expect(await throttle.attempt('novo@b.com', '9.9.9.9')).toBeGreaterThan(0);
    expect(await throttle.attempt('novo@b.com', '8.8.8.8')).toBe(0);
  });

  it('a success starts the account over and gives the address its attempt back', async () => {
    const throttle = new Throttle(counters.db, { account: { max: 2, windowMs: 60_000 }, address: { max: 3, windowMs: 60_000 } });
    await throttle.attempt('c@b.com', '3.3.3.3');
    await throttle.attempt('c@b.com', '3.3.3.3');
    await throttle.succeed('c@b.com', '3.3.3.3');
    expect(await throttle.attempt('c@b.com', '7.7.7.7')).toBe(0);
    expect(await throttle.attempt('c@b.com', '7.7.7.7')).toBe(0);
    // 3.3.3.3 counted 2 attempts and got one back: one more, then a 4th over the limit of 3.
    expect(await throttle.attempt('d@b.com', '3.3.3.3')).toBe(0);
    expect(await throttle.attempt('e@b.com', '3.3.3.3')).toBe(0);
    expect(await throttle.attempt('f@b.com', '3.3.3.3')).toBeGreaterThan(0);
  });

  it('two nodes over the same database share the counts', async () => {
    const rule = { account: { max: 4, windowMs: 60_000 }, address: { max: 100, windowMs: 60_000 } };
    const nodeA = new Throttle(counters.db, rule);
    const nodeB = new Throttle(counters.db, rule);
    const waits = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? nodeA : nodeB).attempt('dois@nos.com', `5.5.5.${i}`)));
    expect(waits.filter((w) => w === 0)).toHaveLength(4);
    expect(waits.filter((w) => w > 0)).toHaveLength(6);
  });
});

const resetCounters = () => t.db.system((tx) => tx.query('DELETE FROM tentativa_acesso'));

const login = (email: string, senha: string, remoteAddress: string) =>
  t.call('POST', '/auth/login', { email, senha }, undefined, { remoteAddress });

describe('login throttling with the production limits', () => {
  it('locks an account after 5 wrong passwords, even for the right password, from any address', async () => {
    const max = DEFAULT_THROTTLE.account.max;
    let attempts = 0;
    for (; attempts < 20; attempts += 1) {
      const res = await login('caixa@demo.com.br', 'errada', `10.0.0.${attempts + 1}`);
      if (res.status === 429) break;
      expect(res.status).toBe(401);
    }
    console.log(`throttle: account locked after ${attempts} failed attempts (limit ${max} per ${DEFAULT_THROTTLE.account.windowMs / 60_000} min)`);
    expect(attempts).toBe(max);
    const right = await login('caixa@demo.com.br', 'demo1234', '10.0.1.1');
    expect(right.status).toBe(429);
    expect(right.json['message']).toMatch(/^Muitas tentativas de acesso\. Aguarde \d+ minuto\(s\) e tente novamente\.$/);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    expect((await login('gerente@demo.com.br', 'demo1234', '10.0.1.1')).status).toBe(200);
  });

  it('locks an address that fails on many accounts', async () => {
    const max = DEFAULT_THROTTLE.address.max;
    let attempts = 0;
    for (; attempts < 100; attempts += 1) {
      const res = await login(`ninguem${attempts}@demo.com.br`, 'errada', '172.16.5.5');
      if (res.status === 429) break;
    }
    console.log(`throttle: address locked after ${attempts} failed attempts (limit ${max} per ${DEFAULT_THROTTLE.address.windowMs / 60_000} min)`);
    expect(attempts).toBe(max);
    expect((await login('filial2@demo.com.br', 'demo1234', '172.16.5.5')).status).toBe(429);
    expect((await login('filial2@demo.com.br', 'demo1234', '172.16.5.6')).status).toBe(200);
  });

  it('12 concurrent wrong passwords on one account: at most 5 answers of 401, the rest 429', async () => {
    await resetCounters();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login('outra@demo.com.br', 'errada', `10.7.0.${i + 1}`)));
    const statuses = answers.map((a) => a.status);
    console.log(`throttle: 12 concurrent wrong logins answered ${statuses.join(' ')}`);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(DEFAULT_THROTTLE.account.max);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(12 - DEFAULT_THROTTLE.account.max);
  });

  it('a disabled user with the right password is told so, and the attempt counts like a failure', async () => {
    await resetCounters();
    const email = 'outra@demo.com.br';
    await t.db.system((tx) => tx.query(`UPDATE usuario SET situacao = 'Inativo' WHERE email = $1`, [email]));
    try {
      let attempts = 0;
      for (; attempts < 20; attempts += 1) {
        const res = await login(email, 'demo1234', `10.8.0.${attempts + 1}`);
        if (res.status === 429) break;
        expect(res.status).toBe(401);
        expect(res.json['message']).toBe(MESSAGES.userDisabled);
      }
      expect(attempts).toBe(DEFAULT_THROTTLE.account.max);
    } finally {
      await t.db.system((tx) => tx.query(`UPDATE usuario SET situacao = 'Ativo' WHERE email = $1`, [email]));
    }
  });

  it('throttles the supervisor credential check too', async () => {
    const cashier = await t.login('filial2@demo.com.br');
    let attempts = 0;
    for (; attempts < 20; attempts += 1) {
      const res = await t.call('POST', '/user/validate-user-credential',
        { email: 'gerente@demo.com.br', password: 'errada', permission: 'FncListarFilial' }, cashier, { remoteAddress: `10.9.0.${attempts}` });
      if (res.status === 429) break;
      expect(res.status).toBe(400);
    }
    expect(attempts).toBe(DEFAULT_THROTTLE.account.max);
  });
});
