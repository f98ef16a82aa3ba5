/**
 * Proportional distribution of an integer total (centavos) over integer weights, with the parts summing exactly to
 * the total. The spec's rules (000 §5, Distribution rules) are named functions below.
 *
 * Every part first gets the floor of its exact share (total × weight / sum of weights); the few centavos left over
 * (fewer than the number of weights) go where the rule says:
 * - 'largest': to the parts with the largest fractional remainders (ties: the earlier part). The fairest rounding;
 *   every part ends within one centavo of its exact share.
 * - 'first': all to the first part with a positive weight (000 §5: the discount remainder goes to the first item).
 * - 'last': all to the last part with a positive weight (000 §5: the payment remainder goes to the last payment).
 * Under 'first' and 'last', when the total does not exceed the sum of the weights, no part may exceed its own weight
 * (a discount never exceeds the line it discounts, a payment's product share never exceeds the payment): what the
 * first (last) part cannot hold spills over to the next (previous) one.
 *
 * Zero weights always get zero. A negative total is distributed as its opposite and the parts negated. All weights
 * zero (or no weights): a zero total gives all zeros; any other total is refused with a RangeError, since there is
 * nothing to share it over.
 */
import { assertInteger, sum } from './money.ts';

export type RemainderRule = 'largest' | 'first' | 'last';

export interface DistributeOptions {
  /** Where the rounding remainder goes; default 'largest'. */
  remainder?: RemainderRule;
}

export function distribute(total: number, weights: readonly number[], options: DistributeOptions = {}): number[] {
  assertInteger(total);
  for (const weight of weights) {
    assertInteger(weight);
    if (weight < 0) throw new RangeError(`peso negativo na distribuição: ${weight}`);
  }
  const weightSum = sum(weights);
  if (weightSum === 0) {
    if (total === 0) return weights.map(() => 0);
    throw new RangeError('não há pesos para distribuir o valor');
  }
  if (total < 0) return distribute(-total, weights, options).map((part) => (part === 0 ? 0 : -part));

  const bigTotal = BigInt(total);
  const bigSum = BigInt(weightSum);
  const parts: number[] = [];
  const rests: bigint[] = [];
  for (const weight of weights) {
    const share = bigTotal * BigInt(weight);
    parts.push(Number(share / bigSum));
    rests.push(share % bigSum);
  }
  let remainder = total - sum(parts);
  const rule = options.remainder ?? 'largest';

  if (rule === 'largest') {
    // More parts than `remainder` have a non-zero rest (the rests sum to remainder × weightSum, each below
    // weightSum), so zero weights, whose rest is 0, are never chosen.
    const order = weights
      .map((_, index) => index)
      .sort((a, b) => {
        const ra = rests[a] ?? 0n;
        const rb = rests[b] ?? 0n;
        return ra === rb ? a - b : rb > ra ? 1 : -1;
      });
    for (const index of order.slice(0, remainder)) parts[index] = (parts[index] ?? 0) + 1;
    return parts;
  }

  const capped = total <= weightSum;
  const order = weights.map((_, index) => index).filter((index) => (weights[index] ?? 0) > 0);
  if (rule === 'last') order.reverse();
  for (const index of order) {
    if (remainder === 0) break;
    const part = parts[index] ?? 0;
    const room = capped ? (weights[index] ?? 0) - part : remainder;
    const give = Math.min(remainder, room);
    parts[index] = part + give;
    remainder -= give;
  }
  return parts;
}

/**
 * 000 §5: a discount on the operation spread over its items in proportion to each item's subtotal, the rounding
 * remainder going to the first item (spilling to the next ones only if it would exceed the first item's subtotal).
 */
export function distributeDiscount(discount: number, subtotals: readonly number[]): number[] {
  return distribute(discount, subtotals, { remainder: 'first' });
}

/** Products and services: a pair of amounts. */
export interface KindAmounts {
  produtos: number;
  servicos: number;
}

/** A payment to split: its value and the values of its installments (empty, or summing to the value). */
export interface PaymentAmounts {
  valor: number;
  parcelas: readonly number[];
}

export interface PaymentSplit extends KindAmounts {
  parcelas: KindAmounts[];
}

/**
 * 000 §5: in a sale with products and services, each payment (and each of its installments) is split between the
 * products and the services in proportion to their totals, the rounding remainder on the last payment and its last
 * installment.
 *
 * The products receive, over all payments, their proportional share of the amount paid (exactly `totals.produtos`
 * when the payments equal the sale's total); that share is spread over the payments in proportion to their values,
 * remainder on the last, and each payment's share over its installments the same way. Every payment's and
 * installment's product and service parts are non-negative and add up to its value. When products and services
 * both total zero, whatever was paid counts as products.
 */
export function splitPaymentsByKind(payments: readonly PaymentAmounts[], totals: KindAmounts): PaymentSplit[] {
  const values = payments.map((payment) => payment.valor);
  for (const payment of payments) {
    if (payment.valor < 0) throw new RangeError(`valor de pagamento negativo: ${payment.valor}`);
    if (payment.parcelas.length > 0 && sum(payment.parcelas) !== payment.valor) {
      throw new RangeError('as parcelas não somam o valor do pagamento');
    }
  }
  const paid = sum(values);
  const [productsShare = 0] =
    totals.produtos + totals.servicos === 0 ? [paid] : distribute(paid, [totals.produtos, totals.servicos]);
  const productParts = distribute(productsShare, values, { remainder: 'last' });
  return payments.map((payment, index) => {
    const produtos = productParts[index] ?? 0;
    const installmentProducts =
      payment.parcelas.length === 0 ? [] : distribute(produtos, payment.parcelas, { remainder: 'last' });
    return {
      produtos,
      servicos: payment.valor - produtos,
      parcelas: payment.parcelas.map((valor, i) => {
        const share = installmentProducts[i] ?? 0;
        return { produtos: share, servicos: valor - share };
      }),
    };
  });
}
