/**
 * The prices a sale's lines are checked against (SaleRefs.prices, domain price-check.ts): per variation the lines
 * name, the branch's current prices and product's wholesale quantity (the order lines' wholesale pricing), the price
 * at the version the lines name when that version is still acceptable (priceAtVersion over the price history), and
 * the price-change limits that apply (the product's own, else the user's: the order lines' price caps). Those branch
 * prices then go through the price table in use and the best promotion on the sale's day (linePricing, the one
 * precedence the point of sale runs too), which name the table and promotion each line must claim.
 */
import {
  linePricing, PRICE_VERSION_WINDOW_MS, priceAtVersion, tableInUse, versionContexts, versionPricedBy, type ClaimedLine, type PricingContext, type SaleLinePrice,
} from '@pdv/domain/price-check';
import { saleDay } from '@pdv/domain/price-rules';
import { cashbackOffers } from '@pdv/domain/cashback';
import { effectiveLimits } from '@pdv/domain/price-limits';
import type { PriceTable } from '@pdv/domain/price-rules';
import type { Tx } from '../../db/database.ts';
import type { Caller } from '../auth/caller.ts';
import { priceVersionsSince } from '../catalog/price-history.ts';
import { wholesalePricing } from '../order/item-queries.ts';
import { productLimits, userLimits } from '../order/price-caps.ts';
import {
  branchOffset, categoriesOf, defaultTables, loadPriceTable, loadPromotions, replacedDefaults, recentPromotions, replacedPromotions, replacedTables,
} from '../order/pricing-queries.ts';
import type { PricedSale } from '../order/line-prices.ts';

export type { PricedSale };

interface PricedLine extends ClaimedLine {
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
  const customerTable = await loadPriceTable(tx, org, defaults.customer, categories, ids);
  const branchTable = await loadPriceTable(tx, org, defaults.branch, categories, ids);
  const table = tableInUse(customerTable, branchTable, id_filial);
  const day = saleDay(sale.data_inicio, await branchOffset(tx, org, id_filial));
  const context: PricingContext = { table, promotions: await loadPromotions(tx, org, day, categories, ids), at: day };
  const versions = versionsOf(lines);
  const since = new Date(Date.parse(receivedAt) - PRICE_VERSION_WINDOW_MS).toISOString();
  const ruleVersions = await ruleVersionContexts(tx, org, sale, lines, context, { customerTable, branchTable, defaults }, { categories, ids }, since);
  const history = await priceVersionsSince(tx, org, id_filial, [...versions.keys()], since);
  const user = userLimits(caller);
  const prices = new Map<number, SaleLinePrice>();
  for (const [id, pricing] of current) {
    const { perc_max_aumento_preco_produto, perc_max_reducao_preco_produto } = effectiveLimits(user, await productLimits(tx, org, id));
    const branchPrices = priceAtVersion(history.get(id) ?? [], pricing, versions.get(id), receivedAt);
    const variation = { id_produto_grade_filial: id, id_categoria: categoryOf.get(id) ?? null };
    // The current table and promotions, or the version of them the lines were priced by within the window.
    const { context: pricedBy, priced } = versionPricedBy(branchPrices, variation, lines.filter((l) => l.id_produto_grade_filial === id),
      context, ruleVersions);
    // A line that does not claim the promotion may carry the price before it (price-check.ts unclaimedPromotions).
    const unpromoted = priced.id_promocao === null ? null : linePricing(branchPrices, variation, { ...pricedBy, promotions: [] });
    prices.set(id, {
      ...pricing, ...priced, limits: { perc_max_aumento_preco_produto, perc_max_reducao_preco_produto },
      cashback: cashbackOffers(variation, pricedBy.promotions, day),
      ...(unpromoted ? { sem_promocao: { preco_venda: unpromoted.preco_venda, preco_atacado: unpromoted.preco_atacado } } : {}),
    });
  }
  return prices;
}


/**
 * The pricing contexts an offline till may still have priced by (price-check.ts versionContexts, tried by
 * versionPricedBy), from what was replaced at or after `since`: versions of the customer's and branch's default
 * tables' rules (migration 070), their previous default tables (migration 071) as they are now and their versions,
 * and versions of the promotions the lines claim, combined; and the promotions without those created or changed since
 * (a till offline meanwhile did not have them).
 */
async function ruleVersionContexts(
  tx: Tx, org: number, sale: PricedSale, lines: readonly PricedLine[], context: PricingContext,
  tables: { customerTable: PriceTable | null; branchTable: PriceTable | null; defaults: { customer: number | null; branch: number | null } },
  scope: { categories: readonly number[]; ids: readonly number[] },
  since: string,
): Promise<PricingContext[]> {
  const claiming = lines.filter((l) => l.id_tabela_preco != null || l.id_promocao != null);
  if (claiming.length === 0) return [];
  const { customerTable, branchTable, defaults } = tables;
  /** The forms a default table took within the window: its rules' versions, and each previous default as it is now and its versions. */
  const forms = async (current: number | null, previous: (number | null)[]): Promise<(PriceTable | null)[]> => {
    const out: (PriceTable | null)[] = [];
    if (current !== null) out.push(...await replacedTables(tx, org, [current], since));
    for (const id of previous) {
      if (id === current) continue;
      if (id === null) { out.push(null); continue; }
      const now = await loadPriceTable(tx, org, id, scope.categories, scope.ids);
      if (now) out.push(now);
      out.push(...await replacedTables(tx, org, [id], since));
    }
    return out;
  };
  const customerTables = sale.id_cliente == null ? []
    : await forms(defaults.customer, await replacedDefaults(tx, org, 'TabelaCliente', sale.id_cliente, since));
  const branchTables = await forms(defaults.branch, await replacedDefaults(tx, org, 'TabelaFilial', sale.id_filial, since));
  const promotionIds = claiming.flatMap((l) => (l.id_promocao == null ? [] : [l.id_promocao]));
  const promotions = await replacedPromotions(tx, org, promotionIds, since);
  const unknownPromotions = (await recentPromotions(tx, org, since)).filter((id) => !promotionIds.includes(id));
  return versionContexts(context, { customer: customerTable, branch: branchTable }, sale.id_filial,
    { customerTables, branchTables, promotions, unknownPromotions });
}
