/**
 * A fiscal scenario's exceptions when an invoice is issued (issue 19): the item of an NFC-e whose NCM an exception of
 * its scenario names takes the exception's CFOP, CSOSN and ICMS rate in the signed XML; without exceptions the
 * scenario's own values go. Which exception matches (state, NCM, the most specific) is the domain's unit test.
 * An exception's ST rate, MVA and FCP reach the signed NF-e (item and ICMSTot, the simulator checking the schema), in
 * the Simples (CSOSN 202) and in the normal regime (CST 10 with the own FCP); an NFC-e refuses ST charged at the counter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let sale: SaleFixture;
let serie55: number;
let customerWithAddress: number;

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  sale = await loadSaleFixture(t.db);
  await t.db.system(async (tx) => {
    serie55 = (await tx.query<{ id: number }>(
      `SELECT id_serie_fiscal AS id FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '55'`, [sale.id_filial])).rows[0]!.id;
    customerWithAddress = (await tx.query<{ id: number }>(
      `SELECT p.id_pessoa AS id FROM pessoa p JOIN pessoa_endereco e USING (id_organization, id_pessoa)
        JOIN organization o USING (id_organization)
        WHERE o.nome = 'Demo Moda' AND e.id_cidade IS NOT NULL ORDER BY p.id_pessoa LIMIT 1`)).rows[0]!.id;
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** Sells the fixture's product with an NFC-e: the invoice, its item's NCM and the scenario the item is issued with. */
async function sellNfce() {
  const res = await t.call('POST', '/operacao', saleBody(sale, { modelo: '65' }), manager);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const id = res.json['id_nota_fiscal'] as number;
  const { rows } = await t.db.system((tx) => tx.query<{ ncm: string; cenario: number }>(
    `SELECT i.codigo_ncm AS ncm, coalesce(i.id_cenario_fiscal, (
              SELECT c.id_cenario_fiscal FROM cenario_fiscal c WHERE c.id_organization = i.id_organization AND c.operacao = 1
                 AND c.tipo = 'Venda' AND c.situacao = 'Ativo' AND c.data_exclusao IS NULL
               ORDER BY c.is_padrao DESC, c.id_cenario_fiscal LIMIT 1)) AS cenario
       FROM nota_fiscal_item i WHERE i.id_nota_fiscal = $1`, [id]));
  return { id, ncm: rows[0]!.ncm, scenario: rows[0]!.cenario };
}

async function signedXml(id: number): Promise<string> {
  const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
  expect(sent.json['success'], JSON.stringify(sent.json)).toBe(true);
  const { rows } = await t.db.system((tx) => tx.query<{ xml: string }>('SELECT xml_assinado AS xml FROM nota_fiscal WHERE id_nota_fiscal = $1', [id]));
  return rows[0]!.xml;
}

const tagOf = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];

