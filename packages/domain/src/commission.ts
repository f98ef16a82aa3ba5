/**
 * The commission rule (002 §3 "Commission group", §9 "Commission: consider returns true, financial false"; issue 30):
 * for one seller, their commission group and a period, which sale lines count, at what rate, and the commission in
 * centavos. Pure: the server loads the seller's sale lines and returns of the period and calls `commissionOf`.
 *
 * - A line counts when it is the seller's (the server picks the line's seller, else the sale's). Its rate is the
 *   group's rate for its variation (`produtos`), else for its service (`servicos`), else for its category
 *   (`categorias`): the product beats the category. A line none of them names counts at the seller's own rate in the
 *   group when the group's tipo is 'Geral', and does not count at all when it is 'Especifico'.
 * - Only the share of a sale paid by the group's payment methods counts (all of it when the group names none); with
 *   `financeiro` (false by default) only what was already received of that share: a payment's `valor_recebido` (the
 *   server gives a cash payment in full, a receivable-making one as its value less the open balance).
 * - With `considerar_devolucoes` (true by default) each returned line of the period is subtracted from the base at
 *   the rate and share its sale had.
 * - The period's total (the counted base after returns) picks the goal range (`faixas`: valor_inicio_faixa up to
 *   valor_final_faixa, both included; an open end is null) whose percentual raises every line's rate to it when
 *   higher; the range never lowers a rate.
 * - The commission is Σ over rates of (base at that rate × rate), rounded half-up to the centavo per rate. It may be
 *   negative when the returns of the period outweigh its sales (what the seller gives back).
 *
 * Amounts are centavos, percentages basis points (5,5% = 550).
 */
import type { BasisPoints, Cents } from './money.ts';
import { mulDivRound, percentOf } from './money.ts';

export const COMMISSION_TYPES = ['Geral', 'Especifico'] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];

export const COMMISSION_MESSAGES = {
  sellerInOtherGroup: 'O vendedor já pertence a outro grupo de comissão.',
  rangeOrder: 'O valor final da faixa deve ser maior que o inicial.',
  rangeOverlap: 'As faixas de meta não podem se sobrepor.',
  duplicateEntry: 'Registro repetido na lista.',
  periodOrder: 'A data final deve ser igual ou posterior à data inicial.',
  periodTooLong: 'O período do relatório pode ter no máximo 366 dias.',
  userNotFound: 'Vendedor não encontrado.',
  serviceNotFound: 'Serviço não encontrado.',
  paymentMethodNotFound: 'Meio de pagamento não encontrado.',
} as const;

export interface CommissionRange {
  valor_inicio_faixa: Cents;
  /** null: no upper end. */
  valor_final_faixa: Cents | null;
  percentual: BasisPoints;
}

export interface CommissionGroupRule {
  tipo: CommissionType;
  /** The seller's own rate in the group (a line no entry names, in a 'Geral' group). */
  percentual_vendedor: BasisPoints;
  considerar_devolucoes: boolean;
  financeiro: boolean;
  categorias: ReadonlyMap<number, BasisPoints>;
  produtos: ReadonlyMap<number, BasisPoints>;
  servicos: ReadonlyMap<number, BasisPoints>;
  faixas: readonly CommissionRange[];
  /** Empty: every payment method counts. */
  meios_pagamento: ReadonlySet<number>;
}

export interface CommissionLine {
  id_produto_grade_filial: number | null;
  id_categoria: number | null;
  id_servico: number | null;
  valor_total: Cents;
}

export interface CommissionPayment {
  id_meio_pagamento: number;
  valor: Cents;
  /** What was received of it by the report's day (valor for a payment received at the sale). */
  valor_recebido: Cents;
}

export interface CommissionSale {
  /** The seller's lines of the sale. */
  itens: readonly CommissionLine[];
  /** All the sale's payments (none: a sale that took no payment counts whole unless the group filters). */
  pagamentos: readonly CommissionPayment[];
}

/** A return of the period: the seller's returned lines and the payments of the sale they came from. */
export interface CommissionReturn {
  itens: readonly CommissionLine[];
  pagamentos: readonly CommissionPayment[];
}

export interface CommissionResult {
  quantidade_vendas: number;
  /** The counted base of the sales (before returns). */
  total_vendas: Cents;
  /** The counted base of the returns subtracted (0 when the group does not consider them). */
  total_devolucoes: Cents;
  /** total_vendas − total_devolucoes: the total the goal ranges look at. */
  base_comissao: Cents;
  /** The goal range reached (null: none). */
  faixa: CommissionRange | null;
  valor_comissao: Cents;
}

