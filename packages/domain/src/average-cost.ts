/**
 * Average cost (preco_custo_medio of a variation in a branch) after an entry of goods with unit costs (issue 22,
 * 001 §3 "Average cost per branch updated on entries"):
 *
 *   new average = (current quantity × current average + Σ entered quantity × entry cost) / (current quantity + Σ entered)
 *
 * - Money in integer centavos, quantities in integer thousandths. The numerator is summed exactly (BigInt: quantity ×
 *   centavos can leave the safe range) and divided once, rounded half up to the centavo; no rounding in between, so
 *   two lines of one document give the same average as one line of their total.
 * - A current stock of zero or below has no meaningful average (the units it counted are gone or owed): the new
 *   average is then the entered cost alone (the lines' weighted cost).
 * - A line without a cost (0, "not informed") enters at the current average: it adds to the quantity and the value
 *   alike and does not move the average by itself. With zero or negative current stock it takes no part.
 * - Nothing with a cost entered (no line, only uncosted lines, or the entered quantities sum to zero): the average
 *   stays as it is.
 * Exits, transfers and reversals do not call this: they take units at the average, which leaves it unchanged.
 */
import { ValidationError } from './errors.ts';
import { MESSAGES } from './messages.ts';
import type { Cents, Milli } from './money.ts';

export interface CostedEntry {
  quantidade: Milli;
  /** Unit cost in centavos; 0 = not informed. */
  valor_unitario: Cents;
}

export interface CurrentCost {
  /** The variation's stock in the branch before the entry (all addresses), thousandths; may be negative. */
  quantidade: Milli;
  /** Its average cost now, centavos. */
  preco_custo_medio: Cents;
}

const int = (n: number): bigint => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`inteiro esperado: ${n}`);
  return BigInt(n);
};

/** The average cost after the entries; see the file header for the rule. Refuses a non-positive quantity or a negative cost. */
export function averageCostAfterEntry(current: CurrentCost, entries: readonly CostedEntry[]): Cents {
  for (const e of entries) {
    if (!(e.quantidade > 0)) throw new ValidationError(MESSAGES.quantityNotPositive);
    if (e.valor_unitario < 0) throw new ValidationError(MESSAGES.itemValueNotPositive);
  }
  const costed = entries.filter((e) => e.valor_unitario > 0);
  if (costed.length === 0) return current.preco_custo_medio;
  const hasStock = current.quantidade > 0;
  let value = hasStock ? int(current.quantidade) * int(current.preco_custo_medio) : 0n;
  let quantity = hasStock ? int(current.quantidade) : 0n;
  for (const e of entries) {
    const cost = e.valor_unitario > 0 ? e.valor_unitario : hasStock ? current.preco_custo_medio : null;
    if (cost === null) continue;
    value += int(e.quantidade) * int(cost);
    quantity += int(e.quantidade);
  }
  if (quantity <= 0n) return current.preco_custo_medio;
  // Half up: (2 × value + quantity) / (2 × quantity), value and quantity positive.
  const result = (2n * value + quantity) / (2n * quantity);
  if (result > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('custo médio fora do intervalo');
  return Number(result);
}
