/** The product a tab's call names, in the caller's organization: its description, or 404 (another's is as missing). */
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';

export async function productOf(tx: Tx, org: number, id_produto: number): Promise<{ id_produto: number; descricao: string }> {
  const { rows } = await tx.query<{ id_produto: number; descricao: string }>(
    'SELECT id_produto, descricao FROM produto WHERE id_organization = $1 AND id_produto = $2 AND data_exclusao IS NULL',
    [org, id_produto],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}

/** numeric columns arrive as text: a number, or null. */
export function num(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
