/**
 * The rules of the fiscal settings registers (002 §3 Fiscal configuration): a fiscal scenario's tax codes against its
 * regime, its CFOPs against its operation and destination, the IBS/CBS classification against its CST, and a fiscal
 * series' contingency justification. Written once: the register's schema runs them on the form and on the request
 * (packages/contract/src/registers), the server's hook again on the row as it will be stored.
 *
 * Each rule returns the issues found, each under the field it belongs to; given a partial row (an update that sends
 * only some fields) it checks only what the row says.
 */

/** CRT: 1 Simples Nacional, 2 Simples Nacional over the sublimit, 3 normal regime, 4 MEI. */
export const TAX_REGIMES = [1, 2, 3, 4] as const;
/** The regimes whose ICMS is given by CSOSN; the normal regime (3) gives a CST. */
export const CSOSN_REGIMES: readonly number[] = [1, 2, 4];

export const ICMS_CST = ['00', '10', '20', '30', '40', '41', '50', '51', '60', '70', '90'] as const;
export const ICMS_CSOSN = ['101', '102', '103', '201', '202', '203', '300', '400', '500', '900'] as const;
export const IPI_CST = ['00', '01', '02', '03', '04', '05', '49', '50', '51', '52', '53', '54', '55', '99'] as const;
export const PIS_COFINS_CST = [
  '01', '02', '03', '04', '05', '06', '07', '08', '09', '49', '50', '51', '52', '53', '54', '55', '56',
  '60', '61', '62', '63', '64', '65', '66', '67', '70', '71', '72', '73', '74', '75', '98', '99',
] as const;
export const SCENARIO_TYPES = ['Venda', 'Devolucao', 'Consignacao', 'Transferencia', 'Outros'] as const;

/** The models a fiscal series numbers (what the issuing code reads: NF-e 55, NFC-e 65). */
export const SERIES_MODELS = ['65', '55'] as const;
export const PRINT_MODELS = ['80mm', '58mm', 'A4'] as const;
export const CONTINGENCY_JUSTIFICATION = { min: 15, max: 256 } as const;

export const FISCAL_SETTINGS_MESSAGES = {
  csosnRegime:
    'CSOSN só se aplica aos regimes 1, 2 e 4 (Simples Nacional e MEI). Uma filial do regime 3 (normal) emite com o CST do ICMS: informe o CST e deixe o CSOSN vazio.',
  cstRegime: 'O CST do ICMS só se aplica ao regime 3 (normal). No Simples Nacional e no MEI informe o CSOSN.',
  cfopFormat: (label: string) => `${label} deve ter 4 dígitos.`,
  cfopExit: 'Operação de saída: o CFOP deve começar com 5, 6 ou 7.',
  cfopEntry: 'Operação de entrada: o CFOP deve começar com 1, 2 ou 3.',
  cfopInternal: 'O CFOP interno (dentro do estado) deve começar com 5 (saída) ou 1 (entrada).',
  cfopExternal: 'O CFOP externo (outro estado ou exterior) deve começar com 6 ou 7 (saída), ou 2 ou 3 (entrada).',
  ibsCbsCstFormat: 'O CST do IBS/CBS deve ter 3 dígitos.',
  classificationFormat: 'A classificação tributária do IBS/CBS deve ter 6 dígitos.',
  classificationWithoutCst: 'Informe o CST do IBS/CBS da classificação tributária.',
  classificationCst: (cst: string) => `Os 3 primeiros dígitos da classificação tributária devem ser o CST do IBS/CBS (${cst}).`,
  contingencyJustification: `Informe a justificativa da contingência com ${CONTINGENCY_JUSTIFICATION.min} a ${CONTINGENCY_JUSTIFICATION.max} caracteres.`,
  seriesRenumbered: (issued: number) =>
    `Esta série já emitiu a nota ${issued}: a última numeração não pode voltar para menos de ${issued}.`,
  seriesDuplicate: (model: string, serie: number) => `Já existe a série ${serie} do modelo ${model} nesta filial.`,
  deviceSeriesTaken: (model: string, serie: number) =>
    `Este dispositivo já numera o modelo ${model} pela série ${serie}: cada dispositivo tem uma série por modelo.`,
  deviceNotFound: 'Dispositivo não encontrado nesta filial.',
  linkNotFound: (what: string) => `${what} não encontrado(a) nesta organização.`,
} as const;

