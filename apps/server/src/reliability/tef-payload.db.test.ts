/**
 * What a TEF (card terminal) answer may leave in the database: the spec's card fields of a sale payment (000 §3.4, 001
 * "Payment in the point of sale": cartao_codigo_autorizacao, cartao_bandeira, cartao_tipo_integracao,
 * cartao_cnpj_instituicao, cartao_data_hora_transacao, cartao_descricao_transacao, txid_pix) and nothing else.
 * payload_tef, the terminal's raw answer, is not accepted by the contract of POST /api/operacao (zod drops unknown
 * keys) and has no column: it is never stored. A client that sends it anyway, with the card number, track 2 and the
 * CVV in it and in every card field, leaves no card number, track data or CVV in any table or answer.
 */
import type { OperacaoBody } from '@pdv/contract/operation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../testing/sale.ts';
import { scanDatabaseForPans } from './card-scan.ts';
import { plantPan } from './card-data.ts';
import { findPans } from './luhn.ts';
import { SKIP_SECOND_RUN } from './variant.ts';

/** The payment fields of the spec a TEF answer fills (the allow-list), as the contract and pedido_pagamento have them. */
export const TEF_FIELDS = ['cartao_codigo_autorizacao', 'cartao_bandeira', 'cartao_tipo_integracao', 'cartao_cnpj_instituicao',
  'cartao_data_hora_transacao', 'cartao_descricao_transacao', 'txid_pix', 'cartao_nsu'] as const;

let t: TestApp;
let manager: string;
let f: SaleFixture;
let operadora: number;

