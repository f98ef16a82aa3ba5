/**
 * Change events come in bursts (a price table touches hundreds of rows, each committing its own event). A table's
 * first event starts a wait (700 ms for products, 000 §7.1); the events that arrive during it join the same pull.
 */
export interface Coalescer {
  /** Announces that `key` changed; `run(key)` happens once, `delayMs` after the first announcement of a burst. */
  push(key: string, delayMs: number): void;
  /** Drops the pending pulls. */
  cancel(): void;
}

export function createCoalescer(
  run: (key: string) => void,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void } = {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): Coalescer {
  const pending = new Map<string, unknown>();
  return {
    push(key, delayMs) {
      if (pending.has(key)) return;
      pending.set(
        key,
        timers.set(() => {
          pending.delete(key);
          run(key);
        }, delayMs),
      );
    },
    cancel() {
      for (const handle of pending.values()) timers.clear(handle);
      pending.clear();
    },
  };
}
