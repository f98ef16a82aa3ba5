// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- pdfmake ships no types for its QR encoder; the web app's tsconfig reaches the declaration only through this reference
/// <reference path="./pdfmake-qrenc.d.ts" />
/**
 * A QR code's modules for the screen (the PIX charge at the point of sale), from the same encoder that draws the QR
 * of the receipt and the boleto (pdfmake's), so what the screen shows and what prints are the same code.
 */
import qrEncImport from 'pdfmake/js/qrEnc.js';

type QrEnc = typeof qrEncImport;
/**
 * The encoder is a CommonJS module (`exports.default = {measure}` with __esModule): Vitest's interop hands its
 * `default`, the web app's production build (Rollup) hands the whole exports object, whose `default` is the encoder —
 * calling `.measure` on it blanked the point of sale when the PIX modal drew its QR (issue 26). Both are taken.
 */
const qrEnc: QrEnc = typeof (qrEncImport as Partial<QrEnc>).measure === 'function' ? qrEncImport : (qrEncImport as unknown as { default: QrEnc }).default;

interface Rect { x: number; y: number; w: number; h: number; color: string }

/** Dark modules as [row, column] on an n x n grid. */
export function qrModules(text: string): { size: number; dark: Array<[number, number]> } {
  const node = qrEnc.measure({ qr: text, fit: 1000, eccLevel: 'M' }) as { _canvas: Rect[] };
  const [background, ...rects] = node._canvas;
  const unit = rects[0]?.w ?? 1;
  const size = Math.round((background?.w ?? 0) / unit);
  return { size, dark: rects.map((r) => [Math.round(r.y / unit), Math.round(r.x / unit)]) };
}

/** An SVG path ("M x y h1 v1 h-1 z" per module) drawing the dark modules, with a 4-module quiet zone. */
export function qrSvgPath(text: string): { viewBox: number; path: string } {
  const { size, dark } = qrModules(text);
  return { viewBox: size + 8, path: dark.map(([r, c]) => `M${c + 4} ${r + 4}h1v1h-1z`).join('') };
}
