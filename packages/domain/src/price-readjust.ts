/**
 * Price configuration and price readjust (002 §2 "Price configuration with markup rules; price simulation/readjust
 * (by percent or markup ...); price history", §3 Price configuration: id_configuracao_preco, descricao, situacao,
 * markup rules (descricao, tipo, valor, preco_base, preco_alvo)). One rule, run by the screen's simulation and again
 * by the server, which never takes the client's numbers.
 *
 * Prices are integer centavos; percentages integer basis points (10,00% = 1000). Every result is rounded half-up to
 * the centavo (money.ts mulDivRound) and is never below 0.
 *
 * - By percent: the target price(s) (preco_venda, preco_atacado or both) times (100% + percentual). -100% < p.
 * - By markup: a price configuration's rules, in their order, each computing its preco_alvo from its preco_base as the
 *   earlier rules left them (so 'atacado = venda − 10%' after 'venda = custo + 80%' reads the new sale price):
 *     Markup  alvo = base × (100% + valor)          (valor a percentage, may be negative down to −99,99%)
 *     Margem  alvo = base ÷ (100% − valor)          (a margin over the price: 0% ≤ valor < 100%)
 *     Valor   alvo = base + valor                   (valor in centavos; below 0 gives 0)
 *   A rule over a base of 0 (a product whose cost was never entered) changes nothing: its target keeps its price.
 */
import { BASIS_POINTS_PER_UNIT, mulDivRound, type BasisPoints, type Cents } from './money.ts';

export const PRICE_READJUST_MESSAGES = {
  ruleDescription: 'Informe a descrição da regra.',
  ruleType: 'Tipo de regra inválido.',
  ruleBase: 'Preço base inválido.',
  ruleTarget: 'Preço alvo inválido.',
  ruleSamePrice: 'O preço base e o preço alvo da regra devem ser diferentes.',
  markupRange: 'O markup deve ser maior que -100%.',
  marginRange: 'A margem deve ser de 0% até menos de 100%.',
  rulesRequired: 'Informe ao menos uma regra de markup.',
  percentRange: 'O percentual de reajuste deve ser maior que -100% e no máximo 1.000%.',
  percentZero: 'Informe um percentual de reajuste diferente de zero.',
  modeInvalid: 'Informe o tipo de reajuste: percentual ou markup.',
  configurationRequired: 'Selecione a configuração de preço do reajuste.',
  configurationNotFound: 'Configuração de preço não encontrada.',
  configurationInactive: 'A configuração de preço está inativa.',
  branchNotAllowed: 'Filial não encontrada ou sem permissão para alterar preços nela.',
  filterRequired: 'Informe ao menos um filtro: categoria, marca ou produto.',
  categoryNotFound: 'Categoria não encontrada.',
  brandNotFound: 'Marca não encontrada.',
  productNotFound: 'Produto não encontrado.',
  nothingToChange: 'Nenhum preço a reajustar com esses filtros.',
  tooMany: 'O reajuste alcança mais de 5.000 preços. Refine os filtros.',
  stale: 'Os preços mudaram desde a simulação. Simule o reajuste novamente.',
  applied: 'Reajuste aplicado com sucesso.',
} as const;

const M = PRICE_READJUST_MESSAGES;

/** The most prices one readjust may change (a simulation lists them all; the apply writes them in one transaction). */
export const READJUST_MAX_PRICES = 5000;

export const MARKUP_TYPES = ['Markup', 'Margem', 'Valor'] as const;
export type MarkupType = (typeof MARKUP_TYPES)[number];
export const MARKUP_TYPE_LABELS: Readonly<Record<MarkupType, string>> = {
  Markup: 'Markup (%)',
  Margem: 'Margem (%)',
  Valor: 'Valor (R$)',
};

/** The prices a rule reads (preco_compra is the product's; the others the variation's in the branch). */
export const BASE_PRICES = ['preco_custo', 'preco_custo_medio', 'preco_compra', 'preco_venda', 'preco_atacado'] as const;
export type BasePrice = (typeof BASE_PRICES)[number];
export const BASE_PRICE_LABELS: Readonly<Record<BasePrice, string>> = {
  preco_custo: 'Preço de custo',
  preco_custo_medio: 'Custo médio',
  preco_compra: 'Preço de compra',
  preco_venda: 'Preço de venda',
  preco_atacado: 'Preço de atacado',
};

/** The prices a readjust writes. */
export const TARGET_PRICES = ['preco_venda', 'preco_atacado'] as const;
export type TargetPrice = (typeof TARGET_PRICES)[number];
export const TARGET_PRICE_LABELS: Readonly<Record<TargetPrice, string>> = { preco_venda: 'Preço de venda', preco_atacado: 'Preço de atacado' };

/** What a percent readjust changes. */
export const PERCENT_TARGETS = ['preco_venda', 'preco_atacado', 'ambos'] as const;
export type PercentTarget = (typeof PERCENT_TARGETS)[number];
export const PERCENT_TARGET_LABELS: Readonly<Record<PercentTarget, string>> = {
  preco_venda: 'Preço de venda',
  preco_atacado: 'Preço de atacado',
  ambos: 'Venda e atacado',
};

export const READJUST_MODES = ['Percentual', 'Markup'] as const;
export type ReadjustMode = (typeof READJUST_MODES)[number];

/** A markup rule: valor in basis points (Markup, Margem) or centavos (Valor). */
export interface MarkupRule {
  descricao: string;
  tipo: MarkupType;
  valor: number;
  preco_base: BasePrice;
  preco_alvo: TargetPrice;
}

