/**
 * ESC/POS raster mode: the receipt printed as an image, exactly as its PDF looks (logo, QR code, fonts), for a
 * printer configured with `modo: "raster"`. Each PDF page is rendered by poppler's pdftoppm (Debian package
 * poppler-utils) to a 1-bit bitmap (PBM P4, `-mono`) as wide as the printer's head (576 dots: 80 mm paper at 203 dpi;
 * 384 for 58 mm), the blank rows at its foot trimmed, and sent with GS v 0 (print raster bit image) in bands of at most
 * 256 rows (some printers' buffers take no more), then a feed and a partial cut; the drawer kick at the end when asked.
 */
import { spawn } from 'node:child_process';
import { CUT, DRAWER_KICK, FEED, GS, INIT } from './escpos.ts';

export interface Bitmap {
  /** Width in dots (a multiple of 8 is not required: each row takes ceil(width / 8) bytes). */
  width: number;
  height: number;
  /** Rows of ceil(width / 8) bytes, most significant bit first, 1 = black (PBM's and ESC/POS's convention). */
  data: Buffer;
}

/** The head's width of an 80 mm printer at 203 dpi. */
export const RASTER_WIDTH_80MM = 576;
/** Rows per GS v 0 command. */
export const RASTER_BAND = 256;

/** The bitmaps of a PBM stream (P4, binary; pdftoppm writes one per page, one after the other). */
export function parsePbm(bytes: Buffer): Bitmap[] {
  const pages: Bitmap[] = [];
  let at = 0;
  const token = (): string => {
    // Whitespace and comments between header fields.
    for (;;) {
      while (at < bytes.length && /\s/.test(String.fromCharCode(bytes[at]!))) at += 1;
      if (bytes[at] === 0x23) {
        while (at < bytes.length && bytes[at] !== 0x0a) at += 1;
      } else break;
    }
    const start = at;
    while (at < bytes.length && !/\s/.test(String.fromCharCode(bytes[at]!))) at += 1;
    return bytes.subarray(start, at).toString('latin1');
  };
  while (at < bytes.length) {
    const magic = token();
    if (magic === '') break;
    if (magic !== 'P4') throw new Error(`imagem PBM inválida (${magic.slice(0, 8)})`);
    const width = Number(token());
    const height = Number(token());
    if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) throw new Error('imagem PBM com tamanho inválido');
    at += 1; // the single whitespace after the height
    const size = Math.ceil(width / 8) * height;
    if (at + size > bytes.length) throw new Error('imagem PBM truncada');
    pages.push({ width, height, data: Buffer.from(bytes.subarray(at, at + size)) });
    at += size;
  }
  return pages;
}

/** The bitmap without the white rows at its foot (a receipt's PDF page is taller than its content). */
export function trimBottom(bitmap: Bitmap, margin = 24): Bitmap {
  const row = Math.ceil(bitmap.width / 8);
  let last = bitmap.height - 1;
  while (last >= 0 && bitmap.data.subarray(last * row, (last + 1) * row).every((b) => b === 0)) last -= 1;
  const height = Math.min(bitmap.height, Math.max(1, last + 1 + margin));
  return { width: bitmap.width, height, data: bitmap.data.subarray(0, height * row) };
}

/** GS v 0 0 xL xH yL yH d1...dk for each band of rows. */
export function rasterCommands(bitmap: Bitmap): Buffer {
  const row = Math.ceil(bitmap.width / 8);
  const parts: Buffer[] = [];
  for (let y = 0; y < bitmap.height; y += RASTER_BAND) {
    const rows = Math.min(RASTER_BAND, bitmap.height - y);
    parts.push(Buffer.from([GS, 0x76, 0x30, 0, row & 0xff, row >> 8, rows & 0xff, rows >> 8]));
    parts.push(bitmap.data.subarray(y * row, (y + rows) * row));
  }
  return Buffer.concat(parts);
}

export interface RasterOptions {
  cut: boolean;
  drawer: boolean;
}

/** The pages as one ESC/POS job: initialize, each page's image, feed and cut, the drawer kick when asked. */
export function escposRaster(pages: Bitmap[], options: RasterOptions): Buffer {
  const parts: Buffer[] = [Buffer.from(INIT)];
  for (const page of pages) {
    parts.push(rasterCommands(trimBottom(page)), Buffer.from(FEED));
    if (options.cut) parts.push(Buffer.from(CUT));
  }
  if (options.drawer) parts.push(Buffer.from(DRAWER_KICK));
  return Buffer.concat(parts);
}

/** True when the bytes are a PDF file. */
export function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}

/**
 * Renders every page of the PDF to a 1-bit bitmap `width` dots wide with pdftoppm (the PDF on its standard input,
 * the PBM pages on its standard output). Rejects with a pt-BR reason.
 */
export function renderPdfBitmaps(pdf: Buffer, width = RASTER_WIDTH_80MM, signal?: AbortSignal, program = 'pdftoppm'): Promise<Bitmap[]> {
  return new Promise((done, fail) => {
    const child = spawn(program, ['-mono', '-scale-to-x', String(width), '-scale-to-y', '-1', '-'], { stdio: ['pipe', 'pipe', 'pipe'], ...(signal ? { signal } : {}) });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-300);
    });
    child.on('error', (error: NodeJS.ErrnoException) => fail(new Error(error.code === 'ENOENT' ? `${program} não encontrado (instale o poppler-utils)` : error.message)));
    child.on('close', (code) => {
      if (code !== 0) {
        fail(new Error(`PDF não renderizado: ${stderr.trim() || `${program} terminou com o código ${code ?? '?'}`}`));
        return;
      }
      try {
        const pages = parsePbm(Buffer.concat(out));
        if (pages.length === 0) fail(new Error('PDF sem páginas'));
        else done(pages);
      } catch (error) {
        fail(error instanceof Error ? error : new Error(String(error)));
      }
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(pdf);
  });
}
