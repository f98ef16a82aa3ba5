/**
 * The product reads of 001 §7 besides find_list (contract product-reads.ts): a light list for pickers, a product's
 * stock per variation, branch and address, what labels print, the active branch's variations by stock range and its
 * stock for selling. Reads only: every query is scoped by the caller's organization, and by its active branch (or the
 * branches it works in) where the data is a branch's.
 */
import type { z } from 'zod';
import type * as c from '@pdv/contract/product-reads';
import type { Tx } from '../../db/database.ts';
import { containsPattern } from '../../db/rows.ts';
import { notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';
import { variationDescriptionSql } from './variation-sql.ts';

const num = (v: unknown) => Number(v);
const pattern = (search: string) => (search.trim() === '' ? null : containsPattern(search.trim()));
/** The variation's description as sales show it (product + variation; the default variation hidden). */
const VARIATION = variationDescriptionSql('p', 'g');

export async function listToSearch(tx: Tx, caller: Caller, body: z.output<typeof c.productListToSearchBody>) {
  const params = [caller.id_organization, pattern(body.search), body.search.trim(), body.filter.situacao ?? null];
  const where = `p.id_organization = $1 AND p.data_exclusao IS NULL AND ($4::text IS NULL OR p.situacao = $4)
    AND ($2::text IS NULL OR p.descricao ILIKE $2 OR p.sku ILIKE $2
         OR EXISTS (SELECT 1 FROM produto_codigo_barra b WHERE b.id_organization = p.id_organization AND b.id_produto = p.id_produto
                     AND b.codigo = $3 AND b.data_exclusao IS NULL))`;
  const { rows } = await tx.query<{ id_produto: number; descricao: string; sku: string; situacao: string; unidade: string; url_imagem_principal: string | null }>(
    `SELECT p.id_produto, p.descricao, p.sku, p.situacao, u.sigla AS unidade, p.url_imagem_principal
       FROM produto p JOIN unidade_medida u ON u.id_organization = p.id_organization AND u.id_unidade_medida = p.id_unidade_medida
      WHERE ${where} ORDER BY p.descricao, p.id_produto LIMIT ${body.take} OFFSET ${body.skip}`,
    params,
  );
  const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM produto p WHERE ${where}`, params);
  return { rows, count: count.rows[0]?.n ?? 0 };
}

/** list_to_search's rows for the products `ids` of the organization, in the order asked (unknown ids left out). */
export async function listToSearchById(tx: Tx, caller: Caller, ids: number[]) {
  const { rows } = await tx.query<{ id_produto: number; descricao: string; sku: string; situacao: string; unidade: string; url_imagem_principal: string | null }>(
    `SELECT p.id_produto, p.descricao, p.sku, p.situacao, u.sigla AS unidade, p.url_imagem_principal
       FROM unnest($2::int[]) WITH ORDINALITY AS wanted (id, n)
       JOIN produto p ON p.id_organization = $1 AND p.id_produto = wanted.id AND p.data_exclusao IS NULL
       JOIN unidade_medida u ON u.id_organization = p.id_organization AND u.id_unidade_medida = p.id_unidade_medida
      ORDER BY wanted.n`,
    [caller.id_organization, ids],
  );
  const seen = new Set<number>();
  return { rows: rows.filter((r) => !seen.has(r.id_produto) && seen.add(r.id_produto)) };
}

export async function findStockById(tx: Tx, caller: Caller, id_produto: number) {
  const org = caller.id_organization;
  const product = await tx.query<{ descricao: string }>('SELECT descricao FROM produto WHERE id_organization = $1 AND id_produto = $2 AND data_exclusao IS NULL', [org, id_produto]);
  const found = product.rows[0];
  if (!found) throw notFound();
  const branches = caller.branches.map((b) => b.id_filial);
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT g.id_produto_grade, ${VARIATION} AS variacao, f.id_filial, coalesce(f.nome_fantasia, f.razao_social) AS filial,
            ee.id_endereco_estoque, ee.codigo || ' - ' || ee.descricao AS endereco_estoque,
            e.quantidade::text AS quantidade, e.quantidade_reserva::text AS quantidade_reserva
       FROM produto p
       JOIN produto_grade g ON g.id_organization = p.id_organization AND g.id_produto = p.id_produto AND g.data_exclusao IS NULL
       JOIN produto_grade_filial gf ON gf.id_organization = g.id_organization AND gf.id_produto_grade = g.id_produto_grade
       JOIN estoque e ON e.id_organization = gf.id_organization AND e.id_produto_grade_filial = gf.id_produto_grade_filial AND e.data_exclusao IS NULL
       JOIN endereco_estoque ee ON ee.id_organization = e.id_organization AND ee.id_endereco_estoque = e.id_endereco_estoque
       JOIN filial f ON f.id_organization = e.id_organization AND f.id_filial = e.id_filial
      WHERE p.id_organization = $1 AND p.id_produto = $2 AND e.id_filial = ANY($3::integer[])
      ORDER BY f.id_filial, g.id_produto_grade, ee.codigo`,
    [org, id_produto, branches],
  );
  return {
    id_produto,
    descricao: found.descricao,
    rows: rows.map((r) => {
      const quantidade = num(r['quantidade']);
      const reserva = num(r['quantidade_reserva']);
      return {
        id_produto_grade: num(r['id_produto_grade']), variacao: String(r['variacao']), id_filial: num(r['id_filial']), filial: String(r['filial']),
        id_endereco_estoque: num(r['id_endereco_estoque']), endereco_estoque: String(r['endereco_estoque']),
        quantidade, quantidade_reserva: reserva, disponivel: Math.round((quantidade - reserva) * 1000) / 1000,
      };
    }),
  };
}

