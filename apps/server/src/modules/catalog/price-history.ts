/**
 * The price history of a branch's product variations (preco_historico, migration 018: a trigger records every price
 * of produto_grade_filial with when it took effect and who set it). Read by the catalogue's price tab
 * (/price-history/list) and by POST /api/operacao, which checks a line at the price version the device priced it from
 * (domain price-check.ts).
 */
import { fromDecimal, toDecimal } from '@pdv/domain/money';
import type { PriceVersion } from '@pdv/domain/price-check';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';

/** A timestamp as ISO 8601 in UTC with milliseconds (what the sync sends as data_alteracao, truncated the same way). */
const isoMs = (column: string) => `to_char(date_trunc('milliseconds', ${column}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Every price of a variation of the caller's active branch, oldest first; 404 when the variation is not the branch's. */
async function listPriceHistory(tx: Tx, caller: Caller, id_produto_grade_filial: number) {
  const org = caller.id_organization;
  const { rows: grid } = await tx.query(
    `SELECT 1 FROM produto_grade_filial WHERE id_organization = $1 AND id_filial = $2 AND id_produto_grade_filial = $3`,
    [org, caller.id_filial, id_produto_grade_filial],
  );
  if (grid.length === 0) throw notFound();
  const { rows } = await tx.query<{
    id_preco_historico: string; preco_venda: string; preco_atacado: string; data_alteracao: string; id_usuario: number | null;
    usuario_nome: string | null;
  }>(
    `SELECT h.id_preco_historico::text, h.preco_venda::text, h.preco_atacado::text, ${isoMs('h.vigente_desde')} AS data_alteracao,
            h.id_usuario, u.nome AS usuario_nome
       FROM preco_historico h
       LEFT JOIN usuario u ON u.id_organization = h.id_organization AND u.id_usuario = h.id_usuario
      WHERE h.id_organization = $1 AND h.id_filial = $2 AND h.id_produto_grade_filial = $3
      ORDER BY h.vigente_desde, h.id_preco_historico`,
    [org, caller.id_filial, id_produto_grade_filial],
  );
  return {
    rows: rows.map((r) => ({
      id_preco_historico: Number(r.id_preco_historico), id_produto_grade_filial,
      preco_venda: toDecimal(fromDecimal(r.preco_venda)), preco_atacado: toDecimal(fromDecimal(r.preco_atacado)),
      data_alteracao: r.data_alteracao, id_usuario: r.id_usuario, usuario_nome: r.usuario_nome,
    })),
  };
}

/**
 * The price versions of the branch's variations `ids` that a sale received now may be priced from: every price that
 * took effect after `since` (ISO), and the one in effect at `since`; by variation, oldest first (domain
 * price-check.ts priceAtVersion).
 */
export async function priceVersionsSince(
  tx: Tx, org: number, id_filial: number, ids: number[], since: string,
): Promise<Map<number, PriceVersion[]>> {
  const versions = new Map<number, PriceVersion[]>();
  if (ids.length === 0) return versions;
  const { rows } = await tx.query<{ id: number; preco_venda: string; preco_atacado: string; vigente_desde: string }>(
    `SELECT h.id_produto_grade_filial AS id, h.preco_venda::text, h.preco_atacado::text, ${isoMs('h.vigente_desde')} AS vigente_desde
       FROM preco_historico h
      WHERE h.id_organization = $1 AND h.id_filial = $2 AND h.id_produto_grade_filial = ANY($3::int[])
        AND h.vigente_desde >= coalesce((SELECT max(p.vigente_desde) FROM preco_historico p
                                          WHERE p.id_organization = h.id_organization AND p.id_produto_grade_filial = h.id_produto_grade_filial
                                            AND p.vigente_desde <= $4::timestamptz), '-infinity')
      ORDER BY h.id_produto_grade_filial, h.vigente_desde, h.id_preco_historico`,
    [org, id_filial, ids, since],
  );
  for (const r of rows) {
    const list = versions.get(r.id) ?? [];
    list.push({ vigente_desde: r.vigente_desde, preco_venda: fromDecimal(r.preco_venda), preco_atacado: fromDecimal(r.preco_atacado) });
    versions.set(r.id, list);
  }
  return versions;
}

export const priceHistoryHandlers = {
  priceHistoryList: ({ tx, caller, body }) => listPriceHistory(tx, caller, body.id_produto_grade_filial),
} satisfies Partial<Handlers>;
