import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals, totalXml, type ItemValues } from './nfe-totals.ts';

const cents = fc.integer({ min: 0, max: 10_000_000 });

const itemValues: fc.Arbitrary<ItemValues> = fc.record({
  vProd: cents, vFrete: cents, vSeg: cents, vDesc: cents, vOutro: cents, indTot: fc.constantFrom<0 | 1>(0, 1),
  icms: fc.record({
    vBC: cents, vICMS: cents, vICMSDeson: cents, deductDeson: fc.boolean(), vFCP: cents, vBCST: cents, vST: cents,
    vFCPST: cents, vFCPSTRet: cents,
  }),
  vIPI: cents, vPIS: cents, vCOFINS: cents, vTotTrib: fc.option(cents, { nil: null }),
  ibscbs: fc.option(fc.record({ vBC: cents, vIBSUF: cents, vIBSMun: cents, vIBS: cents, vCBS: cents }), { nil: null }),
  hasIBSCBS: fc.boolean(),
}).map((v) => ({ ...v, hasIBSCBS: v.hasIBSCBS || v.ibscbs !== null }));

const sum = (items: ItemValues[], pick: (i: ItemValues) => number) => items.reduce((s, i) => s + pick(i), 0);

describe('computeTotals', () => {
  it('adds up each item value exactly, whatever the items (property)', () => {
    fc.assert(
      fc.property(fc.array(itemValues, { minLength: 1, maxLength: 40 }), (items) => {
        const t = computeTotals(items);
        expect(t.vProd).toBe(sum(items, (i) => (i.indTot === 1 ? i.vProd : 0)));
        expect(t.vICMS).toBe(sum(items, (i) => i.icms.vICMS));
        expect(t.vST).toBe(sum(items, (i) => i.icms.vST));
        expect(t.vDesc).toBe(sum(items, (i) => i.vDesc));
        expect(t.vPIS + t.vCOFINS).toBe(sum(items, (i) => i.vPIS + i.vCOFINS));
        // vNF is the whole of the parts, item by item.
        expect(t.vNF).toBe(sum(items, (i) => (i.indTot === 1 ? i.vProd : 0) - i.vDesc - (i.icms.deductDeson ? i.icms.vICMSDeson : 0)
          + i.icms.vST + i.icms.vFCPST + i.vFrete + i.vSeg + i.vOutro + i.vIPI));
        expect(t.ibscbs?.vIBS ?? 0).toBe(sum(items, (i) => i.ibscbs?.vIBS ?? 0));
      }),
    );
  });

  it('leaves vTotTrib and IBSCBSTot out when no item has them', () => {
    const item: ItemValues = {
      vProd: 1000, vFrete: 0, vSeg: 0, vDesc: 0, vOutro: 0, indTot: 1, vIPI: 0, vPIS: 0, vCOFINS: 0, vTotTrib: null,
      ibscbs: null, hasIBSCBS: false,
      icms: { vBC: 0, vICMS: 0, vICMSDeson: 0, deductDeson: false, vFCP: 0, vBCST: 0, vST: 0, vFCPST: 0, vFCPSTRet: 0 },
    };
    const xml = totalXml(computeTotals([item]));
    expect(xml).toBe('<total><ICMSTot><vBC>0.00</vBC><vICMS>0.00</vICMS><vICMSDeson>0.00</vICMSDeson><vFCP>0.00</vFCP><vBCST>0.00</vBCST><vST>0.00</vST><vFCPST>0.00</vFCPST><vFCPSTRet>0.00</vFCPSTRet><vProd>10.00</vProd><vFrete>0.00</vFrete><vSeg>0.00</vSeg><vDesc>0.00</vDesc><vII>0.00</vII><vIPI>0.00</vIPI><vIPIDevol>0.00</vIPIDevol><vPIS>0.00</vPIS><vCOFINS>0.00</vCOFINS><vOutro>0.00</vOutro><vNF>10.00</vNF></ICMSTot></total>');
    const withIbs = totalXml(computeTotals([{ ...item, vTotTrib: 123, hasIBSCBS: true }]));
    expect(withIbs).toContain('<vNF>10.00</vNF><vTotTrib>1.23</vTotTrib></ICMSTot><IBSCBSTot><vBCIBSCBS>0.00</vBCIBSCBS></IBSCBSTot>');
  });
});
