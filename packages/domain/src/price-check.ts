/**
 * The unit prices of a finished sale, checked against the price table the point of sale priced from (issue 15: a
 * cashier must not create value from nothing by sending any unit price in POST /api/operacao).
 *
 * - Versions. A line names the version of its variation's price it was priced from (versao_preco: the branch grid
 *   row's data_alteracao the device held). The server accepts that version when the price in effect at that instant
 *   was the current one at some moment within the PRICE_VERSION_WINDOW_MS before it received the operation (an
 *   offline till may sell at yesterday's price for a while); otherwise (no version, an unknown one, a too old one)
 *   the current price is used (priceAtVersion).
 * - The rule. With those prices the wholesale rule (wholesale.ts) is applied again, as the point of sale applies it
 *   (expectedUnitPrices). A line not marked is_preco_alterado must carry exactly the expected unit price: retail,
 *   wholesale when the rule makes it wholesale, or wholesale by choice (tipo_preco Atacado without is_atacarejo). A
 *   line marked is_preco_alterado is a price typed by the cashier (F3): it is held to the price-change limits that
 *   apply (the product's own, else the user's: effectiveLimits) around its reference price (referencePrice), unless
 *   a supervisor's authorization was spent for the sale (priceLimitError is then not applied).
 * - Tables and promotions (linePricing, the one precedence, price-rules.ts for each rule): the line starts from the
 *   variation's branch price (retail and wholesale), the price table in use applies to both (tableInUse: the
 *   customer's default table, else the branch's, where it is offered and Ativo), then the best promotion in effect
 *   the day the sale began (bestPromotion: the lowest retail price, then the lowest wholesale price, then the oldest
 *   promotion), and only then the wholesale rule picks retail or wholesale and the cashier's manual discount applies.
 *   A line names the table (id_tabela_preco) and the promotion (id_promocao) it was priced by; a line naming others
 *   than the server finds is refused (tableClaimError). Promotions lower the unit price, so they never count against
 *   the user's percentual_desconto_maximo; a manual discount (valor_desconto_item, valor_desconto_subtotal) does.
 * - Dates. An operation dated in the future (beyond CLOCK_SKEW_MS of the server's clock) or begun more than
 *   PRICE_VERSION_WINDOW_MS before the server received it is refused (operationDateError): the window that bounds the
 *   price versions bounds the sale too.
 */
import type { CashbackOffer } from './cashback.ts';
import type { TipoPreco } from './item.ts';
import { MESSAGES } from './messages.ts';
import { formatMoney, fromDecimal, mulDivRound, quantityFromDecimal, type Cents } from './money.ts';
import { validatePriceOverride, type PriceLimits } from './price-limits.ts';
import {
  applyRule,
  promotionActive,
  promotionRuleFor,
  tableApplies,
  tableRuleFor,
  type PricedVariation,
  type PriceTable,
  type Promotion,
  type PromotionRule,
} from './price-rules.ts';
import type { SaleBody, SaleBodyItem } from './sale-input.ts';
import { repriceForWholesale, type WholesalePricing } from './wholesale.ts';

/** How long an offline sale's price version (and its start) stays acceptable: 72 hours. */
export const PRICE_VERSION_WINDOW_MS = 72 * 60 * 60 * 1000;
/** How far in the future a device's clock may be from the server's: 10 minutes. */
export const CLOCK_SKEW_MS = 10 * 60 * 1000;

/** Refusals of our own wording (the spec quotes none for these). */
export const PRICE_MESSAGES = {
  priceMismatch: (descricao: string, esperado: Cents, recebido: Cents) =>
    `O preço de ${descricao} não confere com a tabela de preços (esperado ${formatMoney(esperado)}, recebido ${formatMoney(recebido)}).`,
  operationInFuture: 'A data da operação está no futuro. Acerte a data e a hora deste computador e envie a operação novamente.',
  operationTooOld:
    'A operação foi iniciada há mais de 72 horas e não pode mais ser enviada. Refaça a venda com os preços atuais.',
  operationDateInvalid: 'A data da operação é inválida.',
  promotionNotInEffect: (descricao: string) => `A promoção informada para ${descricao} não está em vigor para este produto.`,
  tableNotInUse: (descricao: string) =>
    `A tabela de preço informada para ${descricao} não é a do cliente nem a da filial.`,
  /** The till's switch (Alt+A) refused: tipo_preco_alterar is false. */
  priceTypeLocked: 'A configuração da filial não permite alterar o tipo de preço (Varejo/Atacado).',
  /** A line sold at another price type than the branch's default where the branch does not allow switching it. */
  priceTypeNotAllowed: (descricao: string, padrao: TipoPreco) =>
    `O item ${descricao} não está no tipo de preço padrão da filial (${padrao}) e a configuração da filial não permite alterar o tipo de preço.`,
} as const;

