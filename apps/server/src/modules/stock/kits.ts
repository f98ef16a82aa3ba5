/**
 * Kits (produto_kit_item, migration 028): a kit is a product whose stock is its components'. Every line the stock
 * owner moves (takeStock, returnStock, reserveStock, and a stock document's processing) is first expanded here: a line of a kit's grid row becomes one
 * line per component, the component's grid row in the same branch and at the same address, with the line's
 * quantity times the component's quantity (in thousandths, exact). A line of any other product passes unchanged. A
 * component without a grid row in the branch refuses the whole call (nothing is moved).
 */
import { quantityFromDecimal, type Milli } from '@pdv/domain/money';
import { PRODUCT_TAB_MESSAGES as M } from '@pdv/domain/product-tab-messages';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';

interface Line {
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  quantidade: Milli;
}

interface Component {
  kit: number;
  componente: number | null;
  quantidade: string;
  descricao: string;
}

export async function expandKits<L extends Line>(tx: Tx, org: number, id_filial: number, lines: readonly L[]): Promise<L[]> {
  if (lines.length === 0) return [...lines];
  const { rows } = await tx.query<Component>(
    `SELECT pgf.id_produto_grade_filial AS kit, c.id_produto_grade_filial AS componente, k.quantidade::text AS quantidade,
            p.descricao || CASE WHEN g.is_padrao THEN '' ELSE ' ' || g.descricao END AS descricao
       FROM produto_grade_filial pgf
       JOIN produto_grade kg ON kg.id_organization = pgf.id_organization AND kg.id_produto_grade = pgf.id_produto_grade
       JOIN produto_kit_item k ON k.id_organization = kg.id_organization AND k.id_produto = kg.id_produto AND k.data_exclusao IS NULL
       JOIN produto_grade g ON g.id_organization = k.id_organization AND g.id_produto_grade = k.id_produto_grade
       JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
       LEFT JOIN produto_grade_filial c ON c.id_organization = k.id_organization AND c.id_produto_grade = k.id_produto_grade
            AND c.id_filial = $2 AND c.data_exclusao IS NULL
      WHERE pgf.id_organization = $1 AND pgf.id_produto_grade_filial = ANY($3::int[])
      ORDER BY k.id_produto_kit_item`,
    [org, id_filial, [...new Set(lines.map((l) => l.id_produto_grade_filial))]],
  );
  if (rows.length === 0) return [...lines];
  const byKit = new Map<number, Component[]>();
  for (const r of rows) byKit.set(r.kit, [...(byKit.get(r.kit) ?? []), r]);
  return lines.flatMap((line) => {
    const components = byKit.get(line.id_produto_grade_filial);
    if (!components) return [line];
    return components.map((c) => {
      if (c.componente === null) throw badRequest(M.kitComponentNotInBranch(c.descricao));
      // Both in thousandths: (line × component) / 1000, rounded half away from zero.
      const product = line.quantidade * quantityFromDecimal(c.quantidade);
      const quantidade = Math.sign(product) * Math.round(Math.abs(product) / 1000);
      return { ...line, id_produto_grade_filial: c.componente, quantidade };
    });
  });
}
