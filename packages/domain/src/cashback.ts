/**
 * Cashback (issue 30; 000 §3.2-3.3 valor_cashback, valor_cashback_resgatado; 002 §3 Promotion and the branch's
 * valor_resgate_cashback, dias_bloqueio_cashback). One set of rules the point of sale runs on its local copy and
 * POST /api/operacao runs again inside the sale's transaction.
 *
 * Accrual
 * - Only a sale with an identified customer (id_cliente) earns cashback: without one every line earns 0.
 * - A line earns from the cashback promotions in effect the day the sale began (cashbackActive: Ativo, is_cashback,
 *   management channel, data_inicio..data_fim) that cover its variation (the variation's own rule, else its
 *   category's: as for discounts). Its price type picks the value: cashback_atacado for a wholesale line, else
 *   cashback_venda. Percentual: that percentage of the line's total (after its discounts), rounded DOWN to the
 *   centavo (the shop never gives more than it promised); Valor: that amount per unit times the quantity (thousandths),
 *   rounded down too, and never more than the line's total. Of several promotions the one giving the most cashback
 *   wins (ties: the smallest id_promocao). A line's cashback is never negative.
 *
 * Ledger and balance
 * - A customer's cashback is a ledger of signed entries (centavos) with the instant each counts from (disponivel_em):
 *   Acumulo (+, from the sale's date plus the selling branch's dias_bloqueio_cashback), Resgate (-, at once) and
 *   Estorno (reversal of either: see accrualReversal / redemptionGiveBack).
 * - At instant t: saldo = the sum of every entry; disponivel = the sum of the entries whose disponivel_em <= t;
 *   bloqueado = saldo - disponivel.
 * - The ledger never lets the future available balance fall below zero: a redemption is at most the available
 *   balance (redemptionError), an accrual's reversal takes the blocked accrual back on its own date, or, once it is
 *   available, at most what is still available (the rest was spent and is not taken back: the shop bears it).
 *
 * Redemption (a payment of method Programa de Fidelidade, tPag 19, at the point of sale)
 * - needs a customer; the AVAILABLE balance must reach the redeeming branch's valor_resgate_cashback (the minimum
 *   counts the whole available balance before this sale, not the amount redeemed; 0 means any positive balance);
 *   the amount is at most the available balance and at most the sale's total.
 * - Offline the till uses the available balance of its synced people row less the redemptions of its own sales still
 *   in the outbox (offlineAvailable); the server checks again with the customer's row locked.
 */
import { formatMoney, type Cents, type Milli } from './money.ts';
import type { TipoPreco } from './item.ts';
import type { PricedVariation, Promotion, TipoValor } from './price-rules.ts';

export const CASHBACK_MESSAGES = {
  customerRequired: 'Informe o cliente para usar o cashback.',
  noneAvailable: 'O cliente não tem cashback disponível para resgate.',
  belowMinimum: (disponivel: Cents, minimo: Cents) =>
    `O cliente tem ${formatMoney(disponivel)} de cashback disponível; o mínimo para resgatar é ${formatMoney(minimo)}.`,
  aboveAvailable: (disponivel: Cents) => `Saldo de cashback insuficiente: disponível ${formatMoney(disponivel)}.`,
  aboveTotal: 'O resgate de cashback não pode passar do total da venda.',
  cashbackMismatch: (descricao: string, esperado: Cents, recebido: Cents) =>
    `O cashback de ${descricao} não confere com as promoções (esperado ${formatMoney(esperado)}, recebido ${formatMoney(recebido)}).`,
  personNotFound: 'Cliente não encontrado.',
} as const;

/** A cashback offer of a promotion for a variation (values in hundredths: basis points or centavos by tipo). */
export interface CashbackOffer {
  id_promocao: number;
  tipo: TipoValor;
  venda: number;
  atacado: number;
}

/** Whether a promotion gives cashback on `day` (YYYY-MM-DD) in the management channel. */
export function cashbackActive(promotion: Promotion, day: string): boolean {
  return (
    promotion.situacao === 'Ativo' &&
    promotion.is_cashback === true &&
    promotion.is_gestao &&
    promotion.data_inicio <= day &&
    day <= promotion.data_fim
  );
}

