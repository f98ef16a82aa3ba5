/**
 * The local copy's dedicated worker: SQLite (the official WebAssembly build) on the origin private file system
 * through the opfs-sahpool VFS, which needs OPFS synchronous access handles (dedicated workers only) and no
 * cross-origin isolation. Without them the page is told 'Navegador não suportado para o modo offline.'.
 * Messages: protocol.ts; answers: host.ts.
 */
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { LocalEngine } from './engine.ts';
import { serve } from './host.ts';
import { PROCEDURES } from './procedures.ts';
import type { OpenOptions } from './protocol.ts';
import { LocalDbUnsupportedError, hasOpfsAccessHandles } from './support.ts';

/** Pool files: the database and its journal, plus room for temporary files. */
const POOL_CAPACITY = 6;

async function openOpfsEngine(options: OpenOptions): Promise<LocalEngine> {
  if (!hasOpfsAccessHandles()) throw new LocalDbUnsupportedError('sem FileSystemSyncAccessHandle neste navegador');
  const sqlite3 = await sqlite3InitModule();
  let pool;
  try {
    pool = await sqlite3.installOpfsSAHPoolVfs({
      name: 'pdv-sahpool',
      directory: options.directory ?? '.pdv-sahpool',
      initialCapacity: POOL_CAPACITY,
      clearOnInit: options.clearOnInit ?? false,
    });
  } catch (error) {
    // Another context holds the pool's access handles, or the browser refuses them: reported as it is.
    throw new Error(`Não foi possível abrir a cópia local no armazenamento do navegador: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  await pool.reserveMinimumCapacity(POOL_CAPACITY);
  const db = new pool.OpfsSAHPoolDb(options.file ?? '/pdv.sqlite3');
  return new LocalEngine(db, undefined, {
    heapBytes: () => sqlite3.wasm.heap8u().byteLength,
    // Closed for a restart (tabs.ts): the next worker gets the files' access handles at once.
    onClose: () => void pool.pauseVfs(),
  });
}

serve(self, openOpfsEngine, PROCEDURES);
