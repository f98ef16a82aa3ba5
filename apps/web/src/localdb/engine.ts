/**
 * The local copy's engine on SQLite: synchronous, over one open connection (the worker's, on OPFS; an in-memory one
 * under Node in tests), with the tables of schema.ts. Screens never write SQL: they call this small API through the
 * worker (client.ts), and it is the only place that does.
 *
 * - Writes: bulkPut (rows of one table), applyChanges (pages of the sync: rows put, tombstones — rows carrying
 *   data_exclusao — and keys deleted, tables cleared, all in one transaction). After a write commits, the subscribers
 *   of the tables it touched are told (subscribe), which is what a live query needs.
 * - Bulk load: beginLoad(tables) drops the tables' secondary indexes (and the searches' triggers), endLoad(tables)
 *   builds them again from the rows, once (the searches once neither product nor grid is loading). The tables being
 *   loaded are kept in _localdb_meta, so a load cut short (the tab closed) is finished when the database opens next.
 * - Reads: get, getMany, where (the key or a declared index only), all, count; searchVariations (FTS5: every word a
 *   prefix, accents folded; an exact barcode first), byBarcode (exact, with its grid and product rows), bySku.
 */
import type { Database, PreparedStatement, SqlValue } from '@sqlite.org/sqlite-wasm';
import type { LocalRow } from '../db/database.ts';
import {
  DOC,
  META_TABLE,
  SEARCH,
  VARIATION_FTS,
  addSearchColumnSql,
  createIndexesSql,
  createTableSql,
  createVariationFtsSql,
  createVariationTriggersSql,
  dropProductFtsSql,
  dropIndexesSql,
  dropVariationTriggersSql,
  migrateSql,
  quote,
  rebuildVariationFtsSql,
  searchColumn,
  tableDefs,
  variationFtsQuery,
  type TableDef,
} from './schema.ts';
import { isValidGtin } from '@pdv/domain/gtin';

export type { LocalRow };
export type Key = number | string;

/** What one table receives in a write. */
export interface TableChange {
  table: string;
  /** Emptied first (another owner's rows, a reset). */
  clear?: boolean;
  /** Rows to put; a row carrying data_exclusao is a tombstone: its key is deleted. */
  rows?: readonly LocalRow[];
  /**
   * Rows to put as the JSON text of an array of objects (a page of the sync as the server wrote it, read by SQLite
   * without a parse in JavaScript); tombstones as in `rows`.
   */
  rowsJson?: string;
  /** Keys to delete. */
  deleteKeys?: readonly Key[];
  /**
   * The rows are stored as they are, a data_exclusao included (the device's own operations moved from the Dexie copy:
   * never tombstones of the sync).
   */
  asIs?: boolean;
}

/** Values the engine keeps in its own table beside the copy (a key the engine uses itself is refused). */
export type MetaChanges = Readonly<Record<string, string | null>>;

/**
 * The database's page size (bytes). 64 KiB pages (SQLite's largest) made the bulk load of 20,000 products' catalogue
 * (270,000 rows, with their indexes and searches) in this machine's Chromium on OPFS 3.5 times as fast as 4 KiB
 * pages: far fewer calls into the file system and B-tree levels for rows that are JSON documents of hundreds of
 * bytes in WITHOUT ROWID tables (docs/decisions.md, "The first load on SQLite").
 */
export const PAGE_SIZE = 65536;
/** The page cache (KiB) in ordinary use. */
const CACHE_KIB = 32768;
/**
 * The page cache (KiB) while a bulk load runs: the index and search builds after it read the rows from memory. At
 * 100,000 products in this machine's Chromium they took 15.9 s with 128 MiB, 10.4 s with 256 MiB and 7.5 s with
 * 512 MiB. The worker's WebAssembly memory does not shrink after it (SQLite frees the pages to its own allocator), so
 * the tab keeps up to this much until it is reloaded: 256 MiB is the compromise.
 */
