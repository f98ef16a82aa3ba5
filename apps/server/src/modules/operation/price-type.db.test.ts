/**
 * 002 §3 tipo_preco_padrao / tipo_preco_alterar at POST /api/operacao, thinking like a dishonest cashier (issue 30:
 * "tipo_preco_alterar says whether the cashier may switch it"): a line sold at a price type other than the branch's
 * default is refused (400, pt-BR, nothing written) where the branch does not allow switching; a wholesale line is
 * priced by the wholesale price, never by the client's number.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperacaoBody } from '@pdv/contract/operation';
import { PRICE_MESSAGES } from '@pdv/domain/price-check';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, type FixtureProduct, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let cashier: string;
let f: SaleFixture;
/** The fixture's product gets a wholesale price of 5 reais below retail; the second one none. */
let atacado: number;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  f = await loadSaleFixture(t.db);
  atacado = Math.round((f.product.preco - 5) * 100) / 100;
  await t.db.system(async (tx) => {
    await tx.query(`UPDATE produto_grade_filial SET preco_atacado = $2 WHERE id_produto_grade_filial = $1`, [f.product.id_produto_grade_filial, atacado]);
    await tx.query(`UPDATE produto_grade_filial SET preco_atacado = 0 WHERE id_produto_grade_filial = $1`, [f.second.id_produto_grade_filial]);
  });
});
afterAll(async () => {
  await t.close();
});

async function configure(tipo_preco_padrao: 'Varejo' | 'Atacado', tipo_preco_alterar: boolean) {
  await t.db.system((tx) => tx.query(
    `UPDATE filial_configuracao SET tipo_preco_padrao = $2, tipo_preco_alterar = $3 WHERE id_filial = $1`,
    [f.id_filial, tipo_preco_padrao, tipo_preco_alterar]));
}

interface Line { p: FixtureProduct; valor_unitario: number; tipo_preco: 'Varejo' | 'Atacado' }
/** A cash sale of one unit per line, paid exactly. */
function sale(lines: Line[]): OperacaoBody {
  const total = lines.reduce((s, l) => s + Math.round(l.valor_unitario * 100), 0) / 100;
  return {
    id_operacao: randomUUID(), modo_operacao: 'Venda', modelo: null, id_filial: f.id_filial, data_inicio: new Date().toISOString(),
    itens: lines.map((l) => ({
      id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: l.p.id_produto_grade_filial,
      id_endereco_estoque: l.p.id_endereco_estoque, descricao: l.p.descricao, quantidade: 1,
      valor_unitario: l.valor_unitario, tipo_preco: l.tipo_preco, is_atacarejo: false,
    })),
    pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: total }],
  };
}
const written = (body: OperacaoBody) => countRows(t.db, 'pedido WHERE id_operacao = $1', [body.id_operacao]);
async function refused(body: OperacaoBody, message: string) {
  const res = await t.call('POST', '/operacao', body, cashier);
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(JSON.stringify(res.json)).toContain(message);
  expect(await written(body)).toBe(0);
}

describe('POST /api/operacao and the branch price type (tipo_preco_alterar false)', () => {
  it('refuses a wholesale line sent without the permission, at the exact wholesale price, writing nothing', async () => {
    await configure('Varejo', false);
    await refused(sale([{ p: f.product, valor_unitario: atacado, tipo_preco: 'Atacado' }]),
      PRICE_MESSAGES.priceTypeNotAllowed(f.product.descricao, 'Varejo'));
    // Retail is the branch's type: accepted.
    const retail = sale([{ p: f.product, valor_unitario: f.product.preco, tipo_preco: 'Varejo' }]);
    const res = await t.call('POST', '/operacao', retail, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  });

  it('refuses mixing a retail and a wholesale line of the same product', async () => {
    await configure('Varejo', false);
    await refused(sale([
      { p: f.product, valor_unitario: f.product.preco, tipo_preco: 'Varejo' },
      { p: f.product, valor_unitario: atacado, tipo_preco: 'Atacado' },
    ]), PRICE_MESSAGES.priceTypeNotAllowed(f.product.descricao, 'Varejo'));
  });

  it('a branch locked to Atacado refuses a retail line of a product with a wholesale price', async () => {
    await configure('Atacado', false);
    await refused(sale([{ p: f.product, valor_unitario: f.product.preco, tipo_preco: 'Varejo' }]),
      PRICE_MESSAGES.priceTypeNotAllowed(f.product.descricao, 'Atacado'));
    const wholesale = sale([{ p: f.product, valor_unitario: atacado, tipo_preco: 'Atacado' }]);
    expect((await t.call('POST', '/operacao', wholesale, cashier)).status).toBe(200);
  });

  it('wholesale sent for a product without a wholesale price: a lower price is refused; its retail price passes', async () => {
    await configure('Varejo', false);
    await refused(sale([{ p: f.second, valor_unitario: Math.round((f.second.preco - 1) * 100) / 100, tipo_preco: 'Atacado' }]),
      'não confere com a tabela de preços');
    const harmless = sale([{ p: f.second, valor_unitario: f.second.preco, tipo_preco: 'Atacado' }]);
    const res = await t.call('POST', '/operacao', harmless, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  });
});

describe('POST /api/operacao with switching allowed', () => {
  it('stores a wholesale line at the wholesale price, and refuses a made-up wholesale price', async () => {
    await configure('Varejo', true);
    const body = sale([{ p: f.product, valor_unitario: atacado, tipo_preco: 'Atacado' }]);
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const { rows } = await t.db.system((tx) => tx.query<{ valor_unitario: number; tipo_preco: string }>(
      `SELECT i.valor_unitario::float8 AS valor_unitario, i.tipo_preco FROM pedido_item i
         JOIN pedido p ON p.id_organization = i.id_organization AND p.id_pedido = i.id_pedido WHERE p.id_operacao = $1`, [body.id_operacao]));
    expect(rows).toEqual([{ valor_unitario: atacado, tipo_preco: 'Atacado' }]);
    await refused(sale([{ p: f.product, valor_unitario: Math.round((atacado - 2) * 100) / 100, tipo_preco: 'Atacado' }]),
      'não confere com a tabela de preços');
    // The retail price under the wholesale label is not the wholesale price either.
    await refused(sale([{ p: f.product, valor_unitario: f.product.preco, tipo_preco: 'Atacado' }]),
      'não confere com a tabela de preços');
  });
});
