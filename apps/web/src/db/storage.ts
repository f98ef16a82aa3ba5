/**
 * Browser storage: ask that the local copy is never evicted (navigator.storage.persist), and recognise a full disk
 * (QuotaExceededError, raw or wrapped by Dexie) so that it is shown to the user, never swallowed.
 */

export const QUOTA_MESSAGE =
  'O armazenamento do navegador está cheio: não foi possível gravar a cópia local dos dados. ' +
  'Libere espaço no dispositivo (ou apague dados de outros sites neste navegador) e recarregue a página.';

/** Asks the browser to keep the local copy under storage pressure. Resolves with whether it is persistent. */
export async function requestPersistentStorage(
  storage: StorageManager | undefined = globalThis.navigator?.storage,
): Promise<boolean> {
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted()) return true;
    return await storage.persist();
  } catch (error) {
    console.warn('Não foi possível pedir armazenamento persistente', error);
    return false;
  }
}

function nameOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const name = (value as { name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
}

/** A write refused because the origin's storage quota is used up (Dexie.QuotaExceededError or the DOMException). */
export function isQuotaError(error: unknown): boolean {
  let current: unknown = error;
  // Dexie wraps the native error in `inner`; a bulk error keeps the failures in `failures`.
  for (let depth = 0; depth < 5 && current; depth += 1) {
    // LocalDbQuotaError: the SQLite copy's worker said its disk is full (localdb/support.ts).
    if (nameOf(current) === 'QuotaExceededError' || nameOf(current) === 'LocalDbQuotaError') return true;
    if (current instanceof DOMException && current.code === 22) return true;
    const failures = (current as { failures?: unknown }).failures;
    if (Array.isArray(failures) && failures.some(isQuotaError)) return true;
    current = (current as { inner?: unknown }).inner;
  }
  return false;
}