/** The retail and wholesale prices of a variation. */
export interface PricePair {
  preco_venda: Cents;
  preco_atacado: Cents;
}

/** A price of the history (preco_historico): in effect from vigente_desde (ISO, milliseconds) until the next one. */
export interface PriceVersion extends PricePair {
  vigente_desde: string;
}

/** What a sale's lines of one variation are checked against (SaleRefs.prices). */
export interface SaleLinePrice extends WholesalePricing {
  /** The price-change limits that apply to the product for the user (effectiveLimits). */
  limits: Pick<PriceLimits, 'perc_max_aumento_preco_produto' | 'perc_max_reducao_preco_produto'>;
  /** The table and promotion preco_venda / preco_atacado come from (linePricing); absent: none (an older caller). */
  id_tabela_preco?: number | null | undefined;
  id_promocao?: number | null | undefined;
  /**
   * With a promotion in effect: the prices without it (table only). A line that does not name the promotion is priced
   * from these: a till that has not received the promotion yet (offline, or a promotion that began a moment ago)
   * charged the price it knew, which the customer paid and which gives nothing away; it is never refused for it.
   */
  sem_promocao?: PricePair | undefined;
  /** The cashback offers for the variation on the sale's day (cashback.ts cashbackOffers); absent: none. */
  cashback?: readonly CashbackOffer[] | undefined;
}

/** The prices of a variation after its table and promotion (linePricing), with their ids for the line. */
export interface PricedPair extends PricePair {
  id_tabela_preco: number | null;
  id_promocao: number | null;
}

/** Where and when a sale is priced, and by what. */
export interface PricingContext {
  /** The price table in use (tableInUse), or null. */
  table: PriceTable | null;
  /** The promotions to consider (inactive ones are left out here). */
  promotions: readonly Promotion[];
  /** The day the sale began (YYYY-MM-DD, price-rules.ts saleDay); the promotions in effect that day apply. */
  at: string;
}

/**
 * The price table a sale uses in branch `id_filial`: the customer's default table (id_tabela_preco_padrao) when it is
 * Ativo and offered in the branch, else the branch's default table under the same conditions, else none.
 */
export function tableInUse(
  customerTable: PriceTable | null | undefined,
  branchTable: PriceTable | null | undefined,
  id_filial: number,
): PriceTable | null {
  if (customerTable && tableApplies(customerTable, id_filial)) return customerTable;
  if (branchTable && tableApplies(branchTable, id_filial)) return branchTable;
  return null;
}

/**
 * The promotion that prices a variation, from `pair` (its prices after the table), among the promotions in effect on
 * day `at` that cover it: the one giving the lowest retail price, then the lowest wholesale price, then the smallest
 * id_promocao (the oldest). Promotions are discounts: a promotion never raises a price. Null when none covers it.
 */
export function bestPromotion(
  pair: PricePair,
  variation: PricedVariation,
  promotions: readonly Promotion[],
  at: string,
): { promotion: Promotion; prices: PricePair } | null {
  return bestPromotionBy(pair, promotions, at, (promotion) => promotionRuleFor(promotion, variation));
}

/** bestPromotion over the rule `ruleOf` gives each promotion (a variation's, a service's): the one rule for both. */
function bestPromotionBy(
  pair: PricePair,
  promotions: readonly Promotion[],
  at: string,
  ruleOf: (promotion: Promotion) => PromotionRule | null,
): { promotion: Promotion; prices: PricePair } | null {
  let best: { promotion: Promotion; prices: PricePair } | null = null;
  for (const promotion of promotions) {
    const rule = promotionActive(promotion, at) ? ruleOf(promotion) : null;
    if (!rule) continue;
    const prices = {
      preco_venda: applyRule(pair.preco_venda, 'Desconto', rule.tipo, rule.venda),
      preco_atacado: applyRule(pair.preco_atacado, 'Desconto', rule.tipo, rule.atacado),
    };
    const better =
      !best ||
      prices.preco_venda < best.prices.preco_venda ||
      (prices.preco_venda === best.prices.preco_venda &&
        (prices.preco_atacado < best.prices.preco_atacado ||
          (prices.preco_atacado === best.prices.preco_atacado && promotion.id_promocao < best.promotion.id_promocao)));
    if (better) best = { promotion, prices };
  }
  return best;
}

