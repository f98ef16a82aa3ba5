/**
 * Whether this browser can keep the local copy in SQLite on OPFS (the opfs-sahpool VFS needs the origin private file
 * system and synchronous access handles, which exist only in dedicated workers), and the messages shown when it
 * cannot or when the disk is full.
 */
export { QUOTA_MESSAGE } from '../db/storage.ts';

/** The text (21): without OPFS access handles there is no offline mode; the app stays online. */
export const OPFS_UNSUPPORTED_MESSAGE = 'Navegador não suportado para o modo offline.';

/** The browser has no OPFS access handles: the online mode only. */
export class LocalDbUnsupportedError extends Error {
  override readonly name = 'LocalDbUnsupportedError';
  constructor(detail?: string) {
    super(OPFS_UNSUPPORTED_MESSAGE);
    if (detail) this.cause = detail;
  }
}

/** The origin's storage is full: the copy could not be written. */
export class LocalDbQuotaError extends Error {
  override readonly name = 'LocalDbQuotaError';
}

/** A failure of the local copy's worker, with the worker's error name kept. */
export class LocalDbError extends Error {
  constructor(
    message: string,
    readonly workerName: string,
  ) {
    super(message);
    this.name = 'LocalDbError';
  }
}

interface OpfsScope {
  FileSystemSyncAccessHandle?: unknown;
  FileSystemFileHandle?: { prototype?: { createSyncAccessHandle?: unknown } };
  navigator?: { storage?: { getDirectory?: unknown } };
}

/** In the worker: the origin private file system and its synchronous access handles are there. */
export function hasOpfsAccessHandles(scope: OpfsScope = globalThis as OpfsScope): boolean {
  return (
    typeof scope.navigator?.storage?.getDirectory === 'function' &&
    typeof scope.FileSystemSyncAccessHandle === 'function' &&
    typeof scope.FileSystemFileHandle?.prototype?.createSyncAccessHandle === 'function'
  );
}
