/**
 * Building blocks of the A4 DANFE: boxed fields (a small label over a value) in rows of proportional columns, and
 * section titles. Every block reports its height, measured the way pdfmake lays it out (padding, rule widths and
 * Roboto line heights), so the DANFE can paginate before pdfmake does.
 */
import type { Alignment, Content, CustomTableLayout, TableCell } from 'pdfmake/interfaces';
import { fitText, linesHeight } from './danfe-metrics.ts';

/** DANFE margins on every side (001 §9). */
export const A4_MARGIN = 14.17;
export const A4_WIDTH = 595.28;
export const A4_HEIGHT = 841.89;
export const A4_CONTENT_WIDTH = A4_WIDTH - 2 * A4_MARGIN;
export const A4_CONTENT_HEIGHT = A4_HEIGHT - 2 * A4_MARGIN;

export const A4_FONTS = { label: 5, value: 8, small: 6, item: 6, title: 6 } as const;
export const RULE_WIDTH = 0.5;
export const PAD_X = 2;
export const PAD_Y = 1;

/** A laid-out piece of the page and its height in points. */
export interface Block {
  content: Content;
  height: number;
}

export interface Field {
  label: string;
  value: string;
  /** Share of the row's width (weights of a row need not add to 1). */
  weight: number;
  align?: Alignment;
  bold?: boolean;
}

/** Content height of a field: one label line and one value line. */
export const FIELD_HEIGHT = linesHeight(1, A4_FONTS.label) + linesHeight(1, A4_FONTS.value);

/** Content widths of columns sharing `total` points of a boxed row (rules and padding taken out first). */
export function columnWidths(weights: number[], total = A4_CONTENT_WIDTH, padX = PAD_X): number[] {
  const free = total - (weights.length + 1) * RULE_WIDTH - weights.length * 2 * padX;
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (free * w) / sum);
}

/** Boxed layout; `top` false leaves out the top rule (the row above already drew it). */
export function boxLayout(top = true, padX = PAD_X): CustomTableLayout {
  return {
    hLineWidth: (i) => (i === 0 && !top ? 0 : RULE_WIDTH),
    vLineWidth: () => RULE_WIDTH,
    paddingLeft: () => padX,
    paddingRight: () => padX,
    paddingTop: () => PAD_Y,
    paddingBottom: () => PAD_Y,
  };
}

/** Height of a one-row boxed table whose content is `content` high. */
export function boxedRowHeight(content: number, top = true): number {
  return (top ? RULE_WIDTH : 0) + PAD_Y + content + PAD_Y + RULE_WIDTH;
}

export function fieldCell(field: Field, width: number): TableCell {
  return {
    stack: [
      { text: field.label, fontSize: A4_FONTS.label },
      {
        text: fitText(field.value, width, A4_FONTS.value, field.bold ?? false),
        fontSize: A4_FONTS.value,
        bold: field.bold ?? false,
        alignment: field.align ?? 'left',
      },
    ],
  };
}

/** Rows of boxed fields; rows after the first share the rule above them. */
export function fieldRows(rows: Field[][], top = true): Block {
  const content: Content[] = rows.map((fields, index) => {
    const widths = columnWidths(fields.map((f) => f.weight));
    return {
      table: {
        widths,
        heights: [FIELD_HEIGHT],
        body: [fields.map((field, i) => fieldCell(field, widths[i] ?? 0))],
      },
      layout: boxLayout(top && index === 0),
    };
  });
  const height = rows.reduce((sum, _row, index) => sum + boxedRowHeight(FIELD_HEIGHT, top && index === 0), 0);
  return { content: { stack: content }, height };
}

const TITLE_MARGIN_TOP = 3;
const TITLE_MARGIN_BOTTOM = 1;

/** A section title ("DESTINATÁRIO / REMETENTE") above a block. */
export function sectionTitle(text: string): Block {
  return {
    content: { text, bold: true, fontSize: A4_FONTS.title, margin: [0, TITLE_MARGIN_TOP, 0, TITLE_MARGIN_BOTTOM] },
    height: TITLE_MARGIN_TOP + linesHeight(1, A4_FONTS.title) + TITLE_MARGIN_BOTTOM,
  };
}

/** Blocks one under the other. */
export function stackBlocks(blocks: Block[]): Block {
  return {
    content: { stack: blocks.map((b) => b.content) },
    height: blocks.reduce((sum, b) => sum + b.height, 0),
  };
}
