/**
 * The customer's credit rules in POST /api/operacao (issue 20; credit-rules.ts customerCreditError, the function the
 * point of sale runs on the synced people row): a sale on credit that breaks them is refused with the rule's message
 * and writes nothing, unless a supervisor's grant (FncAutorizarLimiteCredito) is spent for it; a cash sale is not
 * judged. The open receivables travel in the synced people rows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_CREDIT_MESSAGES as M } from '@pdv/domain/credit-rules';
import { formatMoney } from '@pdv/domain/money';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let cashier: string;
let manager: string;
let f: SaleFixture;

type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  manager = await t.login('gerente@demo.com.br');
  f = await loadSaleFixture(t.db);
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 100 WHERE id_estoque = $1', [f.product.id_estoque]));
});
afterAll(async () => {
  await t.close();
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function customer(fields: Json): Promise<number> {
  const res = await expectOk(t, 'personCreate', { nome: `Cliente ${randomUUID().slice(0, 8)}`, is_cliente: true, ...fields }, manager);
  return Number(res.json['id_pessoa']);
}

/** A crediário sale of one unit in two installments to `id_cliente`. */
function onCredit(id_cliente: number, fields: Json = {}) {
  const body = saleBody(f, { id_cliente, ...fields });
  body.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['05']!, valor_total: f.product.preco, quantidade_parcelas: 2 }];
  return body;
}

async function overdue(id_pessoa: number, valor: number): Promise<void> {
  await t.db.system((tx) => tx.query(
    `INSERT INTO documento_financeiro (id_organization, id_filial, numero, operacao, valor_documento, valor_atualizado, saldo, data_vencimento, id_pessoa)
     SELECT id_organization, id_filial, 'TESTE-1', 'Entrada', $2, $2, $2, $3, $1 FROM filial WHERE id_filial = $4`,
    [id_pessoa, valor, day(-5), f.id_filial],
  ));
}

describe('credit rules of a sale on credit', () => {
  it('refuses a sale on credit to a customer with an overdue balance, writing nothing; a cash sale passes', async () => {
    const id = await customer({ bloquear_venda_saldo_vencido: true });
    await overdue(id, 42.5);
    const before = await countRows(t.db, 'pedido');
    const body = onCredit(id);
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(M.overdueBlocked(formatMoney(4250)));
    expect(await countRows(t.db, 'pedido')).toBe(before);
    expect(await countRows(t.db, 'documento_financeiro WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
    const cash = await t.call('POST', '/operacao', saleBody(f, { id_cliente: id }), cashier);
    expect(cash.status, JSON.stringify(cash.json)).toBe(200);
  });

  it("lets it through with a supervisor's grant for the credit limit, spent once", async () => {
    const id = await customer({ bloquear_venda_saldo_vencido: true });
    await overdue(id, 10);
    const grant = await expectOk(t, 'validateUserCredential',
      { email: 'gerente@demo.com.br', password: 'demo1234', permission: SUPERVISOR_PERMISSIONS.creditLimit }, cashier);
    const id_autorizacao_credito = Number(grant.json['id_autorizacao']);
    // A grant for another permission does not pass it.
    const discount = await expectOk(t, 'validateUserCredential',
      { email: 'gerente@demo.com.br', password: 'demo1234', permission: SUPERVISOR_PERMISSIONS.discountAboveLimit }, cashier);
    const wrong = await t.call('POST', '/operacao', onCredit(id, { id_autorizacao_credito: Number(discount.json['id_autorizacao']) }), cashier);
    expect(wrong.status).toBe(400);
    const ok = await t.call('POST', '/operacao', onCredit(id, { id_autorizacao_credito }), cashier);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const again = await t.call('POST', '/operacao', onCredit(id, { id_autorizacao_credito }), cashier);
    expect(again.status).toBe(400);
  });

  it('counts the receivables of earlier sales against the maximum debt, and syncs them in the people row', async () => {
    const preco = Math.round(f.product.preco * 100);
    const max = Math.round(preco * 1.5);
    const id = await customer({ valor_devedor_maximo: max / 100 });
    const first = await t.call('POST', '/operacao', onCredit(id), cashier);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const second = await t.call('POST', '/operacao', onCredit(id), cashier);
    expect(second.status).toBe(400);
    expect(second.json['message']).toBe(M.debtAboveMax(formatMoney(preco), formatMoney(preco), formatMoney(max)));

    const page = await expectOk(t, 'sync_people', { limit: 5000 }, cashier);
    const row = (page.json['rows'] as Json[]).find((r) => r['id_pessoa'] === id)!;
    expect(row['valor_devedor_maximo']).toBe(max / 100);
    const parcelas = row['parcelas_abertas'] as Array<{ data_vencimento: string; saldo: number }>;
    expect(parcelas).toHaveLength(2);
    expect(Math.round(parcelas.reduce((s, p) => s + p.saldo * 100, 0))).toBe(preco);
  });
});
