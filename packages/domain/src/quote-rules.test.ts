import { describe, expect, it } from 'vitest';
import { formatInZone } from './time-zone.ts';
import { quoteValidUntil } from './quote-rules.ts';

describe('quoteValidUntil', () => {
  it('ends 15 shop days after the quote, at the end of the day in the branch zone', () => {
    // 01:30 UTC on the 2nd is still the 1st in São Paulo.
    expect(quoteValidUntil(new Date('2026-01-02T01:30:00Z'))).toBe('2026-01-17T02:59:59.000Z');
    expect(formatInZone(quoteValidUntil(new Date('2026-01-02T01:30:00Z')), -3)).toBe('16/01/2026 23:59');
    expect(quoteValidUntil(new Date('2026-01-02T12:00:00Z'), 0, 1)).toBe('2026-01-03T23:59:59.000Z');
  });
});
