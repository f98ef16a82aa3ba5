/**
 * The theme's primary colour: a #RRGGBB from the organization's configuration (kept in a cookie), purple when it is
 * absent or invalid (002 §2). Mantine wants ten shades; shade 6 (the default primary shade) is the colour itself,
 * lighter shades mix it with white and darker ones with black.
 */
import type { MantineColorsTuple } from '@mantine/core';
import { DEFAULT_THEME_COLOR, HEX_COLOR } from '@pdv/domain/constants';

export const THEME_COLOR_COOKIE = 'pdv_cor_primaria';
export const THEME_COLOR_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The colour to use for a configured value: the value when it is #RRGGBB, purple otherwise. */
export function themeColorOf(value: string | null | undefined): string {
  const trimmed = value?.trim() ?? '';
  return HEX_COLOR.test(trimmed) ? trimmed.toLowerCase() : DEFAULT_THEME_COLOR;
}

type Rgb = readonly [number, number, number];

function rgbOf(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return [
    from[0] + (to[0] - from[0]) * amount,
    from[1] + (to[1] - from[1]) * amount,
    from[2] + (to[2] - from[2]) * amount,
  ];
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** How much white goes into shades 0..5, and black into shades 7..9. */
const TINTS = [0.92, 0.82, 0.66, 0.5, 0.34, 0.16] as const;
const SHADES = [0.14, 0.28, 0.42] as const;

/** The ten shades of a configured colour (purple's when the value is not a valid #RRGGBB). */
export function paletteOf(value: string | null | undefined): MantineColorsTuple {
  const base = rgbOf(themeColorOf(value));
  const light = TINTS.map((amount) => hexOf(mix(base, WHITE, amount)));
  const dark = SHADES.map((amount) => hexOf(mix(base, BLACK, amount)));
  const [c0, c1, c2, c3, c4, c5] = light as [string, string, string, string, string, string];
  const [c7, c8, c9] = dark as [string, string, string];
  return [c0, c1, c2, c3, c4, c5, hexOf(base), c7, c8, c9];
}
