/**
 * What a sale's lines are priced by besides their branch prices (price-check.ts linePricing): the products'
 * categories, the price table in use (the customer's default table, else the branch's: tableInUse) with its branches
 * and rules, and the promotions in effect on the sale's day with their discounts, read for the variations the lines
 * name only.
 */
import { fromDecimal } from '@pdv/domain/money';
import type { PriceRule, PriceTable, Promotion, PromotionRule, TipoAplicado, TipoValor } from '@pdv/domain/price-rules';
import type { Tx } from '../../db/database.ts';

/** The category of each variation's product. */
export async function categoriesOf(tx: Tx, org: number, ids: readonly number[]): Promise<Map<number, number | null>> {
  const { rows } = await tx.query<{ id: number; id_categoria: number | null }>(
    `SELECT pgf.id_produto_grade_filial AS id, p.id_categoria
       FROM produto_grade_filial pgf
       JOIN produto_grade g ON g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade
       JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
      WHERE pgf.id_organization = $1 AND pgf.id_produto_grade_filial = ANY($2::integer[])`,
    [org, ids],
  );
  return new Map(rows.map((r) => [r.id, r.id_categoria]));
}

/** The default price tables of the customer (null: none named) and of the branch. */
export async function defaultTables(tx: Tx, org: number, id_filial: number, id_cliente: number | null): Promise<{ customer: number | null; branch: number | null }> {
  const { rows } = await tx.query<{ customer: number | null; branch: number | null }>(
    `SELECT (SELECT id_tabela_preco_padrao FROM pessoa WHERE id_organization = $1 AND id_pessoa = $3 AND data_exclusao IS NULL) AS customer,
            (SELECT id_tabela_preco_padrao FROM filial WHERE id_organization = $1 AND id_filial = $2) AS branch`,
    [org, id_filial, id_cliente],
  );
  return rows[0] ?? { customer: null, branch: null };
}

interface RuleRow {
  tipo_aplicado: string;
  tipo_valor: string;
  valor_varejo: string;
  valor_atacado: string;
}

const ruleOf = (r: RuleRow): PriceRule => ({
  tipo_aplicado: r.tipo_aplicado as TipoAplicado,
  tipo_valor: r.tipo_valor as TipoValor,
  valor_varejo: fromDecimal(r.valor_varejo),
  valor_atacado: fromDecimal(r.valor_atacado),
});

/** A live price table with its branches and its rules for the given categories and variations; null when absent. */
export async function loadPriceTable(
  tx: Tx, org: number, id: number | null, categories: readonly number[], grids: readonly number[],
): Promise<PriceTable | null> {
  if (id === null) return null;
  const { rows } = await tx.query<RuleRow & { id_tabela_preco: number; situacao: string; filiais: number[] }>(
    `SELECT t.id_tabela_preco, t.situacao, t.tipo_aplicado, t.tipo_valor, t.valor_varejo::text, t.valor_atacado::text,
            coalesce((SELECT array_agg(f.id_filial) FROM tabela_preco_filial f WHERE f.id_organization = t.id_organization
                        AND f.id_tabela_preco = t.id_tabela_preco), '{}') AS filiais
       FROM tabela_preco t WHERE t.id_organization = $1 AND t.id_tabela_preco = $2 AND t.data_exclusao IS NULL`,
    [org, id],
  );
  const t = rows[0];
  if (!t) return null;
  const items = await tx.query<RuleRow & { id_categoria: number | null; id_produto_grade_filial: number | null }>(
    `SELECT id_categoria, id_produto_grade_filial, tipo_aplicado, tipo_valor, valor_varejo::text, valor_atacado::text
       FROM tabela_preco_item
      WHERE id_organization = $1 AND id_tabela_preco = $2 AND data_exclusao IS NULL
        AND (id_categoria = ANY($3::integer[]) OR id_produto_grade_filial = ANY($4::integer[]))`,
    [org, id, categories, grids],
  );
  return {
    id_tabela_preco: t.id_tabela_preco,
    situacao: t.situacao,
    filiais: t.filiais,
    ...ruleOf(t),
    categorias: new Map(items.rows.flatMap((r) => (r.id_categoria === null ? [] : [[r.id_categoria, ruleOf(r)] as const]))),
    grades: new Map(items.rows.flatMap((r) => (r.id_produto_grade_filial === null ? [] : [[r.id_produto_grade_filial, ruleOf(r)] as const]))),
  };
}

interface DiscountRow {
  id_promocao: number;
  id: number;
  tipo: string;
  venda: string;
  atacado: string;
  cashback_tipo: string;
  cashback_venda: string;
  cashback_atacado: string;
}

