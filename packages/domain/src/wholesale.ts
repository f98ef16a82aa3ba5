/**
 * The wholesale rule (000 §4.6, 001 §4): when the quantity of a product variation in the operation, summed over all
 * its lines whatever their stock address, is at or above the product's wholesale quantity (quantidade_atacarejo),
 * its retail lines take the wholesale price (preco_atacado); when the quantity falls below it again (a line removed,
 * cancelled or reduced), the lines the rule had made wholesale go back to the retail price (preco_venda).
 *
 * Lines the rule does not touch (their quantity still counts towards the threshold): lines with a typed price
 * (is_preco_alterado), lines sold wholesale by choice (tipo_preco Atacado without is_atacarejo, e.g. an operation in
 * wholesale price type), cancelled lines, and lines whose variation has no entry in the pricing map (services).
 * There is no wholesale when the threshold is absent or 0, or when the wholesale price is 0 (not set).
 *
 * Only the unit price, tipo_preco and is_atacarejo change, and only on lines that switch; recompute the line totals
 * afterwards (withItemTotals / withOperationTotals). Unchanged lines are returned as the same objects.
 */
import type { Item } from './item.ts';
import type { Cents, Milli } from './money.ts';

/** The prices of a variation in the price table in use, and its product's wholesale quantity. */
export interface WholesalePricing {
  preco_venda: Cents;
  preco_atacado: Cents;
  /** The product's wholesale minimum; null or 0: no wholesale. */
  quantidade_atacarejo: Milli | null;
}

export type WholesaleLine = Pick<
  Item,
  | 'id_produto_grade_filial'
  | 'quantidade'
  | 'valor_unitario'
  | 'tipo_preco'
  | 'is_atacarejo'
  | 'is_preco_alterado'
  | 'is_cancelado'
>;

/** Whether the summed quantity of a variation reaches its wholesale price. */
export function reachesWholesale(quantity: Milli, pricing: WholesalePricing): boolean {
  const threshold = pricing.quantidade_atacarejo ?? 0;
  return threshold > 0 && pricing.preco_atacado > 0 && quantity >= threshold;
}

/** Whether the rule manages this line's price (see the module comment). */
function isManaged(line: WholesaleLine): boolean {
  if (line.is_cancelado || line.is_preco_alterado) return false;
  return line.tipo_preco === 'Varejo' || line.is_atacarejo;
}

/** Quantity of each variation over its active lines, whatever their stock address. */
export function quantityByVariation(lines: readonly WholesaleLine[]): Map<number, Milli> {
  const quantities = new Map<number, Milli>();
  for (const line of lines) {
    if (line.is_cancelado || line.id_produto_grade_filial === null) continue;
    const id = line.id_produto_grade_filial;
    quantities.set(id, (quantities.get(id) ?? 0) + line.quantidade);
  }
  return quantities;
}

/** The lines repriced by the wholesale rule; `pricing` is keyed by id_produto_grade_filial. */
export function repriceForWholesale<T extends WholesaleLine>(
  lines: readonly T[],
  pricing: ReadonlyMap<number, WholesalePricing>,
): T[] {
  const quantities = quantityByVariation(lines);
  return lines.map((line) => {
    if (line.id_produto_grade_filial === null || !isManaged(line)) return line;
    const prices = pricing.get(line.id_produto_grade_filial);
    if (prices === undefined) return line;
    const wholesale = reachesWholesale(quantities.get(line.id_produto_grade_filial) ?? 0, prices);
    if (wholesale === line.is_atacarejo) return line;
    return wholesale
      ? { ...line, valor_unitario: prices.preco_atacado, tipo_preco: 'Atacado', is_atacarejo: true }
      : { ...line, valor_unitario: prices.preco_venda, tipo_preco: 'Varejo', is_atacarejo: false };
  });
}
