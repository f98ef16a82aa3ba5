/**
 * The average cost of a variation in a branch (produto_grade_filial.preco_custo_medio, the catalog's column) after a
 * stock entry with unit costs (issue 22). The stock module calls this through the EntryCostBook it is given (app.ts
 * wires it: stock cannot import the catalog, which imports stock), before the entry's movements are written, in the
 * same transaction. The rule is packages/domain's average-cost.ts; this file adds the branch's rows:
 * - the grid rows are locked (FOR UPDATE, in id order) so two entries of one variation apply one after the other;
 * - the current quantity is the variation's stock in the branch over all its addresses, read after the lock;
 * - a kit's row is left alone: its stock is its components', and one cost cannot be split among them.
 */
import { averageCostAfterEntry, type CostedEntry } from '@pdv/domain/average-cost';
import { fromDecimal, quantityFromDecimal, toDecimalString } from '@pdv/domain/money';
import type { EntryCostBook } from '../stock/documents.ts';

export const applyEntryAverageCost: EntryCostBook = async (tx, { org, id_filial }, lines) => {
  const byVariation = new Map<number, CostedEntry[]>();
  for (const l of lines) {
    if (l.valor_unitario <= 0) continue;
    byVariation.set(l.id_produto_grade_filial, [...(byVariation.get(l.id_produto_grade_filial) ?? []), l]);
  }
  if (byVariation.size === 0) return;
  // Uncosted lines of a variation that also has costed ones enter at its current average (the domain rule).
  for (const l of lines) {
    if (l.valor_unitario === 0 && byVariation.has(l.id_produto_grade_filial)) byVariation.get(l.id_produto_grade_filial)?.push(l);
  }
  const { rows } = await tx.query<{ id: number; preco_custo_medio: string; quantidade: string; is_kit: boolean }>(
    `WITH locked AS (
       SELECT pgf.id_produto_grade_filial, pgf.id_produto_grade, pgf.preco_custo_medio FROM produto_grade_filial pgf
        WHERE pgf.id_organization = $1 AND pgf.id_filial = $2 AND pgf.id_produto_grade_filial = ANY($3::int[]) AND pgf.data_exclusao IS NULL
        ORDER BY pgf.id_produto_grade_filial FOR UPDATE
     )
     SELECT l.id_produto_grade_filial AS id, l.preco_custo_medio::text AS preco_custo_medio,
            coalesce((SELECT sum(e.quantidade) FROM estoque e WHERE e.id_organization = $1 AND e.id_filial = $2
                         AND e.id_produto_grade_filial = l.id_produto_grade_filial AND e.data_exclusao IS NULL), 0)::text AS quantidade,
            EXISTS (SELECT 1 FROM produto_grade g JOIN produto_kit_item k ON k.id_organization = g.id_organization AND k.id_produto = g.id_produto
                     WHERE g.id_organization = $1 AND g.id_produto_grade = l.id_produto_grade AND k.data_exclusao IS NULL) AS is_kit
       FROM locked l ORDER BY l.id_produto_grade_filial`,
    [org, id_filial, [...byVariation.keys()]],
  );
  for (const r of rows) {
    if (r.is_kit) continue;
    const current = fromDecimal(r.preco_custo_medio);
    const next = averageCostAfterEntry({ quantidade: quantityFromDecimal(r.quantidade), preco_custo_medio: current }, byVariation.get(r.id) ?? []);
    if (next === current) continue;
    await tx.query(
      `UPDATE produto_grade_filial SET preco_custo_medio = $4::numeric
        WHERE id_organization = $1 AND id_filial = $2 AND id_produto_grade_filial = $3`,
      [org, id_filial, r.id, toDecimalString(next)],
    );
  }
};
