/**
 * Product label sheets as PDF (001 §9 Label sheets; 000 §9 Label page). Every label is placed at its absolute position
 * on the page (page margins 0), so what is printed falls inside the sheet's die-cut labels:
 *
 * - Pimaco 6187: 4 columns × 20 rows = 80 a page on Letter (215.9 × 279.4 mm). Labels 44.45 × 12.7 mm, top margin
 *   12.7 mm, left margin 7.62 mm, 52.07 mm from one column to the next, rows touching (the Avery 5167 sheet, which
 *   Pimaco 6187 reproduces). Description cut at 25, variation at 12, SKU at 8.
 * - Pimaco A4351: 5 columns × 13 rows = 65 a page on A4 (210 × 297 mm). Labels 38.2 × 21.2 mm, top margin 10.7 mm,
 *   left margin 4.7 mm, 40.6 mm from one column to the next, rows touching. Description cut at 20, variation at 25.
 * - A custom model (tipo Termica, printed as PDF when no label printer takes its source code): the simplified label page
 *   of 000 §9, 200 wide and 240 high (points), one row of `numero_colunas` labels a page (1 when not set), the
 *   description cut at its tamanho_descricao (15 by default).
 *
 * The barcode is EAN-13 when the code is a GTIN-13 (or GTIN-12) with a valid check digit, CODE39 otherwise (001 §9
 * "Barcode type CODE39"); a label without a barcode carries its SKU as CODE39; a code CODE39 cannot write (lowercase is
 * raised, other characters are not) goes without bars, its text still printed. `labelSheetDocument` is pure;
 * `labelSheetPdf` renders it (Node and browser alike).
 */
