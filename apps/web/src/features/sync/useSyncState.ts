import { useSyncExternalStore } from 'react';
import { syncRuntime, type SyncState } from './runtime.ts';

/** The sync progress and the socket connection of this tab. */
export function useSyncState(): SyncState {
  return useSyncExternalStore(syncRuntime.subscribe, syncRuntime.getState);
}