/** The cashback offers for a variation on `day`: each active cashback promotion's rule (variation's, else category's). */
export function cashbackOffers(variation: PricedVariation, promotions: readonly Promotion[], day: string): CashbackOffer[] {
  const offers: CashbackOffer[] = [];
  for (const promotion of promotions) {
    if (!cashbackActive(promotion, day)) continue;
    const rule =
      promotion.grades.get(variation.id_produto_grade_filial) ??
      (variation.id_categoria === null ? undefined : promotion.categorias.get(variation.id_categoria));
    if (!rule) continue;
    const venda = rule.cashback_venda ?? 0;
    const atacado = rule.cashback_atacado ?? 0;
    if (venda <= 0 && atacado <= 0) continue;
    offers.push({ id_promocao: promotion.id_promocao, tipo: rule.cashback_tipo ?? 'Percentual', venda, atacado });
  }
  return offers;
}

/** floor(a × b / c) for non-negative integers, exact. */
function floorMulDiv(a: number, b: number, c: number): number {
  if (a <= 0 || b <= 0) return 0;
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/** What a line is: its price type, quantity (thousandths) and total after its discounts (centavos). */
export interface CashbackLine {
  tipo_preco: TipoPreco;
  quantidade: Milli;
  valor_total: Cents;
}

/** The cashback one offer gives a line (see the module comment). */
export function offerCashback(offer: CashbackOffer, line: CashbackLine): Cents {
  const value = line.tipo_preco === 'Atacado' ? offer.atacado : offer.venda;
  const total = Math.max(0, line.valor_total);
  if (value <= 0 || total === 0) return 0;
  const earned = offer.tipo === 'Percentual' ? floorMulDiv(total, value, 10_000) : floorMulDiv(value, Math.max(0, line.quantidade), 1000);
  return Math.min(total, earned);
}

/** The line's cashback: the best offer's (most cashback, then the smallest id_promocao); 0 and null without offers. */
export function lineCashback(line: CashbackLine, offers: readonly CashbackOffer[]): { valor_cashback: Cents; id_promocao: number | null } {
  let best: { valor_cashback: Cents; id_promocao: number | null } = { valor_cashback: 0, id_promocao: null };
  for (const offer of offers) {
    const valor = offerCashback(offer, line);
    if (valor > best.valor_cashback || (valor === best.valor_cashback && valor > 0 && offer.id_promocao < (best.id_promocao ?? Infinity))) {
      best = { valor_cashback: valor, id_promocao: offer.id_promocao };
    }
  }
  return best;
}

/**
 * THE accrual of a sale: each line's cashback (by position) and their total. No customer: nothing. `offersOf` gives a
 * line's offers (cashbackOffers for its variation on the sale's day).
 */
export function saleCashback<L extends CashbackLine>(
  lines: readonly L[],
  offersOf: (line: L) => readonly CashbackOffer[],
  hasCustomer: boolean,
): { itens: Cents[]; total: Cents } {
  const itens = lines.map((line) => (hasCustomer ? lineCashback(line, offersOf(line)).valor_cashback : 0));
  return { itens, total: itens.reduce((a, b) => a + b, 0) };
}

/**
 * The first line (by position) claiming more cashback than the rule gives (`expected`), as a refusal; or null. A line
 * claiming less (a till that has not received a cashback promotion yet, offline or a moment after it began) is not
 * refused: like a line that does not claim a promotion's price (price-check.ts unclaimedPromotions), it earns what the
 * till told the customer (settledCashback). A line that claims nothing (an older point of sale) earns the rule's.
 */
export function cashbackClaimError(
  sent: ReadonlyArray<{ descricao: string; valor_cashback?: Cents | null | undefined }>,
  expected: readonly Cents[],
): string | null {
  for (const [i, line] of sent.entries()) {
    if (line.valor_cashback == null) continue;
    const esperado = expected[i] ?? 0;
    if (line.valor_cashback > esperado || line.valor_cashback < 0) {
      return CASHBACK_MESSAGES.cashbackMismatch(line.descricao, esperado, line.valor_cashback);
    }
  }
  return null;
}

/** What each line earns once its claim passed cashbackClaimError: its claim, or the rule's when it claims none. */
export function settledCashback(
  sent: ReadonlyArray<{ valor_cashback?: Cents | null | undefined }>,
  expected: readonly Cents[],
): { itens: Cents[]; total: Cents } {
  const itens = expected.map((esperado, i) => Math.min(esperado, sent[i]?.valor_cashback ?? esperado));
  return { itens, total: itens.reduce((a, b) => a + b, 0) };
}

export const CASHBACK_TIPOS = ['Acumulo', 'Resgate', 'Estorno'] as const;
export type CashbackTipo = (typeof CASHBACK_TIPOS)[number];

/** A ledger entry as the balance needs it: signed centavos and the instant (ISO) it counts from. */
export interface CashbackEntry {
  valor: Cents;
  disponivel_em: string;
}

export interface CashbackBalance {
  saldo: Cents;
  disponivel: Cents;
  bloqueado: Cents;
}

/** The balance at instant `at` (ISO): see the module comment. */
export function cashbackBalance(entries: readonly CashbackEntry[], at: string): CashbackBalance {
  const now = Date.parse(at);
  let saldo = 0;
  let disponivel = 0;
  for (const e of entries) {
    saldo += e.valor;
    if (Date.parse(e.disponivel_em) <= now) disponivel += e.valor;
  }
  return { saldo, disponivel, bloqueado: saldo - disponivel };
}

const DAY_MS = 86_400_000;

/** When an accrual of a sale at `soldAt` (ISO) becomes available: `dias` (dias_bloqueio_cashback) whole days later. */
export function availableFrom(soldAt: string, dias: number): string {
  return new Date(Date.parse(soldAt) + Math.max(0, Math.trunc(dias)) * DAY_MS).toISOString();
}

/**
 * Why `valor` (centavos) of cashback may not pay this sale, or null. `disponivel`: the available balance (the server's
 * at the lock, or the till's offlineAvailable); `minimo`: the branch's valor_resgate_cashback; `total`: the sale's total.
 */
export function redemptionError(r: { hasCustomer: boolean; valor: Cents; disponivel: Cents; minimo: Cents; total: Cents }): string | null {
  if (r.valor <= 0) return null;
  if (!r.hasCustomer) return CASHBACK_MESSAGES.customerRequired;
  if (r.disponivel <= 0) return CASHBACK_MESSAGES.noneAvailable;
  if (r.disponivel < r.minimo) return CASHBACK_MESSAGES.belowMinimum(r.disponivel, r.minimo);
  if (r.valor > r.disponivel) return CASHBACK_MESSAGES.aboveAvailable(r.disponivel);
  if (r.valor > r.total) return CASHBACK_MESSAGES.aboveTotal;
  return null;
}

/** What a till may redeem offline: its synced available balance less its own redemptions still in the outbox. */
export function offlineAvailable(synced: Cents, pendingRedemptions: readonly Cents[]): Cents {
  return Math.max(0, synced - pendingRedemptions.reduce((a, b) => a + Math.max(0, b), 0));
}

/**
 * The reversal of (part of) an accrual of `valor` centavos (> 0; the part of a return, or all of it) available from
 * `disponivel_em`, at instant `at`, with the customer's balance then: while the accrual is blocked, it is taken back
 * on its own date (the blocked amount always holds it); once available, at most what is available now, at once.
 * Null when nothing can be taken back.
 */
export function accrualReversal(
  accrual: CashbackEntry,
  balance: CashbackBalance,
  at: string,
): CashbackEntry | null {
  if (accrual.valor <= 0) return null;
  if (Date.parse(accrual.disponivel_em) > Date.parse(at)) return { valor: -accrual.valor, disponivel_em: accrual.disponivel_em };
  const valor = Math.min(accrual.valor, Math.max(0, balance.disponivel));
  return valor > 0 ? { valor: -valor, disponivel_em: at } : null;
}

/** A redemption of `valor` centavos (> 0) given back at `at` (the sale was cancelled): available at once. */
export function redemptionGiveBack(valor: Cents, at: string): CashbackEntry | null {
  return valor > 0 ? { valor, disponivel_em: at } : null;
}

/**
 * The balance at `at` from a synced people row: its total (cashback_saldo) and the entries that were not yet
 * available when the row was read (cashback_bloqueios); those whose instant has passed since count as available.
 */
export function syncedCashback(saldo: Cents, bloqueios: readonly CashbackEntry[], at: string): CashbackBalance {
  const now = Date.parse(at);
  const bloqueado = bloqueios.reduce((total, e) => total + (Date.parse(e.disponivel_em) > now ? e.valor : 0), 0);
  return { saldo, disponivel: saldo - bloqueado, bloqueado };
}

/** Whether a sale earns cashback: a sale or an order (not a quote, return, consignment or voucher) with a customer. */
export function earnsCashback(modo_operacao: string, hasCustomer: boolean): boolean {
  return hasCustomer && (modo_operacao === 'Venda' || modo_operacao === 'Pedido');
}
