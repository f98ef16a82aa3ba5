/**
 * The wholesale rule (000 §4.6, 001 §4): quantidade_atacarejo is the product's. When the quantity of a product in the
 * operation, summed over all its lines whatever their variation (size, colour) and stock address, is at or above the
 * product's wholesale quantity, its retail lines take their variation's wholesale price (preco_atacado): 5 G + 1 M of
 * a product whose wholesale quantity is 6 are all wholesale. When the quantity falls below it again (a line removed,
 * cancelled or reduced), the lines the rule had made wholesale go back to the retail price (preco_venda). A pricing
 * without id_produto (a line stored by an older point of sale) counts its variation alone.
 *
 * Lines the rule does not touch (their quantity still counts towards the threshold): lines with a typed price
 * (is_preco_alterado), lines sold wholesale by choice (tipo_preco Atacado without is_atacarejo, e.g. an operation in
 * wholesale price type), cancelled lines, and lines whose variation has no entry in the pricing map (services).
 * There is no wholesale when the threshold is absent or 0, or when the wholesale price is 0 (not set).
 *
 * Only the unit price, tipo_preco and is_atacarejo change, and only on lines that switch; a line's own discount
 * (valor_desconto_item, when the line has one) keeps its share of the gross, as when its quantity changes. Recompute
 * the line totals afterwards (withItemTotals / withOperationTotals). Unchanged lines are returned as the same objects.
 */
import type { Item } from './item.ts';
import { mulDivRound, type Cents, type Milli } from './money.ts';

/** The prices of a variation in the price table in use, its product and the product's wholesale quantity. */
export interface WholesalePricing {
  /** The variation's product: the wholesale quantity counts all its variations. */
  id_produto?: number | null | undefined;
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

/** The key the threshold counts under: the product, or the variation alone when its product is not known. */
function productKey(grid: number, pricing: ReadonlyMap<number, WholesalePricing>): string {
  const product = pricing.get(grid)?.id_produto;
  return product == null ? `g${grid}` : `p${product}`;
}

/** Quantity of each product (productKey) over its active lines, whatever their variation and stock address. */
export function quantityByProduct(
  lines: readonly WholesaleLine[],
  pricing: ReadonlyMap<number, WholesalePricing>,
): Map<string, Milli> {
  const quantities = new Map<string, Milli>();
  for (const line of lines) {
    if (line.is_cancelado || line.id_produto_grade_filial === null) continue;
    const key = productKey(line.id_produto_grade_filial, pricing);
    quantities.set(key, (quantities.get(key) ?? 0) + line.quantidade);
  }
  return quantities;
}

/** A line's own discount keeping its share of the gross when its unit price goes from `from` to `to`. */
function discountFollowing<T extends WholesaleLine>(line: T, from: Cents, to: Cents): Partial<T> {
  const own = (line as { valor_desconto_item?: unknown }).valor_desconto_item;
  if (typeof own !== 'number' || own === 0 || from <= 0) return {};
  return { valor_desconto_item: mulDivRound(own, to, from) } as unknown as Partial<T>;
}

/** The lines repriced by the wholesale rule; `pricing` is keyed by id_produto_grade_filial. */
export function repriceForWholesale<T extends WholesaleLine>(
  lines: readonly T[],
  pricing: ReadonlyMap<number, WholesalePricing>,
): T[] {
  const quantities = quantityByProduct(lines, pricing);
  return lines.map((line) => {
    if (line.id_produto_grade_filial === null || !isManaged(line)) return line;
    const prices = pricing.get(line.id_produto_grade_filial);
    if (prices === undefined) return line;
    const wholesale = reachesWholesale(quantities.get(productKey(line.id_produto_grade_filial, pricing)) ?? 0, prices);
    if (wholesale === line.is_atacarejo) return line;
    const to = wholesale ? prices.preco_atacado : prices.preco_venda;
    const discount = discountFollowing(line, line.valor_unitario, to);
    return wholesale
      ? { ...line, ...discount, valor_unitario: to, tipo_preco: 'Atacado', is_atacarejo: true }
      : { ...line, ...discount, valor_unitario: to, tipo_preco: 'Varejo', is_atacarejo: false };
  });
}
