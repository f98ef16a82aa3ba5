/** Customer-credit concurrency on a PostgreSQL server (PGlite runs one transaction at a time). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';
import { moveCustomerCredit } from './service.ts';

let t: TestApp;
let f: SaleFixture;
let org: number;
let id_usuario: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await loadSaleFixture(t.db);
  const { rows } = await t.db.system((tx) =>
    tx.query<{ org: number; id_usuario: number }>(`SELECT id_organization AS org, id_usuario FROM usuario WHERE email = 'caixa@demo.com.br'`));
  org = rows[0]!.org;
  id_usuario = rows[0]!.id_usuario;
});
afterAll(async () => {
  await t.close();
});

/** A new customer of the demo organization with a credit balance of `saldo` reais. */
async function customerWithCredit(saldo: number): Promise<number> {
  return t.db.system(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO pessoa (id_organization, nome) VALUES ($1, $2) RETURNING id_pessoa AS id`, [org, `Crédito ${randomUUID()}`]);
    await tx.query('INSERT INTO pessoa_conta_corrente (id_organization, id_pessoa, saldo) VALUES ($1, $2, $3)', [org, rows[0]!.id, saldo]);
    return rows[0]!.id;
  });
}
const spend = (id_pessoa: number, id_operacao: string) => t.db.tenant({ id_organization: org }, (tx) =>
  moveCustomerCredit(tx, { org, id_filial: f.id_filial, id_usuario, id_pessoa, tipo: 'Resgate', operacao: 'Saida', valor: 3000, id_operacao }));

describe('customer credit under concurrency (PostgreSQL)', () => {
  it('20 parallel redemptions of 30 against a balance of 100: exactly 3 succeed and 10 is left', async () => {
    const id_pessoa = await customerWithCredit(100);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => spend(id_pessoa, randomUUID())));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const r of refused) expect((r.reason as Error).message).toBe('Saldo de crédito do cliente insuficiente. Saldo disponível: R$ 10,00.');
    const { rows } = await t.db.system((tx) => tx.query<{ saldo: string; n: number; total: string }>(
      `SELECT c.saldo::text, (SELECT count(*)::int FROM pessoa_conta_historico h WHERE h.id_pessoa = c.id_pessoa) AS n,
              (SELECT sum(valor)::text FROM pessoa_conta_historico h WHERE h.id_pessoa = c.id_pessoa) AS total
         FROM pessoa_conta_corrente c WHERE c.id_pessoa = $1`, [id_pessoa]));
    expect(rows[0]).toEqual({ saldo: '10.00', n: 3, total: '90.00' });
  });

  it('the same redemption sent 10 times in parallel spends the credit once', async () => {
    const id_pessoa = await customerWithCredit(100);
    const id_operacao = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => spend(id_pessoa, id_operacao)));
    expect(results.filter((r) => !r.duplicado)).toHaveLength(1);
    expect(results.every((r) => r.saldo === 7000)).toBe(true);
  });
});
