/** Invoice drafts part by part (/invoice_item, /invoice_payment, /invoice_referenced), list, put and delete. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let sale: SaleFixture;
let serie55: number;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  sale = await loadSaleFixture(t.db);
  serie55 = (await t.db.system((tx) => tx.query<{ id: number }>(
    `SELECT id_serie_fiscal AS id FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '55'`, [sale.id_filial]))).rows[0]!.id;
});
afterAll(async () => {
  await t.close();
});

const draft = async () => {
  const res = await t.call('POST', '/invoice/post', { modelo: '55', id_serie_fiscal: serie55, natureza_operacao: 'Venda de mercadoria',
    id_cliente: sale.id_cliente }, manager);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json['id_nota_fiscal'] as number;
};

describe('invoice draft, part by part', () => {
  it('adds items and payments, recomputes the totals, cancels an item and deletes payments', async () => {
    const id = await draft();
    const item = { id_nota_fiscal: id, id_produto_grade_filial: sale.product.id_produto_grade_filial,
      id_endereco_estoque: sale.product.id_endereco_estoque, quantidade: 3, valor_unitario: 10.5, valor_desconto: 1.5 };
    const one = await expectOk(t, 'invoiceItemPost', item, manager);
    expect(one.json['valor_nota_fiscal']).toBe(30);
    const two = await t.call('POST', '/invoice_item/post', { ...item, quantidade: 1, valor_desconto: 0 }, manager);
    expect(two.json['valor_nota_fiscal']).toBe(40.5);
    const items = (await t.call('POST', '/invoice_item/find', { id_nota_fiscal: id }, manager)).json['rows'] as Array<{ id_nota_fiscal_item: number }>;
    expect(items).toHaveLength(2);
    const cancelled = await expectOk(t, 'invoiceItemCancel', { id_nota_fiscal_item: items[1]!.id_nota_fiscal_item }, manager);
    expect(cancelled.json['valor_nota_fiscal']).toBe(30);

    const paid = await expectOk(t, 'invoicePaymentPost', { id_nota_fiscal: id, id_meio_pagamento: sale.methods['01'], valor_total: 50 }, manager);
    expect(paid.json['valor_troco']).toBe(20);
    const payments = paid.json['pagamentos'] as Array<{ id_nota_fiscal_pagamento: number }>;
    const removed = await expectOk(t, 'invoicePaymentDelete', { id_nota_fiscal_pagamento: payments[0]!.id_nota_fiscal_pagamento }, manager);
    expect(removed.json['pagamentos']).toEqual([]);
    await t.call('POST', '/invoice_payment/post', { id_nota_fiscal: id, id_meio_pagamento: sale.methods['01'], valor_total: 30 }, manager);
    const none = await expectOk(t, 'invoicePaymentDeleteByInvoice', { id_nota_fiscal: id }, manager);
    expect(none.json['pagamentos']).toEqual([]);
  });

  it('answers the spec messages for items, payments and referenced keys', async () => {
    const id = await draft();
    const noAddress = await t.call('POST', '/invoice_item/post', { id_nota_fiscal: id, id_produto_grade_filial: sale.product.id_produto_grade_filial,
      quantidade: 1, valor_unitario: 0 }, manager);
    expect(noAddress.json['erros']).toEqual([M.valueNotPositive, M.itemStockAddressMissing]);
    const unsaved = await t.call('POST', '/invoice_payment/post', { valor_total: 0 }, manager);
    expect(unsaved.json['erros']).toEqual([M.invoiceNotSaved, M.paymentMethodMissing, M.valueNotPositive]);
    const key = '35180834128745000152550010000474281920007498';
    expect((await t.call('POST', '/invoice_referenced/post', { id_nota_fiscal: id }, manager)).json['message']).toBe(M.keyMissing);
    expect((await t.call('POST', '/invoice_referenced/post', { id_nota_fiscal: id, chave_acesso: '123' }, manager)).json['message']).toBe(M.keyLength);
    const added = await expectOk(t, 'invoiceReferencedPost', { id_nota_fiscal: id, chave_acesso: key }, manager);
    expect((added.json['referenciadas'] as unknown[]).length).toBe(1);
    expect((await t.call('POST', '/invoice_referenced/post', { id_nota_fiscal: id, chave_acesso: key }, manager)).json['message']).toBe(M.keyDuplicated);
  });

  it('stores the totals the domain computes, freight and insurance included, rounding each line half-up', async () => {
    const body = { modelo: '55', id_serie_fiscal: serie55, natureza_operacao: 'Venda de mercadoria', id_cliente: sale.id_cliente,
      valor_frete: 10, valor_seguro: 0.5,
      itens: [{ id_produto_grade_filial: sale.product.id_produto_grade_filial, id_endereco_estoque: sale.product.id_endereco_estoque,
        quantidade: 1.5, valor_unitario: 0.05 }],
      pagamentos: [{ id_meio_pagamento: sale.methods['01'], valor_total: 20 }] };
    const res = await t.call('POST', '/invoice/post', body, manager);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // 1,5 × 0,05 = 0,075 -> 0,08; + 10 + 0,50 = 10,58; paid 20 -> change 9,42.
    expect(res.json).toMatchObject({ valor_total_produtos: 0.08, valor_desconto: 0, valor_nota_fiscal: 10.58, valor_troco: 9.42 });
  });

  it("refuses a volume without its weights with the spec's texts, and stores a key pasted in groups without spaces", async () => {
    const base = { modelo: '55', id_serie_fiscal: serie55, natureza_operacao: 'Venda de mercadoria', id_cliente: sale.id_cliente };
    const noWeight = await t.call('POST', '/invoice/post', { ...base, volumes: [{ quantidade: 2 }] }, manager);
    expect(noWeight.status).toBe(400);
    expect(noWeight.json['erros']).toEqual([ORDER_MESSAGES.volumeNetWeightMissing, ORDER_MESSAGES.volumeGrossWeightMissing]);
    const pasted = '3518 0834 1287 4500 0152 5500 1000 0474 2819 2000 7498';
    const saved = await t.call('POST', '/invoice/post', { ...base, referenciadas: [{ chave_acesso: pasted }],
      volumes: [{ quantidade: 2, peso_liquido: 1.5, peso_bruto: 1.8 }] }, manager);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json['referenciadas']).toMatchObject([{ chave_acesso: pasted.replace(/ /g, ''), modelo: '55' }]);
    const twice = await t.call('POST', '/invoice/post', { ...base, referenciadas: [{ chave_acesso: pasted }, { chave_acesso: pasted.replace(/ /g, '') }] }, manager);
    expect(twice.json['message']).toBe(M.keyDuplicated);
  });

  it('keeps a sale invoice read-only and deletes a draft giving its stock back', async () => {
    const res = await t.call('POST', '/operacao', saleBody(sale, { modelo: '65' }), manager);
    const id = res.json['id_nota_fiscal'] as number;
    const refused = await t.call('POST', '/invoice_payment/delete_by_invoice', { id_nota_fiscal: id }, manager);
    expect(refused.json['message']).toBe(M.notEditable);
    const before = Number((await t.db.system((tx) => tx.query<{ q: string }>('SELECT quantidade AS q FROM estoque WHERE id_estoque = $1', [sale.product.id_estoque]))).rows[0]!.q);
    const deleted = await expectOk(t, 'invoiceDelete', { id_invoice: id }, manager);
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
    const after = Number((await t.db.system((tx) => tx.query<{ q: string }>('SELECT quantidade AS q FROM estoque WHERE id_estoque = $1', [sale.product.id_estoque]))).rows[0]!.q);
    expect(after).toBe(before + 1);
    expect((await t.call('POST', '/invoice/find_by_id', { id_nota_fiscal: id }, manager)).status).toBe(404);
  });

  it('lists the branch invoices newest first with totals per situation', async () => {
    const list = await expectOk(t, 'invoiceFind', { take: 5 }, manager);
    const rows = list.json['rows'] as Array<{ data_hora_emissao: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect([...rows].sort((a, b) => b.data_hora_emissao.localeCompare(a.data_hora_emissao))).toEqual(rows);
    const values = await expectOk(t, 'invoiceListValues', {}, manager);
    expect((values.json['situacoes'] as Array<{ situacao: string }>).map((s) => s.situacao)).toContain('EmEdicao');
  });

  it('gives the return invoices of the period apart from the sales', async () => {
    const before = (await expectOk(t, 'invoiceListValues', {}, manager)).json['devolucoes'] as { quantidade: number; valor: number };
    const res = await t.call('POST', '/operacao', saleBody(sale, { modelo: '55', id_cliente: sale.id_cliente }), manager);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // Standing in for a return NF-e: the same invoice with finalidade 4.
    await t.db.system((tx) => tx.query('UPDATE nota_fiscal SET finalidade = 4 WHERE id_nota_fiscal = $1', [res.json['id_nota_fiscal']]));
    const after = (await expectOk(t, 'invoiceListValues', {}, manager)).json['devolucoes'] as { quantidade: number; valor: number };
    expect(after.quantidade).toBe(before.quantidade + 1);
    expect(Math.round((after.valor - before.valor) * 100)).toBe(Math.round(Number(res.json['valor_total']) * 100));
  });
});
