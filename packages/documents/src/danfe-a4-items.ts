/**
 * "DADOS DOS PRODUTOS / SERVIÇOS" of the A4 DANFE. Every column but the description is as wide as its widest value
 * (or its header's longest word); the description takes the rest and wraps, with the item's additional information
 * (infAdProd) under it. Row heights are measured, so the DANFE can decide which items go on which page; each page
 * gets its own table under the title and the column header.
 */
import type { Content, CustomTableLayout, TableCell } from 'pdfmake/interfaces';
import { formatCents, formatDecimalText } from './danfe-format.ts';
import { A4_CONTENT_WIDTH, A4_FONTS, sectionTitle, stackBlocks, type Block } from './danfe-a4-grid.ts';
import { linesHeight, textWidth, wrapText } from './danfe-metrics.ts';
import type { DanfeData, DanfeItem } from './danfe-parse.ts';

const HEADER_FONT = 5;
const ITEM_FONT = A4_FONTS.item;
const PAD_X = 1.5;
const PAD_Y = 1;
const OUTER_RULE = 0.5;
const ROW_RULE = 0.25;
/** An item taller than this many lines is cut (a single row must fit a page). */
const MAX_ITEM_LINES = 30;
const CODE_MAX_WIDTH = 48;

interface Column {
  header: string;
  value: (item: DanfeItem) => string;
  align: 'left' | 'right' | 'center';
}

function columnsFor(data: DanfeData): Column[] {
  const csosn = data.emit.CRT === '1' || data.emit.CRT === '4';
  const icms = (item: DanfeItem) => item.icms;
  const money = (value: number | undefined) => (value === undefined ? '' : formatCents(value));
  const percent = (value: string | null | undefined) => (value ? formatDecimalText(value, 2) : '');
  return [
    { header: 'CÓDIGO\nPRODUTO', value: (i) => i.cProd, align: 'left' },
    { header: 'DESCRIÇÃO DO PRODUTO / SERVIÇO', value: (i) => i.xProd, align: 'left' },
    { header: 'NCM/SH', value: (i) => i.NCM ?? '', align: 'center' },
    {
      header: csosn ? 'O/CSOSN' : 'O/CST',
      value: (i) => `${icms(i)?.orig ?? ''}${icms(i)?.CST ?? icms(i)?.CSOSN ?? ''}`,
      align: 'center',
    },
    { header: 'CFOP', value: (i) => i.CFOP ?? '', align: 'center' },
    { header: 'UN', value: (i) => i.uCom, align: 'center' },
    { header: 'QUANT.', value: (i) => formatDecimalText(i.qCom, 4), align: 'right' },
    { header: 'VALOR\nUNIT.', value: (i) => formatDecimalText(i.vUnCom, 2), align: 'right' },
    { header: 'VALOR\nTOTAL', value: (i) => formatCents(i.vProd), align: 'right' },
    { header: 'VALOR\nDESC.', value: (i) => formatCents(i.vDesc), align: 'right' },
    { header: 'B.CÁLC.\nICMS', value: (i) => money(icms(i)?.vBC), align: 'right' },
    { header: 'VALOR\nICMS', value: (i) => money(icms(i)?.vICMS), align: 'right' },
    { header: 'VALOR\nIPI', value: (i) => money(i.ipi?.vIPI), align: 'right' },
    { header: 'ALÍQ.\nICMS', value: (i) => percent(icms(i)?.pICMS), align: 'right' },
    { header: 'ALÍQ.\nIPI', value: (i) => percent(i.ipi?.pIPI), align: 'right' },
  ];
}

const DESCRIPTION = 1;
const CODE = 0;

const LAYOUT: CustomTableLayout = {
  hLineWidth: (i, node) => (i === 0 || i === 1 || i === node.table.body.length ? OUTER_RULE : ROW_RULE),
  hLineColor: (i, node) => (i === 0 || i === 1 || i === node.table.body.length ? 'black' : '#999999'),
  vLineWidth: () => OUTER_RULE,
  paddingLeft: () => PAD_X,
  paddingRight: () => PAD_X,
  paddingTop: () => PAD_Y,
  paddingBottom: () => PAD_Y,
};

