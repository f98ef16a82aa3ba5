/**
 * A return of an NFC-e authorized by the SEFAZ homologation simulator: its draft return NF-e (finalidade 4, entry,
 * referencing the NFC-e's key, the branch's return scenario) is transmitted and authorized as it was made.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let f: SaleFixture;
let customer: number;

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  f = await loadSaleFixture(t.db);
  customer = (await t.db.system((tx) => tx.query<{ id: number }>(
    `SELECT p.id_pessoa AS id FROM pessoa p JOIN pessoa_endereco e USING (id_organization, id_pessoa)
      JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' AND e.id_cidade IS NOT NULL AND p.nome <> 'Consumidor Final' ORDER BY p.id_pessoa LIMIT 1`))).rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the return invoice of an NFC-e', () => {
  it('is a draft NF-e that SEFAZ authorizes, referencing the original key, with the return CFOP', async () => {
    const sold = await t.call('POST', '/operacao', saleBody(f, { id_cliente: customer, modelo: '65' }, 2), manager);
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    const id = sold.json['id_nota_fiscal'] as number;
    const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
    expect(sent.json['success'], JSON.stringify(sent.json)).toBe(true);
    const { rows } = await t.db.system((tx) => tx.query<{ id: number; chave: string }>(
      `SELECT i.id_nota_fiscal_item AS id, n.chave_acesso AS chave FROM nota_fiscal_item i JOIN nota_fiscal n USING (id_organization, id_nota_fiscal)
        WHERE i.id_nota_fiscal = $1`, [id]));
    const ret = await t.call('POST', '/operacao', {
      id_operacao: randomUUID(), modo_operacao: 'Devolucao', modelo: null, id_filial: f.id_filial, id_cliente: customer,
      data_inicio: new Date().toISOString(), id_nota_fiscal_origem: id, pagamentos: [],
      itens: [{ id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: f.product.id_produto_grade_filial,
        id_endereco_estoque: f.product.id_endereco_estoque, descricao: f.product.descricao, quantidade: 1,
        valor_unitario: f.product.preco, id_item_origem: rows[0]!.id }],
    }, manager);
    expect(ret.status, JSON.stringify(ret.json)).toBe(200);
    const draft = ret.json['id_nota_fiscal'] as number;
    const authorized = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: draft }, manager);
    expect(authorized.json['success'], JSON.stringify(authorized.json)).toBe(true);
    const nf = await t.db.system((tx) => tx.query<{ situacao: string; xml: string | null; cfop: string }>(
      `SELECT n.situacao, (SELECT string_agg(i.cfop, ',') FROM nota_fiscal_item i WHERE i.id_organization = n.id_organization
          AND i.id_nota_fiscal = n.id_nota_fiscal) AS cfop, NULL AS xml FROM nota_fiscal n WHERE n.id_nota_fiscal = $1`, [draft]));
    expect(nf.rows[0]).toMatchObject({ situacao: 'Autorizada', cfop: '1202' });
    const refs = await t.db.system((tx) => tx.query('SELECT chave_acesso FROM nota_fiscal_referenciada WHERE id_nota_fiscal = $1', [draft]));
    expect(refs.rows).toEqual([{ chave_acesso: rows[0]!.chave }]);
  });
});
