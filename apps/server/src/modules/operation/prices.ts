/**
 * The prices a sale's lines are checked against (SaleRefs.prices, domain price-check.ts): per variation the lines
 * name, the branch's current prices and product's wholesale quantity (the order lines' wholesale pricing), the price
 * at the version the lines name when that version is still acceptable (priceAtVersion over the price history), and
 * the price-change limits that apply (the product's own, else the user's: the order lines' price caps). Those branch
 * prices then go through the price table in use and the best promotion on the sale's day (linePricing, the one
 * precedence the point of sale runs too), which name the table and promotion each line must claim.
 */
import { linePricing, PRICE_VERSION_WINDOW_MS, priceAtVersion, tableInUse, type SaleLinePrice } from '@pdv/domain/price-check';
import { saleDay } from '@pdv/domain/price-rules';
import { cashbackOffers } from '@pdv/domain/cashback';
import { effectiveLimits } from '@pdv/domain/price-limits';
import type { Tx } from '../../db/database.ts';
import type { Caller } from '../auth/caller.ts';
import { priceVersionsSince } from '../catalog/price-history.ts';
import { wholesalePricing } from '../order/item-queries.ts';
import { productLimits, userLimits } from '../order/price-caps.ts';
import { branchOffset, categoriesOf, defaultTables, loadPriceTable, loadPromotions } from '../order/pricing-queries.ts';
import type { PricedSale } from '../order/line-prices.ts';

export type { PricedSale };

interface PricedLine {
  id_produto_grade_filial: number;
  versao_preco?: string | null | undefined;
}

/**
 * The version each variation is checked at: the latest one its lines name (a till prices every line of a variation
 * from the row it holds, so its lines name one version unless the price arrived while the sale was open).
 */
function versionsOf(lines: readonly PricedLine[]): Map<number, string> {
  const versions = new Map<number, string>();
  for (const line of lines) {
    if (!line.versao_preco) continue;
    const known = versions.get(line.id_produto_grade_filial);
    if (known === undefined || Date.parse(line.versao_preco) > Date.parse(known)) versions.set(line.id_produto_grade_filial, line.versao_preco);
  }
  return versions;
}

/** SaleRefs.prices of the branch's variations the lines name, for a sale received at `receivedAt` (ISO). */
export async function loadLinePrices(
  tx: Tx, caller: Caller, sale: PricedSale, lines: readonly PricedLine[], receivedAt: string,
): Promise<Map<number, SaleLinePrice>> {
  const org = caller.id_organization;
  const id_filial = sale.id_filial;
  const ids = [...new Set(lines.map((l) => l.id_produto_grade_filial))];
  const current = await wholesalePricing(tx, org, ids);
  const categoryOf = await categoriesOf(tx, org, ids);
  const categories = [...new Set([...categoryOf.values()].flatMap((c) => (c === null ? [] : [c])))];
  const defaults = await defaultTables(tx, org, id_filial, sale.id_cliente ?? null);
  const table = tableInUse(
    await loadPriceTable(tx, org, defaults.customer, categories, ids),
    await loadPriceTable(tx, org, defaults.branch, categories, ids),
    id_filial,
  );
  const day = saleDay(sale.data_inicio, await branchOffset(tx, org, id_filial));
  const context = { table, promotions: await loadPromotions(tx, org, day, categories, ids), at: day };
  const versions = versionsOf(lines);
  const since = new Date(Date.parse(receivedAt) - PRICE_VERSION_WINDOW_MS).toISOString();
  const history = await priceVersionsSince(tx, org, id_filial, [...versions.keys()], since);
  const user = userLimits(caller);
  const prices = new Map<number, SaleLinePrice>();
  for (const [id, pricing] of current) {
    const { perc_max_aumento_preco_produto, perc_max_reducao_preco_produto } = effectiveLimits(user, await productLimits(tx, org, id));
    const branchPrices = priceAtVersion(history.get(id) ?? [], pricing, versions.get(id), receivedAt);
    const variation = { id_produto_grade_filial: id, id_categoria: categoryOf.get(id) ?? null };
    const priced = linePricing(branchPrices, variation, context);
    // A line that does not claim the promotion may carry the price before it (price-check.ts unclaimedPromotions).
    const unpromoted = priced.id_promocao === null ? null : linePricing(branchPrices, variation, { ...context, promotions: [] });
    prices.set(id, {
      ...pricing, ...priced, limits: { perc_max_aumento_preco_produto, perc_max_reducao_preco_produto },
      cashback: cashbackOffers(variation, context.promotions, day),
      ...(unpromoted ? { sem_promocao: { preco_venda: unpromoted.preco_venda, preco_atacado: unpromoted.preco_atacado } } : {}),
    });
  }
  return prices;
}