const BULK_CACHE_KIB = 262144;
/**
 * A worker whose WebAssembly memory grew past this during a bulk load asks to be restarted once the load is over
 * (LocalEngine.restartAdvised): a new worker starts small again, and the tab gives back up to BULK_CACHE_KIB. In this
 * machine's Chromium a worker that never bulk-loaded held 35 MiB after the point of sale's searches and scans at 20,000
 * products (checkout-search), and one that had just loaded them 87 MiB (sync-browser).
 */
export const RESTART_HEAP_BYTES = 64 * 1024 * 1024;
/** The tables the searches are built from: loading either drops the searches' triggers until both are loaded. */
const SEARCHED_TABLES: readonly string[] = ['product', 'grid'];

/** The engine's own keys in _localdb_meta. */
const RESERVED_META = new Set(['loading']);

/** What the engine's host (the worker) tells it of the SQLite build it runs on. */
export interface EngineHost {
  /** The WebAssembly memory's size, in bytes. */
  heapBytes?: () => number;
  /** Runs after the database is closed (the worker releases the VFS's file handles for the next worker). */
  onClose?: () => void;
}

export interface ChangeSummary {
  /** The tables written, in the order given. */
  tables: string[];
  put: number;
  deleted: number;
  /** The rows given as JSON text (TableChange.rowsJson), tombstones included; absent when none were. */
  received?: number;
}

/** A barcode found exactly, with the variation and product it names (null when the copy does not hold them). */
export interface BarcodeMatch {
  barcode: LocalRow;
  grid: LocalRow | null;
  product: LocalRow | null;
}

/**
 * A variation the point of sale's search found: its grid row (the branch's prices), its product, the first usable
 * barcode of the variation (live, a valid GTIN, lowest key; the one scanned when found by barcode) and its stock rows
 * (by id_produto_grade_filial, every address).
 */
export interface VariationMatch {
  grid: LocalRow;
  product: LocalRow;
  codigo_barras: string | null;
  stock: LocalRow[];
}

export interface VariationPage {
  rows: VariationMatch[];
  /** More variations match after this page. */
  more: boolean;
}

export type ChangeListener = (tables: readonly string[]) => void;

/** A table of the copy that the schema does not declare, or a field that is neither its key nor an index. */
export class UnknownTableError extends Error {
  override readonly name = 'UnknownTableError';
}

const isTombstone = (row: LocalRow): boolean => row['data_exclusao'] !== null && row['data_exclusao'] !== undefined;
/** Active and not deleted (situacao absent or 'Ativo'). */
const isLive = (row: LocalRow): boolean => !isTombstone(row) && (row['situacao'] === undefined || row['situacao'] === 'Ativo');

/** Live as the point of sale reads it (catalogChanges.ts isLive): data_exclusao falsy, situacao absent, null or 'Ativo'. */
const isShown = (row: LocalRow): boolean =>
  !row['data_exclusao'] && (row['situacao'] === undefined || row['situacao'] === null || row['situacao'] === 'Ativo');

function keyOf(row: LocalRow, def: TableDef): Key {
  const key = row[def.key];
  if (typeof key === 'string' || (typeof key === 'number' && Number.isFinite(key))) return key;
  throw new Error(`Linha de ${def.name} sem a chave ${def.key}.`);
}

function checkKey(key: unknown, def: TableDef): Key {
  if (typeof key === 'string' || (typeof key === 'number' && Number.isFinite(key))) return key;
  throw new Error(`Chave inválida para ${def.name}: ${String(key)}.`);
}

export class LocalEngine {
  private readonly defs = new Map<string, TableDef>();
  private readonly statements = new Map<string, PreparedStatement>();
  private readonly listeners = new Set<{ tables: ReadonlySet<string> | null; listener: ChangeListener }>();
  private depth = 0;
  private pending = new Set<string>();
  /** The bulk cache was used since the database opened (beginLoad, or a load cut short finished at opening). */
  private bulkUsed = false;
  private restartDue = false;

