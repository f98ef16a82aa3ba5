import { describe, expect, it } from 'vitest';
import type { LabelItem, LabelModel } from '@pdv/domain/label-print';
import { ean13Bars, ean13Digits, ean13Modules } from './ean13.ts';
import { LABEL_PAGE_POINTS, PT_PER_MM, labelBarcode, labelBox, labelSheetDocument, labelSheetPdf, sheetOf } from './label-sheet.ts';
import { pdfPageContents, pdfTextPages } from './pdf-text.ts';
import { pdfPageCount } from './danfe-testing.ts';

const model = (over: Partial<LabelModel> = {}): LabelModel => ({
  id_etiqueta: 1, descricao: 'Gôndola', tipo: 'Folha', modelo: 'Pimaco6187', codigo_fonte: null, numero_colunas: 4, tamanho_descricao: 25, ...over,
});
const item = (over: Partial<LabelItem> = {}): LabelItem => ({
  descricao: 'Camiseta Gola Careca Algodão Premium', variacao: 'Azul Marinho / GG', sku: 'CAM-GOLA-001', codigo_barras: '5901234123457',
  preco_venda: 59.9, preco_atacado: 49.9, marca: 'Demo', qtd: 1, ...over,
});

describe('EAN-13', () => {
  it('encodes 5901234123457 as the GS1 tables give it (first digit 5: sets A B B A A B on the left)', () => {
    // Guards 101 / 01010 / 101; left 9(A) 0(B) 1(B) 2(A) 3(A) 4(B); right 1 2 3 4 5 7 in set C, typed from the GS1 tables.
    const expected =
      '101' + '0001011' + '0100111' + '0110011' + '0010011' + '0111101' + '0011101' +
      '01010' + '1100110' + '1101100' + '1000010' + '1011100' + '1001110' + '1000100' + '101';
    expect(ean13Modules('5901234123457')).toBe(expected);
    expect(expected).toHaveLength(95);
  });

  it('encodes 4006381333931 (first digit 4: A B A A B B) and a UPC-A with a leading zero', () => {
    expect(ean13Modules('4006381333931')).toBe(
      '101' + '0001101' + '0100111' + '0101111' + '0111101' + '0001001' + '0110011' +
      '01010' + '1000010' + '1000010' + '1000010' + '1110100' + '1000010' + '1100110' + '101',
    );
    // UPC-A 036000291452 is EAN-13 0036000291452: first digit 0, all six left digits in set A.
    expect(ean13Digits('036000291452')).toBe('0036000291452');
    expect(ean13Modules('036000291452').slice(3, 10)).toBe('0001101');
  });

  it('refuses codes that are not a GTIN-13 / GTIN-12 with a valid check digit', () => {
    expect(ean13Digits('5901234123458')).toBeNull();
    expect(ean13Digits('12345678')).toBeNull();
    expect(() => ean13Modules('ABC')).toThrow(RangeError);
  });

  it('draws bars whose runs rebuild the modules', () => {
    const { bars, width } = ean13Bars('5901234123457', { moduleWidth: 1, height: 10 });
    expect(width).toBe(113);
    const drawn = Array.from({ length: 95 }, (_, i) => (bars.some((b) => b.x <= 11 + i && 11 + i < b.x + b.w) ? '1' : '0')).join('');
    expect(drawn).toBe(ean13Modules('5901234123457'));
  });
});

describe('barcode choice (001 §9)', () => {
  it('is EAN-13 for a GTIN, CODE39 for other codes and for the SKU when there is no code, none when CODE39 cannot write it', () => {
    expect(labelBarcode({ codigo_barras: '5901234123457', sku: 'X' })).toEqual({ kind: 'EAN13', code: '5901234123457' });
    expect(labelBarcode({ codigo_barras: '5901234123458', sku: 'X' })).toEqual({ kind: 'CODE39', code: '5901234123458' });
    expect(labelBarcode({ codigo_barras: null, sku: 'cam-01' })).toEqual({ kind: 'CODE39', code: 'CAM-01' });
    expect(labelBarcode({ codigo_barras: null, sku: 'ção#1' })).toBeNull();
  });
});

