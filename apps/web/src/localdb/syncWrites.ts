/**
 * The sync's writes that read before they write, each in one engine call (one transaction in the worker).
 *
 * A table's position in its change stream is its row in the copy's `updater` table (key: the local table's name), as
 * in the Dexie copy and as the move from Dexie carries it (moveDexie.ts). A page of the sync is written only if that
 * row is still the one the page was asked from (000 §7.2: a position moved by someone else drops the page). Through
 * the worker a read and a write are two messages, with other calls possibly in between, so the check and the write
 * are one call here: applyChangesAt reads the row and applies the changes in the same transaction, or writes nothing.
 *
 * Served by host.ts beside the engine's own methods (the engine itself is not changed for it); the page calls them
 * through LocalDbClient.
 */
import type { ChangeSummary, LocalEngine, LocalRow, TableChange } from './engine.ts';

/** The table of the stream positions. */
export const UPDATER_TABLE = 'updater';

/** What a guarded write expects of a table's updater row: none (null), or one with this owner and position. */
export interface PositionGuard {
  /** The local table whose updater row is checked. */
  table: string;
  expected: { owner: string | null; date_change: string; offset: number } | null;
}

/** Whether a stored updater row is the one a guard expects. */
export function matchesGuard(row: Record<string, unknown> | undefined, expected: PositionGuard['expected']): boolean {
  if (!row) return expected === null;
  if (expected === null) return false;
  return (row['owner'] ?? null) === expected.owner && row['date_change'] === expected.date_change && row['offset'] === expected.offset;
}

/**
 * Applies `changes` (rows, tombstones, cleared tables, the updater row itself) in one transaction if the updater row
 * of `guard.table` is the one expected; otherwise writes nothing and answers null.
 */
function applyChangesAt(engine: LocalEngine, guard: PositionGuard, changes: readonly TableChange[]): ChangeSummary | null {
  return engine.transaction(() => {
    if (!matchesGuard(engine.get(UPDATER_TABLE, guard.table), guard.expected)) return null;
    // Joins this transaction (the engine's transactions nest).
    return engine.applyChanges(changes);
  });
}

/**
 * A page of the sync given as the JSON text of its rows (features/sync/pageText.ts): applied to `guard.table` with
 * the updater row `next` in one transaction if the guard holds, `next.received` increased by the page's rows (counted
 * here, where they are read: the page does not parse them). Answers that count, or null (nothing written).
 */
function applyPageAt(engine: LocalEngine, guard: PositionGuard, rowsJson: string, next: LocalRow): number | null {
  return engine.transaction(() => {
    if (!matchesGuard(engine.get(UPDATER_TABLE, guard.table), guard.expected)) return null;
    const count = engine.applyChanges([{ table: guard.table, rowsJson }]).received ?? 0;
    engine.applyChanges([{ table: UPDATER_TABLE, rows: [{ ...next, received: Number(next['received'] ?? 0) + count }] }]);
    return count;
  });
}

/**
 * Several tables' updater rows, in one transaction: each `next` is written if its table's row is the one its guard
 * expects (the sync marking the tables the server named unchanged as read now). Answers the tables written. One commit
 * instead of one per table: on OPFS a commit costs tens of milliseconds, and a sync pass marks every table.
 */
function writePositionsAt(engine: LocalEngine, entries: ReadonlyArray<{ guard: PositionGuard; next: LocalRow }>): string[] {
  return engine.transaction(() => {
    const matching = entries.filter(({ guard }) => matchesGuard(engine.get(UPDATER_TABLE, guard.table), guard.expected));
    if (matching.length > 0) engine.applyChanges([{ table: UPDATER_TABLE, rows: matching.map(({ guard, next }) => ({ ...next, table: guard.table })) }]);
    return matching.map(({ guard }) => guard.table);
  });
}

/** Empties every table of the copy but `keep`, in one transaction (a version mismatch: 000 §3.1). Answers those emptied. */
function clearAllBut(engine: LocalEngine, keep: readonly string[]): string[] {
  const tables = engine.tables().filter((table) => !keep.includes(table));
  engine.applyChanges(tables.map((table) => ({ table, clear: true })));
  return tables;
}

/** The tables of the copy. */
function tableNames(engine: LocalEngine): string[] {
  return engine.tables();
}

/** The methods host.ts serves besides the engine's, by name. */
export const SYNC_WRITES = { applyChangesAt, applyPageAt, writePositionsAt, clearAllBut, tableNames } as const;

export type SyncWriteMethod = keyof typeof SYNC_WRITES;

type Bound<F> = F extends (engine: LocalEngine, ...args: infer A) => infer R ? (...args: A) => R : never;

/** The same methods as the page calls them (the engine argument is the worker's). */
export type SyncWriteApi = { [K in SyncWriteMethod]: Bound<(typeof SYNC_WRITES)[K]> };

export function isSyncWrite(method: string): method is SyncWriteMethod {
  return Object.hasOwn(SYNC_WRITES, method);
}

/** Runs one of them on the worker's engine. */
export function callSyncWrite(engine: LocalEngine, method: SyncWriteMethod, args: readonly unknown[]): unknown {
  const fn = SYNC_WRITES[method] as (engine: LocalEngine, ...rest: unknown[]) => unknown;
  return fn(engine, ...args);
}
