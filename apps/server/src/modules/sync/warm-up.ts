import { SYNC_GROUPS, type SyncGroupName } from '@pdv/contract/sync';
import { buildAbility } from '@pdv/domain/permissions';
import type { Database } from '../../db/database.ts';
import { loadCaller, type Caller } from '../auth/caller.ts';
import { changedGroups } from './changed.ts';
import { listByChanges } from './queries.ts';
import { SYNC_SOURCES } from './sources.ts';

/**
 * Runs, once before the server listens, the statements a point of sale sends first when it reconnects: the caller
 * lookup, `sync/changed` over every group and one list-by-changes per group. A database process that has just
 * started reads its catalogue, plans and index roots on first use: on PGlite the first `sync/changed` after a restart
 * took ~320 ms against ~50–70 ms warm, and the first 1,000-row price page ~100 ms against ~60 ms (2-core machine), all
 * of it on the path of the first incremental sync of every till reconnecting after the restart.
 *
 * It runs as the application role in organization 0, which owns no row: row-level security answers nothing, so the
 * warm-up reads and writes no shop's data. On a PostgreSQL server it warms one pooled connection, which costs little.
 */
export async function warmUpSync(db: Database): Promise<void> {
  const nobody: Caller = {
    id_organization: 0, id_usuario: 0, id_filial: 0, id_empresa: 0,
    user: {} as Caller['user'], branches: [], permissoes: [], ability: buildAbility({ kind: 'list', entries: [] }),
  };
  await db.tenant({ id_organization: 0 }, async (tx) => {
    await loadCaller(tx, 0, 0).catch(() => undefined); // no such user: a 401, after the same lookups
    const names = Object.keys(SYNC_GROUPS) as SyncGroupName[];
    await changedGroups(tx, nobody, Object.fromEntries(names.map((name) => [name, { date_change: '0', offset: 0 }])));
    for (const name of names) {
      await listByChanges(tx, nobody, SYNC_SOURCES[name], SYNC_GROUPS[name].scope, { date_change: '0', offset: 0, limit: 1 });
    }
  });
}
