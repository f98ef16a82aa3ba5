import { describe, expect, it } from 'vitest';
import { IBSCBS_TEST_RATES_2026, issuerCarriesIbsCbs, itemIbsCbs } from './ibscbs.ts';

const scenario = { ibscbs_cst: '000', ibscbs_classificacao: '000001', cbs_aliquota: '0.9000', ibsuf_aliquota: '0.1000', ibsmun_aliquota: '0.0000' };

describe('itemIbsCbs', () => {
  it('gives a CRT 3 item the scenario\'s CST, classification and rates in basis points', () => {
    expect(itemIbsCbs(scenario, 3, 'Panela')).toEqual({ CST: '000', cClassTrib: '000001', pIBSUF: 10, pIBSMun: 0, pCBS: 90 });
    expect(IBSCBS_TEST_RATES_2026).toEqual({ cbs: 0.9, ibsuf: 0.1, ibsmun: 0 });
  });

  it('leaves the group out for Simples Nacional, its sublimit excess and MEI (CRT 1, 2, 4) until 2027', () => {
    for (const crt of [1, 2, 4]) {
      expect(issuerCarriesIbsCbs(crt)).toBe(false);
      expect(itemIbsCbs({ ...scenario, ibscbs_cst: null }, crt, 'Panela')).toBeNull();
    }
  });

  it('carries the reductions only when the scenario has them', () => {
    expect(itemIbsCbs({ ...scenario, ibscbs_cst: '200', ibscbs_classificacao: '200025', ibs_percentual_reducao: '60.0000', cbs_percentual_reducao: 100 }, 3, 'X'))
      .toMatchObject({ CST: '200', pRedIBS: 6000, pRedCBS: 10_000 });
  });

  it('refuses a CRT 3 item whose scenario lacks the CST or classification, or whose classification is of another CST', () => {
    expect(() => itemIbsCbs({ ...scenario, ibscbs_cst: null }, 3, 'Panela')).toThrow(
      'Informe o CST e a classificação tributária do IBS/CBS no cenário fiscal do produto Panela (obrigatórios no Regime Normal desde 2026).');
    expect(() => itemIbsCbs({ ...scenario, ibscbs_classificacao: '200025' }, 3, 'Panela')).toThrow(
      'A classificação tributária do IBS/CBS do produto Panela não pertence ao seu CST: os 3 primeiros dígitos devem ser o CST.');
  });
});
