/**
 * A fiscal scenario's exceptions when an invoice is issued (issue 19): the item of an NFC-e whose NCM an exception of
 * its scenario names takes the exception's CFOP, CSOSN and ICMS rate in the signed XML; without exceptions the
 * scenario's own values go. Which exception matches (state, NCM, the most specific) is the domain's unit test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let sale: SaleFixture;

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  sale = await loadSaleFixture(t.db);
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
});
