import { describe, expect, it } from 'vitest';
import { PRICE_INDEXER_MESSAGES as M, priceIndexerIssues, repriceCents } from './price-indexer.ts';

describe('price indexer rules', () => {
  it('refuses a factor of zero or below and accepts one above', () => {
    expect(priceIndexerIssues({ fator: 0 })).toEqual([{ field: 'fator', message: M.factorPositive }]);
    expect(priceIndexerIssues({ fator: -1 })).toEqual([{ field: 'fator', message: M.factorPositive }]);
    expect(priceIndexerIssues({ fator: 0.0001 })).toEqual([]);
    expect(priceIndexerIssues({ descricao: 'Dólar' })).toEqual([]);
  });

  it('multiplies a price by the new factor over the old, rounded half up to the centavo', () => {
    expect(repriceCents(10_000, 5, 5.5)).toBe(11_000);
    expect(repriceCents(3_990, 1, 1.05)).toBe(4_190); // 41,895 → 41,90
    expect(repriceCents(3_990, 1.05, 1)).toBe(3_800); // 38,0000 exact
    expect(repriceCents(1, 3, 1)).toBe(0); // 0,333 centavo
    expect(repriceCents(5, 10, 1)).toBe(1); // 0,5 centavo rounds up
    expect(repriceCents(0, 2, 3)).toBe(0);
  });

  it('uses the factors to 4 decimals without floating-point drift', () => {
    // 5,4321 → 5,4322 on R$ 999.999,99: one ten-thousandth of the factor.
    expect(repriceCents(99_999_999, 5.4321, 5.4322)).toBe(Math.round((99_999_999 * 54_322) / 54_321));
    expect(repriceCents(1_000, 0.1 + 0.2, 0.3)).toBe(1_000);
  });

  it('refuses a factor that is not above zero', () => {
    expect(() => repriceCents(100, 0, 1)).toThrow(RangeError);
  });
});
