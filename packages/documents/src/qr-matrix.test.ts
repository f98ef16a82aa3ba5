import { describe, expect, it } from 'vitest';
import { qrModules, qrSvgPath } from './qr-matrix.ts';

describe('QR modules for the screen', () => {
  it('draws a square grid with the three finder patterns of a QR code', () => {
    const { size, dark } = qrModules('00020101021226850014br.gov.bcb.pix2563exemplo.com/qr/v2/abc5204000053039865406123.455802BR5905LOJA 6009SAO PAULO62070503***6304ABCD');
    expect((size - 17) % 4).toBe(0);
    const on = new Set(dark.map(([r, c]) => `${r},${c}`));
    // The finder pattern's outer ring: row 0 and column 0, 7 modules, at three corners.
    for (const [r0, c0] of [[0, 0], [0, size - 7], [size - 7, 0]] as const) {
      for (let i = 0; i < 7; i++) {
        expect(on.has(`${r0},${c0 + i}`)).toBe(true);
        expect(on.has(`${r0 + i},${c0}`)).toBe(true);
      }
      expect(on.has(`${r0 + 1},${c0 + 1}`)).toBe(false);
    }
    expect(qrSvgPath('abc').path).toMatch(/^M\d+ \d+h1v1h-1z/);
  });
});
