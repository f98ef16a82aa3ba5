import { describe, expect, it } from 'vitest';
import { deadlineOf } from './deadline.ts';

const now = new Date('2025-03-18T12:00:00Z');

describe('contingency deadline', () => {
  it('counts the time left in days, hours and minutes', () => {
    expect(deadlineOf('2025-03-19T15:30:00Z', now)).toEqual({ text: 'vence em 1 d 3 h', overdue: false, soon: false });
    expect(deadlineOf('2025-03-18T13:20:00Z', now)).toEqual({ text: 'vence em 1 h 20 min', overdue: false, soon: true });
  });

  it('says how long ago a passed deadline expired', () => {
    expect(deadlineOf('2025-03-18T10:00:00Z', now)).toEqual({ text: 'vencido há 2 h', overdue: true, soon: false });
  });

  it('shows nothing without a valid deadline', () => {
    expect(deadlineOf(null, now)).toBeNull();
    expect(deadlineOf('amanhã', now)).toBeNull();
  });
});
