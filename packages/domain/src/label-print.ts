/**
 * Printing labels (001 §3 Label, §5 Labels, §9 Label sheets): what a print request must carry, how each model cuts the
 * label item's texts, and a thermal model's source code filled with an item's fields. Written once: the print modal runs
 * it before making the PDF (packages/documents/src/label-sheet.ts) and the connector path will run it before sending
 * the filled source code.
 *
 * - A label model is a sheet (Pimaco 6187: description cut at 25, variation at 12, SKU at 8; Pimaco A4351: description
 *   20, variation 25) or a custom (thermal) model: its own columns and description size (15 by default), printed as
 *   PDF on the simplified label page of 000 §9 (200 wide, 240 high: one row of `numero_colunas` labels a page), or
 *   through the connector from its `codigo_fonte`.
 * - `codigo_fonte` is ZPL or EPL with placeholders `{campo}` for the label item's fields: {descricao}, {variacao},
 *   {sku}, {codigo_barras}, {preco_venda}, {preco_atacado}, {marca}, {qtd}. Prices are filled as pt-BR decimals
 *   ('12,90'). A value never breaks the printer's syntax: ZPL's command prefixes ^ and ~ are dropped from values, EPL's
 *   quotes and backslashes are escaped. `{param:chave}` placeholders take the model's parameters (label-settings.ts).
 */
import { fillLabelParams, LABEL_DESCRIPTION_SIZE, LABEL_MESSAGES, type LabelParameter } from './label-settings.ts';
import { formatDecimalBR, fromDecimal } from './money.ts';

export const LABEL_PRINT_MESSAGES = {
  /** 001 §5 Labels, verbatim. */
  labelMissing: 'Etiqueta não informada',
  /** 001 §5 Labels, verbatim. */
  nothingToPrint: 'Nenhum produto para imprimir.',
  quantityInvalid: 'A quantidade de etiquetas de cada item deve ser um número inteiro de 0 a 9999.',
} as const;

/** 001 §3 Label item. */
export interface LabelItem {
  descricao: string;
  variacao: string;
  sku: string;
  codigo_barras: string | null;
  /** Decimal reais, as the routes answer them. */
  preco_venda: number;
  preco_atacado: number;
  marca: string;
  qtd: number;
}

/** The label model as the print path reads it (the register's row, 001 §3 Label). */
export interface LabelModel {
  id_etiqueta: number;
  descricao: string;
  /** 'Folha' or 'Termica' (LABEL_TYPES). */
  tipo: string;
  /** 'Pimaco6187' or 'A4351' (LABEL_SHEETS) for a sheet. */
  modelo: string | null;
  codigo_fonte: string | null;
  numero_colunas: number | null;
  tamanho_descricao: number | null;
  /** The model's parameters (etiqueta_parametro): `{param:chave}` in codigo_fonte; a sheet's deslocamento_x_mm / _y_mm. */
  parametros?: readonly LabelParameter[] | undefined;
}

export const LABEL_ITEM_FIELDS = ['descricao', 'variacao', 'sku', 'codigo_barras', 'preco_venda', 'preco_atacado', 'marca', 'qtd'] as const;

export const MAX_LABELS_PER_ITEM = 9999;

/** How many characters of each text a model prints (001 §9); null = not cut. */
export interface LabelTextLimits {
  descricao: number;
  variacao: number | null;
  sku: number | null;
}

export function labelTextLimits(model: Pick<LabelModel, 'tipo' | 'modelo' | 'tamanho_descricao'>): LabelTextLimits {
  if (model.tipo === 'Folha' && model.modelo === 'Pimaco6187') return { descricao: 25, variacao: 12, sku: 8 };
  if (model.tipo === 'Folha' && model.modelo === 'A4351') return { descricao: 20, variacao: 25, sku: null };
  return { descricao: model.tamanho_descricao ?? LABEL_DESCRIPTION_SIZE, variacao: null, sku: null };
}

const cut = (text: string, size: number | null) => (size === null ? text : [...text].slice(0, size).join(''));

