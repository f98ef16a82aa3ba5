/**
 * A list-by-changes server in memory, for the engine's tests: every change gets the next commit mark, and a page is
 * the rows after a position (date_change, offset) in (mark, id) order, as the real server answers.
 */
import type { ListByChangesResult } from '@pdv/contract/sync';
import type { LocalRow } from '../../db/database.ts';
import type { ChangedFetcher } from './engine.ts';
import type { PageFetcher, PageRequest } from './pullTable.ts';
import { SYNC_TABLES, type SyncTable } from './tables.ts';

interface Stored {
  mark: number;
  row: LocalRow;
}

export class FakeSyncServer {
  private mark = 0;
  private readonly tables = new Map<string, Map<number, Stored>>();
  /** Every request, in order. */
  readonly requests: Array<{ table: string } & PageRequest> = [];
  /** Fails the next requests of a table (by SYNC_GROUPS name) with this error. */
  readonly failures = new Map<string, Error>();
  /** Tables (by SYNC_GROUPS name) whose last page says that committed rows are held back. */
  readonly heldBack = new Set<string>();
  /** Every sync/changed question: the tables asked about. */
  readonly questions: string[][] = [];
  /** Fails the next sync/changed questions with this error. */
  changedFailure: Error | null = null;

  /** Writes rows (a row with data_exclusao is a tombstone); each commit gets the next mark. */
  change(table: SyncTable, ...rows: LocalRow[]): void {
    let stored = this.tables.get(table.name);
    if (!stored) this.tables.set(table.name, (stored = new Map<number, Stored>()));
    for (const row of rows) {
      this.mark += 1;
      stored.set(Number(row[table.key]), { mark: this.mark, row });
    }
  }

  list(table: SyncTable, request: PageRequest): ListByChangesResult {
    const from = Number(request.date_change || '0');
    const rows = [...(this.tables.get(table.name)?.entries() ?? [])]
      .filter(([id, s]) => s.mark > from || (s.mark === from && id > request.offset))
      .sort(([a, x], [b, y]) => x.mark - y.mark || a - b)
      .slice(0, request.limit);
    const last = rows[rows.length - 1];
    return {
      rows: rows.map(([, s]) => s.row),
      date_change: last ? String(last[1].mark) : request.date_change || '0',
      offset: last ? last[0] : request.offset,
      has_more: rows.length === request.limit,
      held_back: rows.length < request.limit && this.heldBack.has(table.name),
    };
  }

  /** POST sync/changed: the tables with rows after their positions (or rows held back), as the real server answers. */
  changedFetcher(): ChangedFetcher {
    return (tables) => {
      this.questions.push(Object.keys(tables));
      if (this.changedFailure) return Promise.reject(this.changedFailure);
      const changed = Object.entries(tables)
        .filter(([name, position]) => {
          const table = SYNC_TABLES.find((t) => t.name === name);
          if (!table || !position) return false;
          return this.heldBack.has(name) || this.list(table, { ...position, limit: 1 }).rows.length > 0;
        })
        .map(([name]) => name);
      return Promise.resolve(changed);
    };
  }

  fetcher(): PageFetcher {
    return (table, request) => {
      this.requests.push({ table: table.name, ...request });
      const failure = this.failures.get(table.name);
      if (failure) return Promise.reject(failure);
      return Promise.resolve(this.list(table, request));
    };
  }
}

/** A row with the stamps of a synced table. */
export function syncedRow(key: string, id: number, fields: LocalRow = {}): LocalRow {
  const stamp = '2026-01-01T12:00:00.000Z';
  return { [key]: id, data_cadastro: stamp, data_alteracao: stamp, data_exclusao: null, ...fields };
}
