import { useEffect, useState } from 'react';
import { liveQuery } from 'dexie';

/**
 * The answer of a query on the local copy, kept current: it runs again whenever a tab (this one or another) writes to
 * what it read. `querier` must be stable (a module function or a useCallback); `initial` is shown until the first
 * answer.
 */
export function useLiveQuery<T>(querier: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = liveQuery(querier).subscribe({
      next: setValue,
      error: (error: unknown) => console.error('Falha ao ler a cópia local', error),
    });
    return () => subscription.unsubscribe();
  }, [querier]);
  return value;
}
