/**
 * The price tables and promotions of the local copy (groups table-price and promotion, with their rules), read into
 * the domain's shapes, and the pricing context of a sale: the one precedence of price-check.ts linePricing runs on
 * them when a line is added and when the customer (and so the price table in use) changes.
 */
import type { LocalRow } from '../../db/localCopy.ts';
import { fromDecimal } from '@pdv/domain/money';
import { tableInUse, type PricingContext } from '@pdv/domain/price-check';
import { saleDay, tableApplies, type PriceRule, type PriceTable, type Promotion, type PromotionRule } from '@pdv/domain/price-rules';

export interface LocalPricing {
  id_filial: number;
  /** The live price tables, by id. */
  tables: ReadonlyMap<number, PriceTable>;
  /** The live promotions (promotionActive still decides which apply on a day). */
  promotions: readonly Promotion[];
  /** The branch's default price table (id_tabela_preco_padrao). */
  branchTable: number | null;
  /** The branch's UTC offset in hours (fuso_horario). */
  fusoHoras: number;
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : null);
const hundredths = (v: unknown) => fromDecimal(num(v) ?? 0);
const str = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback);
const list = (v: unknown): LocalRow[] => (Array.isArray(v) ? (v as LocalRow[]) : []);

function ruleOf(row: LocalRow): PriceRule {
  return {
    tipo_aplicado: row['tipo_aplicado'] === 'Acrescimo' ? 'Acrescimo' : 'Desconto',
    tipo_valor: row['tipo_valor'] === 'Valor' ? 'Valor' : 'Percentual',
    valor_varejo: hundredths(row['valor_varejo']),
    valor_atacado: hundredths(row['valor_atacado']),
  };
}

/** A synced table_price row (with filiais and itens) as the domain's PriceTable. */
export function priceTableOf(row: LocalRow): PriceTable {
  const itens = list(row['itens']);
  const by = (key: string) =>
    new Map(itens.flatMap((i) => (num(i[key]) === null ? [] : [[num(i[key]) as number, ruleOf(i)] as const])));
  return {
    id_tabela_preco: Number(row['id_tabela_preco']),
    situacao: str(row['situacao'], 'Ativo'),
    ...ruleOf(row),
    filiais: list(row['filiais']).map((f) => Number(f['id_filial'])),
    categorias: by('id_categoria'),
    grades: by('id_produto_grade_filial'),
  };
}

const discountOf = (row: LocalRow): PromotionRule => ({
  tipo: row['tipo'] === 'Valor' ? 'Valor' : 'Percentual',
  venda: hundredths(row['venda']),
  atacado: hundredths(row['atacado']),
  cashback_tipo: row['cashback_tipo'] === 'Valor' ? 'Valor' : 'Percentual',
  cashback_venda: hundredths(row['cashback_venda']),
  cashback_atacado: hundredths(row['cashback_atacado']),
});

/** A synced promotion row (with categorias and produtos) as the domain's Promotion. */
export function promotionOf(row: LocalRow): Promotion {
  const by = (member: string, key: string) => new Map(list(row[member]).map((r) => [Number(r[key]), discountOf(r)] as const));
  return {
    id_promocao: Number(row['id_promocao']),
    situacao: str(row['situacao'], 'Ativo'),
    data_inicio: str(row['data_inicio'], '').slice(0, 10),
    data_fim: str(row['data_fim'], '').slice(0, 10),
    is_gestao: row['is_gestao'] !== false,
    is_desconto: row['is_desconto'] !== false,
    is_cashback: row['is_cashback'] === true,
    categorias: by('categorias', 'id_categoria'),
    grades: by('produtos', 'id_produto_grade_filial'),
  };
}

/** The id of the price table a sale uses with this customer's default table (null: no customer or none). */
export function tableFor(pricing: LocalPricing, customerTable: number | null): number | null {
  const table = tableInUse(
    customerTable === null ? null : pricing.tables.get(customerTable),
    pricing.branchTable === null ? null : pricing.tables.get(pricing.branchTable),
    pricing.id_filial,
  );
  return table?.id_tabela_preco ?? null;
}

/**
 * The pricing context of a sale: its table (the operation's id_tabela_preco, set when the customer was chosen; a sale
 * without one uses the branch's) and the promotions on the day it began (in the branch's time zone).
 */
export function contextOf(pricing: LocalPricing, operation: { id_tabela_preco: number | null; data_inicio: string }): PricingContext {
  const chosen = operation.id_tabela_preco === null ? undefined : pricing.tables.get(operation.id_tabela_preco);
  const id = chosen && tableApplies(chosen, pricing.id_filial) ? chosen.id_tabela_preco : tableFor(pricing, null);
  return {
    table: id === null ? null : (pricing.tables.get(id) ?? null),
    promotions: pricing.promotions,
    at: saleDay(operation.data_inicio, pricing.fusoHoras),
  };
}
