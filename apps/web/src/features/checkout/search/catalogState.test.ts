import { describe, expect, it } from 'vitest';
import type { UpdaterRow } from '../../../db/database.ts';
import { catalogLoadedFrom, searchNotice } from './catalogState.ts';

const row = (table: string, is_loaded: 0 | 1): UpdaterRow => ({ table, date_change: '', offset: 0, loading: 0, is_loaded });

describe('the catalogue state of the product search', () => {
  it('is loaded only when product, grid and barcode were all read to their end', () => {
    expect(catalogLoadedFrom([row('product', 1), row('grid', 1), row('barcode', 1)])).toBe(true);
    expect(catalogLoadedFrom([row('product', 1), row('grid', 0), row('barcode', 1)])).toBe(false);
    expect(catalogLoadedFrom([row('product', 1), undefined, row('barcode', 1)])).toBe(false);
    expect(catalogLoadedFrom([])).toBe(false);
  });

  it("says 'loading', never 'not found', while the catalogue loads, and 'not found' only once it is loaded", () => {
    expect(searchNotice({ loaded: false, query: 'camisa', searched: true, hits: 0 })).toBe('loading');
    expect(searchNotice({ loaded: null, query: 'camisa', searched: false, hits: 0 })).toBe('loading');
    expect(searchNotice({ loaded: false, query: 'camisa', searched: true, hits: 3 })).toBeNull();
    expect(searchNotice({ loaded: true, query: 'camisa', searched: true, hits: 0 })).toBe('notFound');
    expect(searchNotice({ loaded: true, query: 'camisa', searched: false, hits: 0 })).toBeNull();
    expect(searchNotice({ loaded: false, query: '', searched: false, hits: 0 })).toBeNull();
  });
});
