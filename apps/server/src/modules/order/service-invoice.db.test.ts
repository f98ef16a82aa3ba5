/**
 * /invoice/invoice-service-order {invoice, list_services, list_payments, process_financial} (000 §7.4, issue 31): a
 * released service order's services invoiced once, paid by the services' share of the order's payments or by the
 * payments given, their receivables created through the finance owner when process_financial; the order rules'
 * refusals and another branch's or organization's order (404), writing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { SERVICE_INVOICE_MESSAGES as M } from '@pdv/domain/service-order-invoice';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let other: string;
let branch2: string;
let f: SaleFixture;
type Json = Record<string, unknown>;
const system = (sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query<Json>(sql, params));

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  branch2 = await t.login('filial2@demo.com.br');
  f = await loadSaleFixture(t.db);
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** A service order with two services (R$ 40 and R$ 60), paid in cash, released. */
async function releasedOrder(release = true): Promise<{ id: number; services: number[] }> {
  const created = await t.call('POST', '/order/create', { operacao: 'OrdemServico', id_cliente: f.id_cliente }, manager);
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const id = Number(created.json['id_pedido']);
  await t.call('POST', '/order_service/save', { id_pedido: id, descricao: 'Instalação', valor_unitario: 40 }, manager);
  const order = await t.call('POST', '/order_service/save', { id_pedido: id, descricao: 'Manutenção', valor_unitario: 60 }, manager);
  const paid = await t.call('POST', '/order_payment/create', { id_pedido: id, id_meio_pagamento: f.methods['01'], valor_total: 100 }, manager);
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  if (release) expect((await t.call('PUT', '/order/update', { id_pedido: id, situacao: 'Liberado' }, manager)).status).toBe(200);
  return { id, services: (order.json['servicos'] as Json[]).map((s) => Number(s['id_pedido_servico'])) };
}

const docsOf = async (id_pedido: number) =>
  (await system(`SELECT valor_documento::float8 AS v, sequencia, data_vencimento::text AS d FROM documento_financeiro
    WHERE id_pedido = $1 AND numero LIKE 'OS-%-S' ORDER BY sequencia`, [id_pedido])).rows;

describe('/invoice/invoice-service-order', () => {
  it("invoices every service with the order's payments and creates their receivables", async () => {
    const { id } = await releasedOrder();
    const res = await expectOk(t, 'invoiceServiceOrder', { invoice: { id_pedido: id }, process_financial: true }, manager);
    expect(res.json).toMatchObject({ id_pedido: id, valor_servicos: 100, message: M.invoiced(2, 10000),
      pagamentos: [{ id_meio_pagamento: f.methods['01'], valor_total: 100, quantidade_parcelas: 1 }] });
    expect((res.json['documentos'] as Json[]).map((d) => d['valor'])).toEqual([100]);
    expect((await docsOf(id)).map((d) => d['v'])).toEqual([100]);
    const again = await t.call('POST', '/invoice/invoice-service-order', { invoice: { id_pedido: id } }, manager);
    expect([again.status, again.json['message']]).toEqual([400, M.noServices]);
  });

  it('invoices the services named with the payments given, in installments due monthly, the remainder on the last', async () => {
    const { id, services } = await releasedOrder();
    const res = await t.call('POST', '/invoice/invoice-service-order', {
      invoice: { id_pedido: id, data_vencimento: '2027-01-31' }, list_services: [services[0]],
      list_payments: [{ id_meio_pagamento: f.methods['01'], valor_total: 40, quantidade_parcelas: 3 }], process_financial: true,
    }, manager);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await docsOf(id)).toEqual([
      { v: 13.33, sequencia: 1, d: '2027-01-31' }, { v: 13.33, sequencia: 2, d: '2027-02-28' }, { v: 13.34, sequencia: 3, d: '2027-03-31' }]);
    const twice = await t.call('POST', '/invoice/invoice-service-order', { invoice: { id_pedido: id }, list_services: [services[0]],
      list_payments: [{ id_meio_pagamento: f.methods['01'], valor_total: 40 }] }, manager);
    expect([twice.status, twice.json['message']]).toEqual([400, M.alreadyInvoiced('Instalação')]);
    // The other one, without receivables.
    const rest = await t.call('POST', '/invoice/invoice-service-order', { invoice: { id_pedido: id } }, manager);
    expect(rest.json).toMatchObject({ valor_servicos: 60, documentos: [] });
  });

  it('refuses payments that differ from the services, an order not released, and answers 404 to another branch or organization', async () => {
    const { id } = await releasedOrder();
    const differ = await t.call('POST', '/invoice/invoice-service-order', { invoice: { id_pedido: id },
      list_payments: [{ id_meio_pagamento: f.methods['01'], valor_total: 90 }] }, manager);
    expect([differ.status, differ.json['message']]).toEqual([400, M.paymentsDiffer(9000, 10000)]);
    const draft = await releasedOrder(false);
    const early = await t.call('POST', '/invoice/invoice-service-order', { invoice: { id_pedido: draft.id } }, manager);
    expect([early.status, early.json['message']]).toEqual([400, ORDER_MESSAGES.onlyReleasedInvoiced('Ordens de serviço')]);
    for (const token of [other, branch2]) {
      const res = await t.call('POST', '/invoice/invoice-service-order', { invoice: { id_pedido: id }, process_financial: true }, token);
      expect(res.status).toBe(404);
    }
    const marked = await system('SELECT count(*)::int AS n FROM pedido_servico WHERE id_pedido = ANY($1::int[]) AND data_faturamento IS NOT NULL', [[id, draft.id]]);
    expect(marked.rows[0]!['n']).toBe(0);
    expect(await docsOf(id)).toEqual([]);
  });
});
