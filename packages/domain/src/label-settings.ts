/**
 * The label models register (001 §3 Label, 002 §2 /label): a label model is printed either on a sheet (Pimaco 6187:
 * 4 columns × 20 rows, Letter; Pimaco A4351: 5 × 13, A4; 001 §9) or by a thermal printer from its source code (the
 * printer's commands, 'Código Fonte' of 001 §3 Labels). Rules written once: the register's schema runs them on the form
 * and on the request, the server's hook again on the row as it will be stored. Printing: label-print.ts (rules) and
 * packages/documents/src/label-sheet.ts (the PDF).
 */

export const LABEL_TYPES = ['Folha', 'Termica'] as const;
export const LABEL_SHEETS = ['Pimaco6187', 'A4351'] as const;

/** The sheets of 001 §9: columns and rows per page, paper, description size. */
export const LABEL_SHEET_LAYOUT = {
  Pimaco6187: { colunas: 4, linhas: 20, papel: 'Carta', descricao: 25 },
  A4351: { colunas: 5, linhas: 13, papel: 'A4', descricao: 20 },
} as const;

/** 001 §3: tamanho_descricao defaults to 15 (002 §9, "Label description size 15"). */
export const LABEL_DESCRIPTION_SIZE = 15;

export const LABEL_MESSAGES = {
  /** 001 §3 Labels, verbatim. */
  sourceCodeMissing: 'Código Fonte não informado',
  sheetMissing: 'Informe a folha de etiquetas (Pimaco 6187 ou A4351).',
  sheetColumns: (sheet: string, columns: number) => `A folha ${sheet} tem ${columns} colunas por linha.`,
  sheetDescription: (sheet: string, size: number) => `A folha ${sheet} imprime no máximo ${size} caracteres da descrição.`,
} as const;

const M = LABEL_MESSAGES;

export interface FieldIssue {
  field: string;
  message: string;
}

type Values = Readonly<Record<string, unknown>>;

const given = (v: unknown) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

/**
 * A label model's rules: a thermal model has its source code; a sheet model names its sheet, whose columns it keeps
 * and whose description size it does not pass. Given a partial row it checks only what the row says (an update without
 * `tipo` is checked by the hook on the stored row merged with it).
 */
export function labelIssues(v: Values): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (v['tipo'] === 'Termica' && !given(v['codigo_fonte'])) issues.push({ field: 'codigo_fonte', message: M.sourceCodeMissing });
  if (v['tipo'] !== 'Folha') return issues;
  const sheet = v['modelo'];
  if (!given(sheet)) return [...issues, { field: 'modelo', message: M.sheetMissing }];
  const layout = LABEL_SHEET_LAYOUT[sheet as keyof typeof LABEL_SHEET_LAYOUT] as (typeof LABEL_SHEET_LAYOUT)[keyof typeof LABEL_SHEET_LAYOUT] | undefined;
  if (!layout) return issues;
  const name = sheet === 'Pimaco6187' ? 'Pimaco 6187' : 'Pimaco A4351';
  const columns = v['numero_colunas'];
  if (typeof columns === 'number' && columns !== layout.colunas) issues.push({ field: 'numero_colunas', message: M.sheetColumns(name, layout.colunas) });
  const size = v['tamanho_descricao'];
  if (typeof size === 'number' && size > layout.descricao) issues.push({ field: 'tamanho_descricao', message: M.sheetDescription(name, layout.descricao) });
  return issues;
}
