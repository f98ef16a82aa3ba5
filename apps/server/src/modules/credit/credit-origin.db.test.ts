/**
 * Where store credit may come from (POST /api/people_account_history/create): a return invoice of the branch, for at
 * most what it returned, or a manager's adjustment with a reason under a supervisor's grant spent once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_MESSAGES } from '@pdv/domain/authorization';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let cashier: string;
let manager: string;
let branch2: string;
let f: SaleFixture;

const system = (sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query<Record<string, unknown>>(sql, params));
const create = (body: Record<string, unknown>, token = cashier) => t.call('POST', '/people_account_history/create', body, token);
const balance = async () => Number((await system('SELECT saldo FROM pessoa_conta_corrente WHERE id_pessoa = $1', [f.id_cliente])).rows[0]?.['saldo'] ?? 0);

/** An NFC-e of an ordinary cash sale to the fixture's customer, as the cashier makes it. */
async function saleInvoice(): Promise<number> {
  const res = await t.call('POST', '/operacao', saleBody(f, { modelo: '65', id_cliente: f.id_cliente }), cashier);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return Number(res.json['id_nota_fiscal']);
}
/** An authorized sales-return NF-e of the branch for the customer, worth `valor` (as the back office makes one). */
async function returnInvoice(valor: number): Promise<number> {
  const id = await saleInvoice();
  await system(`UPDATE nota_fiscal SET tipo_nota = 'Devolucao', operacao = 'Entrada', finalidade = 4, situacao = 'Autorizada', modelo = '55',
    valor_nota_fiscal = $2 WHERE id_nota_fiscal = $1`, [id, valor]);
  return id;
}
async function grant(permission: string = SUPERVISOR_PERMISSIONS.managerCredit, token = cashier): Promise<number> {
  const res = await expectOk(t, 'validateUserCredential', { email: 'gerente@demo.com.br', password: 'demo1234', permission }, token);
  return Number(res.json['id_autorizacao']);
}

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  manager = await t.login('gerente@demo.com.br');
  branch2 = await t.login('filial2@demo.com.br');
  f = await loadSaleFixture(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('credit from an invoice', () => {
  it("refuses the cashier's R$ 5.000 credit tied to an ordinary sale's invoice", async () => {
    const id_nota_fiscal = await saleInvoice();
    const before = await balance();
    const res = await create({ id_pessoa: f.id_cliente, operacao: 'Entrada', valor: 5000, id_nota_fiscal });
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(AUTHORIZATION_MESSAGES.creditInvoiceNotReturn);
    expect(await balance()).toBe(before);
  });

  it("answers a branch-2 user naming a branch-1 invoice like a missing invoice, even a real return's", async () => {
    const id_nota_fiscal = await returnInvoice(30);
    const before = await balance();
    const foreign = await create({ id_pessoa: f.id_cliente, operacao: 'Entrada', valor: 30, id_nota_fiscal }, branch2);
    const missing = await create({ id_pessoa: f.id_cliente, operacao: 'Entrada', valor: 30, id_nota_fiscal: 999_999 }, branch2);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual(missing.json);
    expect(foreign.json['message']).toBe(FISCAL_MESSAGES.notFound);
    const sale = await create({ id_pessoa: f.id_cliente, operacao: 'Entrada', valor: 5000, id_nota_fiscal: await saleInvoice() }, branch2);
    expect(sale.status).toBe(404);
    expect(await balance()).toBe(before);
  });

  it("credits an authorized return invoice of the branch once, never above what it returned", async () => {
    const id_nota_fiscal = await returnInvoice(80);
    const before = await balance();
    const over = await create({ id_pessoa: f.id_cliente, valor: 80.01, id_nota_fiscal });
    expect(over.json['message']).toBe(AUTHORIZATION_MESSAGES.creditAboveReturn('R$ 80,00'));
    const ok = await expectOk(t, 'peopleAccountHistoryCreate', { id_pessoa: f.id_cliente, valor: 80, id_nota_fiscal }, cashier);
    expect(ok.json).toMatchObject({ operacao: 'Entrada', tipo: 'Devolucao', valor: 80, message: ORDER_MESSAGES.creditGenerated });
    const again = await create({ id_pessoa: f.id_cliente, valor: 1, id_nota_fiscal });
    expect(again.json['message']).toBe(AUTHORIZATION_MESSAGES.creditAboveReturn('R$ 0,00'));
    expect(await balance()).toBe(before + 80);
  });
});

describe("a manager's credit", () => {
  it('needs a grant of the manager-credit permission and a reason', async () => {
    const before = await balance();
    const none = await create({ id_pessoa: f.id_cliente, valor: 100, observacao: 'Cortesia' });
    expect(none.json['message']).toBe(ORDER_MESSAGES.creditInvoiceMissing);
    const noReason = await create({ id_pessoa: f.id_cliente, valor: 100, id_autorizacao: await grant() });
    expect(noReason.json['message']).toBe(AUTHORIZATION_MESSAGES.creditReasonRequired);
    const other = await create({ id_pessoa: f.id_cliente, valor: 100, observacao: 'Cortesia', id_autorizacao: await grant(SUPERVISOR_PERMISSIONS.tillDifference) });
    expect(other.json['message']).toBe(AUTHORIZATION_MESSAGES.otherPermission);
    const fake = await create({ id_pessoa: f.id_cliente, valor: 100, observacao: 'Cortesia', id_autorizacao: 999_999 });
    expect(fake.json['message']).toBe(AUTHORIZATION_MESSAGES.notFound);
    expect(await balance()).toBe(before);
  });

  it('spends the grant once, for the user who asked, within the window', async () => {
    const before = await balance();
    const id_autorizacao = await grant();
    const someoneElse = await create({ id_pessoa: f.id_cliente, valor: 100, observacao: 'Cortesia', id_autorizacao }, manager);
    expect(someoneElse.json['message']).toBe(AUTHORIZATION_MESSAGES.otherRequester);
    const ok = await create({ id_pessoa: f.id_cliente, valor: 100, observacao: 'Cortesia pelo atraso', id_autorizacao });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json).toMatchObject({ tipo: 'AjusteGerencial', valor: 100, observacao: 'Cortesia pelo atraso' });
    expect(await countRows(t.db, `autorizacao WHERE id_autorizacao = $1 AND situacao = 'Utilizada' AND origem = 'people_account_history'`,
      [id_autorizacao])).toBe(1);
    expect(await countRows(t.db, 'pessoa_conta_historico WHERE id_autorizacao = $1', [id_autorizacao])).toBe(1);
    const twice = await create({ id_pessoa: f.id_cliente, valor: 100, observacao: 'Cortesia pelo atraso', id_autorizacao });
    expect(twice.json['message']).toBe(AUTHORIZATION_MESSAGES.notGranted);

    const old = await grant();
    await system("UPDATE autorizacao SET data_autorizacao = now() - interval '11 minutes' WHERE id_autorizacao = $1", [old]);
    const expired = await create({ id_pessoa: f.id_cliente, valor: 100, observacao: 'Cortesia', id_autorizacao: old });
    expect(expired.json['message']).toBe(AUTHORIZATION_MESSAGES.expired);
    expect(await balance()).toBe(before + 100);
  });

  it("refuses a grant whose supervisor lost the permission before it was used", async () => {
    const id_autorizacao = await grant();
    await system(`UPDATE usuario SET situacao = 'Inativo' WHERE email = 'gerente@demo.com.br'`);
    try {
      const res = await create({ id_pessoa: f.id_cliente, valor: 100, observacao: 'Cortesia', id_autorizacao });
      expect(res.json['message']).toBe(AUTHORIZATION_MESSAGES.notGranted);
    } finally {
      await system(`UPDATE usuario SET situacao = 'Ativo' WHERE email = 'gerente@demo.com.br'`);
    }
  });
});
