import { SYNC_GROUPS, type SyncChangedResult, type SyncGroupName } from '@pdv/contract/sync';
import { MESSAGES } from '@pdv/domain/messages';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { SYNC_SOURCES } from './sources.ts';

export interface StreamPosition {
  date_change?: string | null | undefined;
  offset?: number | undefined;
}

const XID8_MAX = 2n ** 64n - 1n;

/** A position's mark as xid8 reads it: decimal digits without leading zeros (xid8 reads '0123' as octal). */
function markOf(date_change: string | null | undefined): string {
  const mark = (date_change || '0').replace(/^0+(?=\d)/, '');
  if (BigInt(mark) > XID8_MAX) {
    throw badRequest(MESSAGES.invalidBody, 'date_change: date_change inválido: use o valor devolvido pela última página.');
  }
  return mark;
}

/**
 * Which of the named groups have rows after the client's position in their change stream, in one statement: one
 * index probe per group on (id_organization[, id_filial], sync_xid, id), scoped like list-by-changes (organization,
 * the active branch for branch-owned groups, the group's own filter).
 *
 * Every row after the position counts, also those of a transaction list-by-changes still holds back (its sync_xid not
 * yet below the oldest running transaction): the client then reads the group and is told to ask again shortly. A
 * group answered as unchanged has no committed row after the position; a transaction committing later has a sync_xid
 * above any position list-by-changes hands out (positions stop below the oldest running transaction), so the next
 * call or read finds it: this answer only skips reads that would have brought nothing.
 */
export async function changedGroups(
  tx: Tx,
  caller: Caller,
  tables: Readonly<Record<string, StreamPosition | undefined>>,
): Promise<SyncChangedResult> {
  const params: unknown[] = [caller.id_organization];
  const probes: string[] = [];
  for (const [name, position] of Object.entries(tables) as Array<[SyncGroupName, StreamPosition | undefined]>) {
    if (!position || !Object.hasOwn(SYNC_SOURCES, name)) continue;
    const source = SYNC_SOURCES[name];
    const where = ['id_organization = $1'];
    if (SYNC_GROUPS[name].scope === 'branch') {
      params.push(caller.id_filial);
      where.push(`id_filial = $${params.length}`);
    }
    let filtered = false;
    if (source.filter) {
      const extra = source.filter(caller, params.length + 1);
      params.push(...extra.params);
      where.push(extra.sql);
      filtered = extra.sql !== 'true';
    }
    params.push(markOf(position.date_change), position.offset ?? 0, name);
    const n = params.length;
    where.push(`(sync_xid, ${source.id}) > ($${n - 2}::xid8, $${n - 1}::integer)`);
    // The base table: the tables a joined source shows touch its row when they change (sync_touch_related), and
    // its joins only ever drop rows. A filter may name the source's own columns: then read the source (a filter that
    // keeps every row, as inventory_item's without id_inventario, does not).
    const from = filtered ? (source.from ?? source.table) : source.table;
    probes.push(`SELECT $${n}::text AS name WHERE EXISTS (SELECT 1 FROM ${from} WHERE ${where.join(' AND ')})`);
  }
  if (probes.length === 0) return { changed: [] };
  const { rows } = await tx.query<{ name: SyncGroupName }>(probes.join('\nUNION ALL\n'), params);
  return { changed: rows.map((row) => row.name) };
}
