import { describe, expect, it } from 'vitest';
import { dailyValuePercent, highIn } from './nutrition.ts';

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

describe('RDC 429 high-in magnifier', () => {
  it('marks added sugars, saturated fat and sodium at or above the limits per 100 g or 100 ml', () => {
    // 30 g portion: 4.5 g added sugars = 15 g/100 g (at the limit), 1.7 g saturated = 5.67 g/100 g, 180 mg sodium = 600 mg/100 g.
    expect(highIn({ quantidade_porcao: 30, unidade_porcao: 'g', acucares: 4.5, gorduras_saturadas: 1.7, sodio: 180 }))
      .toEqual({ acucares: true, gorduras_saturadas: false, sodio: true });
    // 200 ml of a drink: 14.9 g sugars = 7.45 g/100 ml (below 7.5), 6 g saturated = 3 g/100 ml.
    expect(highIn({ quantidade_porcao: 200, unidade_porcao: 'ml', acucares: 14.9, gorduras_saturadas: 6, sodio: 0 }))
      .toEqual({ acucares: false, gorduras_saturadas: true, sodio: false });
  });
});