/** The rate of a line, or null when it does not count (tipo 'Especifico' and no entry names it). */
export function lineRate(group: CommissionGroupRule, line: CommissionLine): BasisPoints | null {
  const byProduct = line.id_produto_grade_filial === null ? undefined : group.produtos.get(line.id_produto_grade_filial);
  if (byProduct !== undefined) return byProduct;
  const byService = line.id_servico === null ? undefined : group.servicos.get(line.id_servico);
  if (byService !== undefined) return byService;
  const byCategory = line.id_categoria === null ? undefined : group.categorias.get(line.id_categoria);
  if (byCategory !== undefined) return byCategory;
  return group.tipo === 'Geral' ? group.percentual_vendedor : null;
}

/** The share of a sale that counts, as a fraction [numerator, denominator] of its payments. */
export function countedShare(group: CommissionGroupRule, pagamentos: readonly CommissionPayment[]): [number, number] {
  const whole = pagamentos.reduce((s, p) => s + p.valor, 0);
  if (whole <= 0) return group.meios_pagamento.size > 0 ? [0, 1] : [1, 1];
  const counted = pagamentos
    .filter((p) => group.meios_pagamento.size === 0 || group.meios_pagamento.has(p.id_meio_pagamento))
    .reduce((s, p) => s + (group.financeiro ? Math.min(p.valor, Math.max(0, p.valor_recebido)) : p.valor), 0);
  return [counted, whole];
}

/** The goal range the total reaches (the highest start among those containing it). */
export function rangeOf(faixas: readonly CommissionRange[], total: Cents): CommissionRange | null {
  let found: CommissionRange | null = null;
  for (const f of faixas) {
    if (total < f.valor_inicio_faixa || (f.valor_final_faixa !== null && total > f.valor_final_faixa)) continue;
    if (found === null || f.valor_inicio_faixa > found.valor_inicio_faixa) found = f;
  }
  return found;
}

/** Adds each counted line's base (valor_total × share) to `byRate`; answers the total added. */
function addLines(group: CommissionGroupRule, doc: CommissionSale | CommissionReturn, sign: 1 | -1, byRate: Map<BasisPoints, Cents>): Cents {
  const [num, den] = countedShare(group, doc.pagamentos);
  let total = 0;
  for (const line of doc.itens) {
    const rate = lineRate(group, line);
    if (rate === null) continue;
    const base = mulDivRound(line.valor_total, num, den);
    byRate.set(rate, (byRate.get(rate) ?? 0) + sign * base);
    total += base;
  }
  return total;
}

export function commissionOf(group: CommissionGroupRule, sales: readonly CommissionSale[], returns: readonly CommissionReturn[]): CommissionResult {
  const byRate = new Map<BasisPoints, Cents>();
  let total_vendas = 0;
  let quantidade_vendas = 0;
  for (const sale of sales) {
    const counted = addLines(group, sale, 1, byRate);
    total_vendas += counted;
    if (counted > 0) quantidade_vendas += 1;
  }
  let total_devolucoes = 0;
  if (group.considerar_devolucoes) for (const r of returns) total_devolucoes += addLines(group, r, -1, byRate);
  const base_comissao = total_vendas - total_devolucoes;
  const faixa = rangeOf(group.faixas, base_comissao);
  // The range raises a rate below it: the bases of the lower rates move to the range's.
  const raised = new Map<BasisPoints, Cents>();
  for (const [rate, base] of byRate) {
    const r = faixa !== null && faixa.percentual > rate ? faixa.percentual : rate;
    raised.set(r, (raised.get(r) ?? 0) + base);
  }
  let valor_comissao = 0;
  for (const [rate, base] of raised) valor_comissao += percentOf(base, rate);
  return { quantidade_vendas, total_vendas, total_devolucoes, base_comissao, faixa, valor_comissao };
}

/** Rules across a group's goal ranges: an end above its start, no two ranges sharing a value. */
export function rangeIssues(faixas: readonly CommissionRange[]): string | null {
  for (const f of faixas) if (f.valor_final_faixa !== null && f.valor_final_faixa <= f.valor_inicio_faixa) return COMMISSION_MESSAGES.rangeOrder;
  const sorted = [...faixas].sort((a, b) => a.valor_inicio_faixa - b.valor_inicio_faixa);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    if (prev.valor_final_faixa === null || prev.valor_final_faixa >= sorted[i]!.valor_inicio_faixa) return COMMISSION_MESSAGES.rangeOverlap;
  }
  return null;
}

/** The report's period: the end on or after the start, at most 366 days. Dates AAAA-MM-DD. */
export function reportPeriodIssue(data_inicio: string, data_fim: string): string | null {
  if (data_fim < data_inicio) return COMMISSION_MESSAGES.periodOrder;
  const days = (Date.parse(`${data_fim}T00:00:00Z`) - Date.parse(`${data_inicio}T00:00:00Z`)) / 86_400_000;
  return days > 365 ? COMMISSION_MESSAGES.periodTooLong : null;
}
