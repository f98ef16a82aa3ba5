/**
 * POST /invoice/invoice_return (000 §7.4; the credit modal after a sales-return invoice, 001 §4-§5): the store credit
 * of a return invoice, for its customer unless another person is named, under the same rules as
 * /people_account_history/create with an invoice; the spec's messages for what is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_MESSAGES } from '@pdv/domain/authorization';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let branch2: string;
let other: string;
let f: SaleFixture;

const system = (sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query<Record<string, unknown>>(sql, params));
const balance = async () => Number((await system('SELECT saldo FROM pessoa_conta_corrente WHERE id_pessoa = $1', [f.id_cliente])).rows[0]?.['saldo'] ?? 0);

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  branch2 = await t.login('filial2@demo.com.br');
  other = await t.login('outra@demo.com.br');
  f = await loadSaleFixture(t.db);
});
afterAll(async () => {
  await t.close();
});

/** An authorized sales-return NF-e of the branch for the fixture's customer, worth `valor`, with no credit yet. */
async function returnInvoice(valor: number): Promise<number> {
  const res = await t.call('POST', '/operacao', saleBody(f, { modelo: '65', id_cliente: f.id_cliente }), manager);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const id = Number(res.json['id_nota_fiscal']);
  await system(`UPDATE nota_fiscal SET tipo_nota = 'Devolucao', operacao = 'Entrada', finalidade = 4, situacao = 'Autorizada', modelo = '55',
    valor_nota_fiscal = $2 WHERE id_nota_fiscal = $1`, [id, valor]);
  return id;
}

describe('/invoice/invoice_return', () => {
  it("credits the return invoice's customer once, never above what it returned", async () => {
    const id_nota_fiscal = await returnInvoice(45.5);
    const before = await balance();
    const ok = await expectOk(t, 'invoiceReturnCredit', { id_nota_fiscal, valor: 45.5 }, manager);
    expect(ok.json).toMatchObject({ id_pessoa: f.id_cliente, operacao: 'Entrada', tipo: 'Devolucao', valor: 45.5, message: ORDER_MESSAGES.creditGenerated });
    expect(await balance()).toBeCloseTo(before + 45.5, 2);
    const again = await t.call('POST', '/invoice/invoice_return', { id_nota_fiscal, valor: 1 }, manager);
    expect(again.status).toBe(400);
    expect(again.json['message']).toBe(AUTHORIZATION_MESSAGES.creditAboveReturn('R$ 0,00'));
    expect(await balance()).toBeCloseTo(before + 45.5, 2);
    // The sales returns list shows the credit next to the invoice.
    const list = await t.call('POST', '/invoice/sales_return/find', {}, manager);
    expect((list.json['rows'] as Array<Record<string, unknown>>).find((r) => r['id_nota_fiscal'] === id_nota_fiscal)).toMatchObject({ valor_credito: 45.5 });
  });

  it("answers the spec's messages for a missing value or invoice, and a missing person", async () => {
    const noValue = await t.call('POST', '/invoice/invoice_return', { id_nota_fiscal: await returnInvoice(10) }, manager);
    expect(noValue.status).toBe(400);
    expect(noValue.json['message']).toBe(ORDER_MESSAGES.creditValueMissing);
    const noInvoice = await t.call('POST', '/invoice/invoice_return', { valor: 10 }, manager);
    expect(noInvoice.status).toBe(400);
    expect(noInvoice.json['erros']).toEqual(expect.arrayContaining([ORDER_MESSAGES.creditInvoiceMissing, ORDER_MESSAGES.creditPersonNotFound]));
  });

  it('answers an invoice of another branch or organization like a missing one, writing nothing', async () => {
    const id_nota_fiscal = await returnInvoice(20);
    const before = await balance();
    for (const token of [branch2, other]) {
      const res = await t.call('POST', '/invoice/invoice_return', { id_nota_fiscal, valor: 20 }, token);
      expect(res.status).toBe(404);
      expect(res.json['message']).toBe(FISCAL_MESSAGES.notFound);
    }
    expect(await balance()).toBe(before);
  });
});
