/**
 * The rows a financial settings register points at must be live rows of the caller's organization: another
 * organization's id, a deleted one and one that never existed are refused alike, with the field's message, before the
 * foreign key would answer.
 */
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';

type Row = Record<string, unknown>;

export interface RefCheck {
  /** The body's column naming the row. */
  column: string;
  table: string;
  id: string;
  message: string;
}

/** Refuses the first named id that is not a live row of the organization (null and absent ids pass). */
export async function checkRefs(tx: Tx, org: number, values: Row, checks: readonly RefCheck[]): Promise<void> {
  for (const c of checks) {
    const value = values[c.column];
    if (value === undefined || value === null) continue;
    const { rows } = await tx.query(
      `SELECT 1 FROM ${c.table} WHERE id_organization = $1 AND ${c.id} = $2 AND data_exclusao IS NULL`,
      [org, value],
    );
    if (rows.length === 0) throw badRequest(c.message, undefined, [`${c.column}: ${c.message}`]);
  }
}

/** The stored row under the values given (an update sends only what changes; rules read the whole). */
export async function merged(tx: Tx, table: string, idColumn: string, org: number, id: number | null, values: Row): Promise<Row> {
  if (id === null) return values;
  const { rows } = await tx.query<Row>(`SELECT * FROM ${table} WHERE id_organization = $1 AND ${idColumn} = $2`, [org, id]);
  const stored = rows[0] ?? {};
  const out: Row = { ...stored };
  for (const [k, v] of Object.entries(values)) if (v !== undefined) out[k] = v;
  return out;
}

/** The organization's live branches among `ids` (to refuse a branch of another organization). */
export async function checkBranches(tx: Tx, org: number, ids: readonly number[], message: string, member: string): Promise<void> {
  if (ids.length === 0) return;
  const { rows } = await tx.query<{ id_filial: number }>(
    'SELECT id_filial FROM filial WHERE id_organization = $1 AND id_filial = ANY($2::integer[])',
    [org, [...new Set(ids)]],
  );
  if (rows.length !== new Set(ids).size) throw badRequest(message, undefined, [`${member}: ${message}`]);
}