export interface ItemsLayout {
  columns: Column[];
  widths: number[];
  /** Cells of each item, lines already broken. */
  rows: TableCell[][];
  /** Height each item row adds to the table (its top rule included). */
  rowHeights: number[];
  /** Title, column header and the table's closing rule: the height of an items table with no rows. */
  frameHeight: number;
}

function headerWidth(header: string): number {
  return Math.max(...header.split(/[\n ]/).map((word) => textWidth(word, HEADER_FONT, true)));
}

/** Measures every item once for the whole note (columns keep their widths from page to page). */
export function layoutItems(data: DanfeData): ItemsLayout {
  const columns = columnsFor(data);
  const values = data.itens.map((item) => columns.map((column) => column.value(item)));
  const widths = columns.map((column, c) =>
    Math.max(headerWidth(column.header), ...values.map((v) => textWidth(v[c] ?? '', ITEM_FONT))),
  );
  widths[CODE] = Math.min(widths[CODE] ?? 0, CODE_MAX_WIDTH);
  const offsets = (columns.length + 1) * OUTER_RULE + columns.length * 2 * PAD_X;
  const fixed = widths.reduce((sum, w, c) => (c === DESCRIPTION ? sum : sum + w), 0);
  widths[DESCRIPTION] = A4_CONTENT_WIDTH - offsets - fixed;
  const descriptionWidth = widths[DESCRIPTION];
  const codeWidth = widths[CODE] ?? 0;

  const rows: TableCell[][] = [];
  const rowHeights: number[] = [];
  data.itens.forEach((item, index) => {
    const cells = values[index] ?? [];
    const description = [
      ...wrapText(item.xProd, descriptionWidth, ITEM_FONT),
      ...(item.infAdProd ? wrapText(item.infAdProd, descriptionWidth, ITEM_FONT) : []),
    ].slice(0, MAX_ITEM_LINES);
    const code = wrapText(item.cProd, codeWidth, ITEM_FONT).slice(0, MAX_ITEM_LINES);
    const lines = Math.max(description.length, code.length, 1);
    rows.push(
      columns.map((column, c) => ({
        text: c === DESCRIPTION ? description.join('\n') : c === CODE ? code.join('\n') : (cells[c] ?? ''),
        alignment: column.align,
      })),
    );
    rowHeights.push(ROW_RULE + PAD_Y + linesHeight(lines, ITEM_FONT) + PAD_Y);
  });
  const headerHeight = OUTER_RULE + PAD_Y + linesHeight(2, HEADER_FONT) + PAD_Y;
  return {
    columns,
    widths,
    rows,
    rowHeights,
    // The first item row sits on the header's bottom rule (OUTER, not ROW): the difference is added here.
    frameHeight: sectionTitle('').height + headerHeight + (OUTER_RULE - ROW_RULE) + OUTER_RULE,
  };
}

/**
 * The items table for rows [from, to) of the note. `fill` points left free on the page go to an empty last row, so
 * the table's column rules run down to the foot of the page (or to the additional data on page 1).
 */
export function itemsBlock(items: ItemsLayout, from: number, to: number, fill = 0): Block {
  const header: TableCell[] = items.columns.map((column) => ({
    text: column.header,
    bold: true,
    fontSize: HEADER_FONT,
    alignment: column.header.includes('\n') || column.align === 'center' ? 'center' : 'left',
  }));
  const rows = items.rows.slice(from, to);
  const filler = fill - (ROW_RULE + 2 * PAD_Y);
  const body = filler >= 1 ? [header, ...rows, items.columns.map(() => '')] : [header, ...rows];
  const table: Content = {
    table: {
      headerRows: 1,
      widths: items.widths,
      body,
      ...(filler >= 1 ? { heights: (row: number) => (row === rows.length + 1 ? filler : 'auto') } : {}),
    },
    layout: LAYOUT,
    fontSize: ITEM_FONT,
  };
  const rowsHeight =
    items.rowHeights.slice(from, to).reduce((sum, h) => sum + h, 0) + (filler >= 1 ? ROW_RULE + 2 * PAD_Y + filler : 0);
  const title = sectionTitle('DADOS DOS PRODUTOS / SERVIÇOS');
  return stackBlocks([title, { content: table, height: items.frameHeight - title.height + rowsHeight }]);
}
