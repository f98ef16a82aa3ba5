/**
 * POST /stock/list-by-product (001 §7 Products; the product register's stock movement tab, read-only): the movements
 * of every variation of a product in the caller's active branch, newest first, with the variation, the stock address,
 * the origin, the quantities before and after, and who moved it. `search` matches the variation, the address or the
 * origin; `filter` narrows by date (the branch's days, data_inicio and data_fim inclusive).
 */
import type { z } from 'zod';
import type { stockListByProductBody } from '@pdv/contract/product-tabs';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';

type Body = z.output<typeof stockListByProductBody>;

async function listByProduct(tx: Tx, caller: Caller, body: Body) {
  const org = caller.id_organization;
  const product = await tx.query('SELECT 1 FROM produto WHERE id_organization = $1 AND id_produto = $2 AND data_exclusao IS NULL',
    [org, body.id_produto]);
  if (product.rows.length === 0) throw notFound();
  const search = `%${body.search.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
  const where = `m.id_organization = $1 AND m.id_filial = $2 AND g.id_produto = $3
      AND (lower(g.descricao) LIKE $4 OR lower(ee.descricao) LIKE $4 OR lower(ee.codigo) LIKE $4 OR lower(m.origem) LIKE $4)
      AND ($5::date IS NULL OR m.data_movimentacao >= $5::date)
      AND ($6::date IS NULL OR m.data_movimentacao < $6::date + 1)`;
  const from = `FROM movimentacao_estoque m
      JOIN produto_grade_filial pgf ON pgf.id_organization = m.id_organization AND pgf.id_produto_grade_filial = m.id_produto_grade_filial
      JOIN produto_grade g ON g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade
      JOIN endereco_estoque ee ON ee.id_organization = m.id_organization AND ee.id_endereco_estoque = m.id_endereco_estoque
      LEFT JOIN usuario u ON u.id_organization = m.id_organization AND u.id_usuario = m.id_usuario`;
  const params = [org, caller.id_filial, body.id_produto, search, body.filter.data_inicio ?? null, body.filter.data_fim ?? null];
  const { rows } = await tx.query<{ id_movimentacao_estoque: number; data_movimentacao: Date | string; variacao: string; endereco_estoque: string;
    origem: string; quantidade: string; quantidade_anterior: string; quantidade_posterior: string; usuario: string | null;
    id_pedido: number | null; id_nota_fiscal: number | null }>(
    `SELECT m.id_movimentacao_estoque, m.data_movimentacao, g.descricao AS variacao, ee.codigo || ' - ' || ee.descricao AS endereco_estoque,
            m.origem, m.quantidade::text AS quantidade, m.quantidade_anterior::text AS quantidade_anterior,
            m.quantidade_posterior::text AS quantidade_posterior, u.nome AS usuario, m.id_pedido, m.id_nota_fiscal
       ${from} WHERE ${where}
      ORDER BY m.data_movimentacao DESC, m.id_movimentacao_estoque DESC LIMIT $7 OFFSET $8`,
    [...params, body.take, body.skip],
  );
  const count = (await tx.query<{ n: string }>(`SELECT count(*)::text AS n ${from} WHERE ${where}`, params)).rows[0]?.n ?? '0';
  return {
    rows: rows.map((r) => ({
      ...r,
      data_movimentacao: new Date(r.data_movimentacao).toISOString(),
      quantidade: Number(r.quantidade), quantidade_anterior: Number(r.quantidade_anterior), quantidade_posterior: Number(r.quantidade_posterior),
    })),
    count: Number(count),
  };
}

export const stockListHandlers = {
  stockListByProduct: ({ tx, caller, body }) => listByProduct(tx, caller, body),
} satisfies Partial<Handlers>;
