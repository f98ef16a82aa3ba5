/**
 * The product calls of the point of sale (001 §7 Products): search-to-sell (25 a page, 001 §9), get-price-sell and
 * get-by-branch-grid, over the active branch's variations. Prices are the branch's default price table's where it
 * changes the variation's own (the resolved `preco` rows, prices.ts), else the variation's.
 */
import type { z } from 'zod';
import type { searchToSellBody } from '@pdv/contract/product';
import type { Tx } from '../../db/database.ts';
import { containsPattern } from '../../db/rows.ts';
import { notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { variationDescriptionSql } from './variation-sql.ts';

interface SaleRow {
  id_produto: number; id_produto_grade: number; id_produto_grade_filial: number; descricao: string; sku: string | null;
  unidade: string; situacao: string; preco_venda: number; preco_atacado: number; quantidade_atacarejo: number | null;
  estoque: number; codigo_barra: string | null;
}

/** The active branch's variation rows ($1 organization, $2 branch, $3 stock address or null) with what selling shows. */
const SALE_ROWS = /* sql */ `
  SELECT p.id_produto, g.id_produto_grade, pgf.id_produto_grade_filial, ${variationDescriptionSql('p', 'g')} AS descricao,
         coalesce(g.sku, p.sku) AS sku, u.sigla AS unidade,
         CASE WHEN p.situacao = 'Ativo' AND g.situacao = 'Ativo' AND pgf.situacao = 'Ativo' THEN 'Ativo' ELSE 'Inativo' END AS situacao,
         coalesce(pr.preco_venda, pgf.preco_venda) AS preco_venda, coalesce(pr.preco_atacado, pgf.preco_atacado) AS preco_atacado,
         p.quantidade_atacarejo, p.id_categoria,
         coalesce((SELECT sum(e.quantidade) FROM estoque e WHERE e.id_organization = pgf.id_organization
                      AND e.id_produto_grade_filial = pgf.id_produto_grade_filial AND e.data_exclusao IS NULL
                      AND ($3::integer IS NULL OR e.id_endereco_estoque = $3)), 0) AS estoque,
         (SELECT b.codigo FROM produto_codigo_barra b WHERE b.id_organization = g.id_organization AND b.id_produto_grade = g.id_produto_grade
             AND b.data_exclusao IS NULL AND b.situacao = 'Ativo' ORDER BY b.id_produto_unidade_logistica NULLS FIRST, b.id_produto_codigo_barra
           LIMIT 1) AS codigo_barra
    FROM produto_grade_filial pgf
    JOIN produto_grade g ON g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade AND g.data_exclusao IS NULL
    JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto AND p.data_exclusao IS NULL
    JOIN unidade_medida u ON u.id_organization = p.id_organization AND u.id_unidade_medida = p.id_unidade_medida
    JOIN filial f ON f.id_organization = pgf.id_organization AND f.id_filial = pgf.id_filial
    LEFT JOIN preco pr ON pr.id_organization = pgf.id_organization AND pr.id_produto_grade_filial = pgf.id_produto_grade_filial
     AND pr.id_tabela_preco = f.id_tabela_preco_padrao AND pr.data_exclusao IS NULL
   WHERE pgf.id_organization = $1 AND pgf.id_filial = $2 AND pgf.data_exclusao IS NULL`;

async function assertInBranch(tx: Tx, caller: Caller, table: string, column: string, id: number | undefined) {
  if (id === undefined) return;
  const branch = table === 'endereco_estoque' ? 'AND id_filial = $3' : '';
  const { rows } = await tx.query(
    `SELECT 1 FROM ${table} WHERE id_organization = $1 AND ${column} = $2 AND data_exclusao IS NULL ${branch}`,
    table === 'endereco_estoque' ? [caller.id_organization, id, caller.id_filial] : [caller.id_organization, id],
  );
  if (rows.length === 0) throw notFound();
}

/** search-to-sell: by description, SKU (from the start) or barcode (exact); 25 a page, description order. */
export async function searchToSell(tx: Tx, caller: Caller, body: z.output<typeof searchToSellBody>) {
  await assertInBranch(tx, caller, 'endereco_estoque', 'id_endereco_estoque', body.id_stock_address);
  await assertInBranch(tx, caller, 'categoria', 'id_categoria', body.category_id);
  const search = body.search.trim();
  const params = [caller.id_organization, caller.id_filial, body.id_stock_address ?? null, search === '' ? null : containsPattern(search),
    search === '' ? null : containsPattern(search).slice(1), search, body.category_id ?? null, body.situation ?? null];
  const where = `($4::text IS NULL OR s.descricao ILIKE $4 OR s.sku ILIKE $5
      OR EXISTS (SELECT 1 FROM produto_codigo_barra b WHERE b.id_organization = $1 AND b.codigo = $6 AND b.id_produto_grade = s.id_produto_grade
                  AND b.data_exclusao IS NULL))
    AND ($7::integer IS NULL OR s.id_categoria = $7) AND ($8::text IS NULL OR s.situacao = $8)`;
  const { rows } = await tx.query<SaleRow>(
    `SELECT s.* FROM (${SALE_ROWS}) s WHERE ${where} ORDER BY s.descricao, s.id_produto_grade_filial LIMIT ${body.limit} OFFSET ${body.offset}`,
    params,
  );
  const count = await tx.query<{ n: number }>(`SELECT count(*)::integer AS n FROM (${SALE_ROWS}) s WHERE ${where}`, params);
  return { rows, count: count.rows[0]?.n ?? 0 };
}

/** get-by-branch-grid: one variation row of the active branch; 404 for another branch's or organization's. */
export async function byBranchGrid(tx: Tx, caller: Caller, id_produto_grade_filial: number): Promise<SaleRow> {
  const { rows } = await tx.query<SaleRow>(`SELECT s.* FROM (${SALE_ROWS}) s WHERE s.id_produto_grade_filial = $4`,
    [caller.id_organization, caller.id_filial, null, id_produto_grade_filial]);
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}

/** get-price-sell: the selling prices of the active branch's variations; 404 when one is not the branch's. */
export async function priceSell(tx: Tx, caller: Caller, ids: number[]) {
  const wanted = [...new Set(ids)];
  const { rows } = await tx.query<{ id_produto_grade_filial: number; preco_venda: number; preco_atacado: number; preco_venda_base: number; preco_atacado_base: number }>(
    `SELECT pgf.id_produto_grade_filial, coalesce(pr.preco_venda, pgf.preco_venda) AS preco_venda,
            coalesce(pr.preco_atacado, pgf.preco_atacado) AS preco_atacado, pgf.preco_venda AS preco_venda_base, pgf.preco_atacado AS preco_atacado_base
       FROM produto_grade_filial pgf
       JOIN filial f ON f.id_organization = pgf.id_organization AND f.id_filial = pgf.id_filial
       LEFT JOIN preco pr ON pr.id_organization = pgf.id_organization AND pr.id_produto_grade_filial = pgf.id_produto_grade_filial
        AND pr.id_tabela_preco = f.id_tabela_preco_padrao AND pr.data_exclusao IS NULL
      WHERE pgf.id_organization = $1 AND pgf.id_filial = $2 AND pgf.id_produto_grade_filial = ANY($3::integer[]) AND pgf.data_exclusao IS NULL
      ORDER BY pgf.id_produto_grade_filial`,
    [caller.id_organization, caller.id_filial, wanted],
  );
  if (rows.length !== wanted.length) throw notFound();
  return { rows };
}
