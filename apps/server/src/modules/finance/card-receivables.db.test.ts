/**
 * Card sales become receivables of the card operator (issue 24): one per installment, owed by the operator's person,
 * due on its credit days, gross or net of the fee per the branch; never the customer's (the receipt mode does not
 * list them, the customer's credit rules do not count them).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardReceivables } from '@pdv/domain/card-receivables';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let f: SaleFixture;
let cashier: string;
let manager: string;
let operator: { id: number; id_pessoa: number; taxa: number; dias_credito: number; taxas_parcela: Array<{ parcela: number; taxa: number }> };

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.system((tx) => tx.query<T>(text, params))).rows;
const receivablesOf = (id_operacao: string) => sql<{ valor: string; vencimento: string; id_pessoa: number | null }>(
  `SELECT valor_documento::text AS valor, data_vencimento::text AS vencimento, id_pessoa FROM documento_financeiro
    WHERE id_operacao = $1 ORDER BY sequencia`, [id_operacao]);

beforeAll(async () => {
  t = await createTestApp();
  f = await loadSaleFixture(t.db);
  cashier = await t.login('caixa@demo.com.br');
  manager = await t.login('gerente@demo.com.br');
  const [row] = await sql<{ id: number; id_pessoa: number; taxa: string; dias_credito: number; taxas_parcela: Array<{ parcela: number; taxa: number }> }>(
    `SELECT o.id_operadora_cartao AS id, o.id_pessoa, o.taxa::text, o.dias_credito, o.taxas_parcela
       FROM operadora_cartao o JOIN filial fi ON fi.id_organization = o.id_organization
      WHERE fi.id_filial = $1 AND o.id_pessoa IS NOT NULL AND o.data_exclusao IS NULL ORDER BY o.id_operadora_cartao LIMIT 1`, [f.id_filial]);
  operator = { ...row!, taxa: Number(row!.taxa) };
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('card sales', () => {
  it("make the operator's receivables per installment on its credit days, none of the customer's", async () => {
    const body = saleBody(f, { id_cliente: f.id_cliente }, 1);
    body.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['03']!, valor_total: f.product.preco, quantidade_parcelas: 3,
      id_operadora_cartao: operator.id }];
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const rows = await receivablesOf(body.id_operacao);
    const today = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);
    const expected = cardReceivables(Math.round(f.product.preco * 100), 3, today, operator, false);
    expect(rows.map((r) => [Math.round(Number(r.valor) * 100), r.vencimento, r.id_pessoa])).toEqual(
      expected.map((e) => [e.valor, e.data_vencimento, operator.id_pessoa]),
    );
    // The customer owes nothing for it: the receipt mode lists none of them.
    const ids = (await sql<{ id: number }>('SELECT id_documento_financeiro AS id FROM documento_financeiro WHERE id_operacao = $1', [body.id_operacao]))
      .map((r) => r.id);
    expect(ids).toHaveLength(3);
    const titles = await t.call('POST', '/operacao/recebimento/titulos', { id_cliente: f.id_cliente }, cashier);
    expect(titles.status).toBe(200);
    const listed = (titles.json['rows'] as Array<{ id_documento_financeiro: number }>).map((r) => r.id_documento_financeiro);
    expect(listed.filter((id) => ids.includes(id))).toEqual([]);
  });

  it('are net of the fee where the branch discounts it, and a debit card is one receivable', async () => {
    await sql('UPDATE filial_configuracao SET descontar_taxa_cartao_credito = true WHERE id_filial = $1', [f.id_filial]);
    try {
      const body = saleBody(f, {}, 1);
      body.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['04']!, valor_total: f.product.preco, id_operadora_cartao: operator.id }];
      const res = await t.call('POST', '/operacao', body, cashier);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const rows = await receivablesOf(body.id_operacao);
      const today = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);
      const [expected] = cardReceivables(Math.round(f.product.preco * 100), 1, today, operator, true);
      expect(rows.map((r) => [Math.round(Number(r.valor) * 100), r.vencimento, r.id_pessoa])).toEqual([[expected!.valor, expected!.data_vencimento, operator.id_pessoa]]);
      expect(expected!.valor).toBeLessThan(Math.round(f.product.preco * 100));
    } finally {
      await sql('UPDATE filial_configuracao SET descontar_taxa_cartao_credito = false WHERE id_filial = $1', [f.id_filial]);
    }
  });

  it('a quote takes none, and a resend makes none twice', async () => {
    const body = saleBody(f, { id_cliente: f.id_cliente }, 1);
    body.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['03']!, valor_total: f.product.preco, quantidade_parcelas: 2,
      id_operadora_cartao: operator.id }];
    expect((await t.call('POST', '/operacao', body, cashier)).status).toBe(200);
    expect((await t.call('POST', '/operacao', body, cashier)).json).toMatchObject({ duplicado: true });
    expect(await receivablesOf(body.id_operacao)).toHaveLength(2);
    const quote = { ...saleBody(f, { id_cliente: f.id_cliente }, 1), modo_operacao: 'Orcamento' as const };
    quote.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['03']!, valor_total: f.product.preco, id_operadora_cartao: operator.id }];
    expect((await t.call('POST', '/operacao', quote, cashier)).status).toBe(200);
    expect(await receivablesOf(quote.id_operacao)).toHaveLength(0);
  });
});

describe('card sales in the cash flow', () => {
  type Day = { data: string; saldo_inicial: number; saldo_inicial_previsto: number; entradas: number; saidas: number; a_receber: number; a_pagar: number; saldo: number; saldo_previsto: number };
  type Flow = { saldo_inicial: number; dias: Day[]; saldo_final: number; saldo_final_previsto: number };
  const cents = (v: number) => Math.round(v * 100);
  const flow = async (data_inicio: string, data_fim: string) =>
    (await expectOk(t, 'documentFinancialCashFlow', { data_inicio, data_fim }, manager)).json as unknown as Flow;

  it('a card sale through POST /api/operacao is expected on each credit date, net of the fee, with each day opening on the day before\'s close', async () => {
    await sql('UPDATE filial_configuracao SET descontar_taxa_cartao_credito = true WHERE id_filial = $1', [f.id_filial]);
    try {
      const today = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);
      // An operator with a fee and credit days: the net amounts and later dates are what is checked.
      expect([operator.taxa > 0, operator.dias_credito > 0]).toEqual([true, true]);
      const expected = cardReceivables(cents(f.product.preco), 2, today, operator, true);
      const from = today;
      const to = expected.at(-1)!.data_vencimento;
      const before = await flow(from, to);
      const body = saleBody(f, {}, 1);
      body.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['03']!, valor_total: f.product.preco, quantidade_parcelas: 2,
        id_operadora_cartao: operator.id }];
      const res = await t.call('POST', '/operacao', body, cashier);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const after = await flow(from, to);
      // What the sale added to each day's expected receipts: the net instalments on their credit dates, nothing else.
      const added = after.dias.map((d, i) => [d.data, cents(d.a_receber) - cents(before.dias[i]!.a_receber)] as const).filter(([, v]) => v !== 0);
      const byDate = new Map<string, number>();
      for (const e of expected) byDate.set(e.data_vencimento, (byDate.get(e.data_vencimento) ?? 0) + e.valor);
      expect(added).toEqual([...byDate.entries()]);
      expect(expected.reduce((a, e) => a + e.valor, 0)).toBeLessThan(cents(f.product.preco));
      expect(cents(after.saldo_final_previsto) - cents(before.saldo_final_previsto)).toBe(expected.reduce((a, e) => a + e.valor, 0));
      // Opening and closing balances per day: the first opens on the period's opening balance, each next one on the
      // day before's close; a day closes on its opening plus what came in minus what went out (plus expected, forecast).
      expect(after.dias[0]).toMatchObject({ saldo_inicial: after.saldo_inicial, saldo_inicial_previsto: after.saldo_inicial });
      for (const [i, d] of after.dias.entries()) {
        if (i > 0) expect([d.saldo_inicial, d.saldo_inicial_previsto]).toEqual([after.dias[i - 1]!.saldo, after.dias[i - 1]!.saldo_previsto]);
        expect(cents(d.saldo)).toBe(cents(d.saldo_inicial) + cents(d.entradas) - cents(d.saidas));
        expect(cents(d.saldo_previsto)).toBe(cents(d.saldo_inicial_previsto) + cents(d.entradas) - cents(d.saidas) + cents(d.a_receber) - cents(d.a_pagar));
      }
      expect(after.dias.at(-1)).toMatchObject({ saldo: after.saldo_final, saldo_previsto: after.saldo_final_previsto });
    } finally {
      await sql('UPDATE filial_configuracao SET descontar_taxa_cartao_credito = false WHERE id_filial = $1', [f.id_filial]);
    }
  });
});
