import { describe, expect, it } from 'vitest';
import { CODE39_CHARSET, code39Bars, code39CheckCharacter, code39Modules, encodeCode39 } from './code39.ts';

// Published Code 39 patterns with a 2:1 ratio (1 = bar module, 0 = space module), e.g. the tables of the
// AIM USS-39 / ISO 16388 symbology: every character is 12 modules.
const PUBLISHED: Record<string, string> = {
  '*': '100101101101',
  '0': '101001101101',
  '1': '110100101011',
  A: '110101001011',
  Z: '100110110101',
  '-': '100101011011',
};

describe('Code 39', () => {
  it('encodes single characters as the published 2:1 patterns, framed by start and stop', () => {
    for (const [char, pattern] of Object.entries(PUBLISHED)) {
      if (char === '*') continue;
      expect(code39Modules(char, { ratio: 2 })).toBe(`${PUBLISHED['*']}0${pattern}0${PUBLISHED['*']}`);
    }
  });

  it('encodes a voucher code character by character with narrow gaps', () => {
    const code = '000100000001';
    const expected = ['*', ...code, '*'].map((c) => PUBLISHED[c] ?? (c === '1' ? PUBLISHED['1'] : '')).join('0');
    expect(code39Modules(code, { ratio: 2 })).toBe(expected);
  });

  it('has nine elements, three of them wide, per character and 3:1 by default', () => {
    const { symbols, widths, modules } = encodeCode39('AB12');
    expect(symbols).toBe('*AB12*');
    expect(widths).toHaveLength(6 * 9 + 5);
    for (let i = 0; i < 6; i += 1) {
      const element = widths.slice(i * 10, i * 10 + 9);
      expect(element.filter((w) => w === 3)).toHaveLength(3);
      expect(element.filter((w) => w === 1)).toHaveLength(6);
    }
    // 6 characters of 15 modules and 5 gaps.
    expect(modules).toBe(6 * 15 + 5);
  });

  it('computes the modulo-43 check character', () => {
    expect(code39CheckCharacter('ABC')).toBe('X'); // 10 + 11 + 12 = 33
    expect(code39CheckCharacter('CODE39')).toBe('W'); // 12+24+13+14+3+9 = 75, 75 mod 43 = 32
    expect(code39CheckCharacter('%')).toBe('%'); // 42
    expect(encodeCode39('ABC', { check: true }).symbols).toBe('*ABCX*');
    expect(CODE39_CHARSET).toHaveLength(43);
  });

  it('refuses characters outside the symbology and empty text', () => {
    expect(() => encodeCode39('abc')).toThrow(RangeError);
    expect(() => encodeCode39('A*B')).toThrow(RangeError);
    expect(() => encodeCode39('')).toThrow(RangeError);
    expect(() => encodeCode39('A', { ratio: 4 })).toThrow(RangeError);
  });

  it('draws one rectangle per bar with the quiet zones in the width', () => {
    const { bars, width } = code39Bars('12', { moduleWidth: 0.5, height: 20 });
    expect(bars).toHaveLength(4 * 5);
    expect(bars[0]).toMatchObject({ x: 5, y: 0, w: 0.5, h: 20 });
    expect(width).toBe((4 * 15 + 3 + 20) * 0.5);
  });
});