/**
 * A catalogue service's unit price after the best promotion in effect on day `at` that covers it (its promocao_servico
 * rule: the retail value `venda`; a service has one price), by the same rule that picks a variation's promotion
 * (bestPromotion: lowest price, then the oldest). `valor` is the service's price from its price list (service-price.ts
 * selectServicePrice: the table in use); the manual discount comes after. The promotion's id goes on the line.
 */
export function servicePromotion(
  valor: Cents,
  id_servico: number,
  promotions: readonly Promotion[],
  at: string,
): { valor: Cents; id_promocao: number | null } {
  const best = bestPromotionBy({ preco_venda: valor, preco_atacado: 0 }, promotions, at, (p) => p.servicos?.get(id_servico) ?? null);
  return best ? { valor: best.prices.preco_venda, id_promocao: best.promotion.id_promocao } : { valor, id_promocao: null };
}

/**
 * THE precedence (see the module comment): a variation's branch prices `base`, then the table in use, then the best
 * promotion. The wholesale rule and the manual discount come after, on the line (expectedUnitPrices, the discount
 * limits). A wholesale price of 0 (not set) stays 0: there is no wholesale price to change.
 */
export function linePricing(base: PricePair, variation: PricedVariation, context: PricingContext): PricedPair {
  const rule = context.table ? tableRuleFor(context.table, variation) : null;
  const tabled: PricePair = rule
    ? {
        preco_venda: applyRule(base.preco_venda, rule.tipo_aplicado, rule.tipo_valor, rule.valor_varejo),
        preco_atacado:
          base.preco_atacado > 0 ? applyRule(base.preco_atacado, rule.tipo_aplicado, rule.tipo_valor, rule.valor_atacado) : 0,
      }
    : base;
  const promoted = bestPromotion(tabled, variation, context.promotions, context.at);
  const prices = promoted
    ? { preco_venda: promoted.prices.preco_venda, preco_atacado: tabled.preco_atacado > 0 ? promoted.prices.preco_atacado : 0 }
    : tabled;
  return {
    preco_venda: prices.preco_venda,
    preco_atacado: prices.preco_atacado,
    id_tabela_preco: context.table?.id_tabela_preco ?? null,
    id_promocao: promoted?.promotion.id_promocao ?? null,
  };
}

/** What a till's line says about its price: its price, its type and the table and promotion it claims. */
export type ClaimedLine = Pick<SaleBodyItem, 'valor_unitario' | 'tipo_preco' | 'is_preco_alterado' | 'id_tabela_preco' | 'id_promocao'>;

/** Whether `priced` gives the line its claims and (a managed line) its price, retail or wholesale (the quantity rule is checked later). */
function pricedAsClaimed(line: ClaimedLine, priced: PricedPair): boolean {
  if (line.id_tabela_preco != null && line.id_tabela_preco !== priced.id_tabela_preco) return false;
  if (line.id_promocao != null && line.id_promocao !== priced.id_promocao) return false;
  if (line.is_preco_alterado === true) return true;
  const price = fromDecimal(line.valor_unitario);
  return price === priced.preco_venda || (priced.preco_atacado > 0 && price === priced.preco_atacado);
}

/**
 * Price tables and promotions versioned the way branch prices are (issue 30; price versions: priceAtVersion): the
 * context a variation's lines were priced by. The current one when it gives every line claiming a table or promotion
 * its claims and its price; else the first of `versions` that does (contexts with a version of the customer's or
 * branch's table, or of a claimed promotion, replaced within PRICE_VERSION_WINDOW_MS before the sale arrived, newest
 * first: what an offline till may still hold); else the current one, whose checks then refuse what it does not give
 * (tableClaimError, priceTableError). Lines claiming nothing (older tills) are judged by the current context. So a
 * promotion or table that never existed, never covered the product, was not the customer's or the branch's, or ended
 * before the window is refused; one changed, disabled or ended within the window is accepted as the till had it.
 */
