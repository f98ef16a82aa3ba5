/**
 * The invoice editor's actions of issue 31 against the SEFAZ simulator: /invoice/invoice-reprocess (a rejected or a
 * contingency invoice sent again through the emission path, with the spec's messages), /invoice/change-transmission-type
 * (an NFC-e signed in offline contingency, tpEmis 9 in its key) and /invoice_item/split (desdobramento into
 * variations, the discount shared to the centavo). Each refuses another branch's or organization's invoice (404) and an
 * authorized one (400, pt-BR), writing nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let branch2: string;
let other: string;
let f: SaleFixture;
let serie55: number;
let customerWithAddress: number;

const system = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query<R>(sql, params));
type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  branch2 = await t.login('filial2@demo.com.br');
  other = await t.login('outra@demo.com.br');
  f = await loadSaleFixture(t.db);
  serie55 = (await system<{ id: number }>(`SELECT id_serie_fiscal AS id FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '55'`, [f.id_filial])).rows[0]!.id;
  customerWithAddress = (await system<{ id: number }>(
    `SELECT p.id_pessoa AS id FROM pessoa p JOIN pessoa_endereco e USING (id_organization, id_pessoa) JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' AND e.id_cidade IS NOT NULL ORDER BY p.id_pessoa LIMIT 1`)).rows[0]!.id;
}, 120_000);
afterAll(async () => {
  t.fiscal!.simulator!.setMode('normal');
  await t.close();
});
beforeEach(async () => {
  await system('UPDATE estoque SET quantidade = 50, quantidade_reserva = 0 WHERE id_estoque IN ($1, $2)', [f.product.id_estoque, f.second.id_estoque]);
});

async function nfceDraft(): Promise<number> {
  const res = await t.call('POST', '/operacao', saleBody(f, { modelo: '65', cliente_cpf_cnpj: '52998224725' }, 2), manager);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json['id_nota_fiscal'] as number;
}

async function nfeDraft(): Promise<Json> {
  const res = await t.call('POST', '/invoice/post', {
    modelo: '55', id_serie_fiscal: serie55, natureza_operacao: 'Venda de mercadoria', id_cliente: customerWithAddress,
    itens: [{ id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque,
      quantidade: 3, valor_unitario: 10, valor_desconto: 1 }],
    pagamentos: [{ id_meio_pagamento: f.methods['01'], valor_total: 29 }],
  }, manager);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}

const summary = (res: { json: Json }) => res.json['nota_fiscal'] as Json;

describe('/invoice/invoice-reprocess', () => {
  it('sends a rejected invoice again through the emission path and answers the spec message', async () => {
    const id = await nfceDraft();
    // A rejection before any authorization (fiscal/service.ts store): Rejeitada, no key or XML kept.
    await system(`UPDATE nota_fiscal SET situacao = 'Rejeitada', codigo_status = 225, motivo = 'Falha no Schema XML' WHERE id_nota_fiscal = $1`, [id]);
    const res = await expectOk(t, 'invoiceReprocess', { id_nota_fiscal: id }, manager);
    expect(res.json['success'], JSON.stringify(res.json)).toBe(true);
    const numero = summary(res)['numero_nota_fiscal'] as number;
    expect(res.json['message']).toBe(M.transmitted(numero));
    expect(summary(res)).toMatchObject({ situacao: 'Autorizada', codigo_status: 100 });
  });

  it("answers SEFAZ's rejection with the spec message: a number authorized under another key is 539", async () => {
    const id = await nfceDraft();
    const first = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
    const numero = summary(first)['numero_nota_fiscal'] as number;
    // The local copy lost the authorization (restored backup): SEFAZ knows the number under the first key.
    await system(`UPDATE nota_fiscal SET situacao = 'Rejeitada', protocolo = NULL, xml_autorizado = NULL, xml_assinado = NULL,
      chave_acesso = NULL WHERE id_nota_fiscal = $1`, [id]);
    const res = await t.call('POST', '/invoice/invoice-reprocess', { id_nota_fiscal: id }, manager);
    expect(res.status).toBe(200);
    expect(res.json['success']).toBe(false);
    expect(res.json['status']).toBe('539');
    expect(res.json['message']).toBe(M.notAuthorized(numero, `539 - ${res.json['motivo'] as string}`));
    expect(summary(res)['situacao']).toBe('Rejeitada');
  });

  it('sends a contingency NFC-e now with the key it was printed with', async () => {
    const id = await nfceDraft();
    t.fiscal!.simulator!.setMode('unavailable');
    let key: string;
    try {
      const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
      expect(summary(sent)['situacao']).toBe('Contingencia');
      key = summary(sent)['chave_acesso'] as string;
    } finally {
      t.fiscal!.simulator!.setMode('normal');
    }
    const res = await t.call('POST', '/invoice/invoice-reprocess', { id_nota_fiscal: id }, manager);
    expect(res.json['message']).toBe(M.transmitted(summary(res)['numero_nota_fiscal'] as number));
    expect(summary(res)).toMatchObject({ situacao: 'Autorizada', chave_acesso: key });
  });

  it('refuses an authorized invoice (400) and answers 404 to another branch or organization', async () => {
    const id = await nfceDraft();
    const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
    const numero = summary(sent)['numero_nota_fiscal'] as number;
    const refused = await t.call('POST', '/invoice/invoice-reprocess', { id_nota_fiscal: id }, manager);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe(M.alreadyAuthorized(numero));
    expect((await t.call('POST', '/invoice/invoice-reprocess', { id_nota_fiscal: id }, branch2)).status).toBe(404);
    expect((await t.call('POST', '/invoice/invoice-reprocess', { id_nota_fiscal: id }, other)).status).toBe(404);
  });
});

describe('/invoice/change-transmission-type', () => {
  it('signs an NFC-e in offline contingency (tpEmis 9 in its key) with the justification given, authorized by SEFAZ', async () => {
    const id = await nfceDraft();
    const changed = await expectOk(t, 'invoiceChangeTransmissionType',
      { id_nota_fiscal: id, tipo_emissao: 9, justificativa: 'Internet da loja fora do ar' }, manager);
    expect(changed.json['tipo_emissao']).toBe(9);
    const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
    expect(sent.json['success'], JSON.stringify(sent.json)).toBe(true);
    expect(summary(sent)).toMatchObject({ situacao: 'Autorizada', tipo_emissao: 9 });
    expect((summary(sent)['chave_acesso'] as string)[34]).toBe('9');
    const stored = await system<{ j: string }>('SELECT justificativa_contingencia AS j FROM nota_fiscal WHERE id_nota_fiscal = $1', [id]);
    expect(stored.rows[0]!.j).toBe('Internet da loja fora do ar');
  });

  it('back to normal signs with tpEmis 1', async () => {
    const id = await nfceDraft();
    await t.call('POST', '/invoice/change-transmission-type', { id_nota_fiscal: id, tipo_emissao: 9, justificativa: 'Internet da loja fora do ar' }, manager);
    const back = await t.call('POST', '/invoice/change-transmission-type', { id_nota_fiscal: id, tipo_emissao: 1 }, manager);
    expect(back.json['tipo_emissao']).toBe(1);
    const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
    expect((summary(sent)['chave_acesso'] as string)[34]).toBe('1');
  });

  it('refuses contingency for an NF-e, a short justification and an authorized invoice (400), another org (404)', async () => {
    const nfe = await nfeDraft();
    const r55 = await t.call('POST', '/invoice/change-transmission-type',
      { id_nota_fiscal: nfe['id_nota_fiscal'], tipo_emissao: 9, justificativa: 'Internet da loja fora do ar' }, manager);
    expect([r55.status, r55.json['message']]).toEqual([400, M.transmissionTypeModel]);
    const id = await nfceDraft();
    const short = await t.call('POST', '/invoice/change-transmission-type', { id_nota_fiscal: id, tipo_emissao: 9, justificativa: 'sem rede' }, manager);
    expect([short.status, short.json['message']]).toEqual([400, M.justificationLength]);
    await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
    const locked = await t.call('POST', '/invoice/change-transmission-type', { id_nota_fiscal: id, tipo_emissao: 1 }, manager);
    expect([locked.status, locked.json['message']]).toEqual([400, M.notEditable]);
    expect((await t.call('POST', '/invoice/change-transmission-type', { id_nota_fiscal: id, tipo_emissao: 1 }, other)).status).toBe(404);
  });
});

describe('/invoice_item/split', () => {
  it('splits a line into variations at its price, sharing its discount, and records each part', async () => {
    const nfe = await nfeDraft();
    const id = nfe['id_nota_fiscal'] as number;
    const line = (nfe['itens'] as Json[])[0]!;
    const res = await expectOk(t, 'invoiceItemSplit', {
      id_nota_fiscal: id, id_nota_fiscal_item: line['id_nota_fiscal_item'],
      partes: [{ id_produto_grade_filial: f.product.id_produto_grade_filial, quantidade: 2 },
        { id_produto_grade_filial: f.second.id_produto_grade_filial, quantidade: 1 }],
    }, manager);
    const live = (res.json['itens'] as Json[]).filter((i) => !i['is_cancelado']);
    expect(live.map((i) => [i['id_produto_grade_filial'], i['quantidade'], i['valor_unitario'], i['valor_desconto']])).toEqual([
      [f.product.id_produto_grade_filial, 2, 10, 0.67], [f.second.id_produto_grade_filial, 1, 10, 0.33]]);
    expect(res.json['valor_nota_fiscal']).toBe(29);
    const parts = await system<{ n: number }>('SELECT count(*)::int AS n FROM nota_fiscal_item_desdobramento WHERE id_nota_fiscal_item = $1',
      [line['id_nota_fiscal_item']]);
    expect(parts.rows[0]!.n).toBe(2);
    const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
    expect(sent.json['success'], JSON.stringify(sent.json)).toBe(true);
  });

  it('refuses parts that do not sum to the line, and an authorized invoice, with pt-BR messages; 404 to another org', async () => {
    const nfe = await nfeDraft();
    const id = nfe['id_nota_fiscal'] as number;
    const item = (nfe['itens'] as Json[])[0]!['id_nota_fiscal_item'];
    const body = (q1: number) => ({ id_nota_fiscal: id, id_nota_fiscal_item: item,
      partes: [{ id_produto_grade_filial: f.product.id_produto_grade_filial, quantidade: q1 }] });
    const wrong = await t.call('POST', '/invoice_item/split', body(2), manager);
    expect([wrong.status, wrong.json['message']]).toEqual([400, M.splitQuantitySum]);
    expect((await t.call('POST', '/invoice_item/split', body(3), other)).status).toBe(404);
    expect((await t.call('POST', '/invoice_item/split', body(3), branch2)).status).toBe(404);
    await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
    const locked = await t.call('POST', '/invoice_item/split', body(3), manager);
    expect([locked.status, locked.json['message']]).toEqual([400, M.notEditable]);
    const lines = await system<{ n: number }>('SELECT count(*)::int AS n FROM nota_fiscal_item WHERE id_nota_fiscal = $1', [id]);
    expect(lines.rows[0]!.n).toBe(1);
  });
});
