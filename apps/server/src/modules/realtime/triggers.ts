import { SYNC_GROUPS, type SyncGroupName } from '@pdv/contract/sync';
import type { Database } from '../../db/database.ts';
import { SYNC_SOURCES } from '../sync/sources.ts';

export const EVENTS_CHANNEL = 'pdv_events';

/** Installs the change-event trigger of every synced table (idempotent; runs at start-up after the migrations). */
export async function installEventTriggers(db: Database): Promise<void> {
  await db.system(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(724003)');
    for (const name of Object.keys(SYNC_GROUPS) as SyncGroupName[]) {
      const group = SYNC_GROUPS[name];
      const { table } = SYNC_SOURCES[name];
      for (const op of ['insert', 'update'] as const) {
        // One trigger per event: a trigger with a transition table may name only one event.
        await tx.query(`CREATE OR REPLACE TRIGGER sync_notify_${name.replace(/\W/g, "_")}_${op} AFTER ${op.toUpperCase()} ON ${table}
          REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
          EXECUTE FUNCTION sync_notify('${group.event}', '${group.scope}')`);
      }
    }
  });
}