export function versionPricedBy(
  base: PricePair, variation: PricedVariation, lines: readonly ClaimedLine[], current: PricingContext, versions: readonly PricingContext[],
): { context: PricingContext; priced: PricedPair } {
  const priced = linePricing(base, variation, current);
  const claiming = lines.filter((l) => l.id_tabela_preco != null || l.id_promocao != null);
  if (claiming.length === 0 || claiming.every((l) => pricedAsClaimed(l, priced))) return { context: current, priced };
  for (const context of versions) {
    const old = linePricing(base, variation, context);
    if (claiming.every((l) => pricedAsClaimed(l, old))) return { context, priced: old };
  }
  return { context: current, priced };
}

/**
 * What a sale may also have been priced by, within PRICE_VERSION_WINDOW_MS before it arrived (the server loads them:
 * operation/prices.ts, migrations 070 and 071): other forms of the customer's default table (versions of its current
 * default table's rules, its previous default tables as they are now and their versions; null: it had none), the same
 * for the branch's default table, and versions of the promotions the lines claim.
 */
export interface RuleVersions {
  customerTables: readonly (PriceTable | null)[];
  branchTables: readonly (PriceTable | null)[];
  promotions: readonly Promotion[];
  /**
   * Promotions the lines do not claim that were created or changed within the window: an offline till may not have
   * had them yet (a better promotion created meanwhile). Leaving a promotion out never lowers a price.
   */
  unknownPromotions?: readonly number[];
}

/**
 * The contexts versionPricedBy tries after `current` (whose table is tableInUse(tables.customer, tables.branch)):
 * every table the sale could have used (tableInUse of each customer table form with each branch table form) with the
 * current promotions or with one claimed promotion replaced by a version of it, combined (an old table AND an old
 * promotion), the current table and promotions excepted. One change first (a table, then a promotion), then the
 * combinations. Each form is a rule the shop really had within the window, so a combination gives no price the till
 * could not have given; the promotions without the unknown ones (RuleVersions.unknownPromotions) only take discounts
 * away, so they give no price below one the shop had.
 */
export function versionContexts(
  current: PricingContext,
  tables: { customer: PriceTable | null; branch: PriceTable | null },
  id_filial: number,
  versions: RuleVersions,
): PricingContext[] {
  const tableForms: (PriceTable | null)[] = [current.table];
  for (const customer of [tables.customer, ...versions.customerTables]) {
    for (const branch of [tables.branch, ...versions.branchTables]) {
      const table = tableInUse(customer, branch, id_filial);
      if (!tableForms.includes(table)) tableForms.push(table);
    }
  }
  const withVersion = (promotions: readonly Promotion[], v: Promotion) => [...promotions.filter((p) => p.id_promocao !== v.id_promocao), v];
  const promotionForms: (readonly Promotion[])[] = [current.promotions, ...versions.promotions.map((v) => withVersion(current.promotions, v))];
  // The promotions as a till that never heard of the recent unclaimed ones had them (with each claimed version too).
  const unknown = new Set(versions.unknownPromotions ?? []);
  const known = current.promotions.filter((p) => !unknown.has(p.id_promocao));
  if (known.length < current.promotions.length) promotionForms.push(known, ...versions.promotions.map((v) => withVersion(known, v)));
  const single: PricingContext[] = [];
  const combined: PricingContext[] = [];
  for (const [i, table] of tableForms.entries()) {
    for (const [j, promotions] of promotionForms.entries()) {
      if (i === 0 && j === 0) continue;
      (i === 0 || j === 0 ? single : combined).push({ ...current, table, promotions });
    }
  }
  return [...single.filter((c) => c.promotions === current.promotions), ...single.filter((c) => c.promotions !== current.promotions), ...combined];
}

/**
 * The prices a line priced at version `versao` (ISO) is checked against. `history` is the variation's price history
 * in ascending vigente_desde, holding at least every price in effect from `receivedAt` minus the window on (older
 * rows may be present); `current` is the price now. The price in effect at `versao` (the latest row in effect at or
 * before it) is used when it was still current at some moment within the window before `receivedAt`; otherwise the
 * current price (also when there is no version, an unreadable one, or none of the history is at or before it).
 */
