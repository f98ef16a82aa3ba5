import { startTransition, useEffect, useState } from 'react';
import { syncRuntime, type SyncState } from './runtime.ts';
import { watchSyncState, type SyncStateSource } from './watchState.ts';

export { shallowEqual } from './watchState.ts';

/**
 * The part `select` picks of this tab's sync state (progress, socket connection); `select` and `equal` must be stable
 * (module functions). Only the component that calls it re-renders, only when its part changes, and as a transition:
 * a first load reports progress every 100 ms, and those renders give way to the user's input and to the screen being
 * drawn. Not useSyncExternalStore on purpose: its updates always render synchronously, and a store that changes while
 * a transition renders (the sign-in's first screen, say) makes React redo the whole transition in one blocking pass.
 */
export function useSyncSelector<T>(
  select: (state: SyncState) => T,
  equal: (a: T, b: T) => boolean = Object.is,
  source: SyncStateSource = syncRuntime,
): T {
  const [value, setValue] = useState(() => select(source.getState()));
  useEffect(
    () => watchSyncState(source, select, equal, value, (next) => startTransition(() => setValue(next))),
    // `value` is only the starting point of the subscription: a new value must not resubscribe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [source, select, equal],
  );
  return value;
}
