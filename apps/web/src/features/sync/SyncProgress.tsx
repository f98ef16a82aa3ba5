import { Group, Paper, Progress, Text } from '@mantine/core';
import { localDb, type UpdaterRow } from '../../db/database.ts';
import { useLiveQuery } from '../../db/useLiveQuery.ts';
import type { SyncState } from './runtime.ts';
import { tableLabel } from './tables.ts';
import { shallowEqual, useSyncSelector } from './useSyncState.ts';

const count = new Intl.NumberFormat('pt-BR');

/** An update of a loaded table shows only when it is large (a socket event's one-row pull stays quiet). */
const LARGE_UPDATE_ROWS = 1000;

interface ProgressView {
  table: string;
  received: number;
  /** Tables of the pass done and due (known in the tab that syncs). */
  done?: number;
  total?: number;
}

/** What this tab's sync state shows: the leader's own progress (table null: nothing to show), or "follow the copy". */
interface LeaderView {
  follower: boolean;
  table: string | null;
  received: number;
  done: number;
  total: number;
}

const leaderView = (state: SyncState): LeaderView => {
  const sync = state.sync;
  const follower = sync !== null && !sync.leader;
  const shown =
    sync?.leader === true &&
    sync.running &&
    sync.table !== null &&
    (sync.firstLoad || sync.received >= LARGE_UPDATE_ROWS);
  return shown
    ? { follower, table: sync.table, received: sync.received, done: sync.done, total: sync.total }
    : { follower, table: null, received: 0, done: 0, total: 0 };
};

/** The tables being loaded, as written by the tab that syncs (another tab follows them in the local copy). */
const loadingTables = (): Promise<UpdaterRow[]> => localDb().updater.where('loading').equals(1).toArray();

function useProgressView(): ProgressView | null {
  const leader = useSyncSelector(leaderView, shallowEqual);
  const loading = useLiveQuery(leader.follower ? loadingTables : noRows, []);
  if (!leader.follower) {
    return leader.table === null
      ? null
      : { table: leader.table, received: leader.received, done: leader.done, total: leader.total };
  }
  const row = loading.find((r) => r.is_loaded === 0 || (r.received ?? 0) >= LARGE_UPDATE_ROWS);
  return row ? { table: row.table, received: row.received ?? 0 } : null;
}

const noRows = (): Promise<UpdaterRow[]> => Promise.resolve([]);

/**
 * While the local copy is being loaded: which table, how many rows so far and how many tables of the pass are done.
 * The server does not say how many rows a table has: the bar fills with the tables of the pass, the text counts the
 * rows. Its stripes stand still: an animated background repaints on the page's thread every frame of a load that
 * takes minutes, and made frames of over 50 ms on a busy 2-core machine.
 */
export function SyncProgress() {
  const view = useProgressView();
  if (!view) return null;
  const label = tableLabel(view.table);
  const known = view.total !== undefined && view.done !== undefined && view.total > 0;
  const percent = known ? Math.round(((view.done ?? 0) / (view.total ?? 1)) * 100) : 100;
  const rows =
    view.received > 0 ? `${count.format(view.received)} ${view.received === 1 ? 'registro' : 'registros'}` : '';
  const tables = known ? `tabela ${(view.done ?? 0) + 1} de ${view.total}` : '';
  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="xs"
      mb="md"
      role="status"
      aria-live="polite"
      aria-label={`Sincronizando ${label}...`}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
        <Text size="sm" fw={500} truncate="end">
          Sincronizando {label}...
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {[rows, tables].filter(Boolean).join(' · ')}
        </Text>
      </Group>
      <Progress.Root size="sm" aria-hidden>
        <Progress.Section value={Math.max(percent, 4)} striped />
      </Progress.Root>
    </Paper>
  );
}
