/**
 * Issue 7 on a PostgreSQL server: the same operation UUID sent again and again one after another (the parallel variant
 * is in modules/operation/operation.pg.test.ts), and many fiscal emissions in parallel (modules/fiscal/fiscal.pg.test.ts
 * does 30 at once).
 *
 * - One UUID, 20 sends in a row: one operation, one order (a pre-sale) or one invoice (an NFC-e sale), one stock
 *   movement per line, the stock down once; every answer the first one's (duplicado from the second on). LONG=1 also
 *   sends an NFC-e sale 20 times.
 * - N NFC-e transmitted at once (N = 30 in npm test, 100 with LONG=1: 100 took 51 s on the 2-core machine, 30 at once
 *   ~15 s; FISCAL_PARALLEL sets another count): all authorized, the numbers contiguous and none repeated, the stored
 *   numbers the answered ones, the series' last number the highest one.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../testing/sale.ts';
import { LONG } from './variant.ts';

const SENDS = 20;
const PARALLEL = Number(process.env['FISCAL_PARALLEL'] || (LONG ? 100 : 30));

let t: TestApp;
let manager: string;
let f: SaleFixture;

const count = (from: string, params: unknown[] = []) => countRows(t.db, from, params);
const stockOf = async (id: number) =>
  Number((await t.db.system((tx) => tx.query<{ q: string }>('SELECT quantidade::text AS q FROM estoque WHERE id_estoque = $1', [id]))).rows[0]!.q);

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  f = await loadSaleFixture(t.db);
  await t.db.system(async (tx) => {
    await tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = false WHERE id_filial = $1', [f.id_filial]);
    await tx.query('UPDATE estoque SET quantidade = 10000 WHERE id_estoque = ANY($1::int[])', [[f.product.id_estoque, f.second.id_estoque]]);
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the same operation UUID sent 20 times one after another (PostgreSQL)', () => {
  for (const modelo of LONG ? [null, '65' as const] : [null]) {
    it(`makes one order (or invoice) and one stock movement per line (${modelo === null ? 'pre-sale' : 'NFC-e'})`, async () => {
      const body = saleBody(f, { modelo });
      body.itens.push({
        id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: f.second.id_produto_grade_filial,
        id_endereco_estoque: f.second.id_endereco_estoque, descricao: f.second.descricao, quantidade: 2, valor_unitario: f.second.preco,
      });
      body.pagamentos[0]!.valor_total = Math.round((f.product.preco + 2 * f.second.preco) * 100) / 100;
      const before = [await stockOf(f.product.id_estoque), await stockOf(f.second.id_estoque)];
      const answers = [];
      for (let i = 0; i < SENDS; i += 1) answers.push(await t.call('POST', '/operacao', body, manager));
      expect(answers.map((a) => a.status)).toEqual(Array(SENDS).fill(200));
      expect(answers.map((a) => a.json['duplicado'])).toEqual(Array.from({ length: SENDS }, (_, i) => i > 0));
      const first = answers[0]!.json;
      for (const a of answers) {
        expect([a.json['id_pedido'], a.json['nsu'], a.json['id_nota_fiscal'], a.json['valor_total']])
          .toEqual([first['id_pedido'], first['nsu'], first['id_nota_fiscal'], first['valor_total']]);
      }
      const orders = await count('pedido WHERE id_operacao = $1', [body.id_operacao]);
      const moves = await count('movimentacao_estoque WHERE id_operacao = $1', [body.id_operacao]);
      const operations = await count('operacao WHERE id_operacao = $1', [body.id_operacao]);
      const invoices = await count('nota_fiscal WHERE id_operacao = $1', [body.id_operacao]);
      console.log(`same UUID ${SENDS}× in a row (${modelo === null ? 'pre-sale' : 'NFC-e'}): ${operations} operation, ${orders} order, `
        + `${moves} stock movements for ${body.itens.length} lines, ${invoices} invoice`);
      expect(operations).toBe(1);
      expect(moves).toBe(body.itens.length);
      // A pre-sale is an order; an NFC-e sale is the invoice alone.
      if (modelo === null) {
        expect([orders, invoices]).toEqual([1, 0]);
        expect(await count('pedido_item WHERE id_pedido = $1', [first['id_pedido']])).toBe(body.itens.length);
        expect(await count('pedido_pagamento WHERE id_pedido = $1', [first['id_pedido']])).toBe(1);
      } else {
        expect([orders, invoices]).toEqual([0, 1]);
        expect(await count('nota_fiscal_item WHERE id_nota_fiscal = $1', [first['id_nota_fiscal']])).toBe(body.itens.length);
      }
      expect([await stockOf(f.product.id_estoque), await stockOf(f.second.id_estoque)]).toEqual([before[0]! - 1, before[1]! - 2]);
    });
  }
});

describe(`${PARALLEL} fiscal emissions in parallel (PostgreSQL)`, () => {
  it(`${PARALLEL} NFC-e transmitted at once get contiguous numbers, none repeated, all authorized`, async () => {
    const ids: number[] = [];
    for (let i = 0; i < PARALLEL; i += 1) {
      const res = await t.call('POST', '/operacao', saleBody(f, { modelo: '65' }), manager);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      ids.push(res.json['id_nota_fiscal'] as number);
    }
    const started = performance.now();
    const answers = await Promise.all(ids.map((id) => t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager)));
    const took = performance.now() - started;
    const authorized = answers.filter((a) => a.json['success'] === true);
    const numbers = answers.map((a) => (a.json['nota_fiscal'] as { numero_nota_fiscal?: number } | undefined)?.numero_nota_fiscal ?? NaN)
      .sort((a, b) => a - b);
    const distinct = new Set(numbers).size;
    console.log(`${PARALLEL} parallel NFC-e: ${authorized.length} authorized in ${Math.round(took)} ms, ${distinct} distinct numbers `
      + `${numbers[0]}..${numbers[numbers.length - 1]}, ${numbers.length - distinct} repeated`);
    expect(answers.map((a) => a.status)).toEqual(Array(PARALLEL).fill(200));
    expect(authorized).toHaveLength(PARALLEL);
    expect(distinct).toBe(PARALLEL);
    expect(numbers[PARALLEL - 1]! - numbers[0]!).toBe(PARALLEL - 1);
    const stored = await t.db.system((tx) => tx.query<{ numero_nota_fiscal: number }>(
      'SELECT numero_nota_fiscal FROM nota_fiscal WHERE id_nota_fiscal = ANY($1::int[]) ORDER BY 1', [ids]));
    expect(stored.rows.map((r) => r.numero_nota_fiscal)).toEqual(numbers);
    const last = await t.db.system((tx) => tx.query<{ n: number }>(
      `SELECT ultima_numeracao AS n FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '65'`, [f.id_filial]));
    expect(last.rows[0]!.n).toBe(numbers[PARALLEL - 1]);
  }, 300_000);
});
