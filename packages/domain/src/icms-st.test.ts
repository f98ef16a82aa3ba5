import { describe, expect, it } from 'vitest';
import { chargesSt, computeFcp, computeIcmsSt, itemIcms } from './icms-st.ts';

describe('computeIcmsSt', () => {
  it('adds the MVA to the base plus IPI and deducts the own ICMS', () => {
    // (100.00 + 5.00) × 1.40 = 147.00; 18% = 26.46 − 12.00 = 14.46
    expect(computeIcmsSt({ base: 10_000, vIPI: 500, pMVAST: 4000, pICMSST: 1800, ownICMS: 1200 }))
      .toEqual({ vBCST: 14_700, vICMSST: 1446, vBCFCPST: 14_700, vFCPST: 0 });
  });

  it('reduces the ST base after the MVA, and rounds each amount half-up once', () => {
    // 49.90 × 1.3333 = 66.53 (16.63 more); less 10% (6.65) = 59.88; 17% = 10.1796 → 10.18
    expect(computeIcmsSt({ base: 4990, pMVAST: 3333, pRedBCST: 1000, pICMSST: 1700 })).toMatchObject({ vBCST: 5988, vICMSST: 1018 });
  });

  it('takes the own FCP off the FCP-ST (NT 2016.002) and never goes below zero', () => {
    // ST base 140.00; FCP-ST 2% = 2.80 − own FCP 2.00 = 0.80
    expect(computeIcmsSt({ base: 10_000, pMVAST: 4000, pICMSST: 1800, pFCPST: 200, ownICMS: 1800, ownFCP: 200 }))
      .toEqual({ vBCST: 14_000, vICMSST: 720, vBCFCPST: 14_000, vFCPST: 80 });
    expect(computeIcmsSt({ base: 10_000, pICMSST: 700, ownICMS: 1200 })).toMatchObject({ vBCST: 10_000, vICMSST: 0 });
  });

  it('computes the own FCP on its base', () => {
    expect(computeFcp(3327, 200)).toBe(67);
    expect(computeFcp(3327, undefined)).toBe(0);
  });
});

describe('itemIcms (the scenario, after its exception, to the item ICMS)', () => {
  const scenario = { icms_cst: null, icms_csosn: null, icms_aliquota: '0.0000' };

  it('a Simples branch: the CSOSN, the rate as the SN credit, and ST with MVA and FCP-ST for 202', () => {
    expect(itemIcms({ ...scenario, icms_csosn: '102', icms_aliquota: '1.2500' }, true)).toEqual({ CSOSN: '102', pCredSN: 125 });
    expect(itemIcms({ ...scenario, icms_csosn: '202', icmsst_aliquota: '18.0000', icmsst_mva: '40.0000', fcp_percentual: '2.0000' }, true))
      .toEqual({ CSOSN: '202', pCredSN: 0, modBCST: 4, pMVAST: 4000, pICMSST: 1800, pFCPST: 200 });
  });

  it('the normal regime: CST 10 with own ICMS and FCP, ST with MVA and FCP-ST', () => {
    expect(itemIcms({ ...scenario, icms_cst: '10', icms_aliquota: 12, icmsst_aliquota: 18, icmsst_mva: 40, fcp_percentual: 2 }, false))
      .toEqual({ CST: '10', modBC: 3, pICMS: 1200, pFCP: 200, modBCST: 4, pMVAST: 4000, pICMSST: 1800, pFCPST: 200 });
  });

  it('ST by the operation value (modBCST 6) without an MVA; CST 70 and 20 carry their base reduction', () => {
    expect(itemIcms({ ...scenario, icms_cst: '70', icms_aliquota: 18, icms_percentual_reducao_base_calculo: 10, icmsst_aliquota: 18 }, false))
      .toEqual({ CST: '70', modBC: 3, pICMS: 1800, pRedBC: 1000, modBCST: 6, pICMSST: 1800 });
    expect(itemIcms({ ...scenario, icms_cst: '20', icms_aliquota: 18 }, false)).toEqual({ CST: '20', modBC: 3, pICMS: 1800, pRedBC: 0 });
  });

  it('90 and 900 carry ST only with an ST rate; 00 and 102 never do, whatever the scenario says', () => {
    expect(itemIcms({ ...scenario, icms_cst: '90', icms_aliquota: 18, icmsst_mva: 40 }, false)).toEqual({ CST: '90', modBC: 3, pICMS: 1800 });
    expect(itemIcms({ ...scenario, icms_csosn: '900', icmsst_aliquota: 18 }, true)).toMatchObject({ CSOSN: '900', modBCST: 6, pICMSST: 1800 });
    expect(itemIcms({ ...scenario, icms_cst: '00', icms_aliquota: 18, icmsst_aliquota: 18, fcp_percentual: 2 }, false))
      .toEqual({ CST: '00', modBC: 3, pICMS: 1800, pFCP: 200 });
    expect(itemIcms({ ...scenario, icmsst_aliquota: 18 }, true)).toEqual({ CSOSN: '102', pCredSN: 0 });
  });

  it('chargesSt: the codes whose group always has ST, and 90/900 with a rate', () => {
    expect(['10', '30', '70', '201', '202', '203'].every((c) => chargesSt(c, 0))).toBe(true);
    expect(chargesSt('90', 0)).toBe(false);
    expect(chargesSt('900', 1800)).toBe(true);
    expect(chargesSt('60', 1800)).toBe(false);
  });
});
