import { describe, expect, it } from 'vitest';
import { defaultListPeriod, localDate } from './period.ts';

describe('default list period', () => {
  it('runs from the first day of the month to today', () => {
    expect(defaultListPeriod(new Date('2024-03-15T12:00:00Z'), -3)).toEqual({ data_inicio: '2024-03-01', data_fim: '2024-03-15' });
  });

  it("takes today in the branch's zone, so before 03:00 UTC it is still yesterday in -3", () => {
    expect(localDate(new Date('2025-04-01T02:30:00Z'))).toBe('2025-03-31');
    expect(defaultListPeriod(new Date('2024-03-01T02:00:00Z'), -3)).toEqual({ data_inicio: '2024-02-01', data_fim: '2024-02-29' });
  });

  it('follows a zone ahead of UTC as well', () => {
    expect(defaultListPeriod(new Date('2025-06-30T22:00:00Z'), 3)).toEqual({ data_inicio: '2025-07-01', data_fim: '2025-07-01' });
  });
});
