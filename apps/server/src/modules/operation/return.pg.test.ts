/** Returns and credit payments under concurrency (PostgreSQL: PGlite runs one transaction at a time). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperacaoBody } from '@pdv/contract/operation';
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
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 500 WHERE id_estoque = $1', [f.product.id_estoque]));
});
afterAll(async () => {
  await t.close();
});

async function sale(quantidade: number): Promise<{ id_pedido: number; id_item: number }> {
  const res = await t.call('POST', '/operacao', saleBody(f, { id_cliente: f.id_cliente }, quantidade), cashier);
  expect(res.status).toBe(200);
  const id_pedido = res.json['id_pedido'] as number;
  const { rows } = await t.db.system((tx) => tx.query<{ id: number }>('SELECT id_pedido_item AS id FROM pedido_item WHERE id_pedido = $1', [id_pedido]));
  return { id_pedido, id_item: rows[0]!.id };
}

const returnOf = (s: { id_pedido: number; id_item: number }, quantidade: number): OperacaoBody => ({
  id_operacao: randomUUID(), modo_operacao: 'Devolucao', modelo: null, id_filial: f.id_filial, id_cliente: f.id_cliente,
  data_inicio: new Date().toISOString(), id_pedido_origem: s.id_pedido, pagamentos: [],
  itens: [{ id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: f.product.id_produto_grade_filial,
    id_endereco_estoque: f.product.id_endereco_estoque, descricao: f.product.descricao, quantidade, valor_unitario: f.product.preco,
    id_item_origem: s.id_item }],
});

describe('returns under concurrency (PostgreSQL)', () => {
  it('the same return sent 12 times in parallel gives one credit, one return and one stock movement', async () => {
    const body = returnOf(await sale(2), 1);
    const answers = await Promise.all(Array.from({ length: 12 }, () => t.call('POST', '/operacao', body, cashier)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(answers.filter((a) => a.json['duplicado'] === false)).toHaveLength(1);
    expect(await count('pessoa_conta_historico WHERE id_operacao = $1', [body.id_operacao])).toBe(1);
    expect(await count('devolucao WHERE id_operacao = $1', [body.id_operacao])).toBe(1);
    expect(await count('movimentacao_estoque WHERE id_operacao = $1', [body.id_operacao])).toBe(1);
  });

  it('different returns of the same units in parallel: only what was sold comes back', async () => {
    const s = await sale(3);
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.call('POST', '/operacao', returnOf(s, 2), cashier)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(7);
    const { rows } = await t.db.system((tx) => tx.query<{ q: string }>(
      'SELECT sum(quantidade)::text AS q FROM devolucao_item WHERE id_pedido_item = $1', [s.id_item]));
    expect(rows[0]!.q).toBe('2.000');
  });

  it('parallel sales paid with the customer credit never spend more than the balance', async () => {
    const s = await sale(4);
    expect((await t.call('POST', '/operacao', returnOf(s, 4), cashier)).status).toBe(200);
    const saldo = (await t.call('POST', '/operacao/credito/saldo', { id_cliente: f.id_cliente }, cashier)).json['saldo'] as number;
    const each = Math.round(f.product.preco * 2 * 100) / 100;
    const n = Math.floor(saldo / each);
    const bodies = Array.from({ length: n + 4 }, () => {
      const b = saleBody(f, { id_cliente: f.id_cliente }, 2);
      b.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['21']!, valor_total: each }];
      return b;
    });
    const answers = await Promise.all(bodies.map((b) => t.call('POST', '/operacao', b, cashier)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(n);
    expect(answers.filter((a) => a.status === 400).every((a) => String(a.json['message']).startsWith('Saldo de crédito do cliente insuficiente'))).toBe(true);
    const after = (await t.call('POST', '/operacao/credito/saldo', { id_cliente: f.id_cliente }, cashier)).json['saldo'] as number;
    expect(after).toBeCloseTo(saldo - n * each, 2);
    expect(after).toBeGreaterThanOrEqual(0);
  });
});