const discountOf = (r: DiscountRow): PromotionRule => ({
  tipo: r.tipo as TipoValor, venda: fromDecimal(r.venda), atacado: fromDecimal(r.atacado),
  cashback_tipo: r.cashback_tipo as TipoValor, cashback_venda: fromDecimal(r.cashback_venda), cashback_atacado: fromDecimal(r.cashback_atacado),
});
const RULE_COLUMNS = 'tipo, venda::text, atacado::text, cashback_tipo, cashback_venda::text, cashback_atacado::text';

/**
 * The organization's live promotions whose period holds `day` (YYYY-MM-DD), with their discounts for the given
 * categories and variations, with their cashback (the domain still checks situacao, channel and kind: promotionActive,
 * cashbackActive).
 */
export async function loadPromotions(
  tx: Tx, org: number, day: string, categories: readonly number[], grids: readonly number[],
): Promise<Promotion[]> {
  const { rows } = await tx.query<{ id_promocao: number; situacao: string; data_inicio: string; data_fim: string; is_gestao: boolean; is_desconto: boolean; is_cashback: boolean }>(
    `SELECT id_promocao, situacao, to_char(data_inicio, 'YYYY-MM-DD') AS data_inicio, to_char(data_fim, 'YYYY-MM-DD') AS data_fim,
            is_gestao, is_desconto, is_cashback
       FROM promocao WHERE id_organization = $1 AND data_exclusao IS NULL AND data_inicio <= $2::date AND data_fim >= $2::date`,
    [org, day],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id_promocao);
  const cats = await tx.query<DiscountRow>(
    `SELECT id_promocao, id_categoria AS id, ${RULE_COLUMNS} FROM promocao_categoria
      WHERE id_organization = $1 AND id_promocao = ANY($2::integer[]) AND id_categoria = ANY($3::integer[])`,
    [org, ids, categories],
  );
  const prods = await tx.query<DiscountRow>(
    `SELECT id_promocao, id_produto_grade_filial AS id, ${RULE_COLUMNS} FROM promocao_produto
      WHERE id_organization = $1 AND id_promocao = ANY($2::integer[]) AND id_produto_grade_filial = ANY($3::integer[])`,
    [org, ids, grids],
  );
  const of = (list: DiscountRow[], id: number) => new Map(list.filter((r) => r.id_promocao === id).map((r) => [r.id, discountOf(r)]));
  return rows.map((r) => ({ ...r, categorias: of(cats.rows, r.id_promocao), grades: of(prods.rows, r.id_promocao) }));
}

/**
 * The organization's live promotions whose period holds `day` with their discounts for the given catalogue services
 * (promocao_servico, migration 071): what price-check.ts servicePromotion picks from for an order's service line.
 */
export async function loadServicePromotions(tx: Tx, org: number, day: string, services: readonly number[]): Promise<Promotion[]> {
  const { rows } = await tx.query<DiscountRow & { situacao: string; data_inicio: string; data_fim: string; is_gestao: boolean; is_desconto: boolean; is_cashback: boolean }>(
    `SELECT p.id_promocao, p.situacao, to_char(p.data_inicio, 'YYYY-MM-DD') AS data_inicio, to_char(p.data_fim, 'YYYY-MM-DD') AS data_fim,
            p.is_gestao, p.is_desconto, p.is_cashback, s.id_servico AS id, ${RULE_COLUMNS.split(', ').map((c) => `s.${c}`).join(', ')}
       FROM promocao p JOIN promocao_servico s ON s.id_organization = p.id_organization AND s.id_promocao = p.id_promocao
      WHERE p.id_organization = $1 AND p.data_exclusao IS NULL AND p.data_inicio <= $2::date AND p.data_fim >= $2::date
        AND s.id_servico = ANY($3::integer[])`,
    [org, day, services],
  );
  const byPromotion = new Map<number, Promotion & { servicos: Map<number, PromotionRule> }>();
  for (const r of rows) {
    const promotion = byPromotion.get(r.id_promocao) ?? {
      id_promocao: r.id_promocao, situacao: r.situacao, data_inicio: r.data_inicio, data_fim: r.data_fim, is_gestao: r.is_gestao,
      is_desconto: r.is_desconto, is_cashback: r.is_cashback, categorias: new Map(), grades: new Map(), servicos: new Map<number, PromotionRule>(),
    };
    promotion.servicos.set(r.id, discountOf(r));
    byPromotion.set(r.id_promocao, promotion);
  }
  return [...byPromotion.values()];
}

