/**
 * The child lists of the financial settings forms as the form holds them (the descriptors' `extra` members): a
 * payment method's branches, an installment plan's installments and branches, a card operator's rates per
 * installment. Pure: the tabs only draw them.
 */

export interface InstallmentRow {
  parcela: number;
  dias_parcela: number;
  percentual_acrescimo: number;
}

export interface PlanBranch {
  id_filial: number;
  is_padrao: boolean;
}

export interface RateRow {
  parcela: number;
  taxa: number;
}

const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);
const isNum = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});

/** A payment method's `filiais`: branch ids. */
export function branchIds(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((n): n is number => isInt(n) && n > 0) : [];
}

export function toggleBranch(ids: readonly number[], id: number, on: boolean): number[] {
  return on ? [...new Set([...ids, id])].sort((a, b) => a - b) : ids.filter((x) => x !== id);
}

/** A plan's installments, in order of their number. */
export function installmentRows(value: unknown): InstallmentRow[] {
  if (!Array.isArray(value)) return [];
  return value
    .map(record)
    .filter((r) => isInt(r['parcela']))
    .map((r) => ({
      parcela: r['parcela'] as number,
      dias_parcela: isInt(r['dias_parcela']) ? r['dias_parcela'] : 0,
      percentual_acrescimo: isNum(r['percentual_acrescimo']) ? r['percentual_acrescimo'] : 0,
    }))
    .sort((a, b) => a.parcela - b.parcela);
}

/** The next installment: number after the last, 30 days after it (the first one: 30 days), no surcharge. */
export function addInstallment(rows: readonly InstallmentRow[]): InstallmentRow[] {
  const last = rows.at(-1);
  return [...rows, { parcela: (last?.parcela ?? 0) + 1, dias_parcela: last ? last.dias_parcela + 30 : 30, percentual_acrescimo: 0 }];
}

/**
 * Without installment `parcela`: the ones after it move up a number, so the plan stays 1..n (the server keeps the
 * removed number's row as excluded).
 */
export function removeInstallment(rows: readonly InstallmentRow[], parcela: number): InstallmentRow[] {
  return rows.filter((r) => r.parcela !== parcela).map((r) => (r.parcela > parcela ? { ...r, parcela: r.parcela - 1 } : r));
}

export function editInstallment(rows: readonly InstallmentRow[], parcela: number, change: Partial<Omit<InstallmentRow, 'parcela'>>): InstallmentRow[] {
  return rows.map((r) => (r.parcela === parcela ? { ...r, ...change } : r));
}

/** A plan's branches. */
export function planBranches(value: unknown): PlanBranch[] {
  if (!Array.isArray(value)) return [];
  return value
    .map(record)
    .filter((r) => isInt(r['id_filial']))
    .map((r) => ({ id_filial: r['id_filial'] as number, is_padrao: r['is_padrao'] === true }));
}

export function togglePlanBranch(rows: readonly PlanBranch[], id: number, on: boolean): PlanBranch[] {
  if (!on) return rows.filter((r) => r.id_filial !== id);
  return rows.some((r) => r.id_filial === id) ? [...rows] : [...rows, { id_filial: id, is_padrao: false }].sort((a, b) => a.id_filial - b.id_filial);
}

/** The plan is the default of branch `id` (offered there too); only one branch of the list is the default. */
export function setDefaultBranch(rows: readonly PlanBranch[], id: number | null): PlanBranch[] {
  const withIt = id === null ? rows : togglePlanBranch(rows, id, true);
  return withIt.map((r) => ({ ...r, is_padrao: r.id_filial === id }));
}

/** A card operator's rates per installment, in order. */
export function rateRows(value: unknown): RateRow[] {
  if (!Array.isArray(value)) return [];
  return value
    .map(record)
    .filter((r) => isInt(r['parcela']))
    .map((r) => ({ parcela: r['parcela'] as number, taxa: isNum(r['taxa']) ? r['taxa'] : 0 }))
    .sort((a, b) => a.parcela - b.parcela);
}

/** The next installment's rate: the number after the last (from 1), the last rate as a start. */
export function addRate(rows: readonly RateRow[]): RateRow[] {
  const last = rows.at(-1);
  return [...rows, { parcela: (last?.parcela ?? 0) + 1, taxa: last?.taxa ?? 0 }];
}
