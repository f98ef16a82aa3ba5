/**
 * Live reads of the SQLite copy for React, over the client's live() (client.ts): the query runs when the component
 * mounts and again after every committed write to the tables named (in this tab or, through the owner tab, in any
 * other); an answer overtaken by a later run is dropped; the subscription ends on unmount. What db/useLiveQuery.ts
 * gives the screens over Dexie today, for when they move to SQLite (nothing uses it yet).
 *
 * `query` should be stable (a module function or a useCallback): a new function runs the query again, as do another
 * database or other tables. Until the first answer the value is `initial`; after a change of query the last answer
 * stays shown until the new one comes (as Dexie's live queries do).
 */
import { useEffect, useState } from 'react';

/** What the hook needs of the copy: the page's LocalDbClient (or a test's fake). */
export interface LiveSource<D> {
  live<T>(tables: readonly string[], query: (db: D) => Promise<T>, onValue: (value: T) => void, onError?: (error: unknown) => void): () => void;
}

export interface LocalQueryResult<T> {
  value: T;
  /** The last run's failure (cleared by the next answer). */
  error: unknown;
  /** An answer has come. */
  loaded: boolean;
}

export function useLocalQueryResult<D, T>(db: LiveSource<D> | null, tables: readonly string[], query: (db: D) => Promise<T>, initial: T): LocalQueryResult<T> {
  const [result, setResult] = useState<LocalQueryResult<T>>({ value: initial, error: null, loaded: false });
  // The tables by value: a literal array written in the component is a new array at every render.
  const key = tables.join('\u0000');
  useEffect(() => {
    if (!db) return undefined;
    const named = key === '' ? [] : key.split('\u0000');
    return db.live(
      named,
      query,
      (value) => setResult({ value, error: null, loaded: true }),
      (error: unknown) => {
        console.error('Falha ao ler a cópia local', error);
        setResult((previous) => ({ ...previous, error }));
      },
    );
  }, [db, key, query]);
  return result;
}

/** The answer of `query`, kept current (see the file's comment). */
export function useLocalQuery<D, T>(db: LiveSource<D> | null, tables: readonly string[], query: (db: D) => Promise<T>, initial: T): T {
  return useLocalQueryResult(db, tables, query, initial).value;
}
