/**
 * Price indexers (002 §2 /indexer, register descriptor price-indexer.ts) as register hooks: when an indexer is created
 * its factor is the first variation; when its factor changes, every live price of the products linked to it
 * (produto.id_indexador: sale and wholesale, every branch of the organization, and the product's own prices) is repriced by the domain rule
 * (price-indexer.ts repriceCents: new factor over old, to the centavo) and the change is recorded as a variation with
 * the products and prices it repriced. The price history (migration 018's trigger) keeps each new price with the user.
 * The catalog module owns produto_grade_filial's writes (owners.test): this file is in it. All of it in the request's
 * transaction: the indexer row is locked by its update, so two changes of one indexer run one after the other.
 */
import { fromDecimal, toDecimal } from '@pdv/domain/money';
import { repriceCents } from '@pdv/domain/price-indexer';
import type { HookContext, RegisterHooks, Row } from '../registers/hooks.ts';

const org = (h: HookContext) => h.scope.id_organization;

/** The factor of the indexer's latest variation (null: none yet). */
async function lastFactor(h: HookContext, id: number): Promise<number | null> {
  const { rows } = await h.ctx.tx.query<{ fator: string }>(
    `SELECT fator::text FROM indexador_preco_variacao WHERE id_organization = $1 AND id_indexador = $2
      ORDER BY data_hora DESC, id_indexador_variacao DESC LIMIT 1`,
    [org(h), id],
  );
  return rows[0] ? Number(rows[0].fator) : null;
}

/** Reprices the live prices of the products linked to indexer `id` from factor `from` to `to`; the counts written. */
async function repriceLinked(h: HookContext, id: number, from: number, to: number): Promise<{ produtos: number; precos: number }> {
  const { tx } = h.ctx;
  const { rows } = await tx.query<{ id_produto_grade_filial: number; id_produto: number; preco_venda: string; preco_atacado: string }>(
    `SELECT pgf.id_produto_grade_filial, g.id_produto, pgf.preco_venda::text, pgf.preco_atacado::text
       FROM produto_grade_filial pgf
       JOIN produto_grade g ON g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade AND g.data_exclusao IS NULL
       JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto AND p.data_exclusao IS NULL
      WHERE pgf.id_organization = $1 AND p.id_indexador = $2 AND pgf.data_exclusao IS NULL
      ORDER BY pgf.id_produto_grade_filial
        FOR UPDATE OF pgf`,
    [org(h), id],
  );
  if (rows.length === 0) return { produtos: 0, precos: 0 };
  const ids = rows.map((r) => r.id_produto_grade_filial);
  const venda = rows.map((r) => toDecimal(repriceCents(fromDecimal(r.preco_venda), from, to)));
  const atacado = rows.map((r) => toDecimal(repriceCents(fromDecimal(r.preco_atacado), from, to)));
  await tx.query(
    `UPDATE produto_grade_filial pgf SET preco_venda = v.preco_venda, preco_atacado = v.preco_atacado
       FROM unnest($2::int[], $3::numeric[], $4::numeric[]) AS v (id, preco_venda, preco_atacado)
      WHERE pgf.id_organization = $1 AND pgf.id_produto_grade_filial = v.id`,
    [org(h), ids, venda, atacado],
  );
  // The product's own prices (what a branch opened later starts from) follow by the same rule.
  const { rows: products } = await tx.query<{ id_produto: number; preco_venda: string; preco_atacado: string }>(
    `SELECT id_produto, preco_venda::text, preco_atacado::text FROM produto
      WHERE id_organization = $1 AND id_indexador = $2 AND data_exclusao IS NULL ORDER BY id_produto FOR UPDATE`,
    [org(h), id],
  );
  await tx.query(
    `UPDATE produto p SET preco_venda = v.preco_venda, preco_atacado = v.preco_atacado, data_alteracao = now()
       FROM unnest($2::int[], $3::numeric[], $4::numeric[]) AS v (id, preco_venda, preco_atacado)
      WHERE p.id_organization = $1 AND p.id_produto = v.id`,
    [
      org(h), products.map((p) => p.id_produto),
      products.map((p) => toDecimal(repriceCents(fromDecimal(p.preco_venda), from, to))),
      products.map((p) => toDecimal(repriceCents(fromDecimal(p.preco_atacado), from, to))),
    ],
  );
  return { produtos: new Set(rows.map((r) => r.id_produto)).size, precos: rows.length };
}

export const priceIndexerHooks: RegisterHooks = {
  async afterWrite(h, row) {
    const id = Number(row['id_indexador']);
    const fator = Number(row['fator']);
    const before = await lastFactor(h, id);
    if (before === fator) return;
    const counts = before === null ? { produtos: 0, precos: 0 } : await repriceLinked(h, id, before, fator);
    await h.ctx.tx.query(
      `INSERT INTO indexador_preco_variacao (id_organization, id_indexador, fator_anterior, fator, produtos_reajustados, precos_reajustados, id_usuario)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [org(h), id, before, fator, counts.produtos, counts.precos, h.ctx.caller.id_usuario],
    );
  },
  async detail(h, row: Row) {
    // The latest 200 changes, newest first (the screen shows them 10 a page, 002 §9).
    const { rows } = await h.ctx.tx.query(
      `SELECT v.id_indexador_variacao::int AS id_indexador_variacao, v.fator_anterior::float8 AS fator_anterior, v.fator::float8 AS fator,
              v.produtos_reajustados, v.precos_reajustados, to_char(v.data_hora AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS data_hora,
              u.nome AS usuario_nome
         FROM indexador_preco_variacao v
         LEFT JOIN usuario u ON u.id_organization = v.id_organization AND u.id_usuario = v.id_usuario
        WHERE v.id_organization = $1 AND v.id_indexador = $2
        ORDER BY v.data_hora DESC, v.id_indexador_variacao DESC LIMIT 200`,
      [org(h), Number(row['id_indexador'])],
    );
    const { rows: linked } = await h.ctx.tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM produto WHERE id_organization = $1 AND id_indexador = $2 AND data_exclusao IS NULL',
      [org(h), Number(row['id_indexador'])],
    );
    return { ...row, variacoes: rows, produtos_vinculados: linked[0]?.n ?? 0 };
  },
};
