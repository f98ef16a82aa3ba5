/**
 * Price tables and promotions (002 §3 Price and sales configuration): what they are, and how one changes a price.
 * The precedence that chains them (branch price → price table → best promotion → manual discount) is linePricing in
 * price-check.ts, the one function the point of sale and POST /api/operacao both run.
 *
 * - A rule changes a base price: tipo_aplicado Desconto or Acrescimo, tipo_valor Percentual or Valor, with one value
 *   for the retail price (valor_varejo) and one for the wholesale price (valor_atacado). Values are hundredths: basis
 *   points for a percentage (10% = 1000), centavos for a value (R$ 10,00 = 1000), as numeric(15,2) holds both. A
 *   percentage is rounded half-up to the centavo; the result is never below 0 (the SQL preco_aplicar of migration 006
 *   computes the same for the resolved `preco` rows).
 * - A price table applies, to a variation, its rule for the variation (id_produto_grade_filial), else its rule for the
 *   product's category, else its own values. It applies only in the branches it lists (tabela_preco_filial) and only
 *   while Ativo.
 * - A promotion is a discount (is_desconto; cashback is not priced here) for the management channel (is_gestao: the
 *   point of sale and the back office), Ativo, on the days from data_inicio to data_fim, both included (the day of
 *   the sale's start in the branch's time zone: saleDay). Its rule for the variation in
 *   the branch wins over its rule for the product's category. Each rule is a Percentual or Valor discount with a retail
 *   (venda) and a wholesale (atacado) value.
 */
import { BASIS_POINTS_PER_UNIT, mulDivRound, type Cents } from './money.ts';

export const TIPOS_APLICADO = ['Desconto', 'Acrescimo'] as const;
export type TipoAplicado = (typeof TIPOS_APLICADO)[number];
export const TIPOS_VALOR = ['Percentual', 'Valor'] as const;
export type TipoValor = (typeof TIPOS_VALOR)[number];

/** A change of a retail and a wholesale price (values in hundredths: basis points or centavos, by tipo_valor). */
export interface PriceRule {
  tipo_aplicado: TipoAplicado;
  tipo_valor: TipoValor;
  valor_varejo: number;
  valor_atacado: number;
}

/** A price table as the local copy and the server hold it, reduced to what pricing needs. */
export interface PriceTable extends PriceRule {
  id_tabela_preco: number;
  situacao: string;
  /** The branches it is offered in. */
  filiais: readonly number[];
  /** Its rules per category (id_categoria) and per variation in a branch (id_produto_grade_filial). */
  categorias: ReadonlyMap<number, PriceRule>;
  grades: ReadonlyMap<number, PriceRule>;
}

/** A promotion's discount for a category or a variation: Percentual or Valor, retail (venda) and wholesale (atacado). */
export interface PromotionRule {
  tipo: TipoValor;
  venda: number;
  atacado: number;
  /** Its cashback when the promotion is_cashback (cashback.ts): Percentual or Valor, retail and wholesale. */
  cashback_tipo?: TipoValor | undefined;
  cashback_venda?: number | undefined;
  cashback_atacado?: number | undefined;
}

export interface Promotion {
  id_promocao: number;
  situacao: string;
  /** Days (YYYY-MM-DD): the promotion is in effect from data_inicio to data_fim, both included. */
  data_inicio: string;
  data_fim: string;
  is_gestao: boolean;
  is_desconto: boolean;
  /** The promotion gives cashback to an identified customer (cashback.ts); absent: false. */
  is_cashback?: boolean | undefined;
  categorias: ReadonlyMap<number, PromotionRule>;
  grades: ReadonlyMap<number, PromotionRule>;
  /** Its rules per catalogue service (id_servico; promocao_servico): services sold in orders (price-check.ts servicePromotion). */
  servicos?: ReadonlyMap<number, PromotionRule> | undefined;
}

/** What a variation is priced by: its branch grid row and its product's category. */
export interface PricedVariation {
  id_produto_grade_filial: number;
  id_categoria: number | null;
}

/** A base price changed by a rule's value (hundredths): see the module comment. */
export function applyRule(base: Cents, tipo_aplicado: TipoAplicado, tipo_valor: TipoValor, valor: number): Cents {
  const signed = tipo_aplicado === 'Desconto' ? -valor : valor;
  const price = tipo_valor === 'Percentual' ? mulDivRound(base, BASIS_POINTS_PER_UNIT + signed, BASIS_POINTS_PER_UNIT) : base + signed;
  return Math.max(0, price);
}

