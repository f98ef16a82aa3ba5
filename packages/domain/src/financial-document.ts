/**
 * Financial documents (documento_financeiro, 002 §3, §4): receivables (operacao Entrada) and payables (Saida).
 * Everything here is integer centavos.
 *
 * - States (002 §4): a document starts Aberto; a partial discharge makes it Parcial, a full one Quitado; a reversed
 *   discharge brings it back to Parcial or Aberto; reversing the whole document (cancel) marks all its launches
 *   reversed and makes it Estornado, which is final (002 §4). `situacaoAfter` derives the state from the balance, `canDischarge`, `canCancel`,
 *   `canSplit` and `canEdit` say what a state allows.
 * - Late charges: percentual_multa once after dias_para_multa days late, percentual_juros per month pro rata per day
 *   late (30-day month), both on the open balance (`lateCharges`).
 * - Discharge allocation (002 §4): the total paid is allocated across the checked documents in list order; discount
 *   and surcharge are spread over them in proportion to their balances, each document also carries its own interest
 *   and fine; a document is paid up to what it owes and the remainder goes to the next; a zero total clears all.
 *   A document paid only in part takes its discount and charges in proportion to what it received.
 * - Split: a document's open amount into instalments that add up to it to the centavo (`splitAmount`).
 */
import { distribute } from './distribute.ts';
import { ValidationError } from './errors.ts';
import { mulDivRound, sum, type Cents } from './money.ts';

export const FINANCE_MESSAGES = {
  notFound: 'Documento financeiro não encontrado.',
  notOpen: 'O documento financeiro não está em aberto.',
  alreadyCancelled: 'O documento financeiro já está cancelado.',
  dischargeAboveOpen: 'O valor da baixa é maior que o saldo em aberto dos documentos.',
  dischargeZero: 'Informe o valor da baixa.',
  discountAboveOpen: 'O desconto é maior que o saldo em aberto dos documentos.',
  noDocuments: 'Selecione ao menos um documento financeiro.',
  splitSum: 'A soma das parcelas deve ser igual ao saldo do documento.',
  splitCount: 'Informe ao menos duas parcelas.',
  splitWithDischarge: 'Só é possível desmembrar um documento em aberto e sem baixas.',
  editNotOpen: 'Só é possível alterar um documento em aberto e sem baixas.',
  launchNotFound: 'Lançamento não encontrado.',
  launchAlreadyReversed: 'Este lançamento já foi estornado.',
  bankAccountNotFound: 'Conta bancária não encontrada.',
  paymentMethodNotFound: 'Meio de pagamento não encontrado.',
  personNotFound: 'Pessoa não encontrada.',
  numberTaken: 'Já existe um documento financeiro com este número e sequência.',
  invalidValue: 'Informe um valor maior que zero.',
  reversalNote: 'Informe o motivo do estorno.',
  documentReversedNote: 'Estorno do documento.',
  accountPlanNotFound: 'Plano de contas não encontrado.',
  costCenterNotFound: 'Centro de custo não encontrado.',
  transferSameAccount: 'Escolha contas diferentes para a transferência.',
  transferNotFound: 'Transferência não encontrada.',
  transferAlreadyReversed: 'Esta transferência já foi estornada.',
  openingLaunchNote: 'Abertura do documento.',
  checkoutTotalMismatch: 'O valor total não confere com o saldo dos documentos com juros e multa.',
} as const;

/**
 * A document launch's tipo (002 §3): the opening launch each document gets when created (its original amount; reversing
 * it reverses the whole document, 002 §4) and the discharges (baixas).
 */
export const LAUNCH_TYPE = { opening: 'Abertura', discharge: 'Baixa' } as const;
export type LaunchType = (typeof LAUNCH_TYPE)[keyof typeof LAUNCH_TYPE];

export type FinancialSituation = 'Aberto' | 'Parcial' | 'Quitado' | 'Estornado';
export const FINANCIAL_SITUATIONS: readonly FinancialSituation[] = ['Aberto', 'Parcial', 'Quitado', 'Estornado'];
export type FinancialOperation = 'Entrada' | 'Saida';

/** The state a live document has with this balance (never Estornado: only a cancel makes that). */
export function situacaoAfter(valor_atualizado: Cents, saldo: Cents): FinancialSituation {
  if (saldo < 0 || saldo > valor_atualizado) throw new RangeError(`saldo fora do documento: ${saldo} de ${valor_atualizado}`);
  if (saldo === 0) return 'Quitado';
  return saldo === valor_atualizado ? 'Aberto' : 'Parcial';
}

