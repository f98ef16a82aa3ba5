/**
 * Whether the catalogue the product search reads (product, grid and barcode tables) has been loaded to its end at
 * least once in this local copy (the sync engine's updater rows, is_loaded). Before that a search finds nothing
 * because there is nothing yet, not because the product does not exist: the search box says so, and searches again
 * by itself as the rows arrive and once the load ends (ProductSearch.tsx).
 */
import type { UpdaterRow } from '../../../db/database.ts';
import type { LocalCopy } from '../../../db/localCopy.ts';

export const CATALOG_TABLES = ['product', 'grid', 'barcode'] as const;

/** Shown under the search box while the catalogue loads. */
export const CATALOG_LOADING = 'Carregando catálogo... os produtos aparecem aqui assim que ele terminar de carregar.';

/** Loaded when every catalogue table was read to its end (a table not started, or dropped, is not). */
export function catalogLoadedFrom(rows: ReadonlyArray<UpdaterRow | undefined>): boolean {
  return rows.length === CATALOG_TABLES.length && rows.every((row) => row?.is_loaded === 1);
}

export async function catalogLoaded(db: LocalCopy): Promise<boolean> {
  return catalogLoadedFrom(await db.updater.bulkGet([...CATALOG_TABLES]));
}

export type SearchNotice = 'loading' | 'notFound' | null;

/**
 * What the box says under a typed query: 'loading' while the catalogue is not loaded and nothing was found yet (null:
 * not known yet counts as loading), 'notFound' when the loaded catalogue has no match, nothing otherwise.
 */
export function searchNotice(facts: { loaded: boolean | null; query: string; searched: boolean; hits: number }): SearchNotice {
  if (facts.query === '' || facts.hits > 0) return null;
  if (facts.loaded !== true) return 'loading';
  return facts.searched ? 'notFound' : null;
}
