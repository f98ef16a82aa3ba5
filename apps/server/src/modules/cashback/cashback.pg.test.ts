/**
 * Cashback redemptions under concurrency on a PostgreSQL server (PGlite runs one transaction at a time): parallel
 * sales paying with the same customer's cashback never take more than the available balance (the customer's
 * pessoa_cashback row lock in modules/cashback; CHECK saldo >= 0 behind it).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASHBACK_MESSAGES as M } from '@pdv/domain/cashback';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let f: SaleFixture;
let cashier: string;
let org: number;
let id_usuario: number;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  f = await loadSaleFixture(t.db);
  const { rows } = await t.db.system((tx) =>
    tx.query<{ org: number; id_usuario: number }>(`SELECT id_organization AS org, id_usuario FROM usuario WHERE email = 'caixa@demo.com.br'`));
  org = rows[0]!.org;
  id_usuario = rows[0]!.id_usuario;
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 1000 WHERE id_estoque = $1', [f.product.id_estoque]));
  await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET valor_resgate_cashback = 0, dias_bloqueio_cashback = 7 WHERE id_filial = $1', [f.id_filial]));
});
afterAll(async () => {
  await t.close();
});

/** A customer with `saldo` reais of available cashback (an accrual whose block days have passed). */
async function customerWithCashback(saldo: number): Promise<number> {
  return t.db.system(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO pessoa (id_organization, nome, is_cliente) VALUES ($1, $2, true) RETURNING id_pessoa AS id`, [org, `Cashback ${randomUUID()}`]);
    const id = rows[0]!.id;
    await tx.query('INSERT INTO pessoa_cashback (id_organization, id_pessoa, saldo) VALUES ($1, $2, $3)', [org, id, saldo]);
    await tx.query(
      `INSERT INTO pessoa_cashback_lancamento (id_organization, id_pessoa, id_filial, tipo, valor, disponivel_em, id_usuario)
       VALUES ($1, $2, $3, 'Acumulo', $4, now() - interval '1 day', $5)`, [org, id, f.id_filial, saldo, id_usuario]);
    return id;
  });
}

function redeeming(id_cliente: number, resgate: number) {
  const body = saleBody(f, { id_cliente });
  body.pagamentos = [
    { id_pagamento: randomUUID(), id_meio_pagamento: f.methods['19']!, valor_total: resgate },
    { id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: Math.round((f.product.preco - resgate) * 100) / 100 },
  ];
  return body;
}

describe('cashback redemption under concurrency (PostgreSQL)', () => {
  it('12 parallel sales redeeming 0,30 against 1,00 available: exactly 3 pass and 0,10 stays available', async () => {
    const id = await customerWithCashback(1);
    const results = await Promise.all(Array.from({ length: 12 }, () => t.call('POST', '/operacao', redeeming(id, 0.3), cashier)));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 400);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.json['message']).toBe(M.aboveAvailable(10));
    const { rows } = await t.db.system((tx) => tx.query<{ disponivel: string; resgates: number }>(
      `SELECT (SELECT sum(valor) FROM pessoa_cashback_lancamento WHERE id_pessoa = $1 AND disponivel_em <= now())::text AS disponivel,
              (SELECT count(*)::int FROM pessoa_cashback_lancamento WHERE id_pessoa = $1 AND tipo = 'Resgate') AS resgates`, [id]));
    expect(rows[0]).toEqual({ disponivel: '0.10', resgates: 3 });
  });

  it('the same sale sent 8 times in parallel redeems once', async () => {
    const id = await customerWithCashback(1);
    const body = redeeming(id, 0.6);
    const results = await Promise.all(Array.from({ length: 8 }, () => t.call('POST', '/operacao', body, cashier)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const { rows } = await t.db.system((tx) => tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pessoa_cashback_lancamento WHERE id_pessoa = $1 AND tipo = 'Resgate'`, [id]));
    expect(rows[0]!.n).toBe(1);
  });
});