beforeAll(async () => {
  if (SKIP_SECOND_RUN) return;
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  f = await loadSaleFixture(t.db);
  const { rows } = await t.db.system((tx) => tx.query<{ id: number }>(
    `SELECT id_operadora_cartao AS id FROM operadora_cartao o JOIN organization g USING (id_organization)
      WHERE g.nome = 'Demo Moda' ORDER BY 1 LIMIT 1`));
  operadora = rows[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

/** Columns of any table whose text holds `needle` ("table.column"). */
async function columnsHolding(db: Database, needle: string): Promise<string[]> {
  return db.system(async (tx) => {
    const { rows: columns } = await tx.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')`,
    );
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${table_name}" WHERE strpos("${column_name}"::text, $1) > 0`, [needle]);
      if (rows[0]!.n > 0) found.push(`${table_name}.${column_name}`);
    }
    return found;
  });
}

describe.skipIf(SKIP_SECOND_RUN)('TEF payloads keep only the fields of the spec', () => {
  it('the contract knows payload_tef as no field: only the allow-listed card fields reach the payment', async () => {
    const { operacaoPagamento } = await import('@pdv/contract/operation');
    const cardKeys = Object.keys(operacaoPagamento.shape).filter((k) => k.startsWith('cartao_') || k === 'txid_pix' || k === 'payload_tef');
    expect(cardKeys.sort()).toEqual([...TEF_FIELDS].sort());
    const parsed = operacaoPagamento.parse({
      id_pagamento: crypto.randomUUID(), id_meio_pagamento: 1, valor_total: 1, payload_tef: '{"pan":"4111111111111111"}', cvv: '123',
    });
    expect(parsed).not.toHaveProperty('payload_tef');
    expect(parsed).not.toHaveProperty('cvv');
  });

  it('a card payment whose TEF payload and card fields carry a PAN, track 2 and a CVV stores none of them', async () => {
    const pans = Array.from({ length: 8 }, (_, i) => plantPan(9000 + i));
    const [p0, p1, p2, p3, p4, p5, p6, p7] = pans as [string, string, string, string, string, string, string, string];
    const cvv = 'CVV=8531';
    const track2 = `;${p0}=30121010000085310000?`;
    const track1 = `%B${p1}^SOUZA/MARIA^3012101000008531000000?`;
    const payload = JSON.stringify({ pan: p0, numero_cartao: p1, track1, track2, cvv, cvv2: '8531', validade: '12/30',
      nsu: '004512', autorizacao: '123456', bandeira: 'VISA', rede: 'CIELO' });
    const body: OperacaoBody & { pagamentos: Array<Record<string, unknown>> } = saleBody(f);
    const total = body.pagamentos[0]!.valor_total;
    body.pagamentos = [{
      id_pagamento: crypto.randomUUID(), id_meio_pagamento: f.methods['03']!, valor_total: total, quantidade_parcelas: 1, id_operadora_cartao: operadora,
      cartao_codigo_autorizacao: p2, cartao_bandeira: p3, cartao_tipo_integracao: '1', cartao_cnpj_instituicao: p4,
      cartao_data_hora_transacao: `${p5} ${cvv}`, cartao_descricao_transacao: `CREDITO ${track2}`, txid_pix: `tx${p6}`,
      // Not fields of the contract: dropped before anything is stored.
      payload_tef: payload, numero_cartao: p7, cvv: '8531', trilha2: track2, pan: p0,
    }];
    const res = await t.call('POST', '/operacao', body, manager);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const answer = JSON.stringify(res.json);
    expect(findPans(answer)).toEqual([]);

    const hits = (await scanDatabaseForPans(t.db)).filter((h) => pans.includes(h.pan) || pans.some((p) => h.pan.includes(p)));
    const leaks: string[] = hits.map((h) => `${h.table}.${h.column}`);
    for (const needle of [...pans, 'CVV=8531', '"cvv"', '30121010000085310000', 'SOUZA/MARIA', 'numero_cartao', 'track2']) {
      for (const at of await columnsHolding(t.db, needle)) leaks.push(`${at}: ${needle}`);
    }
    console.log(`TEF payload with 8 card numbers, track 1 and 2, a CVV: ${leaks.length} found in the database`);
    expect(leaks).toEqual([]);

    // The payment row has the allow-listed fields (masked where a card number was), the rest nowhere.
    const { rows } = await t.db.system((tx) => tx.query<Record<string, string | null>>(
      `SELECT ${TEF_FIELDS.join(', ')} FROM pedido_pagamento WHERE id_pedido = $1`, [res.json['id_pedido']]));
    expect(rows).toHaveLength(1);
    const stored = rows[0]!;
    expect(stored['cartao_tipo_integracao']).toBe('1');
    expect(stored['cartao_codigo_autorizacao']).toBe(`************${p2.slice(-4)}`);
    expect(stored['cartao_bandeira']).toBe(`************${p3.slice(-4)}`);
  });

  it('an honest TEF answer is stored as sent (a formatted CNPJ and a valid 14-digit one are no card numbers)', async () => {
    const body = saleBody(f);
    const total = body.pagamentos[0]!.valor_total;
    // A valid CNPJ stays as sent, also one that starts with a card brand's digit and passes Luhn.
    for (const cnpj of ['01.027.058/0001-91', '33000167000101', '30000000000152']) {
      const honest = { ...saleBody(f), pagamentos: [{
        id_pagamento: crypto.randomUUID(), id_meio_pagamento: f.methods['04']!, valor_total: total, quantidade_parcelas: 1, id_operadora_cartao: operadora,
        cartao_codigo_autorizacao: '654321', cartao_bandeira: 'Mastercard', cartao_tipo_integracao: '2', cartao_cnpj_instituicao: cnpj,
        cartao_data_hora_transacao: '2026-11-22T10:15:00-03:00', cartao_descricao_transacao: 'DEBITO A VISTA', txid_pix: null,
      }] };
      const res = await t.call('POST', '/operacao', honest, manager);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const { rows } = await t.db.system((tx) => tx.query<Record<string, string | null>>(
        `SELECT ${TEF_FIELDS.join(', ')} FROM pedido_pagamento WHERE id_pedido = $1`, [res.json['id_pedido']]));
      expect(rows[0]).toEqual({ cartao_codigo_autorizacao: '654321', cartao_bandeira: 'Mastercard', cartao_tipo_integracao: '2',
        cartao_cnpj_instituicao: cnpj, cartao_data_hora_transacao: '2026-11-22T10:15:00-03:00', cartao_descricao_transacao: 'DEBITO A VISTA',
        txid_pix: null, cartao_nsu: null });
    }
  });
});
