/** Gift-card and order-number concurrency on a PostgreSQL server (PGlite runs one transaction at a time). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';
import { redeemGiftCard } from '../giftcard/service.ts';

let t: TestApp;
let cashier: string;
/** Issues the cards below: a balance without a sale is a manager's credit. */
let manager: string;
let f: SaleFixture;
let org: number;
let id_usuario: number;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  manager = await t.login('gerente@demo.com.br');
  f = await loadSaleFixture(t.db);
  const { rows } = await t.db.system((tx) =>
    tx.query<{ org: number; id_usuario: number }>(`SELECT id_organization AS org, id_usuario FROM usuario WHERE email = 'caixa@demo.com.br'`));
  org = rows[0]!.org;
  id_usuario = rows[0]!.id_usuario;
});
afterAll(async () => {
  await t.close();
});

describe('gift cards under concurrency (PostgreSQL)', () => {
  it('20 parallel redemptions of 30 against a balance of 100: exactly 3 succeed and 10 is left', async () => {
    const sold = await t.call('POST', '/gift_card/sell-in-checkout', { valor: 100, observacao: 'Crédito de teste' }, manager);
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    const id_vale_credito = Number(sold.json['id_vale_credito']);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () =>
      t.db.tenant({ id_organization: org }, (tx) =>
        redeemGiftCard(tx, { org, id_filial: f.id_filial, id_usuario, id_vale_credito, valor: 3000, id_operacao: randomUUID() }))));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const r of refused) expect((r.reason as Error).message).toBe('Saldo do vale crédito insuficiente. Saldo disponível: R$ 10,00.');
    const card = await t.call('POST', '/gift_card/get-by-gift-card', { codigo: sold.json['codigo'] }, cashier);
    expect(card.json['saldo']).toBe(10);
    const { rows } = await t.db.system((tx) => tx.query<{ n: number; total: string }>(
      `SELECT count(*)::int AS n, sum(valor)::text AS total FROM vale_credito_movimentacao WHERE id_vale_credito = $1 AND tipo = 'Resgate'`,
      [id_vale_credito]));
    expect(rows[0]).toEqual({ n: 3, total: '90.00' });
  });

  it('the same redemption sent 10 times in parallel spends the voucher once', async () => {
    const sold = await t.call('POST', '/gift_card/sell-in-checkout', { valor: 100, observacao: 'Crédito de teste' }, manager);
    const id_vale_credito = Number(sold.json['id_vale_credito']);
    const id_operacao = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () =>
      t.db.tenant({ id_organization: org }, (tx) =>
        redeemGiftCard(tx, { org, id_filial: f.id_filial, id_usuario, id_vale_credito, valor: 3000, id_operacao }))));
    expect(results.filter((r) => !r.duplicado)).toHaveLength(1);
    expect(results.every((r) => r.saldo === 7000)).toBe(true);
  });
});

describe('order numbers under concurrency (PostgreSQL)', () => {
  it('30 parallel /order/create get 30 distinct, contiguous numbers', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () =>
      t.call('POST', '/order/create', { id_cliente: f.id_cliente }, cashier)));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    const nsus = answers.map((a) => Number(a.json['nsu'])).sort((a, b) => a - b);
    expect(new Set(nsus).size).toBe(30);
    expect(nsus[29]! - nsus[0]!).toBe(29);
  });
});
