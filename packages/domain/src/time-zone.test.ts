import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchOffset, formatInZone } from './time-zone.ts';

describe('formatInZone (000 §9: the branch time zone, -3 by default)', () => {
  // The machine's own zone must not matter: run as a host far from Brazil.
  const saved = process.env['TZ'];
  beforeAll(() => {
    process.env['TZ'] = 'Asia/Tokyo';
  });
  afterAll(() => {
    if (saved === undefined) delete process.env['TZ'];
    else process.env['TZ'] = saved;
  });

  it('prints a fixed UTC instant as São Paulo time, whatever the zone of the machine', () => {
    expect(formatInZone('2026-01-02T01:30:00Z')).toBe('01/01/2026 22:30');
    expect(formatInZone('2026-01-02T01:30:00Z', -3, false)).toBe('01/01/2026');
    expect(formatInZone(new Date('2026-07-15T12:05:00Z'), -3)).toBe('15/07/2026 09:05');
  });

  it("follows the branch's offset and keeps a bare date as its calendar day", () => {
    expect(formatInZone('2026-01-02T01:30:00Z', -5)).toBe('01/01/2026 20:30');
    expect(formatInZone('2026-01-02T01:30:00-03:00', 0)).toBe('02/01/2026 04:30');
    expect(formatInZone('2026-03-31', -3)).toBe('31/03/2026');
    expect(formatInZone('não é data')).toBe('não é data');
  });

  it('falls back to -3 when the branch has no usable offset', () => {
    expect(branchOffset(undefined)).toBe(-3);
    expect(branchOffset(null)).toBe(-3);
    expect(branchOffset('-4')).toBe(-4);
    expect(branchOffset(-2)).toBe(-2);
    expect(branchOffset(99)).toBe(-3);
  });
});