  constructor(
    private readonly db: Database,
    defs: readonly TableDef[] = tableDefs(),
    private readonly host: EngineHost = {},
  ) {
    for (const def of defs) this.defs.set(def.name, def);
    // page_size applies to a new database only (an existing one keeps its own); endLoad below sets the cache's size.
    db.exec(`PRAGMA foreign_keys = OFF; PRAGMA cache_size = -${CACHE_KIB}; PRAGMA temp_store = MEMORY; PRAGMA page_size = ${PAGE_SIZE}`);
    this.transaction(() => {
      db.exec(`CREATE TABLE IF NOT EXISTS ${quote(META_TABLE)} (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID`);
      const existing = new Set(db.selectValues(`SELECT name FROM sqlite_master`).map(String));
      // Tables whose search must be built from their rows at endLoad (converted, or searched by a new table).
      const rebuild = new Set<string>();
      for (const def of defs) {
        const generated = db.selectValues(`SELECT name FROM pragma_table_xinfo(?) WHERE hidden IN (2, 3)`, [def.name]).map(String);
        const migrate = migrateSql(def, generated);
        this.execAll(migrate);
        const columns = existing.has(def.name) ? db.selectValues(`SELECT name FROM pragma_table_xinfo(?)`, [def.name]).map(String) : [SEARCH];
        const add = addSearchColumnSql(def, columns);
        this.execAll(add);
        if (migrate.length > 0 || add.length > 0) rebuild.add(def.name);
        db.exec(createTableSql(def));
      }
      this.execAll(dropProductFtsSql());
      if (this.searchesVariations()) {
        if (!existing.has(VARIATION_FTS) && existing.has('grid')) rebuild.add('grid');
        db.exec(createVariationFtsSql());
      }
      if (rebuild.size > 0) {
        const loading = new Set([...this.loading(), ...rebuild]);
        this.run(`INSERT OR REPLACE INTO ${quote(META_TABLE)} (key, value) VALUES ('loading', ?)`, [JSON.stringify([...loading])]);
      }
    });
    // A load cut short is finished now; otherwise every index exists (a new table or index declared since).
    this.endLoad();
  }

  /** The copy has the tables of the point of sale's variation search. */
  private searchesVariations(): boolean {
    return this.defs.has('product') && this.defs.has('grid');
  }

  /** The tables of the copy. */
  tables(): string[] {
    return [...this.defs.keys()];
  }

  private def(table: string): TableDef {
    const def = this.defs.get(table);
    if (!def) throw new UnknownTableError(`A cópia local não tem a tabela ${table}.`);
    return def;
  }

  private statement(sql: string): PreparedStatement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  /** The first column of every row of a statement. */
  private column(sql: string, bind: readonly SqlValue[]): SqlValue[] {
    const stmt = this.statement(sql);
    const out: SqlValue[] = [];
    try {
      if (bind.length > 0) stmt.bind([...bind]);
      while (stmt.step()) out.push(stmt.get(0));
    } finally {
      stmt.reset(true);
    }
    return out;
  }

  /** Statements one after the other (the oo1 exec joins an array without separators). */
  private execAll(statements: readonly string[]): void {
    for (const sql of statements) this.db.exec(sql);
  }

  private docs(sql: string, bind: readonly SqlValue[]): LocalRow[] {
    return this.column(sql, bind).map((text) => JSON.parse(typeof text === 'string' ? text : '{}') as LocalRow);
  }

  private run(sql: string, bind: readonly SqlValue[]): number {
    const stmt = this.statement(sql);
    try {
      if (bind.length > 0) stmt.bind([...bind]);
      stmt.step();
    } finally {
      stmt.reset(true);
    }
    return this.db.changes();
  }

  /**
   * Runs `fn` in one transaction (nested calls join the outer one) and, once it commits, tells the subscribers of the
   * tables written. A throw rolls everything back and tells no one.
   */
  transaction<T>(fn: () => T): T {
    if (this.depth > 0) {
      this.depth += 1;
      try {
        return fn();
      } finally {
        this.depth -= 1;
      }
    }
    this.db.exec('BEGIN IMMEDIATE');
    this.depth = 1;
    let result: T;
    try {
      result = fn();
      this.db.exec('COMMIT');
    } catch (error) {
      this.pending = new Set();
      try {
        this.db.exec('ROLLBACK');
      } catch (rollbackError) {
        console.error('Falha ao desfazer a transação da cópia local', rollbackError);
      }
      throw error;
    } finally {
      this.depth = 0;
    }
    const changed = [...this.pending];
    this.pending = new Set();
    if (changed.length > 0) this.notify(changed);
    return result;
  }

