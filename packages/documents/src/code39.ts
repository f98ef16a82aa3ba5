/**
 * Code 39 (ISO/IEC 16388) for the credit voucher's code (000 §9: "The voucher carries a CODE39 barcode"), drawn as
 * vector bars. Each character is nine elements, bar and space alternating from a bar, three of them wide; characters
 * are separated by one narrow space and the text is framed by the start/stop character '*'. The optional check
 * character is the sum of the characters' values modulo 43.
 */
import type { CanvasRect } from 'pdfmake/interfaces';

/** The 43 data characters in value order (value = index), used by the modulo-43 check character. */
export const CODE39_CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%';

// Wide (1) and narrow (0) elements of each character: bar, space, bar, space, bar, space, bar, space, bar.
// prettier-ignore
const PATTERNS: Readonly<Record<string, string>> = {
  '0': '000110100', '1': '100100001', '2': '001100001', '3': '101100000', '4': '000110001',
  '5': '100110000', '6': '001110000', '7': '000100101', '8': '100100100', '9': '001100100',
  A: '100001001', B: '001001001', C: '101001000', D: '000011001', E: '100011000', F: '001011000',
  G: '000001101', H: '100001100', I: '001001100', J: '000011100', K: '100000011', L: '001000011',
  M: '101000010', N: '000010011', O: '100010010', P: '001010010', Q: '000000111', R: '100000110',
  S: '001000110', T: '000010110', U: '110000001', V: '011000001', W: '111000000', X: '010010001',
  Y: '110010000', Z: '011010000', '-': '010000101', '.': '110000100', ' ': '011000100', '$': '010101000',
  '/': '010100010', '+': '010001010', '%': '000101010', '*': '010010100',
};

/** Quiet zone on each side, in narrow modules (at least 10 by the standard). */
export const CODE39_QUIET_ZONE = 10;
/** Wide element width in narrow modules (the standard allows 2 to 3; 3 reads best on thermal printers). */
export const CODE39_RATIO = 3;

export interface Code39Options {
  /** Appends the modulo-43 check character. */
  check?: boolean;
  /** Wide-to-narrow ratio (2 to 3). */
  ratio?: number;
}

export interface Code39 {
  /** The encoded characters, start and stop included (e.g. "*123*"). */
  symbols: string;
  /** Element widths in narrow modules, bar first, alternating, gaps between characters included. */
  widths: number[];
  /** Total modules, quiet zones not included. */
  modules: number;
}

/** The modulo-43 check character of `text` (characters of CODE39_CHARSET only). */
export function code39CheckCharacter(text: string): string {
  let sum = 0;
  for (const char of text) {
    const value = CODE39_CHARSET.indexOf(char);
    if (value < 0) throw new RangeError(`caractere fora do Code 39: ${JSON.stringify(char)}`);
    sum += value;
  }
  return CODE39_CHARSET[sum % 43]!;
}

/** Encodes `text` (digits, capital letters and - . space $ / + %) with its start and stop characters. */
export function encodeCode39(text: string, options: Code39Options = {}): Code39 {
  if (text.length === 0) throw new RangeError('Code 39 sem conteúdo');
  const ratio = options.ratio ?? CODE39_RATIO;
  if (ratio < 2 || ratio > 3) throw new RangeError('razão de largura do Code 39 entre 2 e 3');
  for (const char of text) {
    if (char === '*' || PATTERNS[char] === undefined) throw new RangeError(`caractere fora do Code 39: ${JSON.stringify(char)}`);
  }
  const symbols = `*${text}${options.check ? code39CheckCharacter(text) : ''}*`;
  const widths: number[] = [];
  [...symbols].forEach((char, index) => {
    if (index > 0) widths.push(1); // the inter-character gap, a narrow space
    for (const element of PATTERNS[char]!) widths.push(element === '1' ? ratio : 1);
  });
  return { symbols, widths, modules: widths.reduce((sum, width) => sum + width, 0) };
}

/**
 * The modules as a string of 1 (bar) and 0 (space), wide elements `ratio` modules long: the form in which Code 39
 * tables are usually published (with ratio 2, '*' is 100101101101).
 */
export function code39Modules(text: string, options: Code39Options = {}): string {
  const { widths } = encodeCode39(text, options);
  return widths.map((width, index) => (index % 2 === 0 ? '1' : '0').repeat(width)).join('');
}

/** The barcode as pdfmake canvas rectangles (bars only), quiet zones included in the returned width. */
export function code39Bars(
  text: string,
  box: { moduleWidth: number; height: number },
  options: Code39Options = {},
): { bars: CanvasRect[]; width: number } {
  const { widths, modules } = encodeCode39(text, options);
  const bars: CanvasRect[] = [];
  let x = CODE39_QUIET_ZONE * box.moduleWidth;
  widths.forEach((width, index) => {
    const w = width * box.moduleWidth;
    if (index % 2 === 0) bars.push({ type: 'rect', x, y: 0, w, h: box.height, color: 'black' });
    x += w;
  });
  return { bars, width: (modules + 2 * CODE39_QUIET_ZONE) * box.moduleWidth };
}
