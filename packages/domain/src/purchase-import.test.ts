import { describe, expect, it } from 'vitest';
import { netAcquisitionCost, stockQuantity, unitCost, ZERO_LINE, type EntryRegime } from './purchase-import.ts';

const line = { ...ZERO_LINE, vProd: 100_00, vDesc: 5_00, vFrete: 3_00, vIPI: 10_00, vICMS: 12_00, vFCP: 1_00, vPIS: 1_65, vCOFINS: 7_60 };
const normal: EntryRegime = { crt: 3, revenda: true, pisCofinsNaoCumulativo: false };

describe('net acquisition cost of a purchased line', () => {
  it('takes no credit for a Simples Nacional branch (CRT 1, 2 and MEI)', () => {
    for (const crt of [1, 2, 4]) {
      const c = netAcquisitionCost(line, { crt, revenda: true, pisCofinsNaoCumulativo: true });
      expect(c).toEqual({ gross: 108_00, icmsCredit: 0, pisCofinsCredit: 0, net: 108_00 });
    }
  });

  it('takes the ICMS (and its FCP) out for a reseller in the normal regime', () => {
    expect(netAcquisitionCost(line, normal)).toEqual({ gross: 108_00, icmsCredit: 13_00, pisCofinsCredit: 0, net: 95_00 });
  });

  it('keeps the ICMS in the cost of a normal-regime branch that does not resell', () => {
    expect(netAcquisitionCost(line, { ...normal, revenda: false }).net).toBe(108_00);
  });

  it('takes PIS and COFINS out in the non-cumulative regime, on top of the ICMS', () => {
    const c = netAcquisitionCost(line, { ...normal, pisCofinsNaoCumulativo: true });
    expect(c.pisCofinsCredit).toBe(9_25);
    expect(c.net).toBe(108_00 - 13_00 - 9_25);
  });

  it('keeps IPI and ICMS-ST in the cost (a reseller never recovers them)', () => {
    const st = { ...ZERO_LINE, vProd: 50_00, vIPI: 2_50, vICMSST: 4_00, vFCPST: 50, vICMS: 6_00 };
    expect(netAcquisitionCost(st, normal).net).toBe(50_00 + 2_50 + 4_00 + 50 - 6_00);
  });

  it('adds insurance and other expenses, subtracts the discount', () => {
    expect(netAcquisitionCost({ ...ZERO_LINE, vProd: 10_00, vSeg: 1_00, vOutro: 2_00, vDesc: 3_00 }, normal).net).toBe(10_00);
  });

  it('never answers a negative net', () => {
    expect(netAcquisitionCost({ ...ZERO_LINE, vProd: 1_00, vICMS: 5_00 }, normal).net).toBe(0);
  });
});

describe('units and unit cost', () => {
  it('converts commercial units by the logistics unit multiplier', () => {
    expect(stockQuantity(2_000, 12_000)).toBe(24_000);
    expect(stockQuantity(1_500, 1_000)).toBe(1_500);
  });

  it('divides the net by the stock quantity, half up to the centavo', () => {
    expect(unitCost(95_00, 24_000)).toBe(3_96); // 3.958.. → 3.96
    expect(unitCost(10_00, 3_000)).toBe(3_33);
    expect(unitCost(5, 2_000)).toBe(3); // 2.5 → 3
    expect(unitCost(10_00, 0)).toBe(0);
  });
});
