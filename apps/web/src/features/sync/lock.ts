/**
 * One tab syncs at a time (Web Locks): the engine asks for an exclusive lock and holds it while it runs; the engines
 * of the other tabs wait in the lock's queue, and the next one takes over when the holder stops or its tab closes.
 */

export interface HeldLock {
  /** Lets go of the lock (or leaves the queue); resolves once it is free. */
  release(): Promise<void>;
}

export function holdLock(locks: LockManager, name: string, signal: AbortSignal, onAcquired: () => void): HeldLock {
  let release: (() => void) | null = null;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = locks
    .request(name, { signal }, async () => {
      if (signal.aborted) return;
      onAcquired();
      await released;
    })
    .catch((error: unknown) => {
      // Leaving the queue on stop() rejects the request with the abort reason.
      if (!signal.aborted) console.error('Falha ao obter o bloqueio de sincronização', error);
    });
  return {
    async release() {
      release?.();
      await held;
    },
  };
}
