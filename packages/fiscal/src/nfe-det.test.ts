import { describe, expect, it } from 'vitest';
import { cEANOf, detXml, HOMOLOGATION_TEXT } from './nfe-det.ts';
import { makeItem } from './testing/nfe-factory.ts';

describe('cEANOf', () => {
  it('keeps a GTIN-8/12/13/14 with a right check digit and writes SEM GTIN otherwise', () => {
    expect(['96385074', '012345678905', '7891000315507'].map(cEANOf)).toEqual(['96385074', '012345678905', '7891000315507']);
    expect(['7891000315508', '', '  ', 'ABC', null, undefined].map(cEANOf)).toEqual(Array(6).fill('SEM GTIN'));
  });
});

describe('detXml', () => {
  it('rounds qCom × vUnCom half-up to the centavo and takes the taxable unit from the commercial one', () => {
    const { xml, values } = detXml(makeItem({ qCom: 333, vUnCom: 1050 }), 3, { mod: 55, homologation: false });
    // 0.333 × 10.50 = 3.4965 -> 3.50
    expect(values.vProd).toBe(350);
    expect(xml).toMatch(/^<det nItem="3"><prod>/);
    expect(xml).toContain('<uCom>UN</uCom><qCom>0.3330</qCom><vUnCom>10.50</vUnCom><vProd>3.50</vProd><cEANTrib>7891000315507</cEANTrib><uTrib>UN</uTrib><qTrib>0.3330</qTrib><vUnTrib>10.50</vUnTrib><indTot>1</indTot>');
  });

  it('replaces only the first NFC-e item description in homologation', () => {
    expect(detXml(makeItem(), 1, { mod: 65, homologation: true }).xml).toContain(`<xProd>${HOMOLOGATION_TEXT}</xProd>`);
    expect(detXml(makeItem(), 2, { mod: 65, homologation: true }).xml).toContain('<xProd>CAMISETA BASICA ALGODAO P</xProd>');
    expect(detXml(makeItem(), 1, { mod: 55, homologation: true }).xml).toContain('<xProd>CAMISETA BASICA ALGODAO P</xProd>');
  });

  it('refuses a bad NCM or CFOP and a zero quantity', () => {
    const ctx = { mod: 65 as const, homologation: false };
    expect(() => detXml(makeItem({ NCM: '123' }), 1, ctx)).toThrow("Item 1: NCM inválido ('123').");
    expect(() => detXml(makeItem({ CFOP: '4102' }), 2, ctx)).toThrow("Item 2: CFOP inválido ('4102').");
    expect(() => detXml(makeItem({ qCom: 0 }), 1, ctx)).toThrow('Item 1: quantidade precisa ser maior que zero.');
  });
});
