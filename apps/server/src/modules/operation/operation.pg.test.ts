/** Concurrency of POST /api/operacao on a PostgreSQL server (PGlite runs one transaction at a time). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let cashier: string;
let f: SaleFixture;

const count = (from: string, params: unknown[] = []) => countRows(t.db, from, params);

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  f = await loadSaleFixture(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/operacao under concurrency (PostgreSQL)', () => {
  it('the same operation sent 20 times in parallel makes one order and one stock movement', async () => {
    await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 100 WHERE id_estoque = $1', [f.product.id_estoque]));
    const body = saleBody(f);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.call('POST', '/operacao', body, cashier)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json['id_pedido'])).size).toBe(1);
    expect(answers.filter((a) => a.json['duplicado'] === false)).toHaveLength(1);
    expect(await count('pedido WHERE id_operacao = $1', [body.id_operacao])).toBe(1);
    expect(await count('movimentacao_estoque WHERE id_operacao = $1', [body.id_operacao])).toBe(1);
  });

  it('50 concurrent sales of the last unit under negative-stock control leave exactly one winner', async () => {
    await t.db.system(async (tx) => {
      await tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = true WHERE id_filial = $1', [f.id_filial]);
      await tx.query('UPDATE estoque SET quantidade = 1, quantidade_reserva = 0 WHERE id_estoque = $1', [f.product.id_estoque]);
    });
    const bodies = Array.from({ length: 50 }, () => saleBody(f));
    const answers = await Promise.all(bodies.map((b) => t.call('POST', '/operacao', b, cashier)));
    const winners = answers.filter((a) => a.status === 200);
    const losers = answers.filter((a) => a.status === 400);
    console.log(`last unit: ${winners.length} winner, ${losers.length} refused, statuses ${[...new Set(answers.map((a) => a.status))].join(',')}`);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(49);
    for (const l of losers) expect(l.json['message']).toBe('Estoque insuficiente. Estoque atual: 0,000. Quantidade informada: 1,000.');
    const stock = await t.db.system((tx) => tx.query<{ quantidade: number }>('SELECT quantidade FROM estoque WHERE id_estoque = $1', [f.product.id_estoque]));
    expect(stock.rows[0]!.quantidade).toBe(0);
    expect(await count('movimentacao_estoque WHERE id_operacao = ANY($1::uuid[])', [bodies.map((b) => b.id_operacao)])).toBe(1);
  });

  it('30 parallel orders get 30 distinct, contiguous order numbers', async () => {
    await t.db.system(async (tx) => {
      await tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = false WHERE id_filial = $1', [f.id_filial]);
      await tx.query('UPDATE estoque SET quantidade = 1000 WHERE id_estoque = $1', [f.product.id_estoque]);
    });
    const answers = await Promise.all(Array.from({ length: 30 }, () => t.call('POST', '/operacao', saleBody(f, { id_operacao: randomUUID() }), cashier)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const nsus = answers.map((a) => Number(a.json['nsu'])).sort((a, b) => a - b);
    expect(new Set(nsus).size).toBe(30);
    expect(nsus[29]! - nsus[0]!).toBe(29);
  });
});
