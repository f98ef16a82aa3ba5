/**
 * The sync over the SQLite copy (issue 21): each SyncStore call is one call to the local copy's worker through
 * LocalDbClient. The guarded write is the worker's applyChangesAt (localdb/syncWrites.ts), which reads the table's
 * updater row and writes the page with its new row in one transaction: the client cannot read and then write
 * atomically, its calls being separate messages. A page's rows usually come as the server's JSON text (pageText.ts)
 * and go to the worker as that one string.
 * A first load of several pages runs in the engine's bulk mode (beginBulk/endBulk: beginLoad/endLoad).
 */
import { DEVICE_TABLES, type UpdaterRow } from '../../db/database.ts';
import type { LocalDbClient } from '../../localdb/client.ts';
import type { TableChange } from '../../localdb/engine.ts';
import { UPDATER_TABLE, type PositionGuard } from '../../localdb/syncWrites.ts';
import type { SyncStore } from './syncStore.ts';

function guardOf(table: string, expected: UpdaterRow | undefined): PositionGuard {
  return {
    table,
    expected: expected ? { owner: expected.owner ?? null, date_change: expected.date_change, offset: expected.offset } : null,
  };
}

export function localDbSyncStore(db: LocalDbClient): SyncStore {
  let tables: Promise<string[]> | null = null;
  return {
    tables() {
      tables ??= db.tableNames();
      // A failed answer is asked again next time.
      tables.catch(() => {
        tables = null;
      });
      return tables;
    },
    async position(table) {
      return (await db.get(UPDATER_TABLE, table)) as UpdaterRow | undefined;
    },
    async positions() {
      return (await db.all(UPDATER_TABLE)) as unknown as UpdaterRow[];
    },
    async writeAt(table, expected, write, next) {
      const changes: TableChange[] = [];
      if (write.clear || (write.rows?.length ?? 0) > 0) {
        changes.push({ table, ...(write.clear ? { clear: true } : {}), ...(write.rows ? { rows: write.rows } : {}) });
      }
      changes.push(next ? { table: UPDATER_TABLE, rows: [{ ...next }] } : { table: UPDATER_TABLE, deleteKeys: [table] });
      return (await db.applyChangesAt(guardOf(table, expected), changes)) !== null;
    },
    writePageAt(table, expected, rowsJson, next) {
      return db.applyPageAt(guardOf(table, expected), rowsJson, { ...next });
    },
    writePositionsAt(entries) {
      return db.writePositionsAt(entries.map(({ table, expected, next }) => ({ guard: guardOf(table, expected), next: { ...next } })));
    },
    async clearTables(names) {
      const present = new Set(await this.tables());
      const stores = names.filter((name) => present.has(name));
      await db.applyChanges([...stores.map((table) => ({ table, clear: true })), { table: UPDATER_TABLE, deleteKeys: stores }]);
    },
    async dropCopy() {
      await db.clearAllBut(DEVICE_TABLES);
    },
    async beginBulk(table) {
      await db.beginLoad([table]);
    },
    async endBulk(table) {
      await db.endLoad([table]);
    },
    async first(table, field, value) {
      const [row] = await db.where(table, field, value, 1);
      return row;
    },
  };
}
