import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_DELAY_MS, PRODUCT_EVENT_DELAY_MS, eventDelay, tablesForEvent } from '../sync/tables.ts';
import { createCoalescer } from './coalesce.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createCoalescer', () => {
  it('turns a burst of events for one table into one pull, 700 ms after the first product event', () => {
    const runs: string[] = [];
    const coalescer = createCoalescer((key) => runs.push(key));
    for (let i = 0; i < 50; i += 1) {
      coalescer.push('product', eventDelay('product'));
      vi.advanceTimersByTime(10);
    }
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(PRODUCT_EVENT_DELAY_MS - 500);
    expect(runs).toEqual(['product']);
  });

  it('keeps tables apart, and a later event starts a new wait', () => {
    const runs: string[] = [];
    const coalescer = createCoalescer((key) => runs.push(key));
    coalescer.push('product', PRODUCT_EVENT_DELAY_MS);
    coalescer.push('stock', EVENT_DELAY_MS);
    coalescer.push('stock', EVENT_DELAY_MS);
    vi.advanceTimersByTime(EVENT_DELAY_MS);
    expect(runs).toEqual(['stock']);
    vi.advanceTimersByTime(PRODUCT_EVENT_DELAY_MS - EVENT_DELAY_MS - 1);
    expect(runs).toEqual(['stock']);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual(['stock', 'product']);
    coalescer.push('stock', EVENT_DELAY_MS);
    vi.advanceTimersByTime(EVENT_DELAY_MS);
    expect(runs).toEqual(['stock', 'product', 'stock']);
  });

  it('drops the pending pulls when cancelled (logout)', () => {
    const runs: string[] = [];
    const coalescer = createCoalescer((key) => runs.push(key));
    coalescer.push('user', EVENT_DELAY_MS);
    coalescer.cancel();
    vi.advanceTimersByTime(PRODUCT_EVENT_DELAY_MS);
    expect(runs).toEqual([]);
  });
});

describe('tablesForEvent', () => {
  it('refreshes product and its per-branch grid rows on a product event', () => {
    expect(
      tablesForEvent('product')
        .map((t) => t.localTable)
        .sort(),
    ).toEqual(['grid', 'product']);
    expect(tablesForEvent('user').map((t) => t.localTable)).toEqual(['user']);
    expect(tablesForEvent('process')).toEqual([]);
  });
});
