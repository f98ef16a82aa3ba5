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
  paramKeyMissing: 'Informe a chave do parâmetro.',
  paramKeyInvalid: 'A chave do parâmetro deve começar com uma letra minúscula e ter só letras minúsculas, números e _ (até 40 caracteres).',
  paramKeyDuplicate: (chave: string) => `A chave "${chave}" já foi informada em outro parâmetro desta etiqueta.`,
  paramValueTooLong: 'O valor do parâmetro pode ter no máximo 200 caracteres.',
  paramOffsetInvalid: (chave: string) => `O parâmetro ${chave} deve ser um número de -10 a 10 (milímetros), por exemplo 1,5.`,
  paramUnknown: (chave: string) => `O código fonte usa o parâmetro {param:${chave}}, que não está cadastrado nesta etiqueta.`,
} as const;

const M = LABEL_MESSAGES;

/**
 * A label model's parameters (001 §3 Label "etiqueta_parametro list"; issue 22): rows {chave, valor}, chave unique per
 * model. A thermal model's codigo_fonte may use `{param:chave}`: the parameter's value is written there (one ZPL or EPL
 * template serves printers with different darkness, speed or offsets); a placeholder naming no parameter is refused
 * when the model is saved. A sheet model reads the known keys `deslocamento_x_mm` and `deslocamento_y_mm` (decimal
 * millimetres, -10 to 10, '1,5' or '1.5'): every label of the PDF moves by them, to calibrate a printer.
 */
export interface LabelParameter {
  chave: string;
  valor: string;
}

export const LABEL_PARAM_KEY = /^[a-z][a-z0-9_]{0,39}$/;
export const LABEL_PARAM_VALUE_MAX = 200;
export const LABEL_OFFSET_KEYS = ['deslocamento_x_mm', 'deslocamento_y_mm'] as const;
export const LABEL_OFFSET_MAX_MM = 10;
const PARAM_PLACEHOLDER = /\{param:([^}]*)\}/gi;

/** An offset parameter's millimetres, or null when it is not a number from -10 to 10 (comma or point decimals). */
export function parseLabelOffset(valor: string): number | null {
  const text = valor.trim().replace(',', '.');
  if (!/^[-+]?\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  const mm = Number(text);
  return Math.abs(mm) <= LABEL_OFFSET_MAX_MM ? mm : null;
}

/** The chaves a source code's `{param:...}` placeholders name, in order, each once. */
export function labelSourceParams(source: string): string[] {
  return [...new Set([...source.matchAll(PARAM_PLACEHOLDER)].map((m) => (m[1] ?? '').trim()))];
}

/** The source with each `{param:chave}` replaced by the parameter's value (a chave not found is left as written). */
export function fillLabelParams(source: string, params: readonly LabelParameter[]): string {
  const byKey = new Map(params.map((p) => [p.chave, p.valor]));
  return source.replace(PARAM_PLACEHOLDER, (whole, chave: string) => byKey.get(chave.trim()) ?? whole);
}

/** The PDF's shift of every label of a sheet model, in millimetres (0 when not given). */
export function labelSheetOffset(params: readonly LabelParameter[] | null | undefined): { x: number; y: number } {
  const read = (key: string) => {
    const p = (params ?? []).find((r) => r.chave === key);
    return p === undefined ? 0 : (parseLabelOffset(p.valor) ?? 0);
  };
  return { x: read('deslocamento_x_mm'), y: read('deslocamento_y_mm') };
}

/** The parameters' own rules, beside the row's field ('parametros.2.chave'), and the source's placeholders against them. */
export function labelParameterIssues(params: readonly LabelParameter[], source: string | null | undefined): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  params.forEach((p, i) => {
    const chave = p.chave.trim();
    if (chave === '') issues.push({ field: `parametros.${i}.chave`, message: M.paramKeyMissing });
    else if (!LABEL_PARAM_KEY.test(chave)) issues.push({ field: `parametros.${i}.chave`, message: M.paramKeyInvalid });
    else if (seen.has(chave)) issues.push({ field: `parametros.${i}.chave`, message: M.paramKeyDuplicate(chave) });
    seen.add(chave);
    if (p.valor.length > LABEL_PARAM_VALUE_MAX) issues.push({ field: `parametros.${i}.valor`, message: M.paramValueTooLong });
    if ((LABEL_OFFSET_KEYS as readonly string[]).includes(chave) && parseLabelOffset(p.valor) === null) {
      issues.push({ field: `parametros.${i}.valor`, message: M.paramOffsetInvalid(chave) });
    }
  });
  for (const chave of labelSourceParams(source ?? '')) {
    if (!seen.has(chave)) issues.push({ field: 'codigo_fonte', message: M.paramUnknown(chave) });
  }
  return issues;
}


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
  // The parameters, when the row says them (the hook passes the stored ones on an update that leaves them out).
  if (Array.isArray(v['parametros'])) {
    const params = (v['parametros'] as Partial<LabelParameter>[]).map((p) => ({ chave: String(p.chave ?? ''), valor: String(p.valor ?? '') }));
    issues.push(...labelParameterIssues(params, typeof v['codigo_fonte'] === 'string' ? v['codigo_fonte'] : null));
  }
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
