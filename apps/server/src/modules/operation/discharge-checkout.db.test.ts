/**
 * /document-financial/discharge_document_checkout (001 §7): the till's discharge, by the receipt mode's path of
 * POST /api/operacao (the same allocation, late charges and till shift), and what a dishonest caller gets from it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocateDischarge } from '@pdv/domain/financial-document';
import { FINANCE_MESSAGES } from '@pdv/domain/financial-document';
import { fromDecimal, toDecimal } from '@pdv/domain/money';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let cashier: string;
let other: string;
let f: SaleFixture;

const PATH = '/document-financial/discharge_document_checkout';
const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.system((tx) => tx.query<T>(text, params))).rows;

/** A crediário sale of the fixture's product in 2 instalments; answers the receivables' ids by sequence. */
async function crediarioSale(): Promise<number[]> {
  const body = saleBody(f, { id_cliente: f.id_cliente }, 1);
  body.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['05']!, valor_total: f.product.preco, quantidade_parcelas: 2 }];
  expect((await t.call('POST', '/operacao', body, cashier)).status).toBe(200);
  return (await sql<{ id: number }>('SELECT id_documento_financeiro AS id FROM documento_financeiro WHERE id_operacao = $1 ORDER BY sequencia', [body.id_operacao])).map((r) => r.id);
}

/** What the documents' balances and live discharges are (nothing written means none of these moved). */
const state = (ids: number[]) => sql(`SELECT d.id_documento_financeiro, d.situacao, d.saldo::text AS saldo,
    (SELECT count(*)::int FROM documento_financeiro_lancamento l WHERE l.id_organization = d.id_organization
        AND l.id_documento_financeiro = d.id_documento_financeiro AND l.tipo = 'Baixa') AS baixas
  FROM documento_financeiro d WHERE d.id_documento_financeiro = ANY($1) ORDER BY 1`, [ids]);

