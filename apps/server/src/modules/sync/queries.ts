import type { ListByChangesResult } from '@pdv/contract/sync';
import type { Tx } from '../../db/database.ts';
import { iso } from '../../db/rows.ts';
import type { Caller } from '../auth/caller.ts';
import type { SyncSource } from './sources.ts';

export interface Position {
  date_change?: string | null | undefined;
  offset: number;
  limit: number;
}

/**
 * One page of a table's changes after a position, in (sync_xid, id) order, only up to the oldest transaction still
 * running: what a reader has passed can never gain a row later.
 */
export async function listByChanges(
  tx: Tx,
  caller: Caller,
  source: SyncSource,
  scope: 'organization' | 'branch',
  position: Position,
): Promise<ListByChangesResult> {
  const params: unknown[] = [caller.id_organization, position.date_change || '0', position.offset, position.limit];
  const where = [`id_organization = $1`, `(sync_xid, ${source.id}) > ($2::xid8, $3::integer)`];
  if (scope === 'branch') {
    params.push(caller.id_filial);
    where.push(`id_filial = $${params.length}`);
  }
  if (source.filter) {
    const extra = source.filter(caller, params.length + 1);
    params.push(...extra.params);
    where.push(extra.sql);
  }
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${source.columns}, sync_xid::text AS sync_xid_text
       FROM ${source.from ?? source.table}
      WHERE ${where.join(' AND ')} AND sync_xid < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY sync_xid, ${source.id}
      LIMIT $4`,
    params,
  );
  const has_more = rows.length === position.limit;
  // Committed rows behind a transaction still running (anywhere on the server: transaction ids are cluster-wide) are
  // held back to keep the order safe; say so, so a client pulling on a socket event asks again shortly instead of
  // waiting for the next periodic sync.
  let held_back = false;
  if (!has_more) {
    const { rows: waiting } = await tx.query(
      `SELECT 1 FROM ${source.from ?? source.table}
        WHERE ${where.join(' AND ')} AND sync_xid >= pg_snapshot_xmin(pg_current_snapshot()) LIMIT $4`,
      params,
    );
    held_back = waiting.length > 0;
  }
  const last = rows[rows.length - 1];
  const out = rows.map(({ sync_xid_text: _x, ...row }) => {
    for (const key of ['data_cadastro', 'data_alteracao', 'data_exclusao']) {
      if (row[key] instanceof Date) row[key] = iso(row[key]);
    }
    return row;
  });
  return {
    rows: out,
    date_change: last ? String(last['sync_xid_text']) : position.date_change || '0',
    offset: last ? Number(last[source.id]) : position.offset,
    has_more,
    held_back,
  };
}
