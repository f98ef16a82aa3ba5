/**
 * POST /stock/quantity-by-branch: the stock of one variation in each branch the caller may work in (the branches of
 * its profiles, as the branch selector lists them), summed over each branch's stock addresses. A read: the stock
 * owner's rows are not changed here. A variation of another organization answers 404 like one that does not exist.
 */
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';

interface Row {
  id_filial: number;
  quantidade: string;
  quantidade_reserva: string;
}

const milli = (v: string | number) => Math.round(Number(v) * 1000);

export async function stockByBranch(tx: Tx, caller: Caller, id_produto_grade: number) {
  const grid = await tx.query(
    'SELECT 1 FROM produto_grade WHERE id_organization = $1 AND id_produto_grade = $2 AND data_exclusao IS NULL',
    [caller.id_organization, id_produto_grade],
  );
  if (grid.rows.length === 0) throw notFound();
  const branches = caller.branches.map((b) => b.id_filial);
  const { rows } = await tx.query<Row>(
    `SELECT pgf.id_filial, coalesce(sum(e.quantidade), 0)::text AS quantidade,
            coalesce(sum(e.quantidade_reserva), 0)::text AS quantidade_reserva
       FROM produto_grade_filial pgf
       LEFT JOIN estoque e ON e.id_organization = pgf.id_organization AND e.id_produto_grade_filial = pgf.id_produto_grade_filial
                          AND e.id_filial = pgf.id_filial AND e.data_exclusao IS NULL
      WHERE pgf.id_organization = $1 AND pgf.id_produto_grade = $2 AND pgf.id_filial = ANY($3::integer[])
        AND pgf.data_exclusao IS NULL
      GROUP BY pgf.id_filial`,
    [caller.id_organization, id_produto_grade, branches],
  );
  const byBranch = new Map(rows.map((r) => [r.id_filial, r]));
  // Every branch of the caller, in the selector's order; a branch that does not sell the variation shows zero.
  return {
    id_produto_grade,
    rows: caller.branches.map((b) => {
      const row = byBranch.get(b.id_filial);
      const quantidade = milli(row?.quantidade ?? 0);
      const reserva = milli(row?.quantidade_reserva ?? 0);
      return {
        id_filial: b.id_filial,
        filial: b.nome_fantasia ?? b.razao_social,
        quantidade: quantidade / 1000,
        quantidade_reserva: reserva / 1000,
        disponivel: (quantidade - reserva) / 1000,
      };
    }),
  };
}

export const stockHandlers = {
  stockByBranch: ({ tx, caller, body }) => stockByBranch(tx, caller, body.id_produto_grade),
} satisfies Partial<Handlers>;