import type { CanvasRect, Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { cutLabelTexts, expandLabels, labelTextLimits, type LabelItem, type LabelModel } from '@pdv/domain/label-print';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { labelSheetOffset } from '@pdv/domain/label-settings';
import { CODE39_CHARSET, code39Bars } from './code39.ts';
import { pdfBytes } from './danfe-pdf.ts';
import { ean13Bars, ean13Digits } from './ean13.ts';

/** Points per millimetre (1 pt = 1/72 inch). */
export const PT_PER_MM = 72 / 25.4;
const mm = (value: number) => value * PT_PER_MM;

/** A sheet's geometry, in millimetres (a custom page is given in points by 000 §9 and converted). */
export interface SheetGeometry {
  name: string;
  page: { width: number; height: number };
  columns: number;
  rows: number;
  label: { width: number; height: number };
  margin: { top: number; left: number };
  pitch: { x: number; y: number };
}

export const PIMACO_6187: SheetGeometry = {
  name: 'Pimaco 6187', page: { width: 215.9, height: 279.4 }, columns: 4, rows: 20,
  label: { width: 44.45, height: 12.7 }, margin: { top: 12.7, left: 7.62 }, pitch: { x: 52.07, y: 12.7 },
};

export const PIMACO_A4351: SheetGeometry = {
  name: 'Pimaco A4351', page: { width: 210, height: 297 }, columns: 5, rows: 13,
  label: { width: 38.2, height: 21.2 }, margin: { top: 10.7, left: 4.7 }, pitch: { x: 40.6, y: 21.2 },
};

/** 000 §9: the label page is 200 wide and 240 high (points). */
export const LABEL_PAGE_POINTS = { width: 200, height: 240 } as const;

/** The simplified label page of a custom model: one row of `columns` labels filling the page. */
export function customSheet(columns: number | null): SheetGeometry {
  const n = Math.max(1, Math.min(10, columns ?? 1));
  const width = LABEL_PAGE_POINTS.width / PT_PER_MM;
  const height = LABEL_PAGE_POINTS.height / PT_PER_MM;
  return {
    name: 'Etiqueta simplificada', page: { width, height }, columns: n, rows: 1,
    label: { width: width / n, height }, margin: { top: 0, left: 0 }, pitch: { x: width / n, y: height },
  };
}

export function sheetOf(model: Pick<LabelModel, 'tipo' | 'modelo' | 'numero_colunas'>): SheetGeometry {
  if (model.tipo === 'Folha' && model.modelo === 'Pimaco6187') return PIMACO_6187;
  if (model.tipo === 'Folha' && model.modelo === 'A4351') return PIMACO_A4351;
  return customSheet(model.numero_colunas);
}

/** A label's box on its page, in points from the page's top-left corner. */
export interface LabelBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where the label number `index` (0-based, across pages, row by row) lies; `offset` (millimetres, a sheet model's
 * deslocamento_x_mm / deslocamento_y_mm parameters) moves it to calibrate a printer that feeds the sheet off true.
 */
export function labelBox(sheet: SheetGeometry, index: number, offset: { x: number; y: number } = { x: 0, y: 0 }): LabelBox {
  const perPage = sheet.columns * sheet.rows;
  const page = Math.floor(index / perPage);
  const at = index % perPage;
  const row = Math.floor(at / sheet.columns);
  const column = at % sheet.columns;
  return {
    page,
    x: mm(sheet.margin.left + column * sheet.pitch.x + offset.x),
    y: mm(sheet.margin.top + row * sheet.pitch.y + offset.y),
    width: mm(sheet.label.width),
    height: mm(sheet.label.height),
  };
}

export interface LabelSheetOptions {
  /** Which price the label shows: retail (default) or wholesale (the branch's price type, 000 §9 Defaults). */
  preco?: 'varejo' | 'atacado';
  /** Starts at this position of the first page (0-based), so a partly used sheet can be reused. */
  inicio?: number;
}

/** Font sizes and paddings by label height: the 12.7 mm Pimaco 6187 label is the tightest. */
function metrics(box: LabelBox) {
  const scale = Math.min(2.2, box.height / 36);
  const pad = Math.max(1.5, 2 * scale);
  return { pad, title: 5.5 * scale, small: 4.5 * scale, price: 7 * scale };
}

/** The code to draw as bars: EAN-13 digits, a CODE39 text, or null. */
export function labelBarcode(item: Pick<LabelItem, 'codigo_barras' | 'sku'>): { kind: 'EAN13' | 'CODE39'; code: string } | null {
  const code = (item.codigo_barras ?? '').trim();
  const ean = code === '' ? null : ean13Digits(code);
  if (ean) return { kind: 'EAN13', code: ean };
  const text = (code === '' ? item.sku : code).trim().toUpperCase();
  if (text === '' || [...text].some((c) => !CODE39_CHARSET.includes(c))) return null;
  return { kind: 'CODE39', code: text };
}

function bars(item: LabelItem, width: number, height: number): { canvas: CanvasRect[]; width: number } | null {
  const barcode = labelBarcode(item);
  if (!barcode) return null;
  const draw = (moduleWidth: number) =>
    barcode.kind === 'EAN13' ? ean13Bars(barcode.code, { moduleWidth, height }) : code39Bars(barcode.code, { moduleWidth, height }, { check: false, ratio: 2.5 });
  const probe = draw(1);
  const moduleWidth = Math.min(1, width / probe.width);
  const drawn = draw(moduleWidth);
  return { canvas: drawn.bars, width: drawn.width };
}

function labelContent(item: LabelItem, box: LabelBox, options: LabelSheetOptions): Content[] {
  const m = metrics(box);
  const inner = box.width - 2 * m.pad;
  const x = box.x + m.pad;
  let y = box.y + m.pad * 0.6;
  const price = formatMoney(fromDecimal(options.preco === 'atacado' ? item.preco_atacado : item.preco_venda));
  const line = (text: string, size: number, bold = false): Content => {
    const node: Content = { columns: [{ width: inner, text, fontSize: size, bold, lineHeight: 1, noWrap: true }], absolutePosition: { x, y } };
    y += size * 1.12;
    return node;
  };
  const nodes: Content[] = [line(item.descricao, m.title, true)];
  const detail = [item.variacao, item.sku].filter((s) => s.trim() !== '').join('  ');
  if (box.height > 72) {
    // A tall label (the simplified page): variation and SKU, then the price on its own line.
    nodes.push(line(detail, m.small));
    nodes.push(line(price, m.price, true));
  } else {
    // A sheet's label: the price on the right of the variation and SKU (each in a box of the label's inner width).
    nodes.push({ columns: [{ width: inner, text: detail, fontSize: m.small, noWrap: true }], absolutePosition: { x, y: y + (m.price - m.small) * 0.8 } });
    nodes.push({ columns: [{ width: inner, text: price, fontSize: m.price, bold: true, alignment: 'right', noWrap: true }], absolutePosition: { x, y } });
    y += m.price * 1.05;
  }
  const codeText = (item.codigo_barras ?? '').trim();
  const textSize = m.small * 0.85;
  const barHeight = Math.min(box.height * 0.4, box.y + box.height - y - m.pad * 0.4 - (codeText !== '' ? textSize * 1.05 : 0));
  const drawn = barHeight > 4 ? bars(item, inner, barHeight) : null;
  if (drawn) {
    const left = x + (inner - drawn.width) / 2;
    nodes.push({ canvas: drawn.canvas, absolutePosition: { x: left, y } });
    y += barHeight;
  }
  if (codeText !== '') nodes.push({ columns: [{ width: inner, text: codeText, fontSize: textSize, alignment: 'center', noWrap: true }], absolutePosition: { x, y } });
  return nodes;
}

/**
 * The sheet's document: every label asked for (qtd per item), in order, row by row, page after page. Texts are cut as
 * the model says (001 §9). The first node of each label carries its box (`labelBox`), which the tests measure. A sheet
 * model's offset parameters (labelSheetOffset) move every label by the same millimetres.
 */
export function labelSheetDocument(model: LabelModel, items: readonly LabelItem[], options: LabelSheetOptions = {}): TDocumentDefinitions {
  const sheet = sheetOf(model);
  const offset = model.tipo === 'Folha' ? labelSheetOffset(model.parametros) : { x: 0, y: 0 };
  const limits = labelTextLimits(model);
  const start = Math.max(0, Math.min(options.inicio ?? 0, sheet.columns * sheet.rows - 1));
  const labels = expandLabels(items.map((i) => cutLabelTexts(i, limits)));
  const pages = labels.length === 0 ? 1 : labelBox(sheet, start + labels.length - 1).page + 1;
  const content: Content[] = [];
  labels.forEach((item, i) => {
    const box = labelBox(sheet, start + i, offset);
    const nodes = labelContent(item, box, options);
    // pdfmake places absolutely positioned nodes on the page where the flow is: a page break opens each new page.
    if (box.page > 0 && (start + i) % (sheet.columns * sheet.rows) === 0) content.push({ text: '', pageBreak: 'before' });
    content.push(...nodes);
  });
  if (content.length === 0) content.push({ text: '' });
  return {
    pageSize: { width: mm(sheet.page.width), height: mm(sheet.page.height) },
    pageMargins: [0, 0, 0, 0],
    info: { title: `Etiquetas - ${model.descricao}`, subject: `${sheet.name}: ${labels.length} etiqueta(s), ${pages} página(s)` },
    defaultStyle: { font: 'Roboto', fontSize: 6 },
    content,
  };
}

export async function labelSheetPdf(model: LabelModel, items: readonly LabelItem[], options: LabelSheetOptions = {}): Promise<Uint8Array> {
  return pdfBytes(labelSheetDocument(model, items, options));
}
