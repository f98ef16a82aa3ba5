import { describe, expect, it } from 'vitest';
import { code128Bars, CODE128_PATTERNS, CODE128_QUIET_ZONE, encodeCode128 } from './danfe-code128.ts';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('code 128', () => {
  it('has 107 symbols of 11 modules (the stop 13), bars even and spaces odd', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((pattern, value) => {
      const widths = [...pattern].map(Number);
      expect(sum(widths)).toBe(value === 106 ? 13 : 11);
      const bars = widths.filter((_, i) => i % 2 === 0);
      expect(sum(bars) % 2).toBe(0);
    });
  });

  it('encodes digits in set C with the right check symbol', () => {
    // Start C (105) + 12×1 + 34×2 = 185; 185 mod 103 = 82.
    expect(encodeCode128('1234')).toMatchObject({ values: [105, 12, 34, 82, 106], checksum: 82 });
    // 105 + 12×1 + 34×2 + 56×3 = 353; 353 mod 103 = 44.
    expect(encodeCode128('123456').checksum).toBe(44);
  });

  it('draws a 44-digit access key in 277 modules: start, 22 pairs and check of 11, stop of 13', () => {
    const key = '35180834128745000152550010000476861118934859';
    const code = encodeCode128(key);
    expect(code.values).toHaveLength(25);
    expect(code.values.slice(1, 23)).toEqual(key.match(/\d\d/g)?.map(Number));
    expect(code.modules).toBe(24 * 11 + 13);
    expect(sum(code.widths)).toBe(277);
    expect(code.widths).toHaveLength(24 * 6 + 7);
  });

  it('switches between sets B and C for text with letters', () => {
    const code = encodeCode128('AB12345678CD9');
    // Start B, A, B, Code C, 12 34 56 78, Code B, C, D, 9, check, stop.
    expect(code.values.slice(0, -2)).toEqual([104, 33, 34, 99, 12, 34, 56, 78, 100, 35, 36, 25]);
    const expected = code.values.slice(1, -2).reduce((acc, v, i) => acc + v * (i + 1), 104) % 103;
    expect(code.checksum).toBe(expected);
    expect(code.modules).toBe((code.values.length - 1) * 11 + 13);
  });

  it('starts in set B when the text opens with fewer than four digits', () => {
    expect(encodeCode128('12').values[0]).toBe(105);
    expect(encodeCode128('123').values.slice(0, 4)).toEqual([104, 17, 18, 19]);
    expect(() => encodeCode128('')).toThrow('sem conteúdo');
    expect(() => encodeCode128('ação')).toThrow('fora do Code 128 B');
  });

  it('draws one rectangle per bar, with quiet zones around', () => {
    const { bars, width } = code128Bars('1234', { moduleWidth: 1, height: 30 });
    expect(bars).toHaveLength(4 * 3 + 4);
    // Start, 12, 34 and the check symbol, then the stop.
    expect(width).toBe(4 * 11 + 13 + 2 * CODE128_QUIET_ZONE);
    expect(bars[0]).toMatchObject({ x: CODE128_QUIET_ZONE, w: 2, h: 30 });
    const last = bars[bars.length - 1];
    expect((last?.x ?? 0) + (last?.w ?? 0)).toBe(width - CODE128_QUIET_ZONE);
  });
});