/** Bars (x y w h re) and text origins of a page, in millimetres from the page's top-left corner. */
function drawn(content: string, pageHeight: number) {
  const rects = [...content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map((m) => ({
    x: Number(m[1]) / PT_PER_MM, y: Number(m[2]) / PT_PER_MM, w: Number(m[3]) / PT_PER_MM, h: Number(m[4]) / PT_PER_MM,
  }));
  // pdfkit flips the page once (top-down) for drawings, and back inside each text object: Tm's y counts from the bottom.
  const texts = [...content.matchAll(/1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm/g)].map((m) => ({
    x: Number(m[1]) / PT_PER_MM, y: (pageHeight - Number(m[2])) / PT_PER_MM,
  }));
  return { rects, texts };
}

type Box = { x: number; y: number; w: number; h: number };
const inside = (b: Box, p: { x: number; y: number; w?: number; h?: number }) =>
  p.x >= b.x && p.y >= b.y && p.x + (p.w ?? 0) <= b.x + b.w && p.y + (p.h ?? 0) <= b.y + b.h;

describe('label sheets placed to the millimetre', () => {
  it('Pimaco 6187: 80 labels on Letter, the first at 7.62 × 12.7 mm and the last at 163.83 × 254 mm, 44.45 × 12.7 mm each', { timeout: 30_000 }, async () => {
    const sheet = sheetOf(model());
    expect([sheet.columns, sheet.rows]).toEqual([4, 20]);
    // The published sheet, in millimetres: Letter 215.9 × 279.4.
    const first: Box = { x: 7.62, y: 12.7, w: 44.45, h: 12.7 };
    const last: Box = { x: 7.62 + 3 * 52.07, y: 12.7 + 19 * 12.7, w: 44.45, h: 12.7 };
    expect(last.x + last.w).toBeCloseTo(215.9 - 7.62, 1);
    expect(last.y + last.h).toBeCloseTo(279.4 - 12.7, 1);
    for (const [index, box] of [[0, first], [79, last]] as const) {
      const b = labelBox(sheet, index);
      expect(b.page).toBe(0);
      expect([b.x / PT_PER_MM, b.y / PT_PER_MM, b.width / PT_PER_MM, b.height / PT_PER_MM].map((v) => Math.round(v * 10) / 10))
        .toEqual([box.x, box.y, box.w, box.h].map((v) => Math.round(v * 10) / 10));
    }
    expect(labelBox(sheet, 80)).toMatchObject({ page: 1, x: labelBox(sheet, 0).x, y: labelBox(sheet, 0).y });

    // 81 labels: the PDF's first page holds 80, whose first and last labels' bars and texts lie inside their boxes.
    const items = [item({ qtd: 79 }), item({ descricao: 'Último', codigo_barras: null, sku: 'ULT-9', qtd: 2 })];
    const pdf = await labelSheetPdf(model(), items);
    expect(pdfPageCount(pdf)).toBe(2);
    const page = drawn(pdfPageContents(pdf)[0] ?? '', 279.4 * PT_PER_MM);
    const inFirst = { rects: page.rects.filter((r) => inside(first, r)), texts: page.texts.filter((t) => inside(first, t)) };
    const inLast = { rects: page.rects.filter((r) => inside(last, r)), texts: page.texts.filter((t) => inside(last, t)) };
    // EAN-13: 30 bars; the description, the variation and SKU, the price, the digits under the bars.
    expect(inFirst.rects).toHaveLength(30);
    expect(inFirst.texts).toHaveLength(4);
    // CODE39 of ULT-9 (7 characters with start and stop, 5 bars each).
    expect(inLast.rects).toHaveLength(35);
    expect(inLast.texts).toHaveLength(3);
    // Nothing is drawn across a label's edge: every bar lies inside one of the 80 labels.
    const boxes = Array.from({ length: 80 }, (_, i) => labelBox(sheet, i)).map((b) => ({ x: b.x / PT_PER_MM, y: b.y / PT_PER_MM, w: b.width / PT_PER_MM, h: b.height / PT_PER_MM }));
    expect(page.rects.filter((r) => !boxes.some((b) => inside(b, r)))).toEqual([]);
    expect(page.texts.filter((t) => !boxes.some((b) => inside(b, t)))).toEqual([]);
    const pages = pdfTextPages(pdf);
    expect(pages[1]?.join('\n')).toContain('Último');
  });

  it('Pimaco A4351: 65 labels on A4, the first at 4.7 × 10.7 mm and the last at 167.1 × 265.1 mm, 38.2 × 21.2 mm each', { timeout: 30_000 }, async () => {
    const m = model({ modelo: 'A4351', numero_colunas: 5, tamanho_descricao: 20 });
    const sheet = sheetOf(m);
    expect([sheet.columns, sheet.rows]).toEqual([5, 13]);
    // The published sheet, in millimetres (docs/decisions.md "Pimaco A4351"): A4 210 × 297, labels 38.2 × 21.2,
    // 40.6 mm from one column to the next (2.4 mm gap), rows touching, margins 10.7 top and bottom, 4.7 left and right.
    const first: Box = { x: 4.7, y: 10.7, w: 38.2, h: 21.2 };
    const last: Box = { x: 4.7 + 4 * 40.6, y: 10.7 + 12 * 21.2, w: 38.2, h: 21.2 };
    expect(last.x + last.w).toBeCloseTo(210 - 4.7, 1);
    expect(last.y + last.h).toBeCloseTo(297 - 10.7, 1);
    for (const [index, box] of [[0, first], [64, last]] as const) {
      const b = labelBox(sheet, index);
      expect(b.page).toBe(0);
      expect([b.x / PT_PER_MM, b.y / PT_PER_MM, b.width / PT_PER_MM, b.height / PT_PER_MM].map((v) => Math.round(v * 100) / 100))
        .toEqual([box.x, box.y, box.w, box.h].map((v) => Math.round(v * 100) / 100));
    }
    expect(labelBox(sheet, 65)).toMatchObject({ page: 1, x: labelBox(sheet, 0).x, y: labelBox(sheet, 0).y });
    const doc = labelSheetDocument(m, [item()]);
    const size = doc.pageSize as { width: number; height: number };
    expect([size.width / PT_PER_MM, size.height / PT_PER_MM].map((v) => Math.round(v * 100) / 100)).toEqual([210, 297]);

    // 66 labels: the first page holds 65, whose first and last labels' bars and texts lie inside their boxes.
    const pdf = await labelSheetPdf(m, [item({ qtd: 64 }), item({ descricao: 'Último', codigo_barras: null, sku: 'ULT-9', qtd: 2 })]);
    expect(pdfPageCount(pdf)).toBe(2);
    const page = drawn(pdfPageContents(pdf)[0] ?? '', 297 * PT_PER_MM);
    expect(page.rects.filter((r) => inside(first, r))).toHaveLength(30);
    expect(page.texts.filter((t) => inside(first, t))).toHaveLength(4);
    // The 65th label is the first 'Último': CODE39 of ULT-9 (35 bars), description, variation and SKU, price.
    expect(page.rects.filter((r) => inside(last, r))).toHaveLength(35);
    expect(page.texts.filter((t) => inside(last, t))).toHaveLength(3);
    // Nothing is drawn across a label's edge or in the margins and gaps: every bar and text lies inside one of the 65.
    const boxes = Array.from({ length: 65 }, (_, i) => labelBox(sheet, i)).map((b) => ({ x: b.x / PT_PER_MM, y: b.y / PT_PER_MM, w: b.width / PT_PER_MM, h: b.height / PT_PER_MM }));
    expect(page.rects.filter((r) => !boxes.some((b) => inside(b, r)))).toEqual([]);
    expect(page.texts.filter((t) => !boxes.some((b) => inside(b, t)))).toEqual([]);
    // The description is cut at 20 characters and the variation at 25 (001 §9).
    const text = pdfTextPages(pdf)[0]?.join('\n') ?? '';
    expect(text).toContain('Camiseta Gola Careca');
    expect(text).not.toContain('Camiseta Gola Careca A');
    const long = await labelSheetPdf(m, [item({ variacao: 'Azul Marinho Petróleo / GG Extra' })]);
    const longText = pdfTextPages(long)[0]?.join('\n') ?? '';
    expect(longText).toContain('Azul Marinho Petróleo / G');
    expect(longText).not.toContain('Azul Marinho Petróleo / GG');
  });

  it('a custom model prints on the 200 × 240 label page, one row of its columns a page, the description cut at 15', { timeout: 30_000 }, async () => {
    const m = model({ tipo: 'Termica', modelo: null, numero_colunas: 2, tamanho_descricao: null, codigo_fonte: '^XA^XZ' });
    const doc = labelSheetDocument(m, [item({ qtd: 3 })]);
    const size = doc.pageSize as { width: number; height: number };
    expect([size.width, size.height].map((v) => Math.round(v * 1000) / 1000)).toEqual([LABEL_PAGE_POINTS.width, LABEL_PAGE_POINTS.height]);
    const pdf = await labelSheetPdf(m, [item({ qtd: 3 })]);
    expect(pdfPageCount(pdf)).toBe(2);
    const text = pdfTextPages(pdf).map((p) => p.join('\n')).join('\n');
    expect(text.match(/Camiseta Gola C(?!a)/g)).toHaveLength(3);
    const box = labelBox(sheetOf(m), 1);
    expect([box.x, box.width, box.height].map((v) => Math.round(v))).toEqual([100, 100, 240]);
  });

  it('starts at a chosen position of a partly used sheet', () => {
    const doc = labelSheetDocument(model(), [item({ qtd: 1 })], { inicio: 5 });
    const nodes = doc.content as Array<{ absolutePosition?: { x: number; y: number } }>;
    const b = labelBox(sheetOf(model()), 5);
    expect(nodes[0]?.absolutePosition?.y).toBeGreaterThanOrEqual(b.y);
    expect(nodes[0]?.absolutePosition?.y).toBeLessThan(b.y + b.height);
  });

  it("a sheet model's deslocamento_x_mm and deslocamento_y_mm move every label of the PDF by those millimetres", { timeout: 30_000 }, async () => {
    const items = [item({ qtd: 3 }), item({ descricao: 'Último', codigo_barras: null, sku: 'ULT-9', qtd: 1 })];
    const pageHeight = 279.4 * PT_PER_MM;
    const plain = drawn(pdfPageContents(await labelSheetPdf(model(), items))[0] ?? '', pageHeight);
    const shifted = drawn(pdfPageContents(await labelSheetPdf(model({
      parametros: [{ chave: 'deslocamento_x_mm', valor: '2' }, { chave: 'deslocamento_y_mm', valor: '-1,5' }, { chave: 'outro', valor: 'x' }],
    }), items))[0] ?? '', pageHeight);
    expect(shifted.rects).toHaveLength(plain.rects.length);
    expect(shifted.texts).toHaveLength(plain.texts.length);
    expect(plain.rects.length).toBeGreaterThan(60);
    // Every bar and every text origin, measured in the PDF, sits 2 mm right and 1.5 mm up of where it was.
    shifted.rects.forEach((r, i) => {
      expect(r.x - plain.rects[i]!.x).toBeCloseTo(2, 2);
      expect(r.y - plain.rects[i]!.y).toBeCloseTo(-1.5, 2);
      expect([r.w, r.h]).toEqual([plain.rects[i]!.w, plain.rects[i]!.h]);
    });
    shifted.texts.forEach((t, i) => {
      expect(t.x - plain.texts[i]!.x).toBeCloseTo(2, 2);
      expect(t.y - plain.texts[i]!.y).toBeCloseTo(-1.5, 2);
    });
    // The label box says the same; a thermal model printed as PDF is not moved.
    const moved = labelBox(sheetOf(model()), 0, { x: 2, y: -1.5 });
    expect([moved.x / PT_PER_MM, moved.y / PT_PER_MM].map((v) => Math.round(v * 100) / 100)).toEqual([9.62, 11.2]);
    const thermal = model({ tipo: 'Termica', modelo: null, numero_colunas: 2, parametros: [{ chave: 'deslocamento_x_mm', valor: '5' }] });
    const a = labelSheetDocument({ ...thermal, parametros: [] }, [item()]).content as Array<{ absolutePosition?: { x: number } }>;
    const b = labelSheetDocument(thermal, [item()]).content as Array<{ absolutePosition?: { x: number } }>;
    expect(b[0]?.absolutePosition?.x).toBe(a[0]?.absolutePosition?.x);
  });
});
