import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pdv/domain/messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let cashier: string;
let f: SaleFixture;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  f = await loadSaleFixture(t.db);
});
afterAll(async () => {
  await t.close();
});

async function operator(): Promise<number> {
  const { rows } = await t.db.system((tx) =>
    tx.query<{ id: number }>(
      `SELECT id_operadora_cartao AS id FROM operadora_cartao c JOIN organization o USING (id_organization)
        WHERE o.nome = 'Demo Moda' ORDER BY id_operadora_cartao LIMIT 1`,
    ),
  );
  return rows[0]!.id;
}

describe('POST /api/order/find_by_id', () => {
  it('answers the order of a sale with its totals, items and payments as they were sold', async () => {
    const body = saleBody(f, { valor_desconto_subtotal: 2 }, 2);
    body.itens.push({
      id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: f.second.id_produto_grade_filial,
      id_endereco_estoque: f.second.id_endereco_estoque, descricao: f.second.descricao, quantidade: 1,
      valor_unitario: f.second.preco, valor_desconto_item: 1.5,
    });
    const gross = Math.round((f.product.preco * 2 + f.second.preco) * 100) / 100;
    const net = Math.round((gross - 1.5 - 2) * 100) / 100;
    body.pagamentos = [
      { id_pagamento: randomUUID(), id_meio_pagamento: f.methods['03']!, valor_total: 10, id_operadora_cartao: await operator() },
      { id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: Math.round((net - 10 + 20) * 100) / 100 },
    ];
    const sold = await t.call('POST', '/operacao', body, cashier);
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);

    const res = await t.call('POST', '/order/find_by_id', { id_pedido: sold.json['id_pedido'] }, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      id_pedido: sold.json['id_pedido'],
      nsu: sold.json['nsu'],
      id_filial: f.id_filial,
      id_operacao: body.id_operacao,
      valor_total_bruto: gross,
      valor_desconto: 3.5,
      valor_desconto_subtotal: 2,
      valor_total_liquido: net,
      valor_troco: 20,
    });
    const itens = res.json['itens'] as Array<Record<string, unknown>>;
    expect(itens.map((i) => [i['id_produto_grade_filial'], i['quantidade'], i['valor_desconto_item']])).toEqual([
      [f.product.id_produto_grade_filial, 2, 0],
      [f.second.id_produto_grade_filial, 1, 1.5],
    ]);
    // The subtotal discount is spread over the lines and the lines add up to the order.
    const lineTotal = itens.reduce((sum, i) => sum + Number(i['valor_total']), 0);
    expect(Math.round(lineTotal * 100) / 100).toBe(net);
    const pagamentos = res.json['pagamentos'] as Array<Record<string, unknown>>;
    expect(pagamentos.map((p) => [p['meio_pagamento'], p['valor_total']])).toEqual([
      ['03', 10],
      ['01', Math.round((net + 10) * 100) / 100],
    ]);
    expect(pagamentos[0]?.['id_operadora_cartao']).toBe(await operator());
    // No private columns leak (the contract strips what it does not name).
    expect(res.json).not.toHaveProperty('id_organization');
  });

  it("answers 404 with the same body for a missing id, another organization's order and another branch's order", async () => {
    const sold = await t.call('POST', '/operacao', saleBody(f), cashier);
    const id_pedido = sold.json['id_pedido'];
    const missing = await t.call('POST', '/order/find_by_id', { id_pedido: 999_999 }, cashier);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: MESSAGES.orderNotFound });
    const foreign = await t.call('POST', '/order/find_by_id', { id_pedido }, await t.login('outra@demo.com.br'));
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual(missing.json);
    // The Loja Shopping's seller works in branch 2 only: the Loja Centro's order is not hers to see.
    const otherBranch = await t.call('POST', '/order/find_by_id', { id_pedido }, await t.login('filial2@demo.com.br'));
    expect(otherBranch.status).toBe(404);
    expect(otherBranch.json).toEqual(missing.json);
  });

  it('refuses malformed ids with a pt-BR 400', async () => {
    for (const body of [{}, { id_pedido: 'abc' }, { id_pedido: -1 }, { id_pedido: 1.5 }, { id_pedido: 1, extra: true }]) {
      const res = await t.call('POST', '/order/find_by_id', body, cashier);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json['message']).toBe(MESSAGES.invalidBody);
    }
  });
});
