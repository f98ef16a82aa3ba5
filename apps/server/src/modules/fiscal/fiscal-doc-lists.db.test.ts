/**
 * The fiscal lists of 002 §2 (issue 31): disablements and correction letters 10 a page, sales returns with their
 * credit, each with its documents behind signed links; all of the caller's branch and organization only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '@pdv/documents/pdf-text';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let other: string;
let otherBranch: string;
let f: SaleFixture;
let customer: number;
let serie65: number;

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  otherBranch = await t.login('filial2@demo.com.br');
  f = await loadSaleFixture(t.db);
  await t.db.system(async (tx) => {
    customer = (await tx.query<{ id: number }>(
      `SELECT p.id_pessoa AS id FROM pessoa p JOIN pessoa_endereco e USING (id_organization, id_pessoa) JOIN organization o USING (id_organization)
        WHERE o.nome = 'Demo Moda' AND e.id_cidade IS NOT NULL AND p.nome <> 'Consumidor Final' ORDER BY p.id_pessoa LIMIT 1`)).rows[0]!.id;
    serie65 = Number((await tx.query<{ c: number }>(
      `SELECT codigo_serie AS c FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '65'`, [f.id_filial])).rows[0]!.c);
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const rowsOf = (json: Record<string, unknown>) => json['rows'] as Array<Record<string, unknown>>;

describe('disablements list', () => {
  it('lists the branch\'s disablements 10 a page, newest first, with the procInutNFe to download', async () => {
    for (let i = 0; i < 11; i += 1) {
      const n = 900_000 + i * 2;
      const res = await t.call('POST', '/nfe/inutilizar_faixa', { id_filial: f.id_filial, modelo: '65', serie: serie65,
        numeracaoInicial: n, numeracaoFinal: n + 1, justificativa: 'Numeração pulada por falha no sistema emissor' }, manager);
      expect(res.json['success'], JSON.stringify(res.json)).toBe(true);
    }
    const first = await expectOk(t, 'nfeDisablementList', {}, manager);
    expect(first.json['count']).toBe(11);
    expect(rowsOf(first.json)).toHaveLength(10);
    expect(rowsOf(first.json)[0]).toMatchObject({ modelo: '65', serie: serie65, numero_inicial: 900_020, numero_final: 900_021, codigo_status: 102 });
    const second = await t.call('POST', '/nfe/inutilizacao/find', { skip: 10 }, manager);
    expect(rowsOf(second.json).map((r) => r['numero_inicial'])).toEqual([900_000]);
    const byNumber = await t.call('POST', '/nfe/inutilizacao/find', { search: '900011' }, manager);
    expect(rowsOf(byNumber.json).map((r) => r['numero_inicial'])).toEqual([900_010]);

    const xml = await t.app.inject({ method: 'GET', url: rowsOf(first.json)[0]!['url_xml'] as string });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('<ProcInutNFe');
    expect(xml.body).toContain('<nNFIni>900020</nNFIni>');
    const forged = await t.app.inject({ method: 'GET', url: (rowsOf(first.json)[0]!['url_xml'] as string).replace(/sig=.*/, 'sig=x') });
    expect(forged.statusCode).toBe(404);

    // Another organization, and another branch of the same one, see none of them.
    expect((await t.call('POST', '/nfe/inutilizacao/find', {}, other)).json['count']).toBe(0);
    expect((await t.call('POST', '/nfe/inutilizacao/find', {}, otherBranch)).json['count']).toBe(0);
    // A period before them lists nothing; a bad date is a 400 in pt-BR.
    expect((await t.call('POST', '/nfe/inutilizacao/find', { data_inicial: '2020-01-01', data_final: '2020-01-31' }, manager)).json['count']).toBe(0);
    const bad = await t.call('POST', '/nfe/inutilizacao/find', { data_inicial: '01/01/2020' }, manager);
    expect(bad.status).toBe(400);
  });
});