  private notify(changed: readonly string[]): void {
    for (const { tables, listener } of [...this.listeners]) {
      const touched = tables === null ? changed : changed.filter((table) => tables.has(table));
      if (touched.length === 0) continue;
      try {
        listener(touched);
      } catch (error) {
        console.error('Falha num assinante da cópia local', error);
      }
    }
  }

  /** Calls `listener` after each committed write to one of `tables` (every table when null). Returns the unsubscribe. */
  subscribe(tables: readonly string[] | null, listener: ChangeListener): () => void {
    if (tables) for (const table of tables) this.def(table);
    const entry = { tables: tables ? new Set(tables) : null, listener };
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  // ---- writes ----

  /**
   * Puts the live rows (insertJson) and deletes the tombstones' keys.
   */
  private putRows(def: TableDef, rows: readonly LocalRow[], asIs = false): { put: number; deleted: number } {
    const live: LocalRow[] = [];
    const gone: Key[] = [];
    for (const row of rows) {
      const key = keyOf(row, def);
      if (!asIs && isTombstone(row)) gone.push(key);
      else live.push(row);
    }
    const deleted = gone.length === 0 ? 0 : this.deleteKeys(def, gone);
    if (live.length > 0) this.insertJson(def, JSON.stringify(live));
    return { put: live.length, deleted };
  }

  /**
   * putRows for rows given as the JSON text of an array. One statement parses the page once, into JSONB, and puts
   * every element that is not a tombstone; an element that is not an object with a valid key gets a NULL key, which
   * the key's NOT NULL refuses, so the page is refused whole. The elements are then counted (json_array_length); only
   * when some were not put, the tombstones, is the text read again for their keys, checked and deleted (the first
   * loads' pages have none). In this machine's Node (in memory, best of 5 runs of 8 pages of 5,000 rows in bulk mode)
   * products took 458 ms instead of 505 through a page table (filled, checked, then put from), variations 321 instead
   * of 351, stock 162 instead of 222; in Chromium on OPFS the difference was within the noise of the commit's writes.
   */
  private putRowsJson(def: TableDef, json: string): { put: number; deleted: number; received: number } {
    const key = `'$."${def.key}"'`;
    const validKey = (j: string) => `coalesce(json_type(${j}, ${key}), '') IN ('integer', 'real', 'text')`;
    const gone = `CASE WHEN type = 'object' THEN coalesce(json_type(value, '$.data_exclusao'), 'null') <> 'null' ELSE false END`;
    const refused = () => new Error(`Linha de ${def.name} sem a chave ${def.key}.`);
    let put: number;
    try {
      put = this.insertRows(
        def,
        // jsonb_each gives an object as JSONB and a string as its SQL text: no JSON function reads an element that is
        // not an object (CASE decides before its branch is evaluated).
        `(SELECT CASE WHEN type = 'object' THEN value END AS j FROM jsonb_each(jsonb(?)) WHERE NOT ${gone})`,
        [json],
        `iif(${validKey('j')}, j ->> ${key}, NULL)`,
      );
    } catch (error) {
      if (error instanceof Error && error.message.includes('NOT NULL constraint failed')) throw refused();
      throw error;
    }
    const received = Number(this.column('SELECT json_array_length(?)', [json])[0] ?? 0);
    if (received === put) return { put, deleted: 0, received };
    const tombstones = `FROM json_each(?) WHERE ${gone}`;
    if (Number(this.column(`SELECT count(*) ${tombstones} AND NOT ${validKey('value')}`, [json])[0] ?? 0) > 0) throw refused();
    const deleted = this.run(`DELETE FROM ${quote(def.name)} WHERE ${quote(def.key)} IN (SELECT value ->> ${key} ${tombstones})`, [json]);
    return { put, deleted, received };
  }

  /** Puts the rows of a JSON array (every element an object with a valid key; tombstones already set apart). */
  private insertJson(def: TableDef, json: string): void {
    // The page is parsed once, into JSONB (jsonb(?)); each row is kept as that JSONB and its fields read from it: in
    // this machine's Node about a third less work than splitting the text (json_each) and parsing each row again.
    this.insertRows(def, '(SELECT value AS j FROM jsonb_each(jsonb(?)))', [json]);
  }

  /**
   * Puts rows read from `source`, a subquery giving each row's JSONB (j), with `bind` for it; the key is read from j
   * unless `keyValue` gives its expression. The row is stored as that JSONB (DOC; read back through json()): rendering
   * it as text again was a third of the statement's time in this machine's Node, and the JSONB is about 15% smaller.
   * The rows go to SQLite as one JSON array per statement, not one bind per row: crossing into WebAssembly once per
   * page is what makes a bulk load fast. The indexed fields are read from each row's JSONB in the same statement and
   * written beside it (plain columns). Answers how many rows were put.
   */
  private insertRows(def: TableDef, source: string, bind: readonly SqlValue[], keyValue?: string): number {
    const search = searchColumn(def);
    const columns = [def.key, DOC, ...def.indexes, ...(search ? [SEARCH] : [])].map(quote);
    const values = [keyValue ?? `j ->> '$."${def.key}"'`, 'j', ...def.indexes.map((name) => `j ->> '$."${name}"'`)];
    if (search) values.push(search('j'));
    return this.run(
      `INSERT INTO ${quote(def.name)} (${columns.join(', ')}) SELECT ${values.join(', ')} FROM ${source} WHERE true ` +
        `ON CONFLICT (${quote(def.key)}) DO UPDATE SET ${columns.slice(1).map((c) => `${c} = excluded.${c}`).join(', ')}`,
      bind,
    );
  }

  private deleteKeys(def: TableDef, keys: readonly Key[]): number {
    return this.run(`DELETE FROM ${quote(def.name)} WHERE ${quote(def.key)} IN (SELECT value FROM json_each(?))`, [JSON.stringify(keys)]);
  }

  /** Puts rows into one table (tombstones delete), in one transaction. Returns how many rows were put. */
  bulkPut(table: string, rows: readonly LocalRow[]): number {
    return this.applyChanges([{ table, rows }]).put;
  }

  /**
   * Applies the changes of several tables in one transaction; the subscribers hear of it after the commit. `meta`
   * values (null deletes) are written in the same transaction (the move of the Dexie copy marks itself done with its
   * last write).
   */
  applyChanges(changes: readonly TableChange[], meta?: MetaChanges): ChangeSummary {
    const defs = changes.map((change) => this.def(change.table));
    if (meta) for (const key of Object.keys(meta)) this.checkMetaKey(key);
    return this.transaction(() => {
      if (meta) for (const [key, value] of Object.entries(meta)) this.writeMeta(key, value);
      const summary: ChangeSummary = { tables: [], put: 0, deleted: 0 };
      changes.forEach((change, i) => {
        const def = defs[i] as TableDef;
        if (change.clear) this.db.exec(`DELETE FROM ${quote(def.name)}`);
        const keys = (change.deleteKeys ?? []).map((key) => checkKey(key, def));
        if (keys.length > 0) summary.deleted += this.deleteKeys(def, keys);
        const written = this.putRows(def, change.rows ?? [], change.asIs);
        summary.put += written.put;
        summary.deleted += written.deleted;
        if (change.rowsJson !== undefined) {
          const text = this.putRowsJson(def, change.rowsJson);
          summary.put += text.put;
          summary.deleted += text.deleted;
          summary.received = (summary.received ?? 0) + text.received;
        }
        if (!summary.tables.includes(def.name)) summary.tables.push(def.name);
        this.pending.add(def.name);
      });
      return summary;
    });
  }

  private checkMetaKey(key: string): void {
    if (RESERVED_META.has(key) || key === '') throw new Error(`Chave reservada da cópia local: ${key}.`);
  }

  private writeMeta(key: string, value: string | null): void {
    if (value === null) this.run(`DELETE FROM ${quote(META_TABLE)} WHERE key = ?`, [key]);
    else this.run(`INSERT OR REPLACE INTO ${quote(META_TABLE)} (key, value) VALUES (?, ?)`, [key, value]);
  }

  /** A value kept beside the copy (setMeta), null when absent. */
  meta(key: string): string | null {
    this.checkMetaKey(key);
    const [value] = this.column(`SELECT value FROM ${quote(META_TABLE)} WHERE key = ?`, [key]);
    return typeof value === 'string' ? value : null;
  }

  /** Keeps a value beside the copy (null deletes it), in its own transaction. Tells no subscriber. */
  setMeta(key: string, value: string | null): void {
    this.checkMetaKey(key);
    this.transaction(() => this.writeMeta(key, value));
  }

  private loading(): string[] {
    const [value] = this.column(`SELECT value FROM ${quote(META_TABLE)} WHERE key = 'loading'`, []);
    return typeof value === 'string' ? (JSON.parse(value) as string[]) : [];
  }

  /**
   * Starts a bulk load of `tables`: their secondary indexes are dropped (and the searches' triggers, when product or
   * grid is among them), so that the rows go in at the speed of the table alone, and the page cache grows to
   * BULK_CACHE_KIB for the load and the index builds after it. endLoad builds them again. Calling it again for a table
   * already loading changes nothing.
   */
  beginLoad(tables: readonly string[]): void {
    const defs = tables.map((table) => this.def(table));
    this.transaction(() => {
      const loading = new Set([...this.loading(), ...tables]);
      this.run(`INSERT OR REPLACE INTO ${quote(META_TABLE)} (key, value) VALUES ('loading', ?)`, [JSON.stringify([...loading])]);
      for (const def of defs) this.execAll(dropIndexesSql(def));
      if (tables.some((table) => SEARCHED_TABLES.includes(table))) {
        if (this.searchesVariations()) this.execAll(dropVariationTriggersSql());
      }
    });
    this.db.exec(`PRAGMA cache_size = -${BULK_CACHE_KIB}`);
    this.bulkUsed = true;
  }

  /**
   * Ends the bulk load of `tables` (of every table loading when not given, as when the database opens after a load
   * cut short): their indexes are built from the rows. The searches are built again once neither product nor grid is
   * loading any more, if either was. When no table is left loading, the page cache goes back to its size and SQLite
   * gives back the memory it no longer needs. The tables are kept loading in _localdb_meta until then, so a load cut
   * short is finished when the database opens next.
   */
  endLoad(tables?: readonly string[]): void {
    if (tables) for (const table of tables) this.def(table);
    // The builds read every row of the tables: with the bulk cache (already set when beginLoad ran in this session;
    // not when the database opens on a load cut short).
    if (this.loading().length > 0) {
      this.db.exec(`PRAGMA cache_size = -${BULK_CACHE_KIB}`);
      this.bulkUsed = true;
    }
    const remaining = this.transaction(() => {
      const loading = this.loading();
      const finishing = tables ? loading.filter((table) => tables.includes(table)) : loading;
      const left = loading.filter((table) => !finishing.includes(table));
      // Without tables (opening): every index, in case one was declared since the database was made.
      const defs = tables ? finishing.map((table) => this.def(table)) : [...this.defs.values()];
      for (const def of defs) this.execAll(createIndexesSql(def));
      if (!left.some((table) => SEARCHED_TABLES.includes(table))) {
        const searched = finishing.some((table) => SEARCHED_TABLES.includes(table));
        if (this.searchesVariations()) {
          this.execAll(createVariationTriggersSql());
          if (searched) this.execAll(rebuildVariationFtsSql());
        }
      }
      if (left.length > 0) {
        this.run(`INSERT OR REPLACE INTO ${quote(META_TABLE)} (key, value) VALUES ('loading', ?)`, [JSON.stringify(left)]);
      } else {
        this.run(`DELETE FROM ${quote(META_TABLE)} WHERE key = 'loading'`, []);
      }
      return left;
    });
    if (remaining.length === 0) {
      this.db.exec(`PRAGMA cache_size = -${CACHE_KIB}; PRAGMA shrink_memory`);
      if (this.bulkUsed && (this.host.heapBytes?.() ?? 0) > RESTART_HEAP_BYTES) this.restartDue = true;
      this.bulkUsed = false;
    }
  }

  /**
   * Whether the worker should be restarted now that a bulk load is over (asked once): its WebAssembly memory grew
   * past RESTART_HEAP_BYTES for the load's cache and never shrinks, while a new worker opening the same file starts
   * small.
   */
  restartAdvised(): boolean {
    const due = this.restartDue;
    this.restartDue = false;
    return due;
  }

  /** The WebAssembly memory's size in bytes (null where the host does not tell it). */
  heapBytes(): number | null {
    return this.host.heapBytes?.() ?? null;
  }

  // ---- reads ----

  get(table: string, key: Key): LocalRow | undefined {
    const def = this.def(table);
    return this.docs(`SELECT json(${quote(DOC)}) FROM ${quote(def.name)} WHERE ${quote(def.key)} = ?`, [checkKey(key, def)])[0];
  }

  getMany(table: string, keys: readonly Key[]): Array<LocalRow | undefined> {
    return keys.map((key) => this.get(table, key));
  }

  /** The rows whose `field` (the key or a declared index) equals `value`, in key order. */
  where(table: string, field: string, value: Key, limit = -1): LocalRow[] {
    const def = this.def(table);
    if (field !== def.key && !def.indexes.includes(field)) {
      throw new UnknownTableError(`${table}.${field} não é chave nem índice da cópia local.`);
    }
    return this.docs(
      `SELECT json(${quote(DOC)}) FROM ${quote(def.name)} WHERE ${quote(field)} = ? ORDER BY ${quote(def.key)} LIMIT ?`,
      [value, limit],
    );
  }

  /** Every row of a table in key order (`limit` of them when given). */
  all(table: string, limit = -1): LocalRow[] {
    const def = this.def(table);
    return this.docs(`SELECT json(${quote(DOC)}) FROM ${quote(def.name)} ORDER BY ${quote(def.key)} LIMIT ?`, [limit]);
  }

  count(table: string): number {
    const def = this.def(table);
    return Number(this.column(`SELECT count(*) FROM ${quote(def.name)}`, [])[0] ?? 0);
  }

  /** The barcode row with exactly this code (live), with its variation and product; null when none. */
  byBarcode(code: string): BarcodeMatch | null {
    const barcode = this.where('barcode', 'codigo', code).find(isLive);
    if (!barcode) return null;
    const idGrade = barcode['id_produto_grade'];
    const grid = typeof idGrade === 'number' || typeof idGrade === 'string' ? (this.get('grid', idGrade) ?? null) : null;
    const idProduto = grid?.['id_produto'] ?? barcode['id_produto'];
    const product = typeof idProduto === 'number' || typeof idProduto === 'string' ? (this.get('product', idProduto) ?? null) : null;
    return { barcode, grid, product };
  }

  /** The live products whose SKU, or one of whose variations' SKU, is exactly `sku`. */
  bySku(sku: string): LocalRow[] {
    const products = this.where('product', 'sku', sku).filter(isLive);
    for (const grid of this.where('grid', 'sku', sku).filter(isLive)) {
      const id = grid['id_produto'];
      if (typeof id !== 'number' && typeof id !== 'string') continue;
      if (products.some((p) => p['id_produto'] === id)) continue;
      const product = this.get('product', id);
      if (product && isLive(product)) products.push(product);
    }
    return products;
  }

  /**
   * The point of sale's search, per variation (what search/productIndex.ts answers from memory, with catalog.ts's
   * barcode first): a valid GTIN of 8 to 14 digits that is the code of a live barcode row (the lowest key) whose
   * variation and product are live is that variation alone; otherwise the live variations of live products whose
   * product words (description, SKU) and own words (name unless default, SKU) hold every typed word as the beginning
   * of a word (accents and case folded, anything but a-z and 0-9 separating words), in id_produto_grade order,
   * `limit` of them after `offset`.
   */
  searchVariations(text: string, offset = 0, limit = 25): VariationPage {
    const typed = text.trim();
    if (typed === '') return { rows: [], more: false };
    if (/^\d{8,14}$/.test(typed) && isValidGtin(typed)) {
      const barcode = this.where('barcode', 'codigo', typed).find(isShown);
      const idGrade = barcode?.['id_produto_grade'];
      const found = typeof idGrade === 'number' ? this.variations([idGrade], typed) : [];
      if (found.length > 0) return { rows: found, more: false };
    }
    const match = variationFtsQuery(typed);
    if (match === null || limit <= 0) return { rows: [], more: false };
    const keys = this.column(
      `SELECT rowid FROM ${quote(VARIATION_FTS)} WHERE ${quote(VARIATION_FTS)} MATCH ? ORDER BY rowid LIMIT ? OFFSET ?`,
      [match, limit + 1, Math.max(0, offset)],
    );
    const rows = this.variations(keys.slice(0, limit).filter((key): key is number => typeof key === 'number'), null);
    return { rows, more: keys.length > limit };
  }

  /**
   * The variations the point of sale shows (live, with a branch row, of a live product: their search words are not
   * null) among `ids`, in id_produto_grade order, read in one statement: grid, product, the live barcodes' codes of the
   * variation (key order; the first valid GTIN is shown, or `scanned`) and its stock rows (key order).
   */
  private variations(ids: readonly number[], scanned: string | null): VariationMatch[] {
    if (ids.length === 0) return [];
    const stmt = this.statement(
      `SELECT json(g.${quote(DOC)}), json(p.${quote(DOC)}), ` +
        `(SELECT json_group_array(c) FROM (SELECT b.${quote(DOC)} ->> '$.codigo' AS c FROM "barcode" AS b ` +
        `WHERE b."id_produto_grade" = g."id_produto_grade" AND json_type(b.${quote(DOC)}, '$.codigo') = 'text' ` +
        `AND coalesce(b.${quote(DOC)} ->> '$.data_exclusao', 0) IN (0, '') AND coalesce(b.${quote(DOC)} ->> '$.situacao', 'Ativo') = 'Ativo' ` +
        `ORDER BY b."id_produto_codigo_barra")), ` +
        `(SELECT json_group_array(json(d)) FROM (SELECT s.${quote(DOC)} AS d FROM "stock" AS s ` +
        `WHERE s."id_produto_grade_filial" = g."id_produto_grade_filial" ORDER BY s."id_estoque")) ` +
        `FROM json_each(?) AS k JOIN "grid" AS g ON g."id_produto_grade" = k.value JOIN "product" AS p ON p."id_produto" = g."id_produto" ` +
        `WHERE g.${quote(SEARCH)} IS NOT NULL AND p.${quote(SEARCH)} IS NOT NULL ORDER BY g."id_produto_grade"`,
    );
    const found: VariationMatch[] = [];
    const json = (i: number): unknown => {
      const value = stmt.get(i);
      return JSON.parse(typeof value === 'string' ? value : 'null');
    };
    try {
      stmt.bind([JSON.stringify(ids)]);
      while (stmt.step()) {
        const codes = (json(2) ?? []) as unknown[];
        const usable = codes.find((code): code is string => typeof code === 'string' && isValidGtin(code));
        found.push({
          grid: json(0) as LocalRow,
          product: json(1) as LocalRow,
          codigo_barras: scanned ?? usable ?? null,
          stock: (json(3) ?? []) as LocalRow[],
        });
      }
    } finally {
      stmt.reset(true);
    }
    return found;
  }

  close(): void {
    for (const stmt of this.statements.values()) stmt.finalize();
    this.statements.clear();
    this.listeners.clear();
    this.db.close();
    this.host.onClose?.();
  }
}
