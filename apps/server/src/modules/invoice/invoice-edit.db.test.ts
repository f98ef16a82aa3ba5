/**
 * The invoice calls no other test saw succeed: /invoice/put replacing a draft's content, /invoice_referenced/delete,
 * and /invoice/operation-find reading the invoice of a point-of-sale operation by its UUID.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let sale: SaleFixture;
let serie55: number;

const KEY_A = '35180834128745000152550010000474281920007498';
const KEY_B = '35180834128745000152550010000474291920007490';

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

const header = () => ({ modelo: '55', id_serie_fiscal: serie55, natureza_operacao: 'Venda de mercadoria', id_cliente: sale.id_cliente });
const item = (quantidade: number) => ({ id_produto_grade_filial: sale.product.id_produto_grade_filial,
  id_endereco_estoque: sale.product.id_endereco_estoque, quantidade, valor_unitario: 10 });

async function row(id: number) {
  return (await t.db.system((tx) => tx.query<{ natureza_operacao: string; valor_nota_fiscal: string; situacao: string }>(
    'SELECT natureza_operacao, valor_nota_fiscal, situacao FROM nota_fiscal WHERE id_nota_fiscal = $1', [id]))).rows[0];
}

describe('PUT /api/invoice/put', () => {
  it("replaces a draft's header, items, payments and referenced keys", async () => {
    const saved = await expectOk(t, 'invoicePost', { ...header(), itens: [item(1), item(2)], referenciadas: [{ chave_acesso: KEY_A }] }, manager);
    const id = saved.json['id_nota_fiscal'] as number;
    expect(saved.json['valor_nota_fiscal']).toBe(30);

    const put = await expectOk(t, 'invoicePut', { ...header(), id_nota_fiscal: id, natureza_operacao: 'Remessa para conserto',
      itens: [item(4)], pagamentos: [{ id_meio_pagamento: sale.methods['01'], valor_total: 40 }],
      referenciadas: [{ chave_acesso: KEY_B }] }, manager);
    expect(put.json).toMatchObject({ id_nota_fiscal: id, natureza_operacao: 'Remessa para conserto', valor_nota_fiscal: 40, situacao: 'EmEdicao' });
    expect(await row(id)).toMatchObject({ natureza_operacao: 'Remessa para conserto', situacao: 'EmEdicao' });
    expect(Number((await row(id))?.valor_nota_fiscal)).toBe(40);
    expect(await countRows(t.db, 'nota_fiscal_item WHERE id_nota_fiscal = $1', [id])).toBe(1);
    expect(await countRows(t.db, 'nota_fiscal_pagamento WHERE id_nota_fiscal = $1', [id])).toBe(1);
    expect(await countRows(t.db, 'nota_fiscal_referenciada WHERE id_nota_fiscal = $1 AND chave_acesso = $2', [id, KEY_B])).toBe(1);
    expect(await countRows(t.db, 'nota_fiscal_referenciada WHERE id_nota_fiscal = $1', [id])).toBe(1);
  });

  it('refuses to change the invoice of a sale, and changes nothing', async () => {
    const res = await t.call('POST', '/operacao', saleBody(sale, { modelo: '65' }), manager);
    const id = res.json['id_nota_fiscal'] as number;
    const before = await row(id);
    const put = await t.call('PUT', '/invoice/put', { ...header(), id_nota_fiscal: id, natureza_operacao: 'Outra' }, manager);
    expect(put.status).toBe(400);
    expect(put.json['message']).toBe(M.notEditable);
    expect(await row(id)).toEqual(before);
  });
});

describe('POST /api/invoice_referenced/delete', () => {
  it('removes one referenced key of a draft and keeps the others', async () => {
    const saved = await expectOk(t, 'invoicePost', { ...header(), referenciadas: [{ chave_acesso: KEY_A }, { chave_acesso: KEY_B }] }, manager);
    const id = saved.json['id_nota_fiscal'] as number;
    const refs = saved.json['referenciadas'] as Array<{ id_nota_referenciada: number; chave_acesso: string }>;
    const first = refs.find((r) => r.chave_acesso === KEY_A);
    expect(first).toBeDefined();
    const res = await expectOk(t, 'invoiceReferencedDelete', { id_nota_referenciada: first?.id_nota_referenciada }, manager);
    expect((res.json['referenciadas'] as Array<{ chave_acesso: string }>).map((r) => r.chave_acesso)).toEqual([KEY_B]);
    expect(await countRows(t.db, 'nota_fiscal_referenciada WHERE id_nota_fiscal = $1', [id])).toBe(1);
    expect(await countRows(t.db, 'nota_fiscal_referenciada WHERE id_nota_referenciada = $1', [first?.id_nota_referenciada])).toBe(0);
    const again = await t.call('POST', '/invoice_referenced/delete', { id_nota_referenciada: first?.id_nota_referenciada }, manager);
    expect(again.status).toBe(404);
  });
});

describe('POST /api/invoice/operation-find', () => {
  it('answers the invoice of an operation by its UUID, and 404 for an operation without one', async () => {
    const body = saleBody(sale, { modelo: '65' });
    const sold = await expectOk(t, 'operacao', body, manager);
    const found = await expectOk(t, 'invoiceOperationFind', { id: body.id_operacao }, manager);
    expect(found.json).toMatchObject({ id_nota_fiscal: sold.json['id_nota_fiscal'], modelo: '65' });
    expect((found.json['itens'] as unknown[]).length).toBe(1);
    const none = await t.call('POST', '/invoice/operation-find', { id: randomUUID() }, manager);
    expect(none.status).toBe(404);
  });
});