describe('correction letters list', () => {
  it('lists the letters with their invoice, the procEventoNFe and the DACCe', async () => {
    const saved = await t.call('POST', '/invoice/post', {
      modelo: '55', natureza_operacao: 'Venda de mercadoria', id_cliente: customer,
      itens: [{ id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque,
        quantidade: 1, valor_unitario: f.product.preco }],
      pagamentos: [{ id_meio_pagamento: f.methods['01'], valor_total: f.product.preco }],
      id_serie_fiscal: (await t.db.system((tx) => tx.query<{ id: number }>(
        `SELECT id_serie_fiscal AS id FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '55'`, [f.id_filial]))).rows[0]!.id,
    }, manager);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const id = saved.json['id_nota_fiscal'] as number;
    expect((await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager)).json['success']).toBe(true);
    const texto = 'Endereço de entrega: fundos da loja, portão azul';
    expect((await t.call('POST', '/nfe/carta_correcao', { id_nota_fiscal: id, texto_correcao: texto }, manager)).json['success']).toBe(true);

    const list = await expectOk(t, 'nfeCorrectionList', {}, manager);
    const row = rowsOf(list.json).find((r) => r['id_nota_fiscal'] === id)!;
    expect(row).toMatchObject({ modelo: '55', sequencia: 1, texto, codigo_status: 135 });
    expect(row['protocolo']).toMatch(/^\d{15}$/);
    const xml = await t.app.inject({ method: 'GET', url: row['url_xml'] as string });
    expect(xml.body).toContain('<procEventoNFe');
    expect(xml.body).toContain(`<xCorrecao>${texto}</xCorrecao>`);
    const pdf = await t.app.inject({ method: 'GET', url: row['url_pdf'] as string });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('CARTA DE CORREÇÃO ELETRÔNICA');
    expect(text).toContain(texto);
    expect(text).toContain(String(row['protocolo']));
    expect((await t.call('POST', '/nfe/carta_correcao/find', {}, other)).json['count']).toBe(0);
    expect((await t.call('POST', '/nfe/carta_correcao/find', { take: 201 }, manager)).status).toBe(400);
  });
});

describe('sales returns list', () => {
  it('lists the return invoices (finalidade 4) with the credit they generated and their documents', async () => {
    const sold = await t.call('POST', '/operacao', saleBody(f, { id_cliente: customer, modelo: '65' }, 2), manager);
    const origin = sold.json['id_nota_fiscal'] as number;
    expect((await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: origin }, manager)).json['success']).toBe(true);
    const item = (await t.db.system((tx) => tx.query<{ id: number; chave: string }>(
      `SELECT i.id_nota_fiscal_item AS id, n.chave_acesso AS chave FROM nota_fiscal_item i JOIN nota_fiscal n USING (id_organization, id_nota_fiscal)
        WHERE i.id_nota_fiscal = $1`, [origin]))).rows[0]!;
    const ret = await t.call('POST', '/operacao', {
      id_operacao: randomUUID(), modo_operacao: 'Devolucao', modelo: null, id_filial: f.id_filial, id_cliente: customer,
      data_inicio: new Date().toISOString(), id_nota_fiscal_origem: origin, pagamentos: [],
      itens: [{ id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: f.product.id_produto_grade_filial,
        id_endereco_estoque: f.product.id_endereco_estoque, descricao: f.product.descricao, quantidade: 1,
        valor_unitario: f.product.preco, id_item_origem: item.id }],
    }, manager);
    expect(ret.status, JSON.stringify(ret.json)).toBe(200);
    const draft = ret.json['id_nota_fiscal'] as number;

    const list = await expectOk(t, 'invoiceSalesReturnList', {}, manager);
    const row = rowsOf(list.json).find((r) => r['id_nota_fiscal'] === draft)!;
    expect(row).toMatchObject({ modelo: '55', situacao: 'EmEdicao', id_cliente: customer, chave_referenciada: item.chave,
      valor_nota_fiscal: f.product.preco, valor_credito: f.product.preco });
    expect(rowsOf(list.json).every((r) => r['id_nota_fiscal'] !== origin)).toBe(true);
    const pdf = await t.app.inject({ method: 'GET', url: row['url_pdf'] as string });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(row['url_xml']).toBeNull();
    expect((await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: draft }, manager)).json['success']).toBe(true);
    const after = rowsOf((await t.call('POST', '/invoice/sales_return/find', {}, manager)).json)
      .find((r) => r['id_nota_fiscal'] === draft)!;
    expect(after['situacao']).toBe('Autorizada');
    const xml = await t.app.inject({ method: 'GET', url: after['url_xml'] as string });
    expect(xml.body).toContain('<finNFe>4</finNFe>');
    expect((await t.call('POST', '/invoice/sales_return/find', {}, other)).json['count']).toBe(0);
  });
});
