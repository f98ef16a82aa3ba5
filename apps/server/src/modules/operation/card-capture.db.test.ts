/**
 * A card payment claiming a terminal transaction (its method uses capture, utilizar_captura; issue 28, 000 §3.4, 001 §3,
 * §9): POST /api/operacao keeps its card fields (authorization code, §9 brand code, acquirer CNPJ, integration type,
 * NSU, date) on the payment; without them, or with a brand that is no §9 code, it is refused with 400 in pt-BR and
 * nothing is written. The amounts are still rebuilt by the server's rules (a payment above the sale is refused). Methods
 * with capture are created here (the demo's card methods stay as they are).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_TERMINAL_MESSAGES as M } from '@pdv/domain/card-terminal';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let f: SaleFixture;
let tefCredit: number;
let operadora: number;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  f = await loadSaleFixture(t.db);
  ({ tefCredit, operadora } = await t.db.system(async (tx) => {
    const { rows } = await tx.query<{ id: number; op: number }>(
      `WITH o AS (SELECT id_organization FROM organization WHERE nome = 'Demo Moda'),
            m AS (INSERT INTO meio_pagamento (id_organization, descricao, meio_pagamento, utilizar_captura, modelo_captura)
                  SELECT id_organization, 'Crédito TEF (teste)', '03', true, 'TEF' FROM o RETURNING id_organization, id_meio_pagamento),
            b AS (INSERT INTO meio_pagamento_filial (id_organization, id_meio_pagamento, id_filial)
                  SELECT id_organization, id_meio_pagamento, $1 FROM m)
       SELECT m.id_meio_pagamento AS id,
              (SELECT min(id_operadora_cartao) FROM operadora_cartao c WHERE c.id_organization = m.id_organization) AS op FROM m`,
      [f.id_filial],
    );
    return { tefCredit: rows[0]!.id, operadora: rows[0]!.op };
  }));
});
afterAll(async () => {
  await t?.close();
});

const card = {
  cartao_codigo_autorizacao: '482913', cartao_bandeira: '01', cartao_tipo_integracao: '1', cartao_cnpj_instituicao: '01027058000191',
  cartao_nsu: '100042', cartao_data_hora_transacao: '2026-11-28T10:15:00.000Z', cartao_descricao_transacao: 'CREDITO A VISTA',
};

function captured(fields: Record<string, unknown>, extra: Partial<{ valor_total: number }> = {}) {
  const body = saleBody(f);
  const total = body.pagamentos[0]!.valor_total;
  return {
    ...body,
    pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: tefCredit, valor_total: extra.valor_total ?? total, quantidade_parcelas: 1,
      id_operadora_cartao: operadora, ...fields }],
  };
}

describe('card payments with capture (POST /api/operacao)', () => {
  it('stores the terminal data of a captured card payment, NSU included', async () => {
    const res = await t.call('POST', '/operacao', captured(card), manager);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const { rows } = await t.db.system((tx) => tx.query<Record<string, string>>(
      `SELECT cartao_codigo_autorizacao, cartao_bandeira, cartao_tipo_integracao, cartao_cnpj_instituicao, cartao_nsu, cartao_data_hora_transacao
         FROM pedido_pagamento WHERE id_pedido = $1`, [res.json['id_pedido']]));
    expect(rows).toEqual([{
      cartao_codigo_autorizacao: '482913', cartao_bandeira: '01', cartao_tipo_integracao: '1', cartao_cnpj_instituicao: '01027058000191',
      cartao_nsu: '100042', cartao_data_hora_transacao: '2026-11-28T10:15:00.000Z',
    }]);
  });

  it("gives the invoice's card payment back with what the till cancels it on the terminal by (NSU, date, capture model)", async () => {
    const body = { ...captured(card), modelo: '65' as const };
    const res = await t.call('POST', '/operacao', body, manager);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const id_nota_fiscal = res.json['id_nota_fiscal'];
    expect(typeof id_nota_fiscal).toBe('number');
    const found = await t.call('POST', '/invoice/find_by_id', { id_nota_fiscal }, manager);
    expect(found.status, JSON.stringify(found.json)).toBe(200);
    const pagamentos = found.json['pagamentos'] as Array<Record<string, unknown>>;
    expect(pagamentos).toHaveLength(1);
    expect(pagamentos[0]).toMatchObject({
      id_meio_pagamento: tefCredit, utilizar_captura: true, modelo_captura: 'TEF', cartao_nsu: '100042',
      cartao_data_hora_transacao: '2026-11-28T10:15:00.000Z', cartao_codigo_autorizacao: '482913', cartao_bandeira: '01',
    });
  });

  it('refuses a captured payment without the terminal data, naming what is missing, and writes nothing', async () => {
    const before = await countRows(t.db, 'pedido');
    const body = captured({ ...card, cartao_codigo_autorizacao: null, cartao_nsu: undefined });
    const res = await t.call('POST', '/operacao', body, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(M.cardDataMissing('código de autorização, NSU'));
    expect(await countRows(t.db, 'pedido')).toBe(before);
    expect(await countRows(t.db, 'operacao WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
  });

  it('refuses a brand name instead of the §9 code, a typed integration type and an invalid acquirer CNPJ', async () => {
    for (const [fields, message] of [
      [{ cartao_bandeira: 'Visa' }, M.brandInvalid],
      [{ cartao_tipo_integracao: '2' }, M.integrationInvalid],
      [{ cartao_cnpj_instituicao: '11.111.111/1111-11' }, M.acquirerInvalid],
      [{ cartao_data_hora_transacao: 'ontem' }, M.dateInvalid],
    ] as const) {
      const res = await t.call('POST', '/operacao', captured({ ...card, ...fields }), manager);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.json['message']).toBe(message);
    }
  });

  it('still rebuilds the amounts: a captured payment above the sale is refused', async () => {
    const body = captured(card);
    const res = await t.call('POST', '/operacao', captured(card, { valor_total: body.pagamentos[0]!.valor_total + 50 }), manager);
    expect(res.status).toBe(400);
    expect(typeof res.json['message']).toBe('string');
  });

  it('lets a typed card payment (the demo card method, no capture) go without terminal data', async () => {
    const body = saleBody(f);
    const total = body.pagamentos[0]!.valor_total;
    const res = await t.call('POST', '/operacao', { ...body, pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['03']!,
      valor_total: total, quantidade_parcelas: 1, id_operadora_cartao: operadora }] }, manager);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  });
});
