/**
 * Values the contracts let through but the database cannot hold, each found by the fuzzing (fuzz.db.test.ts) when it
 * answered 500: U+0000 in text, a zero price or a discount above its line (CHECK constraints), a quantity of 0
 * thousandths, dates that match AAAA-MM-DD but name no day, amounts past numeric(15,2), a subtotal discount the
 * domain refuses with ValidationError. Each must answer 400 with a pt-BR message and write nothing (fixed once, at the
 * edge: the error handler of app.ts maps ValidationError and PostgreSQL data exceptions / CHECK violations to 400).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pdv/domain/messages';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../testing/sale.ts';
import { answerProblems } from './answers.ts';
import { SKIP_SECOND_RUN } from './variant.ts';

let t: TestApp;
let manager: string;
let f: SaleFixture;

beforeAll(async () => {
  if (SKIP_SECOND_RUN) return;
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
  return res;
}

describe.skipIf(SKIP_SECOND_RUN)('U+0000 in text (PostgreSQL text cannot hold it)', () => {
  it('a list search containing U+0000 answers 400, not 500', async () => {
    await refusedCleanly('/branch/find', { search: 'a\u0000b' });
    await refusedCleanly('/user/find', { search: 'a\u0000b' });
    await refusedCleanly('/profile/find', { search: '\u0000' });
  });

  it('a sale whose line description or note contains U+0000 answers 400, not 500', async () => {
    const line = saleBody(f);
    line.itens[0]!.descricao = 'Camiseta\u0000';
    await refusedCleanly('/operacao', line);
    await refusedCleanly('/operacao', saleBody(f, { observacao: 'nota\u0000' }));
  });
});

describe.skipIf(SKIP_SECOND_RUN)('a sale line with a unit price of 0 (the contract allows 0)', () => {
  it("answers 400 with a pt-BR message, not 500 from the CHECK constraint, for an order and for an NFC-e", async () => {
    for (const modelo of [null, '65'] as const) {
      const body = saleBody(f, { modelo });
      body.itens[0]!.valor_unitario = 0;
      await refusedCleanly('/operacao', body);
    }
  });
});

describe.skipIf(SKIP_SECOND_RUN)('a quantity that passes the 3-decimals check but is 0 thousandths', () => {
  it('a sale of 0.0000000001 units answers 400, not 500', async () => {
    const body = saleBody(f);
    body.itens[0]!.quantidade = 1e-10;
    await refusedCleanly('/operacao', body);
  });

  it('an invoice draft line of 5e-324 units answers 400, not 500', async () => {
    const { rows } = await t.db.system((tx) => tx.query<{ serie: number; cliente: number }>(
      `SELECT (SELECT id_serie_fiscal FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '55' LIMIT 1) AS serie,
              (SELECT p.id_pessoa FROM pessoa p JOIN pessoa_endereco e USING (id_organization, id_pessoa)
                WHERE p.id_organization = 1 AND e.id_cidade IS NOT NULL ORDER BY 1 LIMIT 1) AS cliente`, [f.id_filial]));
    await refusedCleanly('/invoice/post', {
      modelo: '55', id_serie_fiscal: rows[0]!.serie, natureza_operacao: 'Venda de mercadoria', id_cliente: rows[0]!.cliente,
      itens: [{ id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque,
        quantidade: 5e-324, valor_unitario: f.product.preco }],
      pagamentos: [{ id_meio_pagamento: f.methods['01']!, valor_total: f.product.preco }],
    });
  });
});

describe.skipIf(SKIP_SECOND_RUN)('discounts above what they discount', () => {
  it('a line discount above the line value answers 400, not 500 from the CHECK constraint', async () => {
    const body = saleBody(f);
    body.itens[0]!.valor_desconto_item = 1000;
    await refusedCleanly('/operacao', body);
  });

  it("a subtotal discount above the lines' value answers 400 with the domain's message, not 500", async () => {
    // The domain throws ValidationError('O desconto não pode ser maior que o valor dos itens.'); the edge must map it.
    const res = await refusedCleanly('/operacao', saleBody(f, { valor_desconto_subtotal: 1000 }));
    expect(res.json['message']).toBe(MESSAGES.discountAboveItems);
  });
});

describe.skipIf(SKIP_SECOND_RUN)('dates that match AAAA-MM-DD but are no calendar date', () => {
  it('an invoice list filter of 2024-13-45 or 0000-00-00 answers 400, not 500', async () => {
    await refusedCleanly('/invoice/find', { filter: { data_inicio: '2024-13-45' } });
    await refusedCleanly('/invoice/list_values', { filter: { data_fim: '0000-00-00' } });
  });

  it('a crediário installment due on 2024-02-30 answers 400, not 500, and writes nothing', async () => {
    const body = saleBody(f, { id_cliente: f.id_cliente });
    body.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['05']!, valor_total: f.product.preco,
      parcelamento: [{ parcela: 1, valor: f.product.preco, data_vencimento: '2024-02-30' }] }];
    await refusedCleanly('/operacao', body);
  });

  it('a sale started in year 0000 or 0002 (accepted by z.iso.datetime) answers 400, not 500', async () => {
    // Found by the fuzzing (0002-02-01T10:00:00-20:00): the domain's addDays read the years 0-99 as 1900-1999
    // (Date.UTC) and threw RangeError. The contract now refuses a sale dated before 1900.
    for (const data of ['0000-01-01T00:00:00Z', '0002-02-01T10:00:00-20:00', '1899-12-31T23:59:59Z']) {
      const res = await refusedCleanly('/operacao', saleBody(f, { data_inicio: data }));
      expect(JSON.stringify(res.json)).toContain('data_inicio inválida.');
      await refusedCleanly('/operacao', saleBody(f, { data_inicio: new Date().toISOString(), data_fim: data }));
    }
  });
});

describe.skipIf(SKIP_SECOND_RUN)('amounts within each field\'s bounds whose product does not fit numeric(15,2)', () => {
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

  it('an invoice draft whose line totals 10^13 (23,903.19 × 418,354,203.00) answers 400, not 500', async () => {
    await refusedCleanly('/invoice/post', await draft());
  });

  it('a line of 100,000 × 999,999,999.00 added to a draft answers 400, not 500', async () => {
    // Past 2^53 centavos multiplyByQuantity threw RangeError (found by the fuzzing).
    const body = await draft();
    body.itens[0]!.quantidade = 1;
    body.itens[0]!.valor_unitario = f.product.preco;
    const saved = await t.call('POST', '/invoice/post', body, manager);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const line = { id_nota_fiscal: saved.json['id_nota_fiscal'], id_produto_grade_filial: f.product.id_produto_grade_filial,
      id_endereco_estoque: f.product.id_endereco_estoque, quantidade: 100000, valor_unitario: 999999999 };
    const items = () => countRows(t.db, 'nota_fiscal_item WHERE id_nota_fiscal = $1', [saved.json['id_nota_fiscal']]);
    const before = await items();
    const res = await refusedCleanly('/invoice_item/post', line);
    expect(res.json['message']).toBe('Valor total do item acima do permitido.');
    expect(await items()).toBe(before);
    // The whole draft at once takes the same way.
    body.itens[0]!.quantidade = 100000;
    body.itens[0]!.valor_unitario = 999999999;
    await refusedCleanly('/invoice/post', body);
  });
});

describe.skipIf(SKIP_SECOND_RUN)('a date and time that match the order contract but name no instant', () => {
  it('an order delivery date at hour 30 (2026-01-04T30:00) or on 2026-02-30 answers 400, not 500', async () => {
    const sold = await t.call('POST', '/operacao', saleBody(f), manager);
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    const order = { id_pedido: sold.json['id_pedido'], id_cliente: f.id_cliente };
    await refusedCleanly('/order/update', { ...order, data_entrega: '2026-01-04T30:00' }, 'PUT');
    await refusedCleanly('/order/update', { ...order, data_entrega: '2026-02-30' }, 'PUT');
  });
});

describe.skipIf(SKIP_SECOND_RUN)('list-by-changes positions', () => {
  it('a date_change above 2^64 answers 400, not 500', async () => {
    await refusedCleanly('/product/list-by-changes', { date_change: '99999999999999999999999' });
  });

  it("a date_change with leading zeros means the same position as without them (xid8 read '0…' as octal)", async () => {
    const first = await t.call('POST', '/product/list-by-changes', { date_change: '', limit: 1 }, manager);
    expect(first.status).toBe(200);
    const position = { date_change: first.json['date_change'] as string, offset: first.json['offset'] as number, limit: 5 };
    const decimal = await t.call('POST', '/product/list-by-changes', position, manager);
    for (const padded of [`0${position.date_change}`, `000${position.date_change}`]) {
      const res = await t.call('POST', '/product/list-by-changes', { ...position, date_change: padded }, manager);
      expect(res.status).toBe(decimal.status);
      expect(res.json).toEqual(decimal.json);
    }
    // '09' was refused (no octal digit 9) and now is position 9, like '9'.
    const nine = await t.call('POST', '/branch/list-by-changes', { date_change: '9' }, manager);
    const zeroNine = await t.call('POST', '/branch/list-by-changes', { date_change: '09' }, manager);
    expect([zeroNine.status, zeroNine.json]).toEqual([200, nine.json]);
  });

});
