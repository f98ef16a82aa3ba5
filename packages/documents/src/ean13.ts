/**
 * EAN-13 (GS1 General Specifications §5.2, ISO/IEC 15420), drawn as vector bars on product labels when the code is a
 * GTIN-13 (a GTIN-12 / UPC-A is the same symbol with a leading 0). 95 modules: the start guard 101, six left digits
 * (each 7 modules, set A or B chosen by the first digit, which is not drawn itself), the centre guard 01010, six right
 * digits (set C), the end guard 101. Quiet zones of 11 modules on the left and 7 on the right.
 */
import type { CanvasRect } from 'pdfmake/interfaces';
import { isValidGtin } from '@pdv/domain/gtin';

/** Set A (odd parity) of each digit; set C is its complement, set B is set C reversed. */
const SET_A = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'] as const;
/** Which set (A or B) encodes each of the six left digits, by the first digit. */
const PARITY = ['AAAAAA', 'AABABB', 'AABBAB', 'AABBBA', 'ABAABB', 'ABBAAB', 'ABBBAA', 'ABABAB', 'ABABBA', 'ABBABA'] as const;

export const EAN13_QUIET_LEFT = 11;
export const EAN13_QUIET_RIGHT = 7;

const complement = (bits: string) => [...bits].map((b) => (b === '1' ? '0' : '1')).join('');
const setC = (digit: number) => complement(SET_A[digit]!);
const setB = (digit: number) => [...setC(digit)].reverse().join('');

/** The 13 digits of a code an EAN-13 symbol can carry (a valid GTIN-13, or a valid GTIN-12 with a leading 0), or null. */
export function ean13Digits(code: string): string | null {
  const trimmed = code.trim();
  if (!isValidGtin(trimmed)) return null;
  if (trimmed.length === 13) return trimmed;
  if (trimmed.length === 12) return `0${trimmed}`;
  return null;
}

/** The 95 modules of the symbol as 1 (bar) and 0 (space). Throws on a code that is not a valid GTIN-13 / GTIN-12. */
export function ean13Modules(code: string): string {
  const digits = ean13Digits(code);
  if (digits === null) throw new RangeError(`EAN-13 inválido: ${code}`);
  const d = [...digits].map(Number);
  const parity = PARITY[d[0]!]!;
  let left = '';
  for (let i = 0; i < 6; i += 1) left += parity[i] === 'A' ? SET_A[d[i + 1]!]! : setB(d[i + 1]!);
  let right = '';
  for (let i = 7; i < 13; i += 1) right += setC(d[i]!);
  return `101${left}01010${right}101`;
}

/**
 * The symbol as pdfmake canvas rectangles (a rectangle per run of bar modules), the quiet zones included in the
 * returned width. Guard bars are drawn `guardExtra` longer, as printed symbols show them.
 */
export function ean13Bars(code: string, box: { moduleWidth: number; height: number; guardExtra?: number }): { bars: CanvasRect[]; width: number } {
  const modules = ean13Modules(code);
  const guards = new Set([0, 1, 2, 45, 46, 47, 48, 49, 92, 93, 94]);
  const bars: CanvasRect[] = [];
  let i = 0;
  while (i < modules.length) {
    if (modules[i] !== '1') {
      i += 1;
      continue;
    }
    let end = i;
    while (modules[end] === '1') end += 1;
    const tall = guards.has(i) ? (box.guardExtra ?? 0) : 0;
    bars.push({ type: 'rect', x: (EAN13_QUIET_LEFT + i) * box.moduleWidth, y: 0, w: (end - i) * box.moduleWidth, h: box.height + tall, color: 'black' });
    i = end;
  }
  return { bars, width: (EAN13_QUIET_LEFT + 95 + EAN13_QUIET_RIGHT) * box.moduleWidth };
}
