/**
 * The tax reform's IBS/CBS wired from the fiscal scenario (issue 31): Outra Loja's branch is on the normal regime
 * (CRT 3) and its sale scenario has the 2026 test rates, so its NFC-e carries det/imposto/IBSCBS and IBSCBSTot, passes
 * the official schema and is authorized by the simulator; Demo Moda (Simples Nacional, CRT 1) leaves the group out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { pdfText } from '@pdv/documents/pdf-text';
import { validateXml } from '@pdv/fiscal/validate';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let outra: string;
let demo: string;
let normal: SaleFixture;
let simples: SaleFixture;

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  outra = await t.login('outra@demo.com.br');
  demo = await t.login('gerente@demo.com.br');
  normal = await loadSaleFixture(t.db, '1', 'Outra Loja');
  simples = await loadSaleFixture(t.db);
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function sellAndFetchXml(fixture: SaleFixture, token: string, quantidade = 3): Promise<{ xml: string; nf: Record<string, unknown>; danfe: string }> {
  const res = await t.call('POST', '/operacao', saleBody(fixture, { modelo: '65' }, quantidade), token);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const id = res.json['id_nota_fiscal'] as number;
  const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, token);
  expect(sent.json['success'], JSON.stringify(sent.json)).toBe(true);
  const detail = await t.call('POST', '/invoice/find_by_id', { id_nota_fiscal: id }, token);
  const xml = await t.app.inject({ method: 'GET', url: detail.json['url_xml_distribuicao'] as string });
  const printed = await t.call('POST', '/nfe/imprimir', { id_nota_fiscal: id }, token);
  const pdf = await t.app.inject({ method: 'GET', url: printed.json['url_pdf'] as string });
  return { xml: xml.body, nf: sent.json['nota_fiscal'] as Record<string, unknown>, danfe: pdfText(pdf.rawPayload) };
}

const amount = (xml: string, tag: string) => Number(new RegExp(`<${tag}>([0-9.]+)</${tag}>`).exec(xml)?.[1]);

describe('IBS/CBS on the invoices of a CRT 3 branch', () => {
  it('an NFC-e of the regime-3 branch carries IBSCBS with the 2026 test rates, IBSCBSTot, and passes the schema', async () => {
    const { xml, nf, danfe } = await sellAndFetchXml(normal, outra);
    expect(nf['situacao']).toBe('Autorizada');
    expect(xml).toContain('<CRT>3</CRT>');
    expect(xml).toContain('<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS>');
    expect(xml).toContain('<pIBSUF>0.10</pIBSUF>');
    expect(xml).toContain('<pIBSMun>0.00</pIBSMun>');
    expect(xml).toContain('<pCBS>0.90</pCBS>');
    const item = xml.slice(xml.indexOf('<gIBSCBS>'), xml.indexOf('</gIBSCBS>'));
    const tot = xml.slice(xml.indexOf('<IBSCBSTot>'), xml.indexOf('</IBSCBSTot>'));
    // Base = value less PIS 1.65%, COFINS 7.6% and ICMS 18% of the scenario; CBS 0.9% and IBS 0.1% of it, half up.
    const base = amount(item, 'vBC');
    expect(base).toBeGreaterThan(0);
    expect(amount(item, 'vCBS')).toBe(Math.round(base * 0.9) / 100);
    expect(amount(item, 'vIBSUF')).toBe(Math.round(base * 0.1) / 100);
    expect(amount(tot, 'vBCIBSCBS')).toBe(base);
    expect(amount(tot, 'vCBS')).toBe(amount(item, 'vCBS'));
    await expect(validateXml(xml, 'procNFe')).resolves.toEqual({ valid: true, errors: [] });
    const brl = (v: number) => v.toFixed(2).replace('.', ',');
    expect(danfe).toContain(`IBS: R$ ${brl(amount(tot, 'vIBS'))}  CBS: R$ ${brl(amount(tot, 'vCBS'))}`);
  });

  it('a Simples Nacional branch (CRT 1) leaves IBSCBS and IBSCBSTot out', async () => {
    const { xml, danfe } = await sellAndFetchXml(simples, demo, 1);
    expect(danfe).not.toContain('CBS: R$');
    expect(xml).toContain('<CRT>1</CRT>');
    expect(xml).not.toContain('<IBSCBS>');
    expect(xml).not.toContain('<IBSCBSTot>');
  });

  it('refuses to transmit a CRT 3 item whose scenario has no IBS/CBS classification, writing nothing', async () => {
    await t.db.system((tx) => tx.query(
      `UPDATE cenario_fiscal c SET ibscbs_classificacao = NULL FROM organization o
        WHERE o.id_organization = c.id_organization AND o.nome = 'Outra Loja' AND c.tipo = 'Venda'`));
    try {
      const res = await t.call('POST', '/operacao', saleBody(normal, { modelo: '65' }), outra);
      const id = res.json['id_nota_fiscal'] as number;
      const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, outra);
      expect(sent.status).toBe(400);
      expect(sent.json['message']).toBe(M.ibsCbsScenarioMissing(normal.product.descricao));
    } finally {
      await t.db.system((tx) => tx.query(
        `UPDATE cenario_fiscal c SET ibscbs_classificacao = '000001' FROM organization o
          WHERE o.id_organization = c.id_organization AND o.nome = 'Outra Loja' AND c.tipo = 'Venda'`));
    }
  });
});
