/**
 * Card sales become receivables of the card operator (issue 24): one per installment, owed by the operator's person,
 * due on its credit days, gross or net of the fee per the branch; never the customer's (the receipt mode does not
 * list them, the customer's credit rules do not count them).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardReceivables } from '@pdv/domain/card-receivables';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let f: SaleFixture;
let cashier: string;
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