export const canDischarge = (s: FinancialSituation): boolean => s === 'Aberto' || s === 'Parcial';
/** Cancel (estorno of the whole document, 002 §4): any live document; its live launches are reversed with it. */
export const canCancel = (s: FinancialSituation): boolean => s !== 'Estornado';
/** Edit and split: only an open document without live discharges. */
export const canEdit = (s: FinancialSituation, liveDischarges: number): boolean => s === 'Aberto' && liveDischarges === 0;
export const canSplit = canEdit;

/** Percent with 4 decimals (numeric(7,4)) as an integer: 2.5% -> 25_000. */
export type Percent4 = number;
/** One percent in Percent4 units. */
export const PERCENT4_PER_UNIT = 10_000;

export interface ChargeConfig {
  percentual_multa: Percent4;
  dias_para_multa: number;
  /** Per month. */
  percentual_juros: Percent4;
}

const DAY_MS = 86_400_000;

/** Whole days from `due` to `on` (both AAAA-MM-DD); 0 when not late. */
export function daysLate(due: string, on: string): number {
  const d = Math.round((Date.parse(`${on}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / DAY_MS);
  return d > 0 ? d : 0;
}

/** Interest and fine of an open balance paid on `on` (rounded half-up to the centavo). */
export function lateCharges(saldo: Cents, due: string, on: string, config: ChargeConfig): { juros: Cents; multa: Cents } {
  const days = daysLate(due, on);
  if (days === 0 || saldo <= 0) return { juros: 0, multa: 0 };
  const multa = days > config.dias_para_multa ? mulDivRound(saldo, config.percentual_multa, 100 * PERCENT4_PER_UNIT) : 0;
  const juros = mulDivRound(saldo, config.percentual_juros * days, 30 * 100 * PERCENT4_PER_UNIT);
  return { juros, multa };
}

export interface DischargeDocument {
  saldo: Cents;
  /** This document's own interest and fine (lateCharges), 0 when not charged. */
  juros?: Cents;
  multa?: Cents;
}

export interface DischargeInput {
  /** The money received or paid. */
  total: Cents;
  desconto?: Cents;
  acrescimo?: Cents;
}

/** A discharge row (002 §3): what one document receives. valor_baixado is how much its balance goes down. */
export interface DischargeRow {
  valor_pagar: Cents;
  valor_desconto: Cents;
  valor_acrescimo: Cents;
  valor_juros: Cents;
  valor_multa: Cents;
  valor_baixado: Cents;
}

const ZERO_ROW: DischargeRow = { valor_pagar: 0, valor_desconto: 0, valor_acrescimo: 0, valor_juros: 0, valor_multa: 0, valor_baixado: 0 };

/** What each document owes once discount, surcharge, interest and fine are spread (the full payment of each). */
export function dischargeDue(docs: readonly DischargeDocument[], desconto: Cents, acrescimo: Cents): { due: Cents[]; desconto: Cents[]; acrescimo: Cents[] } {
  const weights = docs.map((d) => d.saldo);
  const open = sum(weights);
  if (desconto < 0 || acrescimo < 0) throw new ValidationError(FINANCE_MESSAGES.invalidValue);
  if (desconto > open) throw new ValidationError(FINANCE_MESSAGES.discountAboveOpen, 'valor_desconto');
  const d = open === 0 ? docs.map(() => 0) : distribute(desconto, weights, { remainder: 'first' });
  const a = open === 0 ? docs.map(() => 0) : distribute(acrescimo, weights, { remainder: 'first' });
  const due = docs.map((doc, i) => doc.saldo + (a[i] ?? 0) + (doc.juros ?? 0) + (doc.multa ?? 0) - (d[i] ?? 0));
  return { due, desconto: d, acrescimo: a };
}

/**
 * Allocates a discharge across `docs` in order. Throws the pt-BR ValidationError when the total exceeds what they owe
 * together. Invariants (property-tested): the valor_pagar sum to the total; 0 <= valor_baixado <= saldo; a document
 * is cleared (valor_baixado === saldo) exactly when it received all it owed; the documents after the first one not
 * fully paid receive nothing.
 */
export function allocateDischarge(docs: readonly DischargeDocument[], input: DischargeInput): DischargeRow[] {
  const { total } = input;
  if (!Number.isSafeInteger(total) || total < 0) throw new ValidationError(FINANCE_MESSAGES.invalidValue, 'valor_total');
  if (total === 0) return docs.map(() => ({ ...ZERO_ROW }));
  const spread = dischargeDue(docs, input.desconto ?? 0, input.acrescimo ?? 0);
  if (total > sum(spread.due)) throw new ValidationError(FINANCE_MESSAGES.dischargeAboveOpen, 'valor_total');
  let remaining = total;
  let stopped = false;
  return docs.map((doc, i) => {
    const due = spread.due[i] ?? 0;
    if (stopped) return { ...ZERO_ROW };
    const pay = Math.min(remaining, due);
    remaining -= pay;
    const full: DischargeRow = {
      valor_pagar: pay,
      valor_desconto: spread.desconto[i] ?? 0,
      valor_acrescimo: spread.acrescimo[i] ?? 0,
      valor_juros: doc.juros ?? 0,
      valor_multa: doc.multa ?? 0,
      valor_baixado: doc.saldo,
    };
    if (pay === due) return full;
    stopped = true;
    if (pay === 0) return { ...ZERO_ROW };
    // Paid in part: discount and charges in proportion to what it received; the balance goes down by the rest.
    const part = (v: Cents) => mulDivRound(v, pay, due);
    const row = { ...full, valor_desconto: part(full.valor_desconto), valor_acrescimo: part(full.valor_acrescimo), valor_juros: part(full.valor_juros), valor_multa: part(full.valor_multa) };
    let baixado = pay + row.valor_desconto - row.valor_acrescimo - row.valor_juros - row.valor_multa;
    // Rounding may neither clear a document that was not paid in full nor take its balance up.
    if (baixado >= doc.saldo) {
      const excess = baixado - (doc.saldo - 1);
      const fromDiscount = Math.min(excess, row.valor_desconto);
      row.valor_desconto -= fromDiscount;
      row.valor_acrescimo += excess - fromDiscount;
      baixado = doc.saldo - 1;
    }
    if (baixado < 0) {
      row.valor_desconto -= baixado;
      baixado = 0;
    }
    return { ...row, valor_baixado: baixado };
  });
}

/**
 * A discharge of one document with every amount typed (a launch made by hand): the balance goes down by
 * valor + desconto - acréscimo - juros - multa, which must be above zero and at most the open balance.
 */
export function typedDischarge(saldo: Cents, t: { valor: Cents; desconto: Cents; acrescimo: Cents; juros: Cents; multa: Cents }): DischargeRow {
  for (const v of Object.values(t)) if (!Number.isSafeInteger(v) || v < 0) throw new ValidationError(FINANCE_MESSAGES.invalidValue);
  const baixado = t.valor + t.desconto - t.acrescimo - t.juros - t.multa;
  if (t.valor === 0 || baixado <= 0) throw new ValidationError(FINANCE_MESSAGES.invalidValue, 'valor');
  if (baixado > saldo) throw new ValidationError(FINANCE_MESSAGES.dischargeAboveOpen, 'valor');
  return { valor_pagar: t.valor, valor_desconto: t.desconto, valor_acrescimo: t.acrescimo, valor_juros: t.juros, valor_multa: t.multa, valor_baixado: baixado };
}

/** Splits `total` into `count` instalments that add up to it; the centavos left over go to the first ones. */
export function splitAmount(total: Cents, count: number): Cents[] {
  if (!Number.isInteger(count) || count < 2) throw new ValidationError(FINANCE_MESSAGES.splitCount, 'parcelas');
  if (total < count) throw new ValidationError(FINANCE_MESSAGES.splitSum, 'parcelas');
  return distribute(total, Array.from({ length: count }, () => 1), { remainder: 'largest' });
}

/** Monthly due dates from `first` (AAAA-MM-DD), the day clamped to the month's last day. */
export function monthlyDueDates(first: string, count: number): string[] {
  const [y, m, d] = first.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) => {
    const month = m - 1 + i;
    const year = y + Math.floor(month / 12);
    const mon = month % 12;
    const last = new Date(Date.UTC(year, mon + 1, 0)).getUTCDate();
    return `${year}-${String(mon + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
  });
}

/** Checks a split the user typed: at least two positive instalments adding up to the open amount. */
export function checkSplit(saldo: Cents, parts: readonly Cents[]): void {
  if (parts.length < 2) throw new ValidationError(FINANCE_MESSAGES.splitCount, 'parcelas');
  if (parts.some((p) => !Number.isSafeInteger(p) || p <= 0)) throw new ValidationError(FINANCE_MESSAGES.invalidValue, 'parcelas');
  if (sum(parts) !== saldo) throw new ValidationError(FINANCE_MESSAGES.splitSum, 'parcelas');
}
