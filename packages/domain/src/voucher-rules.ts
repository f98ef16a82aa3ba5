/**
 * Credit vouchers at the point of sale (000 §1 mode vale crédito, §3.4 payment id_vale_credito; 001 §3 "Gift card").
 * Selling one: the operation's lines are the branch's voucher product (002 §3 id_produto_grade_filial_vale_credito)
 * and their net is the voucher's value. Paying with one: a payment of the Vale Crédito method (NF-e tPag 12) names
 * the voucher, which must be active, of the branch, in date and hold the value. The same checks run on the client
 * (after looking the code up) and on the server, whose conditional UPDATE is the last word on the balance.
 */
import { formatMoney, type Cents } from './money.ts';
import { MEIO_PAGAMENTO } from './payment-method.ts';
import { ORDER_MESSAGES } from './order-messages.ts';

export const VOUCHER_MESSAGES = {
  codeRequired: 'Informe o código do vale crédito.',
  methodMismatch: 'O pagamento com vale crédito deve usar o meio de pagamento Vale Crédito.',
  otherBranch: 'Vale crédito emitido por outra filial.',
  expired: (date: string) => `Vale crédito vencido em ${date}.`,
  productMissing: 'Produto de vale crédito não configurado na filial.',
  onlyVoucherProduct: 'A operação de vale crédito aceita apenas o produto de vale crédito.',
  valueRequired: 'Informe o valor do vale crédito.',
  noInvoice: 'A venda de vale crédito não emite nota fiscal ao finalizar.',
  paidWithVoucher: 'Um vale crédito não pode ser pago com outro vale crédito.',
  offline: 'Sem conexão com o servidor: o vale crédito só pode ser consultado online.',
  issued: (codigo: string) => `Vale crédito ${codigo} emitido com sucesso.`,
  notFound: ORDER_MESSAGES.giftCardNotFound,
  cancelled: ORDER_MESSAGES.giftCardCancelled,
  insufficient: ORDER_MESSAGES.giftCardInsufficient,
} as const;

/** Whether a payment method (its NF-e tPag code) is the credit voucher. */
export function isVoucherMethod(code: string): boolean {
  return code === MEIO_PAGAMENTO.ValePresente;
}

/** A voucher payment's consistency: the voucher method names a voucher, and only it does. Null when fine. */
export function voucherPaymentError(payment: { meio_pagamento: string; id_vale_credito: number | null }): string | null {
  const voucher = isVoucherMethod(payment.meio_pagamento);
  if (voucher && payment.id_vale_credito === null) return VOUCHER_MESSAGES.codeRequired;
  if (!voucher && payment.id_vale_credito !== null) return VOUCHER_MESSAGES.methodMismatch;
  return null;
}

/** What an operation takes from each voucher: payments naming the same voucher add up (one redemption each). */
export function voucherRedemptions(payments: ReadonlyArray<{ id_vale_credito: number | null; valor_total: Cents }>): Map<number, Cents> {
  const total = new Map<number, Cents>();
  for (const p of payments) {
    if (p.id_vale_credito === null) continue;
    total.set(p.id_vale_credito, (total.get(p.id_vale_credito) ?? 0) + p.valor_total);
  }
  return total;
}

export interface VoucherFacts {
  id_filial: number;
  situacao: string;
  saldo: Cents;
  /** AAAA-MM-DD or null. */
  data_validade: string | null;
}

function brDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/**
 * Why the voucher cannot pay `valor` in branch `id_filial` on `today` (AAAA-MM-DD), or null. A voucher pays in the
 * branch that issued it (the shop that holds the money received for it).
 */
export function voucherUseError(card: VoucherFacts, use: { id_filial: number; valor: Cents; today: string }): string | null {
  if (card.situacao === 'Cancelado') return VOUCHER_MESSAGES.cancelled;
  if (card.id_filial !== use.id_filial) return VOUCHER_MESSAGES.otherBranch;
  if (card.data_validade !== null && card.data_validade < use.today) return VOUCHER_MESSAGES.expired(brDate(card.data_validade));
  if (use.valor > card.saldo) return VOUCHER_MESSAGES.insufficient(formatMoney(card.saldo));
  return null;
}
