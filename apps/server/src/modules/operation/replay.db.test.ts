/**
 * POST /api/operacao sent again with the same id_operacao (claim.ts): the same content answers the first result
 * (duplicado), other content or another caller a 409 that writes nothing, another organization a 404.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperacaoBody } from '@pdv/contract/operation';
import { OPERATION_REPLAY_MESSAGES } from '@pdv/domain/operation-content';
import { diffSnapshots, snapshotQuery, type Snapshot } from '../../reliability/snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let otherOrg: string;
let f: SaleFixture;
let branch2: number;
let snapshot: () => Promise<Snapshot>;

const stockOf = async (id_estoque: number) =>
  (await t.db.system((tx) => tx.query<{ q: string }>('SELECT quantidade::text AS q FROM estoque WHERE id_estoque = $1', [id_estoque]))).rows[0]?.q;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  otherOrg = await t.login('outra@demo.com.br');
  f = await loadSaleFixture(t.db);
  branch2 = (await loadSaleFixture(t.db, '2')).id_filial;
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 1000 WHERE id_estoque = ANY($1)', [[f.product.id_estoque, f.second.id_estoque]]));
  snapshot = await snapshotQuery(t.db);
});
afterAll(async () => {
  await t.close();
});

/** A sale of two units sold by the manager, and its answer. */
async function sold(fields: Partial<OperacaoBody> = {}) {
  const body = saleBody(f, fields, 2);
  const first = await t.call('POST', '/operacao', body, manager);
  expect(first.status, JSON.stringify(first.json)).toBe(200);
  expect(first.json['duplicado']).toBe(false);
  return { body, first: first.json };
}

/** Sends `replay` and expects a 409 with `message` that changed no row of any table. */
async function refused(replay: OperacaoBody, token: string, message: string, label = '') {
  const before = await snapshot();
  const stock = await stockOf(f.product.id_estoque);
  const res = await t.call('POST', '/operacao', replay, token);
  expect(res.status, `${label} ${JSON.stringify(res.json)}`).toBe(409);
  expect(res.json, label).toEqual({ message });
  expect(diffSnapshots(before, await snapshot()), label).toEqual([]);
  expect(await stockOf(f.product.id_estoque), label).toBe(stock);
}

const cents = (value: number) => Math.round(value * 100) / 100;

