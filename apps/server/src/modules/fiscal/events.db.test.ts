/**
 * Fiscal events of an authorized NF-e, one at a time (event-claim.ts): parallel cancellations register one event and
 * keep its protocol, a later duplicate answer never overwrites a registered event, a failed SEFAZ call leaves no claim
 * behind and a crashed call's claim expires.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';
import { claimSeconds } from './event-claim.ts';
import { storeEvent } from './events.ts';
import type { FiscalContext } from './service.ts';

let t: TestApp;
let manager: string;
let sale: SaleFixture;
let serie55: number;
let customer: number;
let id_usuario: number;
let org: number;

type Row = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  sale = await loadSaleFixture(t.db);
  await t.db.system(async (tx) => {
    await tx.query('UPDATE estoque SET quantidade = 1000 WHERE id_estoque = $1', [sale.product.id_estoque]);
    serie55 = (await tx.query<{ id: number }>(
      `SELECT id_serie_fiscal AS id FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '55'`, [sale.id_filial])).rows[0]?.id ?? 0;
    org = (await tx.query<{ id: number }>(`SELECT id_organization AS id FROM filial WHERE id_filial = $1`, [sale.id_filial])).rows[0]?.id ?? 0;
    customer = (await tx.query<{ id: number }>(
      `SELECT p.id_pessoa AS id FROM pessoa p JOIN pessoa_endereco e USING (id_organization, id_pessoa)
        WHERE p.id_organization = $1 AND e.id_cidade IS NOT NULL ORDER BY p.id_pessoa LIMIT 1`, [org])).rows[0]?.id ?? 0;
    id_usuario = (await tx.query<{ id: number }>(`SELECT id_usuario AS id FROM usuario WHERE email = 'gerente@demo.com.br'`)).rows[0]?.id ?? 0;
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** A saved and authorized NF-e of 2 units. */
async function authorizedNfe(): Promise<number> {
  const saved = await t.call('POST', '/invoice/post', {
    modelo: '55', id_serie_fiscal: serie55, natureza_operacao: 'Venda de mercadoria', id_cliente: customer,
    itens: [{ id_produto_grade_filial: sale.product.id_produto_grade_filial, id_endereco_estoque: sale.product.id_endereco_estoque,
      quantidade: 2, valor_unitario: sale.product.preco }],
    pagamentos: [{ id_meio_pagamento: sale.methods['01'], valor_total: Math.round(sale.product.preco * 200) / 100 }],
  }, manager);
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const id = saved.json['id_nota_fiscal'] as number;
  const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
  expect((sent.json['nota_fiscal'] as Row | undefined)?.['situacao'], JSON.stringify(sent.json)).toBe('Autorizada');
  return id;
}

const events = (id: number) =>
  t.db.system(async (tx) => (await tx.query<Row>(
    `SELECT tipo_evento, sequencia, codigo_status, protocolo FROM nota_fiscal_evento WHERE id_nota_fiscal = $1 ORDER BY sequencia`,
    [id])).rows);
const invoice = (id: number) =>
  t.db.system(async (tx) => (await tx.query<Row>('SELECT situacao, evento_em_processamento FROM nota_fiscal WHERE id_nota_fiscal = $1',
    [id])).rows[0]);
const stock = () =>
  t.db.system(async (tx) => Number((await tx.query<{ q: number }>('SELECT quantidade AS q FROM estoque WHERE id_estoque = $1',
    [sale.product.id_estoque])).rows[0]?.q));
const cancel = (id: number) => t.call('POST', '/nfe/cancelar', { id_nota_fiscal: id, justificativa: 'Cliente desistiu da compra' }, manager);

function context(): FiscalContext {
  const fiscal = t.fiscal?.deps;
  if (!fiscal) throw new Error('the test app runs without SEFAZ');
  return { db: t.db, fiscal, org, id_filial: sale.id_filial, id_usuario };
}