/** The branch's UTC offset in hours (fuso_horario, -3 by default). */
export async function branchOffset(tx: Tx, org: number, id_filial: number): Promise<number> {
  const { rows } = await tx.query<{ fuso_horario: number }>(
    'SELECT fuso_horario FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2',
    [org, id_filial],
  );
  return rows[0]?.fuso_horario ?? -3;
}

type Json = Record<string, unknown>;
const jsonList = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

/**
 * The versions of price tables (`tipo` TabelaPreco) or promotions (Promocao) `ids` replaced at or after `since` (ISO),
 * newest first (migration 070 regra_preco_versao: the whole rule as it stood before a change, a disabling or a delete).
 * POST /api/operacao accepts a line priced by one of them within PRICE_VERSION_WINDOW_MS (operation/prices.ts).
 */
export async function replacedTables(tx: Tx, org: number, ids: readonly number[], since: string): Promise<PriceTable[]> {
  const rows = await replacedRules(tx, org, 'TabelaPreco', ids, since);
  return rows.map(({ id, regra: r }) => {
    const itens = jsonList(r['itens']).map((i) => ({
      categoria: i['id_categoria'] == null ? null : Number(i['id_categoria']),
      grade: i['id_produto_grade_filial'] == null ? null : Number(i['id_produto_grade_filial']),
      rule: ruleOf(i as unknown as RuleRow),
    }));
    return {
      id_tabela_preco: id,
      situacao: String(r['situacao']),
      filiais: (Array.isArray(r['filiais']) ? r['filiais'] : []).map(Number),
      ...ruleOf(r as unknown as RuleRow),
      categorias: new Map(itens.flatMap((i) => (i.categoria === null ? [] : [[i.categoria, i.rule] as const]))),
      grades: new Map(itens.flatMap((i) => (i.grade === null ? [] : [[i.grade, i.rule] as const]))),
    };
  });
}

/** Promotion versions (see replacedTables). */
export async function replacedPromotions(tx: Tx, org: number, ids: readonly number[], since: string): Promise<Promotion[]> {
  const rows = await replacedRules(tx, org, 'Promocao', ids, since);
  const rules = (v: unknown) => new Map(jsonList(v).map((d) => [Number(d['id']), discountOf(d as unknown as DiscountRow)] as const));
  return rows.map(({ id, regra: r }) => ({
    id_promocao: id,
    situacao: String(r['situacao']),
    data_inicio: String(r['data_inicio']),
    data_fim: String(r['data_fim']),
    is_gestao: r['is_gestao'] === true,
    is_desconto: r['is_desconto'] === true,
    is_cashback: r['is_cashback'] === true,
    categorias: rules(r['categorias']),
    grades: rules(r['produtos']),
    servicos: rules(r['servicos']),
  }));
}

/**
 * The promotions created or changed at or after `since` (promocao.data_cadastro; regra_preco_versao): what an offline
 * till may not have had yet (price-check.ts RuleVersions.unknownPromotions).
 */
export async function recentPromotions(tx: Tx, org: number, since: string): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT id_promocao AS id FROM promocao WHERE id_organization = $1 AND data_cadastro >= $2::timestamptz
     UNION
     SELECT id_regra FROM regra_preco_versao WHERE id_organization = $1 AND tipo = 'Promocao' AND substituida_em >= $2::timestamptz`,
    [org, since],
  );
  return rows.map((r) => r.id);
}

async function replacedRules(tx: Tx, org: number, tipo: 'TabelaPreco' | 'Promocao' | 'TabelaCliente' | 'TabelaFilial', ids: readonly number[], since: string) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const { rows } = await tx.query<{ id: number; regra: Json }>(
    `SELECT id_regra AS id, regra FROM regra_preco_versao
      WHERE id_organization = $1 AND tipo = $2 AND id_regra = ANY($3::integer[]) AND substituida_em >= $4::timestamptz
      ORDER BY substituida_em DESC, id_regra_preco_versao DESC`,
    [org, tipo, wanted, since],
  );
  return rows;
}

/**
 * The default price tables customer (`tipo` TabelaCliente, `id` its id_pessoa) or branch (TabelaFilial, id_filial)
 * `id` had before a change at or after `since` (ISO), newest first, null where it had none (migration 071).
 */
export async function replacedDefaults(
  tx: Tx, org: number, tipo: 'TabelaCliente' | 'TabelaFilial', id: number | null, since: string,
): Promise<(number | null)[]> {
  if (id === null) return [];
  const rows = await replacedRules(tx, org, tipo, [id], since);
  return [...new Set(rows.map(({ regra }) => (regra['id_tabela_preco'] == null ? null : Number(regra['id_tabela_preco']))))];
}
