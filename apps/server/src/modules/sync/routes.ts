import { SYNC_GROUPS, type SyncGroupName } from '@pdv/contract/sync';
import type { Handlers, SessionContext } from '../../http/handlers.ts';
import { changedGroups } from './changed.ts';
import { listByChanges } from './queries.ts';
import { SYNC_SOURCES } from './sources.ts';

type SyncHandlers = Pick<Handlers, `sync_${SyncGroupName}` | 'syncChanged'>;

export const syncHandlers = {
  ...Object.fromEntries(
    (Object.keys(SYNC_GROUPS) as SyncGroupName[]).map((name) => [
      `sync_${name}`,
      ({ tx, caller, body }: SessionContext<`sync_${SyncGroupName}`>) =>
        listByChanges(tx, caller, SYNC_SOURCES[name], SYNC_GROUPS[name].scope, body),
    ]),
  ),
  syncChanged: ({ tx, caller, body }: SessionContext<'syncChanged'>) => changedGroups(tx, caller, body.tables),
} as SyncHandlers;
