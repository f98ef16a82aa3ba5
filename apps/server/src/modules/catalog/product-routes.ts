import type { Tx } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';

interface ProductUpdate {
  id_produto: number;
  descricao?: string | undefined;
  situacao?: 'Ativo' | 'Inativo' | undefined;
  preco_venda?: number | undefined;
  preco_atacado?: number | undefined;
}

/** Updates the product and, for prices, its variations in the caller's active branch; their triggers announce it. */
async function updateProduct(tx: Tx, caller: Caller, body: ProductUpdate) {
  const { rows } = await tx.query<{ id_produto: number; descricao: string; situacao: string; preco_venda: number; preco_atacado: number }>(
    `UPDATE produto SET descricao = coalesce($3, descricao), situacao = coalesce($4, situacao),
            preco_venda = coalesce($5, preco_venda), preco_atacado = coalesce($6, preco_atacado)
      WHERE id_organization = $1 AND id_produto = $2 AND data_exclusao IS NULL
      RETURNING id_produto, descricao, situacao, preco_venda, preco_atacado`,
    [caller.id_organization, body.id_produto, body.descricao ?? null, body.situacao ?? null, body.preco_venda ?? null, body.preco_atacado ?? null],
  );
  const product = rows[0];
  if (!product) throw notFound();
  let variacoes_atualizadas = 0;
  if (body.preco_venda !== undefined || body.preco_atacado !== undefined) {
    const updated = await tx.query(
      `UPDATE produto_grade_filial pgf SET preco_venda = coalesce($4, pgf.preco_venda), preco_atacado = coalesce($5, pgf.preco_atacado)
         FROM produto_grade g
        WHERE g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade
          AND pgf.id_organization = $1 AND pgf.id_filial = $2 AND g.id_produto = $3 AND pgf.data_exclusao IS NULL`,
      [caller.id_organization, caller.id_filial, body.id_produto, body.preco_venda ?? null, body.preco_atacado ?? null],
    );
    variacoes_atualizadas = updated.rowCount;
  }
  return { ...product, variacoes_atualizadas };
}

export const productHandlers = {
  productUpdate: ({ tx, caller, body }) => updateProduct(tx, caller, body),
} satisfies Partial<Handlers>;
