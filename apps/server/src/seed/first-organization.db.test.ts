/**
 * The first organization of a production installation (seed/first-organization.ts): made once on an empty database,
 * never over an existing one, and its administrator signs in holding every permission of the menus in its branch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_CATALOGUE } from '@pdv/domain/menu';
import { buildApp } from '../app.ts';
import { migrate } from '../db/migrate.ts';
import { createTokenService } from '../modules/auth/token.ts';
import { RELAXED_THROTTLE, TEST_SECRET } from '../testing/app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { seedDemo } from './demo.ts';
import { createFirstOrganization, type FirstOrganization } from './first-organization.ts';

const FIRST: FirstOrganization = {
  nome: 'Loja Aurora Ltda', cnpj: '12.ABC.345/01DE-35', email: 'Dona@Aurora.com.br', senha: 'segredo-123', nomeAdministrador: 'Dona Aurora',
};

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await migrate(testDb.db);
});
afterAll(async () => {
  await testDb.drop();
});

describe('the first organization', () => {
  it('is made once on an empty database, and the demo seed then adds nothing', async () => {
    expect(await createFirstOrganization(testDb.db, FIRST)).toBe(true);
    expect(await createFirstOrganization(testDb.db, { ...FIRST, nome: 'Outra' })).toBe(false);
    expect(await seedDemo(testDb.db)).toBe(false);
    const rows = await testDb.db.system(async (tx) => ({
      orgs: (await tx.query<{ nome: string }>('SELECT nome FROM organization')).rows,
      branches: (await tx.query<{ cnpj: string; codigo_filial: string; email: string | null }>('SELECT cnpj, codigo_filial, email FROM filial')).rows,
      users: (await tx.query<{ nome: string; email: string }>('SELECT nome, email FROM usuario')).rows,
    }));
    expect(rows.orgs).toEqual([{ nome: 'Loja Aurora Ltda' }]);
    expect(rows.branches).toEqual([{ cnpj: '12ABC34501DE35', codigo_filial: '1', email: null }]);
    expect(rows.users).toEqual([{ nome: 'Dona Aurora', email: 'dona@aurora.com.br' }]);
  });

  it('its administrator signs in, in its one branch, holding every permission of the menus', async () => {
    const app = await buildApp({ db: testDb.db, tokens: createTokenService(TEST_SECRET, 3600), throttle: RELAXED_THROTTLE });
    try {
      await app.ready();
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'dona@aurora.com.br', senha: 'segredo-123' } });
      expect(login.statusCode, login.body).toBe(200);
      const token = login.json<{ token: string }>().token;
      const session = await app.inject({ method: 'GET', url: '/api/user/session', headers: { authorization: `Bearer ${token}` } });
      expect(session.statusCode, session.body).toBe(200);
      const body = JSON.stringify(session.json());
      for (const { rotulo } of PERMISSION_CATALOGUE) expect(body).toContain(rotulo);
      const wrong = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'dona@aurora.com.br', senha: 'errada-123' } });
      expect(wrong.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
