/**
 * What a refused request must not change: the row count of every table of the application's schema, listed from
 * pg_class as the owner (so row-level security hides nothing), plus the newest change mark (sync_xid) of the synced
 * tables, which moves when a row is updated in place.
 */
import type { Database } from '../db/database.ts';

export type Snapshot = Map<string, string>;

export async function listTables(db: Database): Promise<Array<{ name: string; synced: boolean }>> {
  const { rows } = await db.system((tx) =>
    tx.query<{ name: string; synced: boolean }>(
      `SELECT c.relname AS name,
              EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'sync_xid' AND NOT a.attisdropped) AS synced
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
        ORDER BY c.relname`,
    ),
  );
  return rows;
}

/**
 * Tables a refused request writes on purpose: the login throttle counts every attempt, refused ones first
 * (modules/auth/throttle.ts).
 */
export const WRITTEN_WHEN_REFUSED: ReadonlySet<string> = new Set(['tentativa_acesso']);

/** One statement reading every figure (a consistent view of the database). */
export async function snapshotQuery(db: Database): Promise<() => Promise<Snapshot>> {
  const tables = (await listTables(db)).filter(({ name }) => !WRITTEN_WHEN_REFUSED.has(name));
  if (tables.length === 0) throw new Error('snapshot: no tables found');
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const parts = tables.flatMap(({ name, synced }) => [
    `SELECT '${name}' AS k, count(*)::text AS v FROM ${quote(name)}`,
    ...(synced ? [`SELECT '${name}.sync_xid', coalesce(max(sync_xid::text::numeric), 0)::text FROM ${quote(name)}`] : []),
  ]);
  const sql = parts.join('\nUNION ALL\n');
  return async () => {
    const { rows } = await db.system((tx) => tx.query<{ k: string; v: string }>(sql));
    return new Map(rows.map((r) => [r.k, r.v]));
  };
}

/** The figures that differ, as "table: before -> after". */
export function diffSnapshots(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const [k, v] of after) if (before.get(k) !== v) out.push(`${k}: ${before.get(k) ?? '—'} -> ${v}`);
  for (const k of before.keys()) if (!after.has(k)) out.push(`${k}: gone`);
  return out;
}
