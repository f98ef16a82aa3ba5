import { parsePercentBR, parseQuantityBR, unscaleToString } from '@pdv/domain/money';

/** pt-BR decimal text as a number with `decimals` places (2: percent rules, 3: quantity rules); NaN when not a number. */
export function parseScaledBR(text: string, decimals: number): number {
  const scaled = decimals === 3 ? parseQuantityBR(text) : parsePercentBR(text);
  if (scaled === null) return Number.NaN;
  return Number(unscaleToString(scaled, decimals === 3 ? 3 : 2));
}