const body = (ids: number[], valor_total: number, pago = valor_total, fields: Record<string, unknown> = {}) => ({
  id_cliente: f.id_cliente, documentos: ids, valor_total, pagamentos: [{ id_meio_pagamento: f.methods['01']!, valor_total: pago }], ...fields,
});

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  other = await t.login('outra@demo.com.br');
  f = await loadSaleFixture(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('discharge_document_checkout', () => {
  it('discharges the checked receivables at the till with the allocation of the discharge rule, change from cash, into the shift', async () => {
    const ids = await crediarioSale();
    const before = await sql<{ saldo: string }>('SELECT saldo::text AS saldo FROM documento_financeiro WHERE id_documento_financeiro = ANY($1) ORDER BY sequencia', [ids]);
    const balances = before.map((r) => fromDecimal(r.saldo));
    const total = toDecimal(balances.reduce((a, b) => a + b, 0));
    const res = await expectOk(t, 'documentFinancialDischargeCheckout', body(ids, total, total + 5), cashier);
    expect(res.json).toMatchObject({ valor_total: total, valor_troco: 5 });
    const docs = res.json['documentos'] as Array<{ id_documento_financeiro: number; situacao: string; saldo: number }>;
    expect(docs.map((d) => [d.id_documento_financeiro, d.situacao, d.saldo])).toEqual(ids.map((id) => [id, 'Quitado', 0]));
    // The same rows allocateDischarge gives (the rule of /documentFinancial and of the receipt mode).
    const expected = allocateDischarge(balances.map((saldo) => ({ saldo })), { total: fromDecimal(total) });
    const launches = await sql<{ valor: string; baixado: string }>(
      `SELECT valor::text AS valor, valor_baixado::text AS baixado FROM documento_financeiro_lancamento
        WHERE id_documento_financeiro = ANY($1) AND tipo = 'Baixa' ORDER BY id_documento_financeiro`, [ids]);
    expect(launches.map((l) => [fromDecimal(l.valor), fromDecimal(l.baixado)])).toEqual(expected.map((r) => [r.valor_pagar, r.valor_baixado]));
    // The money is the till's: a receipt operation of the cashier with the cash taken (net of change).
    const till = await sql<{ valor: string }>(
      `SELECT l.valor::text AS valor FROM caixa_operacao o JOIN caixa_operacao_lancamento l USING (id_organization, id_caixa_operacao)
        WHERE o.id_pessoa = $1 AND o.tipo = 'Recebimento' ORDER BY o.id_caixa_operacao DESC LIMIT 1`, [f.id_cliente]);
    expect(till.map((r) => r.valor)).toEqual([total.toFixed(2)]);
  });

  it('charges a late receivable its interest and fine, and refuses a total that is not what the documents owe', async () => {
    const [late] = await crediarioSale();
    const [cfg] = await sql<{ m: string; d: number; j: string }>(
      'SELECT percentual_multa::text AS m, dias_para_multa AS d, percentual_juros::text AS j FROM filial_configuracao WHERE id_filial = $1', [f.id_filial]);
    await sql('UPDATE filial_configuracao SET percentual_multa = 2, dias_para_multa = 5, percentual_juros = 3 WHERE id_filial = $1', [f.id_filial]);
    await sql(`UPDATE documento_financeiro SET valor_documento = 100, valor_atualizado = 100, saldo = 100,
                data_vencimento = (now() AT TIME ZONE 'America/Sao_Paulo')::date - 40 WHERE id_documento_financeiro = $1`, [late]);
    try {
      // The balance alone (what a stale screen or a dishonest caller sends) is refused; nothing moves.
      const stale = await t.call('POST', PATH, body([late!], 100), cashier);
      expect(stale.status).toBe(400);
      expect(stale.json['message']).toBe(FINANCE_MESSAGES.checkoutTotalMismatch);
      expect(await state([late!])).toEqual([{ id_documento_financeiro: late, situacao: 'Aberto', saldo: '100.00', baixas: 0 }]);
      // 100,00 + fine 2% + interest 3% × 40/30.
      const res = await expectOk(t, 'documentFinancialDischargeCheckout', body([late!], 106), cashier);
      expect(res.json).toMatchObject({ valor_total: 106, valor_troco: 0 });
      expect(await sql(`SELECT valor::float AS valor, valor_baixado::float AS baixado, valor_juros::float AS juros, valor_multa::float AS multa
                          FROM documento_financeiro_lancamento WHERE id_documento_financeiro = $1 AND tipo = 'Baixa'`, [late]))
        .toEqual([{ valor: 106, baixado: 100, juros: 4, multa: 2 }]);
    } finally {
      await sql('UPDATE filial_configuracao SET percentual_multa = $2, dias_para_multa = $3, percentual_juros = $4 WHERE id_filial = $1',
        [f.id_filial, cfg!.m, cfg!.d, cfg!.j]);
    }
  });

  it('refuses another organization, a negative value, a short payment and a second discharge in pt-BR, writing nothing', async () => {
    const ids = await crediarioSale();
    const before = await state(ids);
    const total = toDecimal(before.reduce((a, r) => a + fromDecimal(String(r['saldo'])), 0));
    // Another organization's user: this customer is not its (404 as a missing one), and with a customer of its own
    // these documents are nobody's there.
    const foreign = await t.call('POST', PATH, body(ids, total), other);
    expect(foreign.status).toBe(404);
    const theirCustomer = (await sql<{ id: number }>(
      `SELECT p.id_pessoa AS id FROM pessoa p JOIN organization o USING (id_organization) WHERE o.nome <> 'Demo Moda' AND p.data_exclusao IS NULL
        AND p.id_organization = (SELECT id_organization FROM usuario WHERE email = 'outra@demo.com.br') ORDER BY p.id_pessoa LIMIT 1`))[0]!.id;
    const theirs = await t.call('POST', PATH, body(ids, total, total, { id_cliente: theirCustomer }), other);
    expect(theirs.status).toBe(400);
    expect(theirs.json['message']).toBe('Título não encontrado ou já recebido.');
    const cases: Array<[Record<string, unknown>, string]> = [
      [body(ids, -total), 'O valor não pode ser negativo.'],
      [body(ids, total, -1), 'O valor não pode ser negativo.'],
      [body(ids, total, 0.01), 'O valor pago não cobre os títulos selecionados.'],
      [body(ids, total + 1), FINANCE_MESSAGES.checkoutTotalMismatch],
      [body([], total), FINANCE_MESSAGES.noDocuments],
    ];
    for (const [b, message] of cases) {
      const res = await t.call('POST', PATH, b, cashier);
      expect(res.status, message).toBe(400);
      // A contract refusal answers "Dados inválidos na requisição." with the field's message among its erros.
      const said = [String(res.json['message']), ...((res.json['erros'] as string[] | undefined) ?? [])];
      expect(said.some((m) => m.startsWith(message) || m.endsWith(`: ${message}`)), `${message} / ${JSON.stringify(res.json)}`).toBe(true);
    }
    expect(await state(ids)).toEqual(before);
    await expectOk(t, 'documentFinancialDischargeCheckout', body(ids, total), cashier);
    const again = await t.call('POST', PATH, body(ids, total), cashier);
    expect(again.status).toBe(400);
    expect(again.json['message']).toBe('Título não encontrado ou já recebido.');
  });
});