describe('one fiscal event per invoice at a time', () => {
  it('three parallel cancellations register one event, keep its protocol and give the stock back once', async () => {
    const id = await authorizedNfe();
    const before = await stock();
    const answers = await Promise.all([cancel(id), cancel(id), cancel(id)]);
    const ok = answers.filter((a) => a.status === 200 && a.json['success'] === true);
    expect(ok.length, JSON.stringify(answers.map((a) => [a.status, a.json]))).toBe(1);
    // The others: refused while the first one's event is at SEFAZ, or after it as an invoice no longer authorized.
    for (const other of answers.filter((a) => !ok.includes(a))) {
      expect([[409, M.eventInProgress], [400, M.notAuthorizedForEvent]]).toContainEqual([other.status, other.json['message']]);
    }
    const stored = await events(id);
    expect(stored.map((e) => [e['tipo_evento'], e['sequencia'], e['codigo_status']])).toEqual([['110111', 1, 135]]);
    expect(stored[0]?.['protocolo']).toMatch(/^\d{15}$/);
    expect(await invoice(id)).toEqual({ situacao: 'Cancelada', evento_em_processamento: null });
    expect(await stock()).toBe(before + 2);
  });

  it('refuses an event while another is at SEFAZ, and takes over the claim of a call that died', async () => {
    const id = await authorizedNfe();
    const claim = (age: string) =>
      t.db.system((tx) => tx.query(`UPDATE nota_fiscal SET evento_em_processamento = now() - $2::interval WHERE id_nota_fiscal = $1`, [id, age]));
    await claim('5 seconds');
    const refused = await t.call('POST', '/nfe/carta_correcao', { id_nota_fiscal: id, texto_correcao: 'Endereço de entrega: fundos da loja' }, manager);
    expect([refused.status, refused.json['message']]).toEqual([409, M.eventInProgress]);
    expect(await cancel(id).then((r) => r.status)).toBe(409);
    expect(await events(id)).toEqual([]);
    await claim(`${claimSeconds(context().fiscal.timeoutMs) + 1} seconds`);
    const cancelled = await cancel(id);
    expect(cancelled.json['success'], JSON.stringify(cancelled.json)).toBe(true);
    expect(await invoice(id)).toEqual({ situacao: 'Cancelada', evento_em_processamento: null });
  });

  it('leaves no claim behind when SEFAZ does not answer', async () => {
    const id = await authorizedNfe();
    const simulator = t.fiscal?.simulator;
    if (!simulator) throw new Error('the test app runs without the simulator');
    simulator.setMode('unavailable');
    try {
      const down = await cancel(id);
      expect([down.status, down.json['message']]).toEqual([503, M.sefazUnavailable]);
      expect(await invoice(id)).toEqual({ situacao: 'Autorizada', evento_em_processamento: null });
    } finally {
      simulator.setMode('normal');
    }
    expect((await cancel(id)).json['success']).toBe(true);
  });
});

describe('the stored event is the one SEFAZ registered', () => {
  const answer = (id: number, cStat: number, protocolo: string | null) => ({
    id, tipo: '110111' as const, seq: 1, texto: 'Cliente desistiu da compra', xml: `<evento>${cStat}</evento>`,
    retorno: protocolo ? `<procEventoNFe>${protocolo}</procEventoNFe>` : null, cStat, motivo: `motivo ${cStat}`, protocolo,
  });
  const store = (e: ReturnType<typeof answer>) => t.db.tenant({ id_organization: org }, (tx) => storeEvent(tx, context(), e));

  it('a later duplicate answer (573) of the same sequence keeps the registered event and its protocol', async () => {
    const id = await authorizedNfe();
    await store(answer(id, 135, '135000000000001'));
    await store(answer(id, 573, null));
    expect(await events(id)).toEqual([{ tipo_evento: '110111', sequencia: 1, codigo_status: 135, protocolo: '135000000000001' }]);
  });

  it('a refused event is replaced by the answer to its corrected resend', async () => {
    const id = await authorizedNfe();
    await store(answer(id, 222, null));
    await store(answer(id, 135, '135000000000002'));
    expect(await events(id)).toEqual([{ tipo_evento: '110111', sequencia: 1, codigo_status: 135, protocolo: '135000000000002' }]);
  });
});
