/**
 * /invoice_item/calculate_subtotal_discount, reset_sub_total_discount and recalc_value_items (000 §7.4, issue 31): the
 * orders' subtotal-discount rules on an invoice draft.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pdv/domain/messages';
import { validateDiscount } from '@pdv/domain/price-limits';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let f: SaleFixture;
let serie55: number;
let customer: number;

const system = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query<R>(sql, params));

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  f = await loadSaleFixture(t.db);
  serie55 = (await system<{ id: number }>(`SELECT id_serie_fiscal AS id FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '55'`, [f.id_filial])).rows[0]!.id;
  customer = (await system<{ id: number }>(
    `SELECT p.id_pessoa AS id FROM pessoa p JOIN pessoa_endereco e USING (id_organization, id_pessoa) JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' AND e.id_cidade IS NOT NULL AND p.nome <> 'Consumidor Final' ORDER BY p.id_pessoa LIMIT 1`)).rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await system('UPDATE estoque SET quantidade = 50, quantidade_reserva = 0 WHERE id_estoque = $1', [f.product.id_estoque]);
});

/** A draft NF-e of 3 lines: 1 × 19.99, 2 × 10.00 and 1 × 0.03 (three weights, so the spread has a remainder). */
async function draft(): Promise<number> {
  const line = (quantidade: number, valor_unitario: number) => ({ id_produto_grade_filial: f.product.id_produto_grade_filial,
    id_endereco_estoque: f.product.id_endereco_estoque, quantidade, valor_unitario });
  const res = await t.call('POST', '/invoice/post', { modelo: '55', id_serie_fiscal: serie55, natureza_operacao: 'Venda de mercadoria',
    id_cliente: customer, itens: [line(1, 19.99), line(2, 10), line(1, 0.03)], pagamentos: [] }, manager);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json['id_nota_fiscal'] as number;
}

const lines = async (id: number) => (await system<{ d: string; s: string; total: string }>(
  `SELECT valor_desconto AS d, valor_desconto_subtotal AS s, valor_total AS total FROM nota_fiscal_item WHERE id_nota_fiscal = $1
    ORDER BY id_nota_fiscal_item`, [id])).rows.map((r) => [Number(r.d), Number(r.s), Number(r.total)] as const);

describe('the subtotal discount of an invoice draft', () => {
  it('spreads 10% over the lines by their net, to the cent, and the invoice total follows; reset takes it back', async () => {
    const id = await draft();
    const res = await expectOk(t, 'invoiceItemCalculateSubtotalDiscount', { id_nota_fiscal: id, desconto_percentual: 10 }, manager);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // 10% of 40.02 = 4.00: each line's floor share (1.99, 1.99, 0.00), the 2 centavos left to the first (domain distribute).
    const spread = await lines(id);
    expect(spread.map(([, s]) => s).reduce((a, b) => a + b, 0)).toBeCloseTo(4, 2);
    expect(spread.map(([, s]) => s)).toEqual([2.01, 1.99, 0]);
    expect(res.json['valor_nota_fiscal']).toBe(36.02);
    const reset = await expectOk(t, 'invoiceItemResetSubTotalDiscount', { id_nota_fiscal: id }, manager);
    expect(reset.json['valor_nota_fiscal']).toBe(40.02);
    expect((await lines(id)).map(([, s]) => s)).toEqual([0, 0, 0]);
  });

  it("refuses a discount above the caller's maximum, above the lines, or without a kind, writing nothing", async () => {
    const id = await draft();
    const above = await t.call('POST', '/invoice_item/calculate_subtotal_discount', { id_nota_fiscal: id, desconto_percentual: 25 }, manager);
    expect(above.status).toBe(400);
    expect(above.json['message']).toBe(validateDiscount({ tipo: 'Percentual', valor: 2500, base: 4002 }, 2000)[0]!.message);
    const tooMuch = await t.call('POST', '/invoice_item/calculate_subtotal_discount', { id_nota_fiscal: id, valor_desconto: 40.03 }, manager);
    expect(tooMuch.json['message']).toBe(MESSAGES.discountAboveItems);
    const none = await t.call('POST', '/invoice_item/calculate_subtotal_discount', { id_nota_fiscal: id }, manager);
    expect(none.json['message']).toBe(MESSAGES.discountInvalidType);
    expect((await lines(id)).map(([, s]) => s)).toEqual([0, 0, 0]);
  });

  it('recalc_value_items rebuilds the lines from quantity, price and discounts; an authorized invoice is refused', async () => {
    const id = await draft();
    await t.call('POST', '/invoice_item/calculate_subtotal_discount', { id_nota_fiscal: id, valor_desconto: 3 }, manager);
    const before = await lines(id);
    await system('UPDATE nota_fiscal_item SET valor_total = 999, valor_desconto = 0 WHERE id_nota_fiscal = $1', [id]);
    const res = await expectOk(t, 'invoiceItemRecalcValueItems', { id_nota_fiscal: id }, manager);
    expect(await lines(id)).toEqual(before);
    expect(res.json['valor_nota_fiscal']).toBe(37.02);
    expect((await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager)).json['success']).toBe(true);
    const locked = await t.call('POST', '/invoice_item/recalc_value_items', { id_nota_fiscal: id }, manager);
    expect(locked.status).toBe(400);
  });
});
