import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_COLOR } from '@pdv/domain/constants';
import { paletteOf, themeColorOf } from './palette.ts';

describe('theme primary colour', () => {
  it('uses a configured #RRGGBB as the primary shade', () => {
    expect(themeColorOf('#1C7ED6')).toBe('#1c7ed6');
    expect(paletteOf('#1c7ed6')[6]).toBe('#1c7ed6');
  });

  it('falls back to purple when the colour is absent', () => {
    expect(themeColorOf(null)).toBe(DEFAULT_THEME_COLOR);
    expect(themeColorOf(undefined)).toBe(DEFAULT_THEME_COLOR);
    expect(paletteOf(null)).toEqual(paletteOf(DEFAULT_THEME_COLOR));
  });

  it.each(['', 'red', '#fff', '#12345G', '1c7ed6', '#1c7ed6ff', 'url(#x)'])('falls back to purple for %j', (value) => {
    expect(themeColorOf(value)).toBe(DEFAULT_THEME_COLOR);
    expect(paletteOf(value)[6]).toBe(DEFAULT_THEME_COLOR);
  });

  it('builds ten valid shades going from light to dark', () => {
    const palette = paletteOf('#2f9e44');
    expect(palette).toHaveLength(10);
    for (const shade of palette) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    const lightness = palette.map((hex) => {
      const n = Number.parseInt(hex.slice(1), 16);
      return ((n >> 16) & 0xff) + ((n >> 8) & 0xff) + (n & 0xff);
    });
    for (let i = 1; i < lightness.length; i += 1) expect(lightness[i]).toBeLessThan(lightness[i - 1] ?? Infinity);
  });
});
