/**
 * Per-user limits on discounts and price overrides (001 §5 Discount, 002 §5): percentual_desconto_maximo,
 * perc_max_aumento_preco_produto and perc_max_reducao_preco_produto, in basis points. A product may carry its own
 * limits; where it does (not null) they replace the user's. A limit of 0 allows nothing (a supervisor override,
 * validated by the server, releases the action).
 */
import { ValidationError } from './errors.ts';
import { MESSAGES } from './messages.ts';
import { BASIS_POINTS_PER_UNIT, type BasisPoints, type Cents } from './money.ts';

export interface PriceLimits {
  percentual_desconto_maximo: BasisPoints;
  perc_max_aumento_preco_produto: BasisPoints;
  perc_max_reducao_preco_produto: BasisPoints;
}

export type ProductPriceLimits = { [K in keyof PriceLimits]: BasisPoints | null };

/** The limits that apply to a product for a user: the product's own where set, else the user's. */
export function effectiveLimits(user: PriceLimits, product: Partial<ProductPriceLimits> = {}): PriceLimits {
  return {
    percentual_desconto_maximo: product.percentual_desconto_maximo ?? user.percentual_desconto_maximo,
    perc_max_aumento_preco_produto: product.perc_max_aumento_preco_produto ?? user.perc_max_aumento_preco_produto,
    perc_max_reducao_preco_produto: product.perc_max_reducao_preco_produto ?? user.perc_max_reducao_preco_produto,
  };
}

export const TIPOS_DESCONTO = ['Percentual', 'Valor'] as const;
export type TipoDesconto = (typeof TIPOS_DESCONTO)[number];

export interface DiscountRequest {
  /** 'Percentual' or 'Valor'; anything else is refused (it may come from untyped input). */
  tipo: string;
  /** Basis points when Percentual, centavos when Valor. */
  valor: number;
  /** What the discount applies to: a line's gross, or the operation's subtotal. */
  base: Cents;
}

/** a × b ≤ c × d, exactly. */
function productAtMost(a: number, b: number, c: number, d: number): boolean {
  return BigInt(a) * BigInt(b) <= BigInt(c) * BigInt(d);
}

/**
 * 001 §5: a percentage must not exceed the maximum; a value must not exceed the maximum share of the base. The
 * maximum never goes above 100%.
 */
export function validateDiscount(request: DiscountRequest, maxBp: BasisPoints): ValidationError[] {
  if (!(TIPOS_DESCONTO as readonly string[]).includes(request.tipo)) {
    return [new ValidationError(MESSAGES.discountInvalidType, 'tipo_desconto')];
  }
  if (request.valor < 0) return [new ValidationError(MESSAGES.discountNegative, 'valor_desconto')];
  const max = Math.min(Math.max(maxBp, 0), BASIS_POINTS_PER_UNIT);
  if (request.tipo === 'Percentual') {
    return request.valor > max
      ? [new ValidationError(MESSAGES.discountPercentAboveMax(max), 'desconto_percentual')]
      : [];
  }
  if (productAtMost(request.valor, BASIS_POINTS_PER_UNIT, request.base, max)) return [];
  const maxValue = Number((BigInt(request.base) * BigInt(max)) / BigInt(BASIS_POINTS_PER_UNIT));
  return [new ValidationError(MESSAGES.discountValueAboveMax(maxValue, max), 'valor_desconto')];
}

/**
 * A typed unit price against the line's reference price (the price list's): an increase up to
 * perc_max_aumento_preco_produto, a reduction up to perc_max_reducao_preco_produto, and never 0 or below.
 */
export function validatePriceOverride(reference: Cents, typed: Cents, limits: PriceLimits): ValidationError[] {
  if (typed <= 0) return [new ValidationError(MESSAGES.itemValueNotPositive, 'valor_unitario')];
  if (typed > reference) {
    const max = limits.perc_max_aumento_preco_produto;
    return productAtMost(typed - reference, BASIS_POINTS_PER_UNIT, reference, max)
      ? []
      : [new ValidationError(MESSAGES.priceIncreaseAboveMax(max), 'valor_unitario')];
  }
  const max = limits.perc_max_reducao_preco_produto;
  return productAtMost(reference - typed, BASIS_POINTS_PER_UNIT, reference, max)
    ? []
    : [new ValidationError(MESSAGES.priceReductionAboveMax(max), 'valor_unitario')];
}
