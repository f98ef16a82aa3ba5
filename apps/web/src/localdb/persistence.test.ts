import { describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage } from '../db/storage.ts';
import { PERSIST_META, persistOnce, storedPersistence } from './persistence.ts';
import { openMemoryEngine } from './testing.ts';

/** navigator.storage as the test wants it to answer. */
function storage(answer: boolean | Error, alreadyPersisted = false) {
  const calls = { persisted: 0, persist: 0 };
  const manager = {
    persisted: () => {
      calls.persisted += 1;
      return Promise.resolve(alreadyPersisted);
    },
    persist: () => {
      calls.persist += 1;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  } as unknown as StorageManager;
  return { manager, calls };
}

describe('persistent storage, asked once when the copy is created', () => {
  it('asks when the copy has no answer, stores it, and never asks again', async () => {
    const engine = await openMemoryEngine();
    const { manager, calls } = storage(true);
    expect(await storedPersistence(engine)).toBeNull();
    const first = await persistOnce(engine, () => requestPersistentStorage(manager), () => new Date('2026-11-29T09:00:00Z'));
    expect(first).toEqual({ persisted: true, askedAt: '2026-11-29T09:00:00.000Z' });
    expect(calls.persist).toBe(1);
    expect(await persistOnce(engine, () => requestPersistentStorage(manager))).toEqual(first);
    expect(calls.persist).toBe(1);
    expect(await storedPersistence(engine)).toEqual(first);
  });

  it('stores a refusal, and a failure of the browser as a refusal, without asking again', async () => {
    const refused = await openMemoryEngine();
    expect((await persistOnce(refused, () => requestPersistentStorage(storage(false).manager))).persisted).toBe(false);
    const ask = vi.fn(() => Promise.resolve(true));
    expect((await persistOnce(refused, ask)).persisted).toBe(false);
    expect(ask).not.toHaveBeenCalled();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failed = await openMemoryEngine();
    expect((await persistOnce(failed, () => requestPersistentStorage(storage(new Error('SecurityError')).manager))).persisted).toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    const none = await openMemoryEngine();
    expect((await persistOnce(none, () => requestPersistentStorage(undefined))).persisted).toBe(false);
  });

  it('does not ask a browser that already keeps the origin persistent', async () => {
    const engine = await openMemoryEngine();
    const { manager, calls } = storage(false, true);
    expect((await persistOnce(engine, () => requestPersistentStorage(manager))).persisted).toBe(true);
    expect(calls.persist).toBe(0);
  });

  it('asks again when the stored value cannot be read', async () => {
    const engine = await openMemoryEngine();
    engine.setMeta(PERSIST_META, 'not json');
    const ask = vi.fn(() => Promise.resolve(true));
    expect((await persistOnce(engine, ask)).persisted).toBe(true);
    expect(ask).toHaveBeenCalledTimes(1);
  });
});
