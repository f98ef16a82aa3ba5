/**
 * An item (line) of an operation (000 §3.3) and its derived values. Amounts are centavos, quantities thousandths,
 * percentages basis points (money.ts). A line copies what it sold at the moment of sale: description, SKU, barcode,
 * unit price.
 *
 * The amounts of a line:
 * - valor_sub_total: gross, valor_unitario × quantidade (rounded half-up to the centavo);
 * - valor_desconto_item: the discount given on the line itself;
 * - valor_desconto_subtotal: the line's share of a discount given on the operation's subtotal (operation.ts);
 * - valor_desconto: both discounts;
 * - valor_total: net, valor_sub_total - valor_desconto;
 * - desconto_percentual: valor_desconto_item as a share of valor_sub_total.
 * Per-line frete, seguro and outros are shares of the operation's costs and stay outside valor_total.
 */
import type { BasisPoints, Cents, Milli } from './money.ts';
import { MILLI_PER_UNIT, mulDivRound, multiplyByQuantity, percentOf, percentageOf } from './money.ts';

export type TipoItem = 'Produto' | 'Servico';
export type TipoPreco = 'Varejo' | 'Atacado';

export interface Item {
  id_item: string;
  id_operacao: string;
  tipo_item: TipoItem;
  /** The product variation in the branch (products only). */
  id_produto_grade_filial: number | null;
  /** The service (services only). */
  id_servico: number | null;
  descricao: string;
  sku: string | null;
  codigo_barras: string | null;
  unidade_comercial: string | null;
  quantidade: Milli;
  valor_unitario: Cents;
  valor_sub_total: Cents;
  valor_desconto_item: Cents;
  valor_desconto_subtotal: Cents;
  valor_desconto: Cents;
  valor_total: Cents;
  desconto_percentual: BasisPoints;
  valor_cashback: Cents;
  valor_custo_total_produto: Cents;
  frete: Cents;
  seguro: Cents;
  outros: Cents;
  id_promocao: number | null;
  id_cenario_fiscal: number | null;
  id_endereco_estoque: number | null;
  id_tabela_preco: number | null;
  tipo_preco: TipoPreco;
  /** Priced wholesale by the quantity rule (wholesale.ts), not by the operation's price type. */
  is_atacarejo: boolean;
  /** The unit price was typed by the user (price override): the wholesale rule leaves it alone. */
  is_preco_alterado: boolean;
  cfop: string | null;
  id_usuario_vendedor: number | null;
  id_pedido_item: number | null;
  observacao: string | null;
  is_cancelado: boolean;
}

/** What the derived values of a line are computed from. */
export type ItemAmounts = Pick<
  Item,
  'quantidade' | 'valor_unitario' | 'valor_desconto_item' | 'valor_desconto_subtotal'
>;

export interface ItemTotals {
  /** Gross: unit price × quantity. */
  bruto: Cents;
  /** Line discount plus the line's share of the subtotal discount. */
  desconto: Cents;
  /** Net: gross - discount. */
  liquido: Cents;
  /** Net unit price: net / quantity, rounded half-up (the unit price itself when the quantity is 0). */
  valor_unitario_liquido: Cents;
  /** The line discount as a share of the gross. */
  desconto_percentual: BasisPoints;
}

export function computeItemTotals(item: ItemAmounts): ItemTotals {
  const bruto = multiplyByQuantity(item.valor_unitario, item.quantidade);
  const desconto = item.valor_desconto_item + item.valor_desconto_subtotal;
  const liquido = bruto - desconto;
  return {
    bruto,
    desconto,
    liquido,
    valor_unitario_liquido:
      item.quantidade === 0 ? item.valor_unitario : mulDivRound(liquido, MILLI_PER_UNIT, item.quantidade),
    desconto_percentual: percentageOf(item.valor_desconto_item, bruto),
  };
}

/** The line with its derived fields (valor_sub_total, valor_desconto, valor_total, desconto_percentual) recomputed. */
export function withItemTotals<T extends ItemAmounts>(
  item: T,
): T & Pick<Item, 'valor_sub_total' | 'valor_desconto' | 'valor_total' | 'desconto_percentual'> {
  const totals = computeItemTotals(item);
  return {
    ...item,
    valor_sub_total: totals.bruto,
    valor_desconto: totals.desconto,
    valor_total: totals.liquido,
    desconto_percentual: totals.desconto_percentual,
  };
}

/** The line discount in centavos for a discount typed as a percentage of the line's gross. */
export function itemDiscountFromPercent(item: Pick<Item, 'quantidade' | 'valor_unitario'>, bp: BasisPoints): Cents {
  return percentOf(multiplyByQuantity(item.valor_unitario, item.quantidade), bp);
}

/** Lines that count: not cancelled. */
export function activeItems<T extends Pick<Item, 'is_cancelado'>>(items: readonly T[]): T[] {
  return items.filter((item) => !item.is_cancelado);
}
