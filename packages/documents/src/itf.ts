/**
 * Interleaved 2 of 5 (ITF), the barcode of the boleto (FEBRABAN: 44 digits, wide-to-narrow ratio 3). Digits go in
 * pairs: the first digit's five elements are the bars, the second's the spaces between them; two of the five are
 * wide. Start: narrow bar, narrow space, narrow bar, narrow space. Stop: wide bar, narrow space, narrow bar.
 */
import type { CanvasRect } from 'pdfmake/interfaces';

// prettier-ignore
const PATTERNS = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'] as const;

export interface ItfOptions { moduleWidth: number; height: number; ratio?: number }

/** The element widths in narrow modules, bar first, alternating bar and space. */
export function itfElements(digits: string, ratio = 3): number[] {
  if (!/^\d*$/.test(digits) || digits.length % 2 !== 0) throw new Error('ITF needs an even number of digits');
  const out = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = PATTERNS[Number(digits[i])]!;
    const spaces = PATTERNS[Number(digits[i + 1])]!;
    for (let k = 0; k < 5; k++) out.push(bars[k] === '1' ? ratio : 1, spaces[k] === '1' ? ratio : 1);
  }
  out.push(ratio, 1, 1);
  return out;
}

/** Decodes element widths back into digits (the test's proof that the drawing says what it should). */
export function itfDecode(elements: number[], ratio = 3): string {
  const body = elements.slice(4, -3);
  let digits = '';
  for (let i = 0; i < body.length; i += 10) {
    const chunk = body.slice(i, i + 10);
    const bars = chunk.filter((_, k) => k % 2 === 0).map((w) => (w === ratio ? '1' : '0')).join('');
    const spaces = chunk.filter((_, k) => k % 2 === 1).map((w) => (w === ratio ? '1' : '0')).join('');
    digits += `${PATTERNS.indexOf(bars as (typeof PATTERNS)[number])}${PATTERNS.indexOf(spaces as (typeof PATTERNS)[number])}`;
  }
  return digits;
}

export function itfBars(digits: string, options: ItfOptions): { bars: CanvasRect[]; width: number } {
  const ratio = options.ratio ?? 3;
  const bars: CanvasRect[] = [];
  let x = 0;
  itfElements(digits, ratio).forEach((w, i) => {
    const width = w * options.moduleWidth;
    if (i % 2 === 0) bars.push({ type: 'rect', x, y: 0, w: width, h: options.height, color: 'black' });
    x += width;
  });
  return { bars, width: x };
}
