import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { DEFAULT_THROTTLE } from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ throttle: DEFAULT_THROTTLE });
});
afterAll(async () => {
  await t.close();
});

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
