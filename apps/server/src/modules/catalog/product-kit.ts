/**
 * A product's kit (001 §3 Product "kit"; issue 20): its components, variations of other products with the quantity
 * one kit takes. Saving sends the whole list (what is left out is tombstoned, a kept variation has its quantity
 * changed). One level only: a kit is no component, and a component of a kit cannot become a kit, so a sale never has
 * to follow a chain (modules/stock/kits.ts expands a kit's line into its components when stock moves).
 */
import { quantityFromDecimal, quantityToDecimal } from '@pdv/domain/money';
import { PRODUCT_TAB_MESSAGES as M } from '@pdv/domain/product-tab-messages';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { productOf } from './product-owner.ts';

const VARIATION_NAME = `p.descricao || CASE WHEN g.is_padrao THEN '' ELSE ' ' || g.descricao END`;

async function kit(tx: Tx, org: number, id_produto: number) {
  const { rows } = await tx.query<{ id_produto_kit_item: number; id_produto_grade: number; id_produto_componente: number; descricao: string;
    sku: string | null; quantidade: string }>(
    `SELECT k.id_produto_kit_item, k.id_produto_grade, g.id_produto AS id_produto_componente, ${VARIATION_NAME} AS descricao,
            coalesce(g.sku, p.sku) AS sku, k.quantidade::text AS quantidade
       FROM produto_kit_item k
       JOIN produto_grade g ON g.id_organization = k.id_organization AND g.id_produto_grade = k.id_produto_grade
       JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
      WHERE k.id_organization = $1 AND k.id_produto = $2 AND k.data_exclusao IS NULL ORDER BY k.id_produto_kit_item`,
    [org, id_produto],
  );
  const parents = await tx.query<{ descricao: string }>(
    `SELECT DISTINCT p.descricao FROM produto_kit_item k
       JOIN produto_grade g ON g.id_organization = k.id_organization AND g.id_produto_grade = k.id_produto_grade
       JOIN produto p ON p.id_organization = k.id_organization AND p.id_produto = k.id_produto
      WHERE k.id_organization = $1 AND g.id_produto = $2 AND k.data_exclusao IS NULL AND p.data_exclusao IS NULL ORDER BY p.descricao`,
    [org, id_produto],
  );
  return {
    id_produto,
    rows: rows.map((r) => ({ ...r, quantidade: Number(r.quantidade) })),
    componente_de: parents.rows.map((r) => r.descricao),
  };
}

export const productKitHandlers = {
  productKitFind: async ({ tx, caller, body }) => {
    await productOf(tx, caller.id_organization, body.id_produto);
    return kit(tx, caller.id_organization, body.id_produto);
  },
  productKitSave: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    await productOf(tx, org, body.id_produto);
    const current = await kit(tx, org, body.id_produto);
    if (body.itens.length > 0 && current.componente_de.length > 0) throw badRequest(M.kitIsComponent(current.componente_de[0] ?? ''));
    const ids = body.itens.map((i) => i.id_produto_grade);
    const { rows: variations } = await tx.query<{ id_produto_grade: number; id_produto: number; descricao: string; is_kit: boolean }>(
      `SELECT g.id_produto_grade, g.id_produto, ${VARIATION_NAME} AS descricao,
              EXISTS (SELECT 1 FROM produto_kit_item k WHERE k.id_organization = g.id_organization AND k.id_produto = g.id_produto
                         AND k.data_exclusao IS NULL) AS is_kit
         FROM produto_grade g JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
        WHERE g.id_organization = $1 AND g.id_produto_grade = ANY($2::int[]) AND g.data_exclusao IS NULL AND p.data_exclusao IS NULL`,
      [org, ids],
    );
    const byId = new Map(variations.map((v) => [v.id_produto_grade, v]));
    const seen = new Set<number>();
    for (const item of body.itens) {
      const v = byId.get(item.id_produto_grade);
      if (!v) throw badRequest(M.kitComponentNotFound);
      if (v.id_produto === body.id_produto) throw badRequest(M.kitComponentIsSelf);
      if (v.is_kit) throw badRequest(M.kitComponentIsKit(v.descricao));
      if (seen.has(item.id_produto_grade)) throw badRequest(M.kitComponentTwice(v.descricao));
      seen.add(item.id_produto_grade);
    }
    await tx.query(
      `UPDATE produto_kit_item SET data_exclusao = now(), data_alteracao = now()
        WHERE id_organization = $1 AND id_produto = $2 AND data_exclusao IS NULL AND NOT (id_produto_grade = ANY($3::int[]))`,
      [org, body.id_produto, ids],
    );
    for (const item of body.itens) {
      const quantidade = quantityToDecimal(quantityFromDecimal(item.quantidade));
      const changed = await tx.query(
        `UPDATE produto_kit_item SET quantidade = $4, data_alteracao = now()
          WHERE id_organization = $1 AND id_produto = $2 AND id_produto_grade = $3 AND data_exclusao IS NULL`,
        [org, body.id_produto, item.id_produto_grade, quantidade],
      );
      if (changed.rowCount === 0) {
        await tx.query('INSERT INTO produto_kit_item (id_organization, id_produto, id_produto_grade, quantidade) VALUES ($1, $2, $3, $4)',
          [org, body.id_produto, item.id_produto_grade, quantidade]);
      }
    }
    return kit(tx, org, body.id_produto);
  },
  /** Live variations of live products, by description or SKU (20 at most), to pick components. */
  productKitOptions: async ({ tx, caller, body }) => {
    const search = `%${body.search.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
    const { rows } = await tx.query<{ id_produto_grade: number; id_produto: number; descricao: string; sku: string | null }>(
      `SELECT g.id_produto_grade, g.id_produto, ${VARIATION_NAME} AS descricao, coalesce(g.sku, p.sku) AS sku
         FROM produto_grade g JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
        WHERE g.id_organization = $1 AND g.data_exclusao IS NULL AND p.data_exclusao IS NULL AND g.situacao = 'Ativo'
          AND (lower(${VARIATION_NAME}) LIKE $2 OR lower(coalesce(g.sku, p.sku, '')) LIKE $2)
        ORDER BY p.descricao, g.descricao, g.id_produto_grade LIMIT 20`,
      [caller.id_organization, search],
    );
    return { rows };
  },
} satisfies Partial<Handlers>;
