/** Following parts of the sync state outside React (pure: no runtime, no DOM), for useSyncSelector. */
import type { SyncState } from './runtime.ts';

/** Where the sync state comes from: the runtime, or a stand-in in tests. */
export interface SyncStateSource {
  subscribe: (listener: () => void) => () => void;
  getState: () => SyncState;
}

/** Two flat records with the same keys and equal (Object.is) values. */
export function shallowEqual<T extends object>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  const keys = Object.keys(a) as Array<keyof T>;
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && Object.is(a[key], b[key]));
}

/**
 * Follows the part `select` picks of the sync state: `deliver` hears of it only when it differs (by `equal`) from the
 * last one known, starting from `shown`, the value the screen drew before subscribing (a change in between is told at
 * once). Answers the unsubscribe.
 */
export function watchSyncState<T>(
  source: SyncStateSource,
  select: (state: SyncState) => T,
  equal: (a: T, b: T) => boolean,
  shown: T,
  deliver: (value: T) => void,
): () => void {
  let last = shown;
  const check = () => {
    const next = select(source.getState());
    if (equal(last, next)) return;
    last = next;
    deliver(next);
  };
  const unsubscribe = source.subscribe(check);
  check();
  return unsubscribe;
}
