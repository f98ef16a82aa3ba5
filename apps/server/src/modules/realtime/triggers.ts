import { createHash } from 'node:crypto';
import { SYNC_GROUPS, type SyncGroupName } from '@pdv/contract/sync';
import type { Database } from '../../db/database.ts';
import { SYNC_SOURCES } from '../sync/sources.ts';

export const EVENTS_CHANNEL = 'pdv_events';

/** One change-event trigger as it should be: its name, its table and the statement that creates it. */
interface WantedTrigger {
  name: string;
  table: string;
  sql: string;
  /** Kept as the trigger's comment: a trigger already created by this very statement is left alone. */
  fingerprint: string;
}

function wantedTriggers(): WantedTrigger[] {
  const wanted: WantedTrigger[] = [];
  for (const name of Object.keys(SYNC_GROUPS) as SyncGroupName[]) {
    const group = SYNC_GROUPS[name];
    const { table } = SYNC_SOURCES[name];
    for (const op of ['insert', 'update'] as const) {
      const trigger = `sync_notify_${name.replace(/\W/g, '_')}_${op}`;
      // One trigger per event: a trigger with a transition table may name only one event.
      const sql = `CREATE OR REPLACE TRIGGER ${trigger} AFTER ${op.toUpperCase()} ON ${table}
          REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
          EXECUTE FUNCTION sync_notify('${group.event}', '${group.scope}')`;
      wanted.push({ name: trigger, table, sql, fingerprint: `pdv:${createHash('sha256').update(sql).digest('hex').slice(0, 32)}` });
    }
  }
  return wanted;
}

/** PostgreSQL's "deadlock detected" and "lock not available": the install is tried again. */
const RETRIED_CODES = new Set(['40P01', '55P03']);
const ATTEMPTS = 5;

/**
 * Installs the change-event trigger of every synced table (idempotent; runs at start-up after the migrations).
 *
 * Creating a trigger takes a SHARE ROW EXCLUSIVE lock on its table, which waits for (and blocks) every write to it.
 * Two server processes starting on one database used to deadlock here: the second re-created every trigger while the
 * first, already past this point, wrote the demo seed into two of those tables in the other order (CI: cluster.pg.test,
 * "deadlock detected"). So a trigger already created by the same statement (its comment holds the statement's
 * fingerprint) is left alone, which is every trigger on every start but the first after a change: a server joining a
 * running cluster takes no lock on a table. What is left (the first start after an upgrade, beside writers) is tried
 * again on a deadlock, in a new transaction.
 */
export async function installEventTriggers(db: Database): Promise<number> {
  const wanted = wantedTriggers();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.system(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(724003)');
        const { rows } = await tx.query<{ tgname: string; note: string | null }>(
          `SELECT t.tgname, obj_description(t.oid, 'pg_trigger') AS note
             FROM pg_trigger t WHERE NOT t.tgisinternal AND t.tgname LIKE 'sync\\_notify\\_%'`,
        );
        const installed = new Set(rows.filter((r) => r.note !== null).map((r) => `${r.tgname} ${r.note ?? ''}`));
        let created = 0;
        for (const trigger of wanted) {
          if (installed.has(`${trigger.name} ${trigger.fingerprint}`)) continue;
          await tx.query(trigger.sql);
          await tx.query(`COMMENT ON TRIGGER ${trigger.name} ON ${trigger.table} IS '${trigger.fingerprint}'`);
          created += 1;
        }
        return created;
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRIED_CODES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.floor(Math.random() * 100)));
    }
  }
}