describe('POST /api/operacao sent again with the same id_operacao', () => {
  it('answers the same content with the first result (duplicado), even respelled or with the fields the hash leaves out changed', async () => {
    const { body, first } = await sold();
    const item = body.itens[0]!;
    const respelled: OperacaoBody = {
      ...body, observacao: 'reenviada', data_fim: new Date().toISOString(), frete: 0,
      itens: [{ ...item, descricao: 'Outra descrição', id_item: randomUUID(), valor_desconto_item: 0 }],
      pagamentos: body.pagamentos.map((p) => ({ ...p, id_pagamento: randomUUID(), quantidade_parcelas: 1 })),
    };
    const before = await snapshot();
    for (const replay of [body, respelled]) {
      const again = await t.call('POST', '/operacao', replay, manager);
      expect(again.status, JSON.stringify(again.json)).toBe(200);
      expect(again.json).toEqual({ ...first, duplicado: true });
    }
    expect(diffSnapshots(before, await snapshot())).toEqual([]);
    expect(await countRows(t.db, 'pedido WHERE id_operacao = $1', [body.id_operacao])).toBe(1);
  });

  it('refuses other content with a 409 and writes nothing: a quantity, a price, a discount, a line, a payment, a customer', async () => {
    const { body } = await sold();
    const item = body.itens[0]!;
    const payment = body.pagamentos[0]!;
    const total = payment.valor_total;
    const otherMethod = Object.values(f.methods).find((id) => id !== payment.id_meio_pagamento)!;
    const replays: Array<[string, OperacaoBody]> = [
      ['quantity', { ...body, itens: [{ ...item, quantidade: 3 }], pagamentos: [{ ...payment, valor_total: cents(f.product.preco * 3) }] }],
      ['unit price', { ...body, itens: [{ ...item, valor_unitario: cents(f.product.preco + 1) }], pagamentos: [{ ...payment, valor_total: cents(total + 2) }] }],
      ['discount', { ...body, itens: [{ ...item, valor_desconto_item: 0.5 }], pagamentos: [{ ...payment, valor_total: cents(total - 0.5) }] }],
      ['another line', { ...body, itens: [item, { ...item, id_item: randomUUID(), id_produto_grade_filial: f.second.id_produto_grade_filial,
        id_endereco_estoque: f.second.id_endereco_estoque, quantidade: 1, valor_unitario: f.second.preco }] }],
      ['payment amount', { ...body, pagamentos: [{ ...payment, valor_total: cents(total + 10) }] }],
      ['payment method', { ...body, pagamentos: [{ ...payment, id_meio_pagamento: otherMethod }] }],
      ['instalments', { ...body, pagamentos: [{ ...payment, quantidade_parcelas: 2 }] }],
      ['customer', { ...body, id_cliente: f.id_cliente }],
      ['mode', { ...body, modo_operacao: 'Pedido' }],
      ['model', { ...body, modelo: '65' }],
    ];
    for (const [change, replay] of replays) await refused(replay, manager, OPERATION_REPLAY_MESSAGES.otherContent, change);
    // The first operation is untouched: still one order, its two units, its one payment.
    const order = await t.db.system((tx) => tx.query<{ itens: number; pagamentos: number; quantidade: string }>(
      `SELECT (SELECT count(*)::int FROM pedido_item i WHERE i.id_pedido = p.id_pedido) AS itens,
              (SELECT count(*)::int FROM pedido_pagamento g WHERE g.id_pedido = p.id_pedido) AS pagamentos,
              (SELECT sum(quantidade)::text FROM pedido_item i WHERE i.id_pedido = p.id_pedido) AS quantidade
         FROM pedido p WHERE p.id_operacao = $1`, [body.id_operacao]));
    expect(order.rows).toEqual([{ itens: 1, pagamentos: 1, quantidade: '2.000' }]);
  });

  it('answers 409 to another user of the organization, without the first result', async () => {
    const { body } = await sold();
    await refused(body, cashier, OPERATION_REPLAY_MESSAGES.otherCaller);
  });

  it('answers 409 to the same user replaying it in another branch', async () => {
    const { body } = await sold();
    await refused({ ...body, id_filial: branch2 }, manager, OPERATION_REPLAY_MESSAGES.otherCaller);
  });

  it('answers 404 to a user of another organization, as for a branch that is not theirs', async () => {
    const { body } = await sold();
    const before = await snapshot();
    const res = await t.call('POST', '/operacao', body, otherOrg);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.json)).not.toContain(String(body.id_operacao));
    expect(diffSnapshots(before, await snapshot())).toEqual([]);
  });

  it('answers the stored result to the same caller for an operation claimed before hashes were kept (nothing to compare)', async () => {
    const { body, first } = await sold();
    await t.db.system((tx) => tx.query('UPDATE operacao SET hash_conteudo = NULL WHERE id_operacao = $1', [body.id_operacao]));
    const again = await t.call('POST', '/operacao', { ...body, itens: [{ ...body.itens[0]!, quantidade: 1 }] }, manager);
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json).toEqual({ ...first, duplicado: true });
    await refused(body, cashier, OPERATION_REPLAY_MESSAGES.otherCaller);
  });

  it('stores the SHA-256 of the content with the claim', async () => {
    const { body } = await sold();
    const { rows } = await t.db.system((tx) => tx.query<{ hash_conteudo: string | null }>(
      'SELECT hash_conteudo FROM operacao WHERE id_operacao = $1', [body.id_operacao]));
    expect(rows[0]?.hash_conteudo).toMatch(/^[0-9a-f]{64}$/);
  });
});