/** Whether the table applies in the branch. */
export function tableApplies(table: PriceTable, id_filial: number): boolean {
  return table.situacao === 'Ativo' && table.filiais.includes(id_filial);
}

/** The table's rule for a variation: its own for the variation, else for the category, else the table's values. */
export function tableRuleFor(table: PriceTable, variation: PricedVariation): PriceRule {
  return (
    table.grades.get(variation.id_produto_grade_filial) ??
    (variation.id_categoria === null ? undefined : table.categorias.get(variation.id_categoria)) ??
    table
  );
}

/** Whether a promotion is in effect on `day` (YYYY-MM-DD: saleDay) for a sale of the management channel. */
export function promotionActive(promotion: Promotion, day: string): boolean {
  return (
    promotion.situacao === 'Ativo' &&
    promotion.is_desconto &&
    promotion.is_gestao &&
    promotion.data_inicio <= day &&
    day <= promotion.data_fim
  );
}

/** The promotion's rule for a variation (its own, else its category's), or null when it does not cover it. */
export function promotionRuleFor(promotion: Promotion, variation: PricedVariation): PromotionRule | null {
  return (
    promotion.grades.get(variation.id_produto_grade_filial) ??
    (variation.id_categoria === null ? undefined : promotion.categorias.get(variation.id_categoria)) ??
    null
  );
}

/** Refusals of our own wording (the spec quotes none for these registers). */
export const PRICE_RULE_MESSAGES = {
  discountAbove100: 'Um desconto percentual não pode passar de 100%.',
  periodInverted: 'A data final deve ser igual ou posterior à data inicial.',
  entryTarget: 'Cada regra deve indicar uma categoria ou uma variação do produto na filial (uma só).',
  entryDuplicate: 'A mesma categoria ou variação aparece em mais de uma regra.',
  categoryNotFound: 'Categoria não encontrada.',
  variationNotFound: 'Variação do produto na filial não encontrada.',
  serviceNotFound: 'Serviço não encontrado.',
  branchNotFound: 'Filial não encontrada.',
} as const;

/** A refusal beside the field it names (the registers' FieldIssue). */
export interface PriceFieldIssue {
  field: string;
  message: string;
}

type Values = Readonly<Record<string, unknown>>;

/**
 * A discount of more than 100% of a price (a table's or a rule's values, `prefix` naming where they are). Given a
 * partial row it checks only what it says.
 */
export function priceRuleIssues(v: Values, prefix = ''): PriceFieldIssue[] {
  if (v['tipo_valor'] !== 'Percentual' || (v['tipo_aplicado'] ?? 'Desconto') !== 'Desconto') return [];
  return ['valor_varejo', 'valor_atacado']
    .filter((f) => {
      const value = v[f];
      return typeof value === 'number' && value > 100;
    })
    .map((f) => ({ field: `${prefix}${f}`, message: PRICE_RULE_MESSAGES.discountAbove100 }));
}

/** A price table's rules across fields (priceRuleIssues). */
export function priceTableIssues(v: Values): PriceFieldIssue[] {
  return priceRuleIssues({ tipo_valor: 'Percentual', ...v });
}

/** A promotion's period: data_fim (YYYY-MM-DD) not before data_inicio, when both are given. */
export function promotionIssues(v: Values): PriceFieldIssue[] {
  const inicio = v['data_inicio'];
  const fim = v['data_fim'];
  return typeof inicio === 'string' && typeof fim === 'string' && fim < inicio
    ? [{ field: 'data_fim', message: PRICE_RULE_MESSAGES.periodInverted }]
    : [];
}

/**
 * The day (YYYY-MM-DD) of instant `iso` at a UTC offset of `fusoHoras` hours (the branch's fuso_horario, -3 by
 * default): the day a promotion's period is compared with.
 */
export function saleDay(iso: string, fusoHoras = -3): string {
  const at = Date.parse(iso);
  return new Date((Number.isNaN(at) ? 0 : at) + fusoHoras * 3_600_000).toISOString().slice(0, 10);
}
