/**
 * A back-office order's line prices (order/items.ts) by the one precedence the point of sale and POST /api/operacao run
 * (domain price-check.ts linePricing). Here, in the order module, so that order does not import operation (operation
 * imports order: module-cycles.test.ts).
 */
import { linePricing, tableInUse, type PricedPair } from '@pdv/domain/price-check';
import type { WholesalePricing } from '@pdv/domain/wholesale';
import { saleDay } from '@pdv/domain/price-rules';
import type { Tx } from '../../db/database.ts';
import { wholesalePricing } from './item-queries.ts';
import { branchOffset, categoriesOf, defaultTables, loadPriceTable, loadPromotions } from './pricing-queries.ts';

/** Who and when a sale is: its customer (the default price table) and its start (the promotions' day). */
export interface PricedSale {
  id_filial: number;
  id_cliente?: number | null | undefined;
  data_inicio: string;
}

/** A variation's current prices after the table in use and the best promotion, with its wholesale quantity. */
export type CurrentLinePrice = WholesalePricing & PricedPair;

/**
 * The current prices of variations `ids` for a sale of `sale.id_cliente` in `sale.id_filial` on the day of
 * `sale.data_inicio`, by the one precedence (linePricing: branch price, the customer's or branch's table, the best
 * promotion): what a back-office order line is priced at (order/items.ts), as POST /api/operacao prices a sale's
 * lines (loadLinePrices, which adds the price versions an offline till may still hold).
 */
export async function currentLinePrices(
  tx: Tx, org: number, sale: PricedSale, ids: readonly number[],
): Promise<Map<number, CurrentLinePrice>> {
  const unique = [...new Set(ids)];
  const prices = new Map<number, CurrentLinePrice>();
  if (unique.length === 0) return prices;
  const current = await wholesalePricing(tx, org, unique);
  const categoryOf = await categoriesOf(tx, org, unique);
  const categories = [...new Set([...categoryOf.values()].flatMap((c) => (c === null ? [] : [c])))];
  const defaults = await defaultTables(tx, org, sale.id_filial, sale.id_cliente ?? null);
  const table = tableInUse(
    await loadPriceTable(tx, org, defaults.customer, categories, unique),
    await loadPriceTable(tx, org, defaults.branch, categories, unique),
    sale.id_filial,
  );
  const day = saleDay(sale.data_inicio, await branchOffset(tx, org, sale.id_filial));
  const context = { table, promotions: await loadPromotions(tx, org, day, categories, unique), at: day };
  for (const [id, pricing] of current) {
    const priced = linePricing(pricing, { id_produto_grade_filial: id, id_categoria: categoryOf.get(id) ?? null }, context);
    prices.set(id, { ...pricing, ...priced });
  }
  return prices;
}
