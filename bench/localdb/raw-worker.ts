/**
 * The baseline of the localdb bench: the plainest SQLite insert of the same rows, in a worker of the same page, on
 * the same VFS (opfs-sahpool, its own directory) with the same page size: one table per catalogue table holding (key, the row as JSON), no
 * index, no search table, one transaction per page, the page as one JSON array (json_each). Also run in the web app's
 * own page by sync-browser.bench.ts (copy-baseline.ts), on the rows of the app's local copy.
 */
import sqlite3InitModule, { type Database } from '@sqlite.org/sqlite-wasm';
import { PAGE_SIZE } from '../../apps/web/src/localdb/engine.ts';

type RawRequest =
  | { id: number; op: 'open' }
  | { id: number; op: 'load'; table: string; key: string; rows: Array<Record<string, unknown>> }
  | { id: number; op: 'get'; table: string; key: string; value: number }
  | { id: number; op: 'drop'; table: string };

let db: Database | null = null;
const created = new Set<string>();
const scope = self as unknown as { onmessage: ((event: MessageEvent<RawRequest>) => void) | null; postMessage(message: unknown): void };

async function answer(request: RawRequest): Promise<unknown> {
  if (request.op === 'open') {
    const sqlite3 = await sqlite3InitModule();
    const pool = await sqlite3.installOpfsSAHPoolVfs({ name: 'bench-raw-sahpool', directory: '.bench-raw', clearOnInit: true });
    db = new pool.OpfsSAHPoolDb('/raw.sqlite3');
    // The copy's page size (engine.ts PAGE_SIZE): the baseline stores on the same pages, only without the copy's work.
    db.exec(`PRAGMA page_size = ${PAGE_SIZE}`);
    return null;
  }
  if (!db) throw new Error('not open');
  if (request.op === 'get') {
    return db.selectValue(`SELECT doc FROM "${request.table}" WHERE k = ?`, [request.value]) ?? null;
  }
  if (request.op === 'drop') {
    // The table's pages go back to the file's free list (the next table reuses them: a browser context of a bench keeps
    // OPFS within its quota).
    db.exec(`DROP TABLE IF EXISTS "${request.table}"`);
    created.delete(request.table);
    return null;
  }
  if (!created.has(request.table)) {
    db.exec(`CREATE TABLE "${request.table}" (k PRIMARY KEY NOT NULL, doc TEXT NOT NULL) WITHOUT ROWID`);
    created.add(request.table);
  }
  // The fastest plain insert there is from JavaScript: the page as one JSON array, split by SQLite (json_each).
  db.exec('BEGIN');
  db.exec({
    sql: `INSERT INTO "${request.table}" (k, doc) SELECT value ->> '$."${request.key}"', value FROM json_each(?)`,
    bind: [JSON.stringify(request.rows)],
  });
  db.exec('COMMIT');
  return request.rows.length;
}

scope.onmessage = (event) => {
  const request = event.data;
  answer(request).then(
    (value) => scope.postMessage({ id: request.id, ok: true, value }),
    (error: unknown) => scope.postMessage({ id: request.id, ok: false, message: String(error) }),
  );
};
