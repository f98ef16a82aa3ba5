/**
 * POST /stock/opening (contract product-tabs.ts): the product register's stock entry. Each line's quantity of a
 * variation of the product enters one stock address of the caller's active branch through the stock owner's
 * openStock (movements of the opening type, origem 'Implantacao'), in the request's transaction: a variation of
 * another product or organization, a variation without a row in this branch, or an address of another branch refuses
 * the whole entry, writing nothing.
 */
import type { z } from 'zod';
import type { stockOpeningBody } from '@pdv/contract/product-tabs';
import { quantityFromDecimal } from '@pdv/domain/money';
import { PRODUCT_TAB_MESSAGES as M } from '@pdv/domain/product-tab-messages';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';
import { openStock } from './service.ts';

type Body = z.output<typeof stockOpeningBody>;

const refuse = (field: string, message: string) => badRequest(message, undefined, [`${field}: ${message}`]);

async function enterOpeningStock(tx: Tx, caller: Caller, body: Body): Promise<{ movimentos: number }> {
  const org = caller.id_organization;
  const product = await tx.query('SELECT 1 FROM produto WHERE id_organization = $1 AND id_produto = $2 AND data_exclusao IS NULL', [org, body.id_produto]);
  if (product.rows.length === 0) throw notFound();
  const address = await tx.query(
    'SELECT 1 FROM endereco_estoque WHERE id_organization = $1 AND id_filial = $2 AND id_endereco_estoque = $3 AND data_exclusao IS NULL',
    [org, caller.id_filial, body.id_endereco_estoque],
  );
  if (address.rows.length === 0) throw refuse('id_endereco_estoque', M.openingAddressNotFound);
  const { rows } = await tx.query<{ id_produto_grade: number; descricao: string; id_produto_grade_filial: number | null }>(
    `SELECT g.id_produto_grade, g.descricao, gf.id_produto_grade_filial
       FROM produto_grade g
       LEFT JOIN produto_grade_filial gf
         ON gf.id_organization = g.id_organization AND gf.id_produto_grade = g.id_produto_grade AND gf.id_filial = $3
      WHERE g.id_organization = $1 AND g.id_produto = $2 AND g.data_exclusao IS NULL AND g.id_produto_grade = ANY($4::integer[])`,
    [org, body.id_produto, caller.id_filial, body.linhas.map((l) => l.id_produto_grade)],
  );
  const byId = new Map(rows.map((r) => [r.id_produto_grade, r]));
  const seen = new Set<number>();
  const lines = body.linhas.map((l, i) => {
    const grade = byId.get(l.id_produto_grade);
    if (!grade) throw refuse(`linhas.${i}.id_produto_grade`, M.openingVariationNotFound);
    if (seen.has(l.id_produto_grade)) throw refuse(`linhas.${i}.id_produto_grade`, M.openingVariationTwice(grade.descricao));
    seen.add(l.id_produto_grade);
    if (grade.id_produto_grade_filial === null) throw refuse(`linhas.${i}.id_produto_grade`, M.openingVariationNotInBranch(grade.descricao));
    return { id_produto_grade_filial: grade.id_produto_grade_filial, id_endereco_estoque: body.id_endereco_estoque, quantidade: quantityFromDecimal(l.quantidade) };
  });
  const movimentos = await openStock(tx, { org, id_filial: caller.id_filial, id_usuario: caller.id_usuario }, lines);
  return { movimentos };
}

export const stockOpeningHandlers = {
  stockOpening: ({ tx, caller, body }) => enterOpeningStock(tx, caller, body),
} satisfies Partial<Handlers>;
