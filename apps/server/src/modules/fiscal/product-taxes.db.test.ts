/** POST /invoice_item/get_product_taxes (000 §7.4, issue 31): the scenario's taxes for a product, IBS/CBS for CRT 3 only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let demo: string;
let outra: string;
let simples: SaleFixture;
let normal: SaleFixture;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('gerente@demo.com.br');
  outra = await t.login('outra@demo.com.br');
  simples = await loadSaleFixture(t.db);
  normal = await loadSaleFixture(t.db, '1', 'Outra Loja');
});
afterAll(async () => {
  await t.close();
});

describe('/invoice_item/get_product_taxes', () => {
  it('gives a CRT 3 branch the normal-regime codes and the IBS/CBS 2026 test rates of its default sale scenario', async () => {
    const res = await expectOk(t, 'invoiceItemGetProductTaxes', { id_produto_grade_filial: normal.product.id_produto_grade_filial }, outra);
    expect(res.json).toMatchObject({
      cfop: '5102', icms_cst: '00', icms_aliquota: 18, pis_cst: '01', pis_aliquota: 1.65, cofins_cst: '01', cofins_aliquota: 7.6,
      ibscbs: { cst: '000', classificacao: '000001', cbs_aliquota: 0.9, ibsuf_aliquota: 0.1, ibsmun_aliquota: 0 },
    });
  });

  it('gives a Simples Nacional branch its CSOSN and no IBS/CBS until 2027', async () => {
    const res = await t.call('POST', '/invoice_item/get_product_taxes', { id_produto_grade_filial: simples.product.id_produto_grade_filial }, demo);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ cfop: '5102', icms_csosn: '102', ibscbs: null });
  });

  it("answers another organization's product or scenario as missing", async () => {
    const product = await t.call('POST', '/invoice_item/get_product_taxes', { id_produto_grade_filial: simples.product.id_produto_grade_filial }, outra);
    expect(product.status).toBe(404);
    const scenario = (await t.db.system((tx) => tx.query<{ id: number }>(
      `SELECT c.id_cenario_fiscal AS id FROM cenario_fiscal c JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda' LIMIT 1`))).rows[0]!.id;
    const res = await t.call('POST', '/invoice_item/get_product_taxes',
      { id_produto_grade_filial: normal.product.id_produto_grade_filial, id_cenario_fiscal: scenario }, outra);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(`Cenário fiscal não encontrado para o produto ${normal.product.descricao}.`);
  });
});
