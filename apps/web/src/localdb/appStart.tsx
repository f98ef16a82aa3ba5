/**
 * The page's start-up of the local copy (main.tsx): the SQLite copy in its worker (startup.ts: the owner tab moves a
 * Dexie copy of an earlier release, other tabs wait for it), shown as a progress line until ready. A browser without
 * OPFS access handles, or a copy that cannot be prepared, keeps the Dexie copy (IndexedDB) and says so once: the app
 * keeps working there, offline included.
 */
import { setLocalCopy, localDb } from '../db/database.ts';
import { ClientCopy } from '../db/localCopy.ts';
import { progressLabel, startBrowserLocalCopy, type StartResult } from './startup.ts';

/** What the app's tests read of the copy in the page (e2e/support.ts): rows by table, whichever store holds them. */
export interface LocalCopyProbe {
  store: 'sqlite' | 'dexie';
  rows(table: string): Promise<Record<string, unknown>[]>;
  where(table: string, field: string, value: string | number): Promise<Record<string, unknown>[]>;
  tables(): Promise<string[]>;
  /** Writes rows as they are (benches seed a large catalogue through it). */
  bulkPut(table: string, rows: Record<string, unknown>[]): Promise<void>;
  /** The SQLite worker's WebAssembly memory in bytes (null for the IndexedDB copy). */
  heapBytes(): Promise<number | null>;
}

declare global {
   
  var __pdvLocalCopy: LocalCopyProbe | undefined;
}

/** Which store: 'dexie' in localStorage key pdv_local_copy keeps the IndexedDB copy (support's way back). */
export const STORE_CHOICE_KEY = 'pdv_local_copy';

export interface AppStart {
  /** The store in use. */
  store: 'sqlite' | 'dexie';
  /** A message for the user when the SQLite copy could not be used. */
  notice: string | null;
}

function installProbe(store: 'sqlite' | 'dexie'): void {
  globalThis.__pdvLocalCopy = {
    store,
    rows: async (table) => (localDb().hasStore(table) ? localDb().rows(table).toArray() : []),
    where: async (table, field, value) => (localDb().hasStore(table) ? localDb().rows(table).where(field).equals(value).toArray() : []),
    bulkPut: async (table, rows) => {
      await localDb().rows(table).bulkPut(rows);
    },
    heapBytes: async () => {
      const copy = localDb();
      return copy instanceof ClientCopy ? copy.client.heapBytes() : null;
    },
    tables: () => {
      const copy = localDb();
      return Promise.resolve(copy instanceof ClientCopy ? copy.tableNames() : (copy as unknown as { tables: { name: string }[] }).tables.map((t) => t.name));
    },
  };
}

/** Starts the copy; `onProgress` gets the line to show meanwhile. */
export async function startAppLocalCopy(onProgress: (label: string) => void): Promise<AppStart> {
  const chosen = globalThis.localStorage?.getItem(STORE_CHOICE_KEY);
  if (chosen === 'dexie') {
    installProbe('dexie');
    return { store: 'dexie', notice: null };
  }
  let result: StartResult;
  try {
    result = await startBrowserLocalCopy({ onProgress: (progress) => onProgress(progressLabel(progress)) });
  } catch (error) {
    console.error('A cópia local não pôde ser iniciada', error);
    installProbe('dexie');
    return { store: 'dexie', notice: null };
  }
  if (result.mode === 'local') {
    setLocalCopy(new ClientCopy(result.client));
    installProbe('sqlite');
    return { store: 'sqlite', notice: null };
  }
  installProbe('dexie');
  return { store: 'dexie', notice: result.message };
}
