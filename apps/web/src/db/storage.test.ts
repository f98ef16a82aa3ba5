import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { isQuotaError, requestPersistentStorage } from './storage.ts';

describe('isQuotaError', () => {
  it('recognises a full storage however Dexie wraps it', () => {
    const native = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(isQuotaError(native)).toBe(true);
    expect(isQuotaError(new Dexie.QuotaExceededError('cheio'))).toBe(true);
    expect(isQuotaError(new Dexie.AbortError('Transaction aborted', native))).toBe(true);
    expect(isQuotaError(new Dexie.BulkError('1 of 2 failed', [native]))).toBe(true);
  });

  it('does not mistake other failures for a full storage', () => {
    expect(isQuotaError(new Dexie.ConstraintError('duplicada'))).toBe(false);
    expect(isQuotaError(new Error('Erro 503'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});

describe('requestPersistentStorage', () => {
  it('asks for persistence once the storage is not yet persistent', async () => {
    let asked = 0;
    const storage = {
      persisted: () => Promise.resolve(false),
      persist: () => {
        asked += 1;
        return Promise.resolve(true);
      },
    } as unknown as StorageManager;
    expect(await requestPersistentStorage(storage)).toBe(true);
    expect(asked).toBe(1);
    expect(await requestPersistentStorage(undefined)).toBe(false);
  });
});