export function priceAtVersion(
  history: readonly PriceVersion[],
  current: PricePair,
  versao: string | null | undefined,
  receivedAt: string,
): PricePair {
  const at = versao ? Date.parse(versao) : Number.NaN;
  if (Number.isNaN(at)) return current;
  let index = -1;
  for (const [i, row] of history.entries()) if (Date.parse(row.vigente_desde) <= at) index = i;
  const row = history[index];
  const next = history[index + 1];
  // The latest row is the current price (the history records every change); the current row itself is used then.
  if (!row || !next) return current;
  const windowStart = Date.parse(receivedAt) - PRICE_VERSION_WINDOW_MS;
  return Date.parse(next.vigente_desde) > windowStart ? { preco_venda: row.preco_venda, preco_atacado: row.preco_atacado } : current;
}

/**
 * The price a typed price (is_preco_alterado) is measured against: the variation's price of the line's price type
 * (wholesale when the line is wholesale and the variation has a wholesale price, else retail). The point of sale's
 * F3 panel and the server use this one function.
 */
export function referencePrice(line: { tipo_preco: TipoPreco }, prices: PricePair): Cents {
  return line.tipo_preco === 'Atacado' && prices.preco_atacado > 0 ? prices.preco_atacado : prices.preco_venda;
}

/**
 * The unit price each line must carry (by position), as the point of sale prices it from `prices`: managed lines
 * (retail, or made wholesale by the rule) start at retail and the wholesale rule is applied across the lines; a line
 * wholesale by choice takes the wholesale price; a typed price (is_preco_alterado) expects its reference price. Null
 * for a line whose variation has no price.
 */
export function expectedUnitPrices(
  itens: readonly SaleBodyItem[],
  prices: ReadonlyMap<number, SaleLinePrice>,
): Array<Cents | null> {
  const lines = itens.map((item) => {
    const altered = item.is_preco_alterado === true;
    const managed = !altered && (item.tipo_preco === 'Varejo' || item.is_atacarejo);
    const price = prices.get(item.id_produto_grade_filial);
    const valor_unitario = !price ? 0 : managed ? price.preco_venda : referencePrice(item, price);
    return {
      id_produto_grade_filial: item.id_produto_grade_filial,
      quantidade: quantityFromDecimal(item.quantidade),
      valor_unitario,
      tipo_preco: managed ? ('Varejo' as const) : item.tipo_preco,
      is_atacarejo: false,
      is_preco_alterado: altered,
      is_cancelado: false,
    };
  });
  return repriceForWholesale(lines, prices).map((line, i) =>
    prices.has(itens[i]?.id_produto_grade_filial ?? -1) ? line.valor_unitario : null,
  );
}

/**
 * The first line whose unit price does not follow the price table: a line not marked is_preco_alterado priced other
 * than expected (expectedUnitPrices), or a typed price of zero or less. A variation without a price in `prices` is
 * not one of the branch's (buildSale refuses it first). Null when every price follows.
 */
export function priceTableError(body: Pick<SaleBody, 'itens'>, prices: ReadonlyMap<number, SaleLinePrice>): string | null {
  const claimed = tableClaimError(body, prices);
  if (claimed) return claimed;
  const expected = expectedUnitPrices(body.itens, unclaimedPromotions(body.itens, prices));
  for (const [i, item] of body.itens.entries()) {
    const esperado = expected[i];
    if (esperado === null || esperado === undefined) continue; // not the branch's: referenceError refuses it
    const recebido = fromDecimal(item.valor_unitario);
    if (item.is_preco_alterado === true) {
      if (recebido <= 0) return MESSAGES.itemValueNotPositive;
    } else if (recebido !== esperado) {
      return PRICE_MESSAGES.priceMismatch(item.descricao, esperado, recebido);
    }
  }
  return null;
}

/**
 * `prices` where a variation's lines all leave its promotion unnamed: their prices without it (sem_promocao). The
 * promotion is the shop's offer to lower a price; a line that does not claim it is held to the price before it.
 */
export function unclaimedPromotions(
  itens: readonly Pick<SaleBodyItem, 'id_produto_grade_filial' | 'id_promocao'>[],
  prices: ReadonlyMap<number, SaleLinePrice>,
): ReadonlyMap<number, SaleLinePrice> {
  const claimed = new Set(itens.filter((i) => i.id_promocao != null).map((i) => i.id_produto_grade_filial));
  let adjusted: Map<number, SaleLinePrice> | null = null;
  for (const item of itens) {
    const price = prices.get(item.id_produto_grade_filial);
    if (!price?.sem_promocao || price.id_promocao == null || claimed.has(item.id_produto_grade_filial)) continue;
    adjusted ??= new Map(prices);
    adjusted.set(item.id_produto_grade_filial, { ...price, ...price.sem_promocao, id_promocao: null });
  }
  return adjusted ?? prices;
}

