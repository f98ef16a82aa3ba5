/**
 * Code 128 (ISO/IEC 15417) for the DANFE's access-key barcode, drawn as vector bars. A 44-digit key is all set C
 * (two digits per symbol); text with other characters uses set B, switching to set C for long digit runs.
 *
 * Each symbol is six elements (bar, space, bar, space, bar, space) of 1 to 4 modules, 11 modules in all; the stop
 * symbol has a seventh element (a final bar), 13 modules. The check symbol is the start value plus each following
 * symbol's value times its position, modulo 103.
 */
import type { CanvasRect } from 'pdfmake/interfaces';

// prettier-ignore
export const CODE128_PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213', // 0
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132', // 10
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211', // 20
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313', // 30
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331', // 40
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111', // 50
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214', // 60
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111', // 70
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141', // 80
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141', // 90
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112', // 100: 103 Start A, 104 Start B, 105 Start C, 106 Stop
];

const START_B = 104;
const START_C = 105;
const STOP = 106;
/** In set B, switch to set C; in set C, switch to set B. */
const CODE_C = 99;
const CODE_B = 100;
/** Quiet zone on each side, in modules (at least 10 by the standard). */
export const CODE128_QUIET_ZONE = 10;

export interface Code128 {
  /** Symbol values: start, data (with set switches), check symbol, stop. */
  values: number[];
  checksum: number;
  /** Element widths in modules, alternating bar and space, starting and ending with a bar. */
  widths: number[];
  /** Total modules, quiet zones not included. */
  modules: number;
}

function digitRun(text: string, from: number): number {
  let end = from;
  while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end += 1;
  return end - from;
}

function setBValue(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 32 || code > 127) throw new RangeError(`caractere fora do Code 128 B: ${JSON.stringify(text[index])}`);
  return code - 32;
}

function dataValues(text: string): number[] {
  if (text.length === 0) throw new RangeError('Code 128 sem conteúdo');
  const values: number[] = [];
  let inC = digitRun(text, 0) >= 4 || (digitRun(text, 0) === text.length && text.length % 2 === 0);
  values.push(inC ? START_C : START_B);
  let i = 0;
  while (i < text.length) {
    if (inC) {
      if (digitRun(text, i) >= 2) {
        values.push(Number(text.slice(i, i + 2)));
        i += 2;
        continue;
      }
      values.push(CODE_B);
      inC = false;
      continue;
    }
    const run = digitRun(text, i);
    const atEnd = i + run === text.length;
    if (run >= 6 || (atEnd && run >= 4)) {
      if (run % 2 === 1) {
        values.push(setBValue(text, i));
        i += 1;
      }
      values.push(CODE_C);
      inC = true;
      continue;
    }
    values.push(setBValue(text, i));
    i += 1;
  }
  return values;
}

/** Encodes text (digits-only input of even length is pure set C) into symbol values and element widths. */
export function encodeCode128(text: string): Code128 {
  const data = dataValues(text);
  const checksum = data.reduce((sum, value, position) => sum + value * Math.max(position, 1), 0) % 103;
  const values = [...data, checksum, STOP];
  const widths = values.flatMap((value) => [...(CODE128_PATTERNS[value] ?? '')].map(Number));
  return { values, checksum, widths, modules: widths.reduce((sum, width) => sum + width, 0) };
}

export interface BarcodeBox {
  /** Module width in points. */
  moduleWidth: number;
  height: number;
}

/** The barcode as pdfmake canvas rectangles (bars only), quiet zones included in the returned width. */
export function code128Bars(text: string, box: BarcodeBox): { bars: CanvasRect[]; width: number } {
  const { widths, modules } = encodeCode128(text);
  const bars: CanvasRect[] = [];
  let x = CODE128_QUIET_ZONE * box.moduleWidth;
  widths.forEach((width, index) => {
    const w = width * box.moduleWidth;
    if (index % 2 === 0) bars.push({ type: 'rect', x, y: 0, w, h: box.height, color: 'black' });
    x += w;
  });
  return { bars, width: (modules + 2 * CODE128_QUIET_ZONE) * box.moduleWidth };
}
