/**
 * The local copy: Dexie database 'pdv', version 40 (000 §3.1) and the stores of synced registers after it (schema.ts). Rows keep the server's field names; a synced row is
 * stored as the server sent it. One instance per page, opened on first use.
 */
import { Dexie, type DexieOptions, type Table } from 'dexie';
import { DATABASE_VERSION, SCHEMA_VERSIONS } from './schema.ts';
import type { LocalCopy } from './localCopy.ts';

export const DATABASE_NAME = 'pdv';

/** A row of the local copy, as the server sent it. */
export type LocalRow = Record<string, unknown>;

/** The position and state of one table's change stream (000 §7.2: table, date_change, offset, loading, is_loaded). */
export interface UpdaterRow {
  /** The local table. */
  table: string;
  /** The commit-order mark of the last row received; '' before the first page. */
  date_change: string;
  /** The id of the last row received inside date_change. */
  offset: number;
  /** 1 while pages are being fetched. */
  loading: 0 | 1;
  /** 1 once the table has been read to its end at least once. */
  is_loaded: 0 | 1;
  /** When the table was last read to its end (ms since the epoch). */
  synced_at?: number;
  /** Rows received in the current (or last) run. */
  received?: number;
  /** Whose data the table holds (organization, and branch or user for scoped tables); another owner reloads it. */
  owner?: string;
}

export class PdvDatabase extends Dexie {
  declare updater: Table<UpdaterRow, string>;

  /** `upTo` declares the schema only up to that version (tests open a database as an older release wrote it). */
  constructor(name = DATABASE_NAME, options?: DexieOptions, upTo = DATABASE_VERSION) {
    super(name, options);
    for (const step of SCHEMA_VERSIONS) {
      if (step.version > upTo) break;
      const declared = this.version(step.version).stores(step.stores);
      if (step.upgrade) declared.upgrade(step.upgrade);
    }
  }

  /** A store of the local copy by name. */
  rows(name: string): Table<LocalRow, unknown> {
    return this.table(name);
  }

  hasStore(name: string): boolean {
    return this.tables.some((t) => t.name === name);
  }
}

let instance: PdvDatabase | null = null;
let current: LocalCopy | null = null;

/** The page's local copy: the SQLite copy once start-up chose it (setLocalCopy), else the Dexie database. */
export function localDb(): LocalCopy {
  return current ?? dexieDb();
}

/** The page's Dexie database (the copy of earlier releases: what start-up moves to SQLite). */
export function dexieDb(): PdvDatabase {
  instance ??= new PdvDatabase();
  return instance;
}

/** Makes `copy` the page's local copy (start-up, main.tsx). */
export function setLocalCopy(copy: LocalCopy | null): void {
  current = copy;
}

/**
 * The operations made on this device (drafts and sales not yet sent, their lines, payments, volumes, references and
 * services): the only copy of a sale until the outbox has sent it, so nothing that drops local data touches them.
 */
export const DEVICE_TABLES: readonly string[] = [
  'operation',
  'item',
  'payment',
  'volume',
  'invoice_reference',
  'operation_service',
];

/**
 * Drops the local copy of the server's data (a version mismatch), in one transaction: every store but the device's
 * own operations, which would otherwise be lost sales. The sync then reloads the copy from the start.
 */
export async function dropLocalCopy(db: PdvDatabase = dexieDb()): Promise<void> {
  const stores = db.tables.filter((table) => !DEVICE_TABLES.includes(table.name));
  await db.transaction('rw', stores, async () => {
    for (const table of stores) await table.clear();
  });
}