export async function findToPrintLabel(tx: Tx, caller: Caller, body: z.output<typeof c.productLabelsBody>) {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT p.id_produto, g.id_produto_grade, gf.id_produto_grade_filial, ${VARIATION} AS descricao, coalesce(g.sku, p.sku) AS sku,
            p.descricao AS descricao_produto, CASE WHEN g.is_padrao THEN '' ELSE btrim(coalesce(g.descricao, '')) END AS variacao,
            coalesce((SELECT m.descricao FROM marca m WHERE m.id_organization = p.id_organization AND m.id_marca = p.id_marca), '') AS marca,
            (SELECT b.codigo FROM produto_codigo_barra b
              WHERE b.id_organization = g.id_organization AND b.id_produto_grade = g.id_produto_grade AND b.data_exclusao IS NULL
                AND b.situacao = 'Ativo' AND b.id_produto_unidade_logistica IS NULL
              ORDER BY b.id_produto_codigo_barra LIMIT 1) AS codigo_barras,
            u.sigla AS unidade, coalesce(gf.preco_venda, p.preco_venda)::text AS preco_venda, coalesce(gf.preco_atacado, p.preco_atacado)::text AS preco_atacado
       FROM produto p
       JOIN unidade_medida u ON u.id_organization = p.id_organization AND u.id_unidade_medida = p.id_unidade_medida
       JOIN produto_grade g ON g.id_organization = p.id_organization AND g.id_produto = p.id_produto AND g.data_exclusao IS NULL
       LEFT JOIN produto_grade_filial gf ON gf.id_organization = g.id_organization AND gf.id_produto_grade = g.id_produto_grade AND gf.id_filial = $3
      WHERE p.id_organization = $1 AND p.id_produto = ANY($2::integer[]) AND p.data_exclusao IS NULL
        AND (g.is_padrao = false OR NOT EXISTS (SELECT 1 FROM produto_grade o WHERE o.id_organization = g.id_organization
              AND o.id_produto = g.id_produto AND NOT o.is_padrao AND o.data_exclusao IS NULL))
      ORDER BY p.id_produto, g.id_produto_grade`,
    [caller.id_organization, body.where.ids_products, caller.id_filial],
  );
  if (rows.length === 0) throw notFound();
  return {
    rows: rows.map((r) => ({
      id_produto: num(r['id_produto']), id_produto_grade: num(r['id_produto_grade']),
      id_produto_grade_filial: r['id_produto_grade_filial'] === null ? null : num(r['id_produto_grade_filial']),
      descricao: String(r['descricao']), descricao_produto: String(r['descricao_produto']), variacao: String(r['variacao']), marca: String(r['marca']),
      sku: String(r['sku']), codigo_barras: (r['codigo_barras'] as string | null) ?? null, unidade: String(r['unidade']),
      preco_venda: num(r['preco_venda']), preco_atacado: num(r['preco_atacado']),
    })),
  };
}

export async function stockRangeQuantity(tx: Tx, caller: Caller, body: z.output<typeof c.stockRangeBody>) {
  const params = [caller.id_organization, caller.id_filial, pattern(body.search), body.quantidade_minima ?? null, body.quantidade_maxima ?? null];
  const base = `SELECT p.id_produto, gf.id_produto_grade_filial, ${VARIATION} AS descricao, coalesce(g.sku, p.sku) AS sku,
        coalesce((SELECT sum(e.quantidade) FROM estoque e WHERE e.id_organization = gf.id_organization
                    AND e.id_produto_grade_filial = gf.id_produto_grade_filial AND e.data_exclusao IS NULL), 0) AS quantidade,
        coalesce((SELECT sum(e.quantidade_reserva) FROM estoque e WHERE e.id_organization = gf.id_organization
                    AND e.id_produto_grade_filial = gf.id_produto_grade_filial AND e.data_exclusao IS NULL), 0) AS quantidade_reserva
      FROM produto_grade_filial gf
      JOIN produto_grade g ON g.id_organization = gf.id_organization AND g.id_produto_grade = gf.id_produto_grade AND g.data_exclusao IS NULL
      JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto AND p.data_exclusao IS NULL
     WHERE gf.id_organization = $1 AND gf.id_filial = $2
       AND ($3::text IS NULL OR p.descricao ILIKE $3 OR g.descricao ILIKE $3 OR p.sku ILIKE $3 OR g.sku ILIKE $3)`;
  const where = `($4::numeric IS NULL OR s.quantidade >= $4) AND ($5::numeric IS NULL OR s.quantidade <= $5)`;
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT s.*, s.quantidade::text AS q, s.quantidade_reserva::text AS r FROM (${base}) s WHERE ${where}
      ORDER BY s.quantidade, s.descricao, s.id_produto_grade_filial LIMIT ${body.take} OFFSET ${body.skip}`,
    params,
  );
  const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${base}) s WHERE ${where}`, params);
  return {
    rows: rows.map((r) => ({
      id_produto: num(r['id_produto']), id_produto_grade_filial: num(r['id_produto_grade_filial']), descricao: String(r['descricao']),
      sku: String(r['sku']), quantidade: num(r['q']), quantidade_reserva: num(r['r']),
    })),
    count: count.rows[0]?.n ?? 0,
  };
}

export async function saleStockFind(tx: Tx, caller: Caller, body: z.output<typeof c.saleStockFindBody>) {
  const params = [caller.id_organization, caller.id_filial, pattern(body.search), body.search.trim(), body.filter.id_endereco_estoque ?? null, body.filter.com_estoque === true];
  const where = `e.id_organization = $1 AND e.id_filial = $2 AND e.data_exclusao IS NULL
    AND ($5::integer IS NULL OR e.id_endereco_estoque = $5) AND (NOT $6::boolean OR e.quantidade - e.quantidade_reserva > 0)
    AND ($3::text IS NULL OR p.descricao ILIKE $3 OR g.descricao ILIKE $3 OR p.sku ILIKE $3 OR g.sku ILIKE $3
         OR EXISTS (SELECT 1 FROM produto_codigo_barra b WHERE b.id_organization = g.id_organization AND b.id_produto_grade = g.id_produto_grade
                     AND b.codigo = $4 AND b.data_exclusao IS NULL))`;
  const from = `FROM estoque e
      JOIN produto_grade_filial gf ON gf.id_organization = e.id_organization AND gf.id_produto_grade_filial = e.id_produto_grade_filial
      JOIN produto_grade g ON g.id_organization = gf.id_organization AND g.id_produto_grade = gf.id_produto_grade AND g.data_exclusao IS NULL
      JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto AND p.data_exclusao IS NULL
      JOIN endereco_estoque ee ON ee.id_organization = e.id_organization AND ee.id_endereco_estoque = e.id_endereco_estoque`;
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT e.id_estoque, p.id_produto, gf.id_produto_grade_filial, ${VARIATION} AS descricao, coalesce(g.sku, p.sku) AS sku,
            e.id_endereco_estoque, ee.codigo || ' - ' || ee.descricao AS endereco_estoque, e.quantidade::text AS quantidade,
            e.quantidade_reserva::text AS quantidade_reserva, gf.preco_venda::text AS preco_venda
       ${from} WHERE ${where} ORDER BY descricao, e.id_estoque LIMIT ${body.take} OFFSET ${body.skip}`,
    params,
  );
  const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n ${from} WHERE ${where}`, params);
  return {
    rows: rows.map((r) => {
      const quantidade = num(r['quantidade']);
      const reserva = num(r['quantidade_reserva']);
      return {
        id_estoque: num(r['id_estoque']), id_produto: num(r['id_produto']), id_produto_grade_filial: num(r['id_produto_grade_filial']),
        descricao: String(r['descricao']), sku: String(r['sku']), id_endereco_estoque: num(r['id_endereco_estoque']),
        endereco_estoque: String(r['endereco_estoque']), quantidade, quantidade_reserva: reserva,
        disponivel: Math.round((quantidade - reserva) * 1000) / 1000, preco_venda: num(r['preco_venda']),
      };
    }),
    count: count.rows[0]?.n ?? 0,
  };
}

export const productReadHandlers = {
  productListToSearch: ({ tx, caller, body }) => listToSearch(tx, caller, body),
  productListToSearchById: ({ tx, caller, body }) => listToSearchById(tx, caller, body.ids),
  productFindStockById: ({ tx, caller, body }) => findStockById(tx, caller, body.id_produto),
  productFindToPrintLabel: ({ tx, caller, body }) => findToPrintLabel(tx, caller, body),
  productStockRangeQuantity: ({ tx, caller, body }) => stockRangeQuantity(tx, caller, body),
  saleStockFind: ({ tx, caller, body }) => saleStockFind(tx, caller, body),
} satisfies Partial<Handlers>;
