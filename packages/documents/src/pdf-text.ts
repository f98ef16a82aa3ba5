/**
 * Text of a PDF made by pdfmake/pdfkit, for tests (Node only): inflates the content streams, maps each embedded
 * font's glyph codes back to characters through its ToUnicode CMap, and answers the text line by line (one baseline
 * a line), page by page. Enough for our own documents; not a general PDF reader.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function readObjects(pdf: Uint8Array): Map<number, PdfObject> {
  const buffer = Buffer.from(pdf);
  const text = buffer.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const pattern = /(\d+) 0 obj\s*/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text))) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endobj', start);
    const body = text.slice(start, end);
    const streamAt = body.indexOf('stream');
    let stream: Buffer | null = null;
    let dict = body;
    if (streamAt >= 0 && /^<</.test(body.trimStart())) {
      dict = body.slice(0, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? -1);
      let from = start + streamAt + 'stream'.length;
      if (text[from] === '\r') from += 1;
      if (text[from] === '\n') from += 1;
      const raw = length >= 0 ? buffer.subarray(from, from + length) : buffer.subarray(from, text.indexOf('endstream', from));
      stream = /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw;
    }
    objects.set(Number(match[1]), { dict, stream });
    pattern.lastIndex = end;
  }
  return objects;
}

const ref = (dict: string, key: string): number | null => {
  const m = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  return m ? Number(m[1]) : null;
};

function utf16(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

/** Glyph code (hex, upper case) -> text, from a ToUnicode CMap. */
function readCMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set((m[1] ?? '').toUpperCase(), utf16(m[2] ?? ''));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F\s]+>|\[[^\]]*\])/g)) {
      const width = (m[1] ?? '').length;
      const from = parseInt(m[1] ?? '0', 16);
      const to = parseInt(m[2] ?? '0', 16);
      const target = m[3] ?? '';
      // Ligatures map one code to several characters: <0066 0069> is "fi".
      const list = target.startsWith('[') ? [...target.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((t) => (t[1] ?? '').replace(/\s/g, '')) : null;
      for (let code = from; code <= to; code++) {
        const key = code.toString(16).toUpperCase().padStart(width, '0');
        if (list) {
          map.set(key, utf16(list[code - from] ?? ''));
        } else {
          const base = target.slice(1, -1).replace(/\s/g, '');
          const last = parseInt(base.slice(-4), 16) + (code - from);
          map.set(key, utf16(base.slice(0, -4) + last.toString(16).padStart(4, '0')));
        }
      }
    }
  }
  return map;
}

/** The fonts of a page's resources: resource name (F1) -> glyph map. */
function pageFonts(objects: Map<number, PdfObject>, page: PdfObject): Map<string, Map<string, string>> {
  const fonts = new Map<string, Map<string, string>>();
  const resourcesRef = ref(page.dict, 'Resources');
  const resources = resourcesRef === null ? page.dict : (objects.get(resourcesRef)?.dict ?? '');
  const fontDictRef = ref(resources, 'Font');
  const fontDict = fontDictRef === null ? (/\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '') : (objects.get(fontDictRef)?.dict ?? '');
  for (const m of fontDict.matchAll(/\/([\w.+-]+) (\d+) 0 R/g)) {
    const font = objects.get(Number(m[2]));
    const cmapRef = font ? ref(font.dict, 'ToUnicode') : null;
    const cmap = cmapRef === null ? null : objects.get(cmapRef)?.stream;
    fonts.set(m[1] ?? '', cmap ? readCMap(cmap.toString('latin1')) : new Map<string, string>());
  }
  return fonts;
}

function decodeHex(hex: string, glyphs: Map<string, string>): string {
  const clean = hex.replace(/\s/g, '').toUpperCase();
  const width = [...glyphs.keys()][0]?.length ?? 4;
  let out = '';
  for (let i = 0; i < clean.length; i += width) {
    const code = clean.slice(i, i + width);
    out += glyphs.get(code) ?? String.fromCharCode(parseInt(code, 16));
  }
  return out;
}

/** Literal PDF string (...) with its escapes. */
function decodeLiteral(text: string): string {
  return text.replace(/\\([nrtbf()\\]|\d{1,3})/g, (_, e: string) =>
    /\d/.test(e) ? String.fromCharCode(parseInt(e, 8)) : ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e);
}