const M = FISCAL_SETTINGS_MESSAGES;

export interface FieldIssue {
  field: string;
  message: string;
}

type Values = Readonly<Record<string, unknown>>;

const given = (v: unknown): v is string | number => (typeof v === 'string' && v.trim() !== '') || typeof v === 'number';
const text = (v: unknown) => String(v).trim();

/** Which digits a CFOP may start with, by operation (0 entry, 1 exit) and destination. */
function cfopIssue(field: 'cfop_interno' | 'cfop_externo', label: string, cfop: string, operacao: unknown): string | null {
  if (!/^\d{4}$/.test(cfop)) return M.cfopFormat(label);
  const first = cfop.charAt(0);
  if (operacao === 1 && !'567'.includes(first)) return M.cfopExit;
  if (operacao === 0 && !'123'.includes(first)) return M.cfopEntry;
  if (field === 'cfop_interno' && !'51'.includes(first)) return M.cfopInternal;
  if (field === 'cfop_externo' && !'6273'.includes(first)) return M.cfopExternal;
  return null;
}

/** A fiscal scenario's rules across fields (002 §3 Fiscal scenario). */
export function fiscalScenarioIssues(s: Values): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const regime = s['regime_tributario'];
  if (typeof regime === 'number') {
    if (given(s['icms_csosn']) && !CSOSN_REGIMES.includes(regime)) issues.push({ field: 'icms_csosn', message: M.csosnRegime });
    if (given(s['icms_cst']) && CSOSN_REGIMES.includes(regime)) issues.push({ field: 'icms_cst', message: M.cstRegime });
  }
  for (const [field, label] of [['cfop_interno', 'CFOP interno'], ['cfop_externo', 'CFOP externo']] as const) {
    const cfop = s[field];
    if (!given(cfop)) continue;
    const message = cfopIssue(field, label, text(cfop), s['operacao']);
    if (message) issues.push({ field, message });
  }
  const cst = s['ibscbs_cst'];
  const classification = s['ibscbs_classificacao'];
  if (given(cst) && !/^\d{3}$/.test(text(cst))) issues.push({ field: 'ibscbs_cst', message: M.ibsCbsCstFormat });
  if (given(classification)) {
    const c = text(classification);
    if (!/^\d{6}$/.test(c)) issues.push({ field: 'ibscbs_classificacao', message: M.classificationFormat });
    else if (cst === null || (cst !== undefined && !given(cst))) issues.push({ field: 'ibscbs_cst', message: M.classificationWithoutCst });
    else if (given(cst) && /^\d{3}$/.test(text(cst)) && c.slice(0, 3) !== text(cst)) {
      issues.push({ field: 'ibscbs_classificacao', message: M.classificationCst(text(cst)) });
    }
  }
  return issues;
}

/** A fiscal series' rules across fields: in contingency, a justification of 15 to 256 characters. */
export function fiscalSeriesIssues(s: Values): FieldIssue[] {
  if (s['is_contingencia'] !== true) return [];
  const j = s['justificativa_contingencia'];
  // Absent (an update turning contingency on): the stored justification decides.
  if (j === undefined) return [];
  const length = typeof j === 'string' ? j.trim().length : 0;
  if (length < CONTINGENCY_JUSTIFICATION.min || length > CONTINGENCY_JUSTIFICATION.max) {
    return [{ field: 'justificativa_contingencia', message: M.contingencyJustification }];
  }
  return [];
}