/**
 * The first line naming a price table or a promotion other than the ones its variation is priced by (linePricing):
 * a promotion that does not exist, is not in effect or does not cover the product, a table that is not the
 * customer's nor the branch's. A line that names none (an older point of sale) is judged by its price alone.
 */
export function tableClaimError(body: Pick<SaleBody, 'itens'>, prices: ReadonlyMap<number, SaleLinePrice>): string | null {
  for (const item of body.itens) {
    const price = prices.get(item.id_produto_grade_filial);
    if (!price) continue;
    if (item.id_promocao != null && item.id_promocao !== (price.id_promocao ?? null)) {
      return PRICE_MESSAGES.promotionNotInEffect(item.descricao);
    }
    if (item.id_tabela_preco != null && item.id_tabela_preco !== (price.id_tabela_preco ?? null)) {
      return PRICE_MESSAGES.tableNotInUse(item.descricao);
    }
  }
  return null;
}

/**
 * 001 §5: each typed price (is_preco_alterado) within the limits that apply to its product around its reference price
 * (validatePriceOverride, the F3 panel's rule and messages). The first refusal, or null. Above the limit, a
 * supervisor's authorization (SaleRefs.discountAuthorized, "discount or price change above the limit") skips it.
 */
export function priceLimitError(body: Pick<SaleBody, 'itens'>, prices: ReadonlyMap<number, SaleLinePrice>): string | null {
  for (const item of body.itens) {
    const price = prices.get(item.id_produto_grade_filial);
    if (item.is_preco_alterado !== true || !price) continue;
    const limits = { percentual_desconto_maximo: 0, ...price.limits };
    const refused = validatePriceOverride(referencePrice(item, price), fromDecimal(item.valor_unitario), limits)[0];
    if (refused) return refused.message;
  }
  return null;
}

/**
 * The operation's dates against the server's clock at receipt (`receivedAt`, ISO): none after it by more than
 * CLOCK_SKEW_MS, and data_inicio not more than PRICE_VERSION_WINDOW_MS before it. The refusal, or null.
 */
export function operationDateError(
  body: { data_inicio: string; data_fim?: string | null | undefined },
  receivedAt: string,
): string | null {
  const now = Date.parse(receivedAt);
  const inicio = Date.parse(body.data_inicio);
  const fim = body.data_fim ? Date.parse(body.data_fim) : inicio;
  if (Number.isNaN(inicio) || Number.isNaN(fim)) return PRICE_MESSAGES.operationDateInvalid;
  if (Math.max(inicio, fim) > now + CLOCK_SKEW_MS) return PRICE_MESSAGES.operationInFuture;
  if (inicio < now - PRICE_VERSION_WINDOW_MS) return PRICE_MESSAGES.operationTooOld;
  return null;
}

/** 002 §3 Venda: the price type a sale starts with and whether the cashier may switch it (absent: Varejo, allowed). */
export interface PriceTypeRule {
  tipo_preco_padrao?: TipoPreco | undefined;
  tipo_preco_alterar?: boolean | undefined;
}

/**
 * The price type a line was CHOSEN at (000 §3.3 tipo_preco): Atacado by choice (tipo_preco Atacado without
 * is_atacarejo), else Varejo. A line made wholesale by the quantity rule (is_atacarejo) was chosen at Varejo.
 */
export function chosenPriceType(line: Pick<SaleBodyItem, 'tipo_preco' | 'is_atacarejo'>): TipoPreco {
  return line.tipo_preco === 'Atacado' && !line.is_atacarejo ? 'Atacado' : 'Varejo';
}

/**
 * The type a line of a variation takes in a sale of price type `tipo`: Atacado only where the variation has a
 * wholesale price (after its table and promotion); a variation without one is sold at retail in either type.
 */
export function lineTypeFor(tipo: TipoPreco, prices: Pick<PricePair, 'preco_atacado'>): TipoPreco {
  return tipo === 'Atacado' && prices.preco_atacado > 0 ? 'Atacado' : 'Varejo';
}