describe("a fiscal scenario's exceptions at issue", () => {
  it('give an NFC-e item whose NCM they name their CFOP, CSOSN and ICMS rate (the most specific over a state-only one)', async () => {
    const plain = await sellNfce();
    expect(plain.ncm).toMatch(/^\d{8}$/);
    const before = await signedXml(plain.id);
    expect(tagOf(before, 'CFOP')).toBe('5102');
    expect(tagOf(before, 'CSOSN')).toBe('102');

    const found = await expectOk(t, 'fiscalScenarioFindById', { id_cenario_fiscal: plain.scenario }, manager);
    const kept = (found.json['excecoes'] as Array<Record<string, unknown>> | undefined) ?? [];
    await expectOk(t, 'fiscalScenarioUpdate', {
      id_cenario_fiscal: plain.scenario,
      excecoes: [
        ...kept,
        { uf: 'RJ', cfop: '5405', icms_csosn: '500', icms_aliquota: 0 },
        { codigo_ncm: plain.ncm, cfop: '5405', icms_csosn: '400', icms_aliquota: 0 },
      ],
    }, manager);
    try {
      const other = await sellNfce();
      expect(other.scenario).toBe(plain.scenario);
      const xml = await signedXml(other.id);
      expect(tagOf(xml, 'CFOP')).toBe('5405');
      expect(tagOf(xml, 'CSOSN')).toBe('400');
      expect(xml).toContain('<ICMSSN102>');
    } finally {
      await expectOk(t, 'fiscalScenarioUpdate', { id_cenario_fiscal: plain.scenario, excecoes: kept }, manager);
    }
  });

  it('write the ST, MVA and FCP of an exception into the NF-e item and ICMSTot (Simples CSOSN 202, normal CST 10)', async () => {
    const plain = await sellNfce();
    const found = await expectOk(t, 'fiscalScenarioFindById', { id_cenario_fiscal: plain.scenario }, manager);
    const kept = (found.json['excecoes'] as Array<Record<string, unknown>> | undefined) ?? [];
    const withException = (e: Record<string, unknown>, scenario: Record<string, unknown> = {}) => expectOk(t, 'fiscalScenarioUpdate', {
      id_cenario_fiscal: plain.scenario, ...scenario, excecoes: [...kept, { codigo_ncm: plain.ncm, icms_aliquota: 12, icmsst_aliquota: 18, icmsst_mva: 40, fcp_percentual: 2, ...e }],
    }, manager);
    // Two units at the fixture's price: the item's base.
    const nfe = async () => {
      const saved = await expectOk(t, 'invoicePost', {
        modelo: '55', id_serie_fiscal: serie55, natureza_operacao: 'Venda de mercadoria', id_cliente: customerWithAddress,
        itens: [{ id_produto_grade_filial: sale.product.id_produto_grade_filial, id_endereco_estoque: sale.product.id_endereco_estoque,
          quantidade: 2, valor_unitario: sale.product.preco }],
        pagamentos: [{ id_meio_pagamento: sale.methods['01'], valor_total: Math.round(sale.product.preco * 200) / 100 }],
      }, manager);
      expect(saved.status, JSON.stringify(saved.json)).toBe(200);
      return signedXml(saved.json['id_nota_fiscal'] as number);
    };
    const base = Math.round(sale.product.preco * 200);
    const pct = (cents: number, p: number) => Math.round((cents * p) / 100);
    const money = (cents: number) => (cents / 100).toFixed(2);
    const vBCST = base + pct(base, 40);
    try {
      await withException({ icms_csosn: '202' });
      const simples = await nfe();
      // Simples: no own ICMS is deducted; FCP-ST over the ST base.
      expect(simples).toContain(`<ICMSSN202><orig>0</orig><CSOSN>202</CSOSN><modBCST>4</modBCST><pMVAST>40.00</pMVAST><vBCST>${money(vBCST)}</vBCST>`
        + `<pICMSST>18.00</pICMSST><vICMSST>${money(pct(vBCST, 18))}</vICMSST><vBCFCPST>${money(vBCST)}</vBCFCPST><pFCPST>2.00</pFCPST>`
        + `<vFCPST>${money(pct(vBCST, 2))}</vFCPST></ICMSSN202>`);
      const totals = /<ICMSTot>.*<\/ICMSTot>/.exec(simples)?.[0] ?? '';
      expect(tagOf(totals, 'vBCST')).toBe(money(vBCST));
      expect(tagOf(totals, 'vST')).toBe(money(pct(vBCST, 18)));
      expect(tagOf(totals, 'vFCPST')).toBe(money(pct(vBCST, 2)));
      expect(tagOf(totals, 'vNF')).toBe(money(base + pct(vBCST, 18) + pct(vBCST, 2)));

      // The normal regime (the branch's CRT and the scenario's regime 3): the exception's CST 10, its own ICMS and FCP
      // deducted from the ST's. A CRT 3 item carries IBS/CBS since 2026, so the scenario gets its CST and classification.
      await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET codigo_regime_tributario = 3 WHERE id_filial = $1', [sale.id_filial]));
      await withException({ icms_cst: '10' }, { regime_tributario: 3, icms_csosn: null, icms_cst: '00', ibscbs_cst: '000',
        ibscbs_classificacao: '000001', cbs_aliquota: 0.9, ibsuf_aliquota: 0.1 });
      const normal = await nfe();
      const own = pct(base, 12);
      const fcp = pct(base, 2);
      expect(normal).toContain(`<ICMS10><orig>0</orig><CST>10</CST><modBC>3</modBC><vBC>${money(base)}</vBC><pICMS>12.00</pICMS><vICMS>${money(own)}</vICMS>`
        + `<vBCFCP>${money(base)}</vBCFCP><pFCP>2.00</pFCP><vFCP>${money(fcp)}</vFCP><modBCST>4</modBCST><pMVAST>40.00</pMVAST>`
        + `<vBCST>${money(vBCST)}</vBCST><pICMSST>18.00</pICMSST><vICMSST>${money(pct(vBCST, 18) - own)}</vICMSST>`
        + `<vBCFCPST>${money(vBCST)}</vBCFCPST><pFCPST>2.00</pFCPST><vFCPST>${money(pct(vBCST, 2) - fcp)}</vFCPST></ICMS10>`);
      const normalTotals = /<ICMSTot>.*<\/ICMSTot>/.exec(normal)?.[0] ?? '';
      expect(tagOf(normalTotals, 'vFCP')).toBe(money(fcp));
      expect(tagOf(normalTotals, 'vST')).toBe(money(pct(vBCST, 18) - own));
      expect(tagOf(normalTotals, 'vFCPST')).toBe(money(pct(vBCST, 2) - fcp));

      // An NFC-e is refused before it is signed: ST charged at the counter (the NF-e above took the fixture's last units).
      await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = quantidade + 5 WHERE id_estoque = $1', [sale.product.id_estoque]));
      const counter = await sellNfce();
      const refused = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: counter.id }, manager);
      expect(refused.status).toBe(400);
      expect(refused.json['message']).toBe(M.nfceStCharged(sale.product.descricao));
    } finally {
      await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET codigo_regime_tributario = 1 WHERE id_filial = $1', [sale.id_filial]));
      await expectOk(t, 'fiscalScenarioUpdate', {
        id_cenario_fiscal: plain.scenario, regime_tributario: found.json['regime_tributario'], icms_cst: found.json['icms_cst'],
        icms_csosn: found.json['icms_csosn'], ibscbs_cst: found.json['ibscbs_cst'], ibscbs_classificacao: found.json['ibscbs_classificacao'],
        cbs_aliquota: found.json['cbs_aliquota'], ibsuf_aliquota: found.json['ibsuf_aliquota'], excecoes: kept,
      }, manager);
    }
  });
});
