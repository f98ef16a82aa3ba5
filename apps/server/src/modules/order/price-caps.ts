/**
 * Per-user caps on order lines (002 §5, 001 §5 "Discount"): a discount above the user's percentual_desconto_maximo,
 * or a unit price above / below the reference price by more than perc_max_aumento_preco_produto /
 * perc_max_reducao_preco_produto, is refused with the messages the point of sale shows (domain price-limits.ts).
 * A product's own limits, where set, replace the user's. Only what the request changes is checked, so a line a
 * manager discounted can still have its note or seller changed by a cashier.
 */
import { effectiveLimits, validateDiscount, validatePriceOverride, type PriceLimits, type ProductPriceLimits } from '@pdv/domain/price-limits';
import { multiplyByQuantity, percentFromDecimal, type Cents, type Milli } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';

/** A numeric(5,2) percentage (number or text, as the driver answers it) in basis points. */
const bp = (v: unknown): number => percentFromDecimal(typeof v === 'number' || typeof v === 'string' ? v : 0);

/** The caller's limits, in basis points. */
export function userLimits(caller: Caller): PriceLimits {
  return {
    percentual_desconto_maximo: bp(caller.user.percentual_desconto_maximo),
    perc_max_aumento_preco_produto: bp(caller.user.perc_max_aumento_preco_produto),
    perc_max_reducao_preco_produto: bp(caller.user.perc_max_reducao_preco_produto),
  };
}

/** The product's own limits (null where it has none) of a grid row of the branch. */
export async function productLimits(tx: Tx, org: number, id_produto_grade_filial: number | null): Promise<Partial<ProductPriceLimits>> {
  if (id_produto_grade_filial === null) return {};
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT p.percentual_desconto_maximo, p.perc_max_aumento_preco_produto, p.perc_max_reducao_preco_produto
       FROM produto_grade_filial pgf
       JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
       JOIN produto p ON p.id_organization = pg.id_organization AND p.id_produto = pg.id_produto
      WHERE pgf.id_organization = $1 AND pgf.id_produto_grade_filial = $2`,
    [org, id_produto_grade_filial],
  );
  const r = rows[0];
  if (!r) return {};
  const own = (v: unknown) => (v === null || v === undefined ? null : bp(v));
  return {
    percentual_desconto_maximo: own(r['percentual_desconto_maximo']),
    perc_max_aumento_preco_produto: own(r['perc_max_aumento_preco_produto']),
    perc_max_reducao_preco_produto: own(r['perc_max_reducao_preco_produto']),
  };
}

export interface CapCheck {
  id_produto_grade_filial: number | null;
  quantidade: Milli;
  valor_unitario: Cents;
  /** The reference price (the price list's) when the unit price was typed and changed; null: not checked. */
  priceReference: Cents | null;
  /** The discount when the request changed it; null: not checked. */
  discount: { percentual: number | undefined; valor: Cents } | null;
}

/** Refuses (400, the point of sale's message) a change above the caller's limits. */
export async function enforceCaps(tx: Tx, caller: Caller, check: CapCheck): Promise<void> {
  const needsPrice = check.priceReference !== null && check.priceReference > 0 && check.valor_unitario !== check.priceReference;
  const needsDiscount = check.discount !== null && check.discount.valor > 0;
  if (!needsPrice && !needsDiscount) return;
  const limits = effectiveLimits(userLimits(caller), await productLimits(tx, caller.id_organization, check.id_produto_grade_filial));
  if (needsPrice) {
    const refused = validatePriceOverride(check.priceReference!, check.valor_unitario, limits)[0];
    if (refused) throw badRequest(refused.message);
  }
  if (needsDiscount) {
    const { percentual, valor } = check.discount!;
    const base = multiplyByQuantity(check.valor_unitario, check.quantidade);
    const refused = (percentual !== undefined
      ? validateDiscount({ tipo: 'Percentual', valor: percentFromDecimal(percentual), base }, limits.percentual_desconto_maximo)
      : validateDiscount({ tipo: 'Valor', valor, base }, limits.percentual_desconto_maximo))[0];
    if (refused) throw badRequest(refused.message);
  }
}
