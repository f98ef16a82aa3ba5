import { describe, expect, it } from 'vitest';
import { batches } from './service.ts';

describe('import batches', () => {
  it('cuts rows into batches of about the size asked, keeping the rows of one group together', () => {
    const rows = ['a', 'a', 'b', 'c', 'c', 'c', 'd'].map((sku, linha) => ({ sku, linha }));
    const cut = batches(rows, 3, (r) => r.sku);
    expect(cut.map((b) => b.map((r) => r.linha))).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(batches(rows, 2, (r) => r.sku).map((b) => b.map((r) => r.sku).join(''))).toEqual(['aa', 'bccc', 'd']);
  });

  it('without groups, cuts exactly by size', () => {
    expect(batches([1, 2, 3, 4, 5], 2).map((b) => b.length)).toEqual([2, 2, 1]);
  });
});
