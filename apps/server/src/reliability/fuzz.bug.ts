/**
 * Server bugs the fuzzing found and that are not fixed yet (fuzz.db.test.ts leaves these inputs out through
 * KNOWN_BUGS so CI stays green; the ones fixed since are in bad-values.db.test.ts). A bad input must answer 400 with a
 * pt-BR message and write nothing; these answer 500 (or the wrong rows) today:
 * - a sale started in a year 0000-0099 (z.iso.datetime accepts it): the domain's addDays (packages/domain/src/payment.ts)
 *   builds the date with Date.UTC, which reads years 0-99 as 1900-1999, and throws RangeError('data inválida');
 *   apps/server/src/modules/operation/service.ts (toDomain) does not refuse such a date first;
 * - a draft line of 100,000 × 999,999,999.00: multiplyByQuantity throws RangeError('resultado fora do intervalo')
 *   in apps/server/src/modules/invoice/parts.ts (insertItem);
 * - list-by-changes reads a date_change with a leading zero as octal (xid8), apps/server/src/modules/sync.
 * Run: npx vitest run --config apps/server/src/reliability/bugs.vitest.config.ts (see that file).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../testing/sale.ts';
import { answerProblems } from './answers.ts';

let t: TestApp;
let manager: string;
let f: SaleFixture;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  f = await loadSaleFixture(t.db);
});
afterAll(async () => {
  await t?.close();
});

async function refusedCleanly(path: string, body: unknown, method: 'POST' | 'PUT' = 'POST') {
  const before = await countRows(t.db, 'operacao');
  const res = await t.call(method, path, body, manager);
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(answerProblems(res.status, JSON.stringify(res.json))).toEqual([]);
  expect(await countRows(t.db, 'operacao')).toBe(before);
}

describe('dates that match AAAA-MM-DD but are no calendar date', () => {
  it('a sale started in year 0000 or 0002 (accepted by z.iso.datetime) answers 400, not 500', async () => {
    await refusedCleanly('/operacao', saleBody(f, { data_inicio: '0000-01-01T00:00:00Z' }));
    // Years 1-99 too: Date.UTC reads them as 1900-1999 (found by the fuzzing: 0002-02-01T10:00:00-20:00).
    await refusedCleanly('/operacao', saleBody(f, { data_inicio: '0002-02-01T10:00:00-20:00' }));
  });
});

describe('amounts within each field\'s bounds whose product does not fit numeric(15,2)', () => {
  async function draft() {
    const { rows } = await t.db.system((tx) => tx.query<{ serie: number; cliente: number }>(
      `SELECT (SELECT id_serie_fiscal FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '55' LIMIT 1) AS serie,
              (SELECT p.id_pessoa FROM pessoa p JOIN pessoa_endereco e USING (id_organization, id_pessoa)
                WHERE p.id_organization = 1 AND e.id_cidade IS NOT NULL ORDER BY 1 LIMIT 1) AS cliente`, [f.id_filial]));
    return {
      modelo: '55', id_serie_fiscal: rows[0]!.serie, natureza_operacao: 'Venda de mercadoria', id_cliente: rows[0]!.cliente,
      itens: [{ id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque,
        quantidade: 23903.19, valor_unitario: 418354203 }],
      pagamentos: [{ id_meio_pagamento: f.methods['01']!, valor_total: 39.9 }],
    };
  }

  it('a line of 100,000 × 999,999,999.00 added to a draft answers 400, not 500', async () => {
    const body = await draft();
    body.itens[0]!.quantidade = 1;
    body.itens[0]!.valor_unitario = f.product.preco;
    const saved = await t.call('POST', '/invoice/post', body, manager);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    await refusedCleanly('/invoice_item/post', { id_nota_fiscal: saved.json['id_nota_fiscal'], id_produto_grade_filial: f.product.id_produto_grade_filial,
      id_endereco_estoque: f.product.id_endereco_estoque, quantidade: 100000, valor_unitario: 999999999 });
  });
});

describe('list-by-changes positions', () => {
  it("a date_change with a leading zero means the same position as without it (xid8 reads it as octal)", async () => {
    const first = await t.call('POST', '/product/list-by-changes', { date_change: '', limit: 1 }, manager);
    const position = { date_change: first.json['date_change'] as string, offset: first.json['offset'] as number, limit: 5 };
    const decimal = await t.call('POST', '/product/list-by-changes', position, manager);
    const padded = await t.call('POST', '/product/list-by-changes', { ...position, date_change: `0${position.date_change}` }, manager);
    expect(padded.status).toBe(decimal.status);
    expect(padded.json).toEqual(decimal.json);
  });
});