/** A variation's prices in a branch, in centavos. */
export type PriceSet = Readonly<Record<BasePrice, Cents>>;

/** The new sale and wholesale prices. */
export interface NewPrices {
  preco_venda: Cents;
  preco_atacado: Cents;
}

export interface FieldIssue {
  field: string;
  message: string;
}

const MARKUP_MIN = -(BASIS_POINTS_PER_UNIT - 1); // −99,99%
const PERCENT_MAX = 10 * BASIS_POINTS_PER_UNIT; // 1.000%

/** The issues of one rule (values as the rule holds them: basis points or centavos). */
export function markupRuleIssues(rule: object): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const { descricao, tipo, valor, preco_base, preco_alvo } = rule as Readonly<Record<string, unknown>>;
  if (typeof descricao !== 'string' || descricao.trim() === '') issues.push({ field: 'descricao', message: M.ruleDescription });
  if (!MARKUP_TYPES.includes(tipo as MarkupType)) issues.push({ field: 'tipo', message: M.ruleType });
  if (!BASE_PRICES.includes(preco_base as BasePrice)) issues.push({ field: 'preco_base', message: M.ruleBase });
  if (!TARGET_PRICES.includes(preco_alvo as TargetPrice)) issues.push({ field: 'preco_alvo', message: M.ruleTarget });
  else if (preco_base === preco_alvo) issues.push({ field: 'preco_base', message: M.ruleSamePrice });
  if (typeof valor !== 'number' || !Number.isSafeInteger(valor)) issues.push({ field: 'valor', message: M.ruleType });
  else if (tipo === 'Markup' && valor < MARKUP_MIN) issues.push({ field: 'valor', message: M.markupRange });
  else if (tipo === 'Margem' && (valor < 0 || valor >= BASIS_POINTS_PER_UNIT)) issues.push({ field: 'valor', message: M.marginRange });
  return issues;
}

/** A rule's target price from its base price (see the module comment). */
export function applyMarkup(base: Cents, tipo: MarkupType, valor: number): Cents {
  switch (tipo) {
    case 'Markup':
      return Math.max(0, mulDivRound(base, BASIS_POINTS_PER_UNIT + valor, BASIS_POINTS_PER_UNIT));
    case 'Margem':
      return mulDivRound(base, BASIS_POINTS_PER_UNIT, BASIS_POINTS_PER_UNIT - valor);
    case 'Valor':
      return Math.max(0, base + valor);
  }
}

/** The prices after a configuration's rules, in order; a rule over a base of 0 leaves its target as it is. */
export function readjustByMarkup(prices: PriceSet, rules: readonly MarkupRule[]): NewPrices {
  const current: Record<BasePrice, Cents> = { ...prices };
  for (const rule of rules) {
    const base = current[rule.preco_base];
    if (base > 0) current[rule.preco_alvo] = applyMarkup(base, rule.tipo, rule.valor);
  }
  return { preco_venda: current.preco_venda, preco_atacado: current.preco_atacado };
}

/** The issue of a percent readjust (basis points), or null. */
export function percentIssue(percentual: BasisPoints): string | null {
  if (!Number.isSafeInteger(percentual) || percentual <= -BASIS_POINTS_PER_UNIT || percentual > PERCENT_MAX) return M.percentRange;
  if (percentual === 0) return M.percentZero;
  return null;
}

/** The prices after a percent readjust of the target(s), each rounded half-up to the centavo. */
export function readjustByPercent(prices: Pick<PriceSet, TargetPrice>, percentual: BasisPoints, alvo: PercentTarget): NewPrices {
  const scale = (cents: Cents) => Math.max(0, mulDivRound(cents, BASIS_POINTS_PER_UNIT + percentual, BASIS_POINTS_PER_UNIT));
  return {
    preco_venda: alvo === 'preco_atacado' ? prices.preco_venda : scale(prices.preco_venda),
    preco_atacado: alvo === 'preco_venda' ? prices.preco_atacado : scale(prices.preco_atacado),
  };
}

/** How a readjust computes: by percent, or by a configuration's markup rules. */
export type ReadjustRule =
  | { modo: 'Percentual'; percentual: BasisPoints; alvo: PercentTarget }
  | { modo: 'Markup'; regras: readonly MarkupRule[] };

/** The new prices of one variation by the readjust's rule. */
export function readjustPrices(prices: PriceSet, rule: ReadjustRule): NewPrices {
  return rule.modo === 'Percentual' ? readjustByPercent(prices, rule.percentual, rule.alvo) : readjustByMarkup(prices, rule.regras);
}

/** Whether the new prices differ from the current ones (only those are listed and written). */
export function pricesChanged(prices: Pick<PriceSet, TargetPrice>, next: NewPrices): boolean {
  return next.preco_venda !== prices.preco_venda || next.preco_atacado !== prices.preco_atacado;
}

/**
 * A fingerprint of a simulation (each variation's id, its current and its new prices, in id order): the apply
 * recomputes the readjust and refuses when its fingerprint differs from the one the user saw (a price changed in
 * between), so what is written is what was previewed. FNV-1a over the text, 8 hex digits: not a secret, a check.
 */
export function simulationFingerprint(
  rows: readonly { id_produto_grade_filial: number; atual: NewPrices; novo: NewPrices }[],
): string {
  let hash = 0x811c9dc5;
  const text = rows
    .map((r) => `${r.id_produto_grade_filial}:${r.atual.preco_venda}:${r.atual.preco_atacado}:${r.novo.preco_venda}:${r.novo.preco_atacado}`)
    .join('|');
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${rows.length}-${hash.toString(16).padStart(8, '0')}`;
}