/**
 * A line moved to the sale's price type `tipo` (the point of sale's Varejo/Atacado switch): a line whose price the
 * rule manages (not typed with F3, not cancelled) takes the type lineTypeFor gives, at that type's price, with
 * is_atacarejo cleared (the wholesale quantity rule runs again afterwards: repriceForWholesale); its own discount
 * keeps its share of the gross. A typed price keeps its price and type. The same line object when nothing changes.
 */
export function retypedLine<T extends Pick<SaleBodyItem, 'tipo_preco' | 'is_atacarejo' | 'is_preco_alterado'> & {
  valor_unitario: Cents;
  valor_desconto_item: Cents;
  is_cancelado?: boolean | undefined;
}>(line: T, prices: PricePair, tipo: TipoPreco): T {
  if (line.is_preco_alterado === true || line.is_cancelado === true) return line;
  const tipo_preco = lineTypeFor(tipo, prices);
  const valor_unitario = tipo_preco === 'Atacado' ? prices.preco_atacado : prices.preco_venda;
  if (tipo_preco === line.tipo_preco && !line.is_atacarejo && valor_unitario === line.valor_unitario) return line;
  const valor_desconto_item =
    line.valor_desconto_item > 0 && line.valor_unitario > 0
      ? mulDivRound(line.valor_desconto_item, valor_unitario, line.valor_unitario)
      : line.valor_desconto_item;
  return { ...line, tipo_preco, is_atacarejo: false, valor_unitario, valor_desconto_item };
}

/**
 * A line priced again when what picks its price changes (the sale's customer and so its default price table: the
 * point of sale's draft.setCustomer, a back-office order's PUT /order/update, issue 30). `priced` is the variation's
 * linePricing under the new customer. A line whose price the rule manages (not typed with F3, not cancelled) takes the
 * new price of its type (wholesale by choice: the new wholesale price where there is one; wholesale by the quantity
 * rule: the new wholesale price too, the caller runs the quantity rule again), its own discount keeping its share of
 * the gross, and names the new table and promotion. A typed price keeps its price and type and names the table and
 * promotion its reference price now comes from (its caps are measured from it: priceLimitError); the back office
 * stores a typed line without its promotion (order/items.ts). A cancelled line is left alone.
 */
export function repricedLine<T extends Pick<SaleBodyItem, 'tipo_preco' | 'is_atacarejo' | 'is_preco_alterado'> & {
  valor_unitario: Cents;
  valor_desconto_item: Cents;
  is_cancelado?: boolean | undefined;
  id_tabela_preco?: number | null | undefined;
  id_promocao?: number | null | undefined;
}>(line: T, priced: PricedPair): T {
  if (line.is_cancelado === true) return line;
  if (line.is_preco_alterado === true) return { ...line, id_tabela_preco: priced.id_tabela_preco, id_promocao: priced.id_promocao };
  const valor_unitario = referencePrice(line, priced);
  const valor_desconto_item =
    line.valor_desconto_item > 0 && line.valor_unitario > 0 && valor_unitario !== line.valor_unitario
      ? mulDivRound(line.valor_desconto_item, valor_unitario, line.valor_unitario)
      : line.valor_desconto_item;
  return { ...line, valor_unitario, valor_desconto_item, id_tabela_preco: priced.id_tabela_preco, id_promocao: priced.id_promocao };
}

/**
 * 002 §3 tipo_preco_alterar false: every line must be chosen at the branch's tipo_preco_padrao (chosenPriceType), the
 * wholesale quantity rule aside (it needs no permission). A variation without a wholesale price is priced the same in
 * both types, so its line is not refused for its type (its price is still checked: priceTableError). Typed prices
 * (F3) too: their reference price follows their type. The first refusal, or null; null whenever switching is allowed.
 */
export function priceTypeError(
  itens: readonly Pick<SaleBodyItem, 'descricao' | 'id_produto_grade_filial' | 'tipo_preco' | 'is_atacarejo'>[],
  prices: ReadonlyMap<number, Pick<PricePair, 'preco_atacado'>>,
  rule: PriceTypeRule,
): string | null {
  if (rule.tipo_preco_alterar !== false) return null;
  const padrao = rule.tipo_preco_padrao ?? 'Varejo';
  for (const item of itens) {
    const price = prices.get(item.id_produto_grade_filial);
    if (!price || price.preco_atacado <= 0) continue;
    if (chosenPriceType(item) !== padrao) return PRICE_MESSAGES.priceTypeNotAllowed(item.descricao, padrao);
  }
  return null;
}