/**
 * The page's text, one line per baseline: pdfkit writes each word as its own text object (with its trailing space),
 * so consecutive objects on the same baseline are joined; a gap between columns or cells is shown as " | " (a
 * text ending in '-' or '/' runs on, so a column ending so is not told apart from the next).
 */
function contentText(content: string, fonts: Map<string, Map<string, string>>): string[] {
  const lines: string[] = [];
  let glyphs = new Map<string, string>();
  let current = '';
  let y: number | null = null;
  let lineY: number | null = null;
  const flush = () => {
    if (!current) return;
    const last = lines.length - 1;
    if (last >= 0 && lineY !== null && y !== null && Math.abs(lineY - y) < 0.5) {
      const previous = lines[last] ?? '';
      // pdfkit also breaks after '-' and '/' (line-break chances) without a space.
      lines[last] = /[ /-]$/.test(previous) ? previous + current : `${previous} | ${current}`;
    } else {
      lines.push(current);
      lineY = y;
    }
    current = '';
  };
  const tokens = /(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+Tm|\/([\w.+-]+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)|-?[\d.]+|\s)*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj|\bET\b/g;
  for (const m of content.matchAll(tokens)) {
    if (m[6] !== undefined) {
      y = Number(m[6]);
    } else if (m[7] !== undefined) {
      glyphs = fonts.get(m[7]) ?? new Map<string, string>();
    } else if (m[8] !== undefined) {
      for (const part of m[8].matchAll(/<([0-9a-fA-F\s]*)>|\(((?:\\.|[^\\)])*)\)|(-?[\d.]+)/g)) {
        if (part[1] !== undefined) current += decodeHex(part[1], glyphs);
        else if (part[2] !== undefined) current += decodeLiteral(part[2]);
        else if (Number(part[3]) < -250) current += ' ';
      }
    } else if (m[9] !== undefined) {
      current += decodeHex(m[9], glyphs);
    } else if (m[10] !== undefined) {
      current += decodeLiteral(m[10]);
    } else if (m[0] === 'ET') {
      flush();
    }
  }
  flush();
  return lines;
}

interface PdfPage {
  fonts: Map<string, Map<string, string>>;
  content: string;
}

function readPages(pdf: Uint8Array): PdfPage[] {
  const objects = readObjects(pdf);
  const catalog = [...objects.values()].find((o) => /\/Type \/Catalog/.test(o.dict));
  const pagesRoot = catalog ? ref(catalog.dict, 'Pages') : null;
  const pages: PdfObject[] = [];
  const walk = (id: number) => {
    const node = objects.get(id);
    if (!node) return;
    if (/\/Type \/Page\b(?!s)/.test(node.dict)) {
      pages.push(node);
      return;
    }
    const kids = /\/Kids\s*\[([^\]]*)\]/.exec(node.dict)?.[1] ?? '';
    for (const k of kids.matchAll(/(\d+) 0 R/g)) walk(Number(k[1]));
  };
  if (pagesRoot !== null) walk(pagesRoot);
  return pages.map((page) => {
    const contentsArray = /\/Contents\s*\[([^\]]*)\]/.exec(page.dict)?.[1];
    const ids = contentsArray
      ? [...contentsArray.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]))
      : [ref(page.dict, 'Contents')].filter((id): id is number => id !== null);
    return { fonts: pageFonts(objects, page), content: ids.map((id) => objects.get(id)?.stream?.toString('latin1') ?? '').join('\n') };
  });
}

/** The lines of every page, in page order. */
export function pdfTextPages(pdf: Uint8Array): string[][] {
  return readPages(pdf).map((page) => contentText(page.content, page.fonts));
}

/** The inflated content stream of every page, in page order (for tests that measure where things are drawn). */
export function pdfPageContents(pdf: Uint8Array): string[] {
  return readPages(pdf).map((page) => page.content);
}

/** All the text of a PDF, one baseline a line, pages in order. */
export function pdfText(pdf: Uint8Array): string {
  return pdfTextPages(pdf).map((page) => page.join('\n')).join('\n');
}
