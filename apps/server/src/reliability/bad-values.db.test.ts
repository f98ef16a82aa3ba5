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
    await refusedCleanly('/user/list_grid', { search: 'a\u0000b' });
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
  it("a date_change with a leading zero ('09') or above 2^64 answers 400, not 500", async () => {
    await refusedCleanly('/branch/list-by-changes', { date_change: '09' });
    await refusedCleanly('/product/list-by-changes', { date_change: '99999999999999999999999' });
  });

});
