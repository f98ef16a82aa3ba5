import { useEffect, useState } from 'react';
import type { Dexie } from 'dexie';
import { localDb } from './database.ts';
import { observe } from './localCopy.ts';

/**
 * The answer of a query on the local copy, kept current: it runs again whenever a tab (this one or another) writes to
 * what it read (db/localCopy.ts observe, on the Dexie or the SQLite copy). `querier` must be stable (a module function
 * or a useCallback); `initial` is shown until the first answer. `source`: the Dexie database the query reads when it
 * is not the local copy (the inventory's counts, countStore.ts).
 */
export function useLiveQuery<T>(querier: () => Promise<T>, initial: T, source?: Dexie): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => observe(source ?? localDb(), querier, setValue), [querier, source]);
  return value;
}
