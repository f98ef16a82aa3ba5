/** What the settings registers' hooks share: a rule's issues as a 400 beside their fields, the row as it will be stored. */
import type { FieldIssue, RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { badRequest } from '../../http/errors.ts';
import type { HookContext, Row } from '../registers/hooks.ts';
import { findRow } from '../registers/queries.ts';

/** Refuses with the first issue's message, every issue under its field ('campo: mensagem', what the form reads). */
export function refuse(issues: readonly FieldIssue[]): void {
  const first = issues[0];
  if (first) throw badRequest(first.message, undefined, issues.map((i) => `${i.field}: ${i.message}`));
}

/** The row a write will leave: the stored one (or the descriptor's defaults for a new one) with the body's values. */
export async function merged(h: HookContext, d: RegisterDescriptor, values: Row, id: number | null): Promise<Row> {
  const base: Row = {};
  for (const [name, field] of Object.entries(d.fields)) base[name] = field.default ?? null;
  const stored = id === null ? null : await findRow(h.ctx.tx, d, h.scope, id);
  return { ...base, ...(stored ?? {}), ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) };
}

/** The ids of `ids` that are not live rows of the organization in `table` (a link to someone else's row is refused). */
export async function missingIds(h: HookContext, table: string, idColumn: string, ids: readonly number[], tombstone = true): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await h.ctx.tx.query<{ id: number }>(
    `SELECT ${idColumn} AS id FROM ${table} WHERE id_organization = $1 AND ${idColumn} = ANY($2::int[])${tombstone ? ' AND data_exclusao IS NULL' : ''}`,
    [h.scope.id_organization, [...ids]],
  );
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}