/** The item's texts as the model prints them. */
export function cutLabelTexts<T extends Pick<LabelItem, 'descricao' | 'variacao' | 'sku'>>(item: T, limits: LabelTextLimits): T {
  return { ...item, descricao: cut(item.descricao, limits.descricao), variacao: cut(item.variacao, limits.variacao), sku: cut(item.sku, limits.sku) };
}

/**
 * Whether a print request can go on (001 §5 Labels): a model is chosen, a thermal model sent to its printer has its
 * source code, and at least one label is asked for. Answers the message to show, or null.
 */
export function labelPrintIssue(model: LabelModel | null | undefined, items: readonly Pick<LabelItem, 'qtd'>[], via: 'pdf' | 'printer' = 'pdf'): string | null {
  if (!model) return LABEL_PRINT_MESSAGES.labelMissing;
  if (via === 'printer' && (model.codigo_fonte ?? '').trim() === '') return LABEL_MESSAGES.sourceCodeMissing;
  if (items.some((i) => !Number.isInteger(i.qtd) || i.qtd < 0 || i.qtd > MAX_LABELS_PER_ITEM)) return LABEL_PRINT_MESSAGES.quantityInvalid;
  if (items.every((i) => i.qtd === 0)) return LABEL_PRINT_MESSAGES.nothingToPrint;
  return null;
}

/** One entry per label to print, in the items' order: an item with qtd 3 gives three labels. */
export function expandLabels<T extends Pick<LabelItem, 'qtd'>>(items: readonly T[]): T[] {
  return items.flatMap((item) => Array.from({ length: Math.max(0, Math.trunc(item.qtd)) }, () => item));
}

export type LabelLanguage = 'ZPL' | 'EPL';

/** ZPL when the source has a ^XA format start; EPL otherwise (its N / A / B / P lines). */
export function labelLanguage(source: string): LabelLanguage {
  return /\^XA/i.test(source) ? 'ZPL' : 'EPL';
}

function fieldValue(item: LabelItem, field: (typeof LABEL_ITEM_FIELDS)[number]): string {
  switch (field) {
    case 'preco_venda':
    case 'preco_atacado':
      return formatDecimalBR(fromDecimal(item[field]));
    case 'qtd':
      return String(item.qtd);
    case 'codigo_barras':
      return item.codigo_barras ?? '';
    default:
      return item[field];
  }
}

function escapeValue(value: string, language: LabelLanguage): string {
  const oneLine = value.replace(/[\r\n]+/g, ' ');
  if (language === 'ZPL') return oneLine.replace(/[\^~]/g, '');
  return oneLine.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

/**
 * A thermal model's source code filled with one item's fields ({campo} placeholders, case-insensitive; an unknown
 * placeholder is left as written). The description is cut at the model's size first. Throws nothing: the caller
 * checks the source with labelPrintIssue(model, items, 'printer').
 */
export function fillLabelSource(source: string, item: LabelItem, limits: LabelTextLimits = labelTextLimits({ tipo: 'Termica', modelo: null, tamanho_descricao: null })): string {
  const language = labelLanguage(source);
  const printed = cutLabelTexts(item, limits);
  return source.replace(/\{([a-z_]+)\}/gi, (whole, name: string) => {
    const field = LABEL_ITEM_FIELDS.find((f) => f === name.toLowerCase());
    return field === undefined ? whole : escapeValue(fieldValue(printed, field), language);
  });
}

/**
 * The job for a thermal printer: the model's `{param:chave}` placeholders replaced by its parameters' values first (a
 * parameter's value is the printer's own syntax, written as given), then the source filled once per item with at least
 * one label (its {qtd} prints the copies).
 */
export function labelPrinterJob(model: LabelModel, items: readonly LabelItem[]): string {
  const source = fillLabelParams(model.codigo_fonte ?? '', model.parametros ?? []);
  const limits = labelTextLimits(model);
  return items.filter((i) => i.qtd > 0).map((i) => fillLabelSource(source, i, limits)).join('\n');
}
