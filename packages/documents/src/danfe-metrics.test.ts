import { describe, expect, it } from 'vitest';
import { cleanText, fitText, linesHeight, textWidth, wrapText } from './danfe-metrics.ts';

describe('danfe text metrics', () => {
  it('measures with the Roboto advance widths pdfmake prints with, plus a 1% margin', () => {
    // Regular '0' is 1151 units of a 2048-unit em; Medium (bold) '0' is 1164.
    expect(textWidth('0', 10)).toBeCloseTo((1151 / 2048) * 10 * 1.01, 6);
    expect(textWidth('0', 10, true)).toBeCloseTo((1164 / 2048) * 10 * 1.01, 6);
    expect(textWidth('ção', 6)).toBeGreaterThan(textWidth('cao', 6) - 0.001);
    expect(textWidth('', 8)).toBe(0);
    // A character outside the table counts as the widest glyph.
    expect(textWidth('你', 10)).toBeGreaterThan(textWidth('W', 10));
  });

  it('uses the Roboto line height (ascender 1900 + descender 500 over 2048)', () => {
    expect(linesHeight(2, 6)).toBeCloseTo(2 * 6 * (2400 / 2048), 9);
  });

  it('cuts a text to the longest prefix that fits', () => {
    const text = '(292 - BAH0031D) -ROLAMENTO RODA DIANTEIRO SEM ABS UN';
    const cut = fitText(text, 60, 5);
    expect(text.startsWith(cut)).toBe(true);
    expect(textWidth(cut, 5)).toBeLessThanOrEqual(60);
    expect(textWidth(text.slice(0, cut.length + 1), 5)).toBeGreaterThan(60);
    expect(fitText('  Meia   curta ', 100, 5)).toBe('Meia curta');
  });

  it('wraps at spaces, breaks a word longer than a line and keeps every word', () => {
    const text =
      'Venda com ICMSST, conforme Decreto Estadual do Para no 2.401/2022 SUPERCALIFRAGILISTICEXPIALIDOCIOUS fim';
    const lines = wrapText(text, 50, 6);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(textWidth(line, 6)).toBeLessThanOrEqual(50);
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    expect(wrapText('uma\nduas', 500, 6)).toEqual(['uma', 'duas']);
    expect(cleanText(' a \n\t b ')).toBe('a b');
  });
});
