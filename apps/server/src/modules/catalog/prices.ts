import type { Tx } from '../../db/database.ts';

export interface PriceScope {
  /** Only this price table (default: every table of the organization). */
  id_tabela_preco?: number;
  /** Only per-branch grid rows with ids in this range. */
  fromGradeFilial?: number;
  toGradeFilial?: number;
  /** Only these per-branch grid rows. */
  ids?: readonly number[];
}

const pick = (field: string) => `CASE r.k WHEN 'g' THEN ig.${field} WHEN 'c' THEN ic.${field} ELSE t.${field} END`;

/**
 * The price rule, written once (006_sales_config): a SELECT of the resolved prices of the grid rows given by
 * `gridRows`, a FROM item with columns id_filial, id_produto_grade_filial, id_categoria, preco_venda, preco_atacado
 * (the grid row's own prices), in every live price table offered in the row's branch. A table's rule for the grid row
 * wins over its rule for the product's category, which wins over the table's own values. Columns: id_filial,
 * id_tabela_preco, id_produto_grade_filial, base_venda, base_atacado, preco_venda, preco_atacado.
 */
export function resolvedPricesSelect(gridRows: string, organization: string, tableFilter = 'true'): string {
  return /* sql */ `
    SELECT gr.id_filial, t.id_tabela_preco, gr.id_produto_grade_filial, gr.preco_venda AS base_venda, gr.preco_atacado AS base_atacado,
           preco_aplicar(gr.preco_venda, ${pick('tipo_aplicado')}, ${pick('tipo_valor')}, ${pick('valor_varejo')}) AS preco_venda,
           preco_aplicar(gr.preco_atacado, ${pick('tipo_aplicado')}, ${pick('tipo_valor')}, ${pick('valor_atacado')}) AS preco_atacado
      FROM ${gridRows} AS gr
      JOIN tabela_preco_filial tf ON tf.id_organization = ${organization} AND tf.id_filial = gr.id_filial
      JOIN tabela_preco t ON t.id_organization = tf.id_organization AND t.id_tabela_preco = tf.id_tabela_preco
       AND t.data_exclusao IS NULL AND ${tableFilter}
      LEFT JOIN tabela_preco_item ig ON ig.id_organization = t.id_organization AND ig.id_tabela_preco = t.id_tabela_preco
       AND ig.id_produto_grade_filial = gr.id_produto_grade_filial AND ig.data_exclusao IS NULL
      LEFT JOIN tabela_preco_item ic ON ic.id_organization = t.id_organization AND ic.id_tabela_preco = t.id_tabela_preco
       AND ic.id_categoria = gr.id_categoria AND ic.data_exclusao IS NULL
      CROSS JOIN LATERAL (SELECT CASE WHEN ig.id_tabela_preco_item IS NOT NULL THEN 'g'
                                      WHEN ic.id_tabela_preco_item IS NOT NULL THEN 'c' ELSE 't' END AS k) r`;
}

/**
 * Resolves the `preco` rows of an organization. A row is kept only where a table changes the grid row's price (the
 * point of sale falls back to the grid row's own prices): a price that became equal to the grid row's is tombstoned,
 * and rows whose price did not change are left alone (no sync traffic). Returns the rows written.
 */
export async function resolvePrices(tx: Tx, id_organization: number, scope: PriceScope = {}): Promise<number> {
  const gridRows = /* sql */ `(
    SELECT pgf.id_filial, pgf.id_produto_grade_filial, p.id_categoria, pgf.preco_venda, pgf.preco_atacado
      FROM produto_grade_filial pgf
      JOIN produto_grade g ON g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade
      JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
     WHERE pgf.id_organization = $1 AND pgf.data_exclusao IS NULL
       AND ($3::integer IS NULL OR pgf.id_produto_grade_filial >= $3)
       AND ($4::integer IS NULL OR pgf.id_produto_grade_filial <= $4)
       AND ($5::integer[] IS NULL OR pgf.id_produto_grade_filial = ANY($5::integer[])))`;
  const { rows } = await tx.query<{ written: number }>(
    /* sql */ `
    WITH resolved AS MATERIALIZED (${resolvedPricesSelect(gridRows, '$1', '($2::integer IS NULL OR t.id_tabela_preco = $2)')}),
    upserted AS (
      INSERT INTO preco (id_organization, id_filial, id_tabela_preco, id_produto_grade_filial, preco_venda, preco_atacado)
      SELECT $1, id_filial, id_tabela_preco, id_produto_grade_filial, preco_venda, preco_atacado
        FROM resolved WHERE (preco_venda, preco_atacado) IS DISTINCT FROM (base_venda, base_atacado)
      ON CONFLICT (id_organization, id_produto_grade_filial, id_tabela_preco) DO UPDATE
         SET preco_venda = EXCLUDED.preco_venda, preco_atacado = EXCLUDED.preco_atacado, data_exclusao = NULL
       WHERE (preco.preco_venda, preco.preco_atacado) IS DISTINCT FROM (EXCLUDED.preco_venda, EXCLUDED.preco_atacado)
          OR preco.data_exclusao IS NOT NULL
      RETURNING 1
    ),
    dropped AS (
      UPDATE preco SET data_exclusao = now()
        FROM resolved r
       WHERE preco.id_organization = $1 AND preco.id_produto_grade_filial = r.id_produto_grade_filial
         AND preco.id_tabela_preco = r.id_tabela_preco AND preco.data_exclusao IS NULL
         AND (r.preco_venda, r.preco_atacado) = (r.base_venda, r.base_atacado)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM upserted) + (SELECT count(*) FROM dropped) AS written`,
    [id_organization, scope.id_tabela_preco ?? null, scope.fromGradeFilial ?? null, scope.toGradeFilial ?? null, scope.ids ?? null],
  );
  return Number(rows[0]?.written ?? 0);
}
