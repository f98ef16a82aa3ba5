import { describe, expect, it } from 'vitest';
import { dailyValuePercent } from './nutrition.ts';

describe('dailyValuePercent', () => {
  it('divides by the daily value of law 360 and rounds to a whole percent', () => {
    expect(dailyValuePercent('360', 'valor_energetico', 100)).toBe(5);
    expect(dailyValuePercent('360', 'sodio', 120)).toBe(5);
    expect(dailyValuePercent('360', 'carboidratos', 4.5)).toBe(2); // 1.5 % rounds half up
    expect(dailyValuePercent('360', 'gorduras_saturadas', 0)).toBe(0);
  });

  it('has no percent where the law sets no daily value, or without an amount', () => {
    expect(dailyValuePercent('360', 'acucares', 10)).toBeNull();
    expect(dailyValuePercent('360', 'gorduras_trans', 1)).toBeNull();
    expect(dailyValuePercent('360', 'proteinas', null)).toBeNull();
    expect(dailyValuePercent('360', 'proteinas', -1)).toBeNull();
  });

  it('uses the daily values of law 429 when the label follows it', () => {
    expect(dailyValuePercent('429', 'acucares', 10)).toBe(20);
    expect(dailyValuePercent('429', 'proteinas', 10)).toBe(20);
    expect(dailyValuePercent('360', 'proteinas', 10)).toBe(13);
  });
});
