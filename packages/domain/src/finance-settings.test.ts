import { describe, expect, it } from 'vitest';
import { displayReference, wouldCycle } from './finance-settings.ts';

describe('tree registers', () => {
  it('a node’s reference is its parent’s followed by its position', () => {
    expect(displayReference(null, 3)).toBe('3');
    expect(displayReference('1.2', 3)).toBe('1.2.3');
  });

  it('refuses a parent at or below the node, accepts one beside or above it', () => {
    // 1 ─ 2 ─ 3, and 4 alone.
    const parents = new Map<number, number | null>([[1, null], [2, 1], [3, 2], [4, null]]);
    const parentOf = (id: number) => parents.get(id) ?? null;
    expect(wouldCycle(1, 3, parentOf)).toBe(true);
    expect(wouldCycle(1, 2, parentOf)).toBe(true);
    expect(wouldCycle(1, 1, parentOf)).toBe(true);
    expect(wouldCycle(3, 1, parentOf)).toBe(false);
    expect(wouldCycle(1, 4, parentOf)).toBe(false);
    expect(wouldCycle(1, null, parentOf)).toBe(false);
  });

  it('stops on a cycle already stored instead of looping', () => {
    const parents = new Map<number, number | null>([[5, 6], [6, 5]]);
    expect(wouldCycle(1, 5, (id) => parents.get(id) ?? null)).toBe(false);
  });
});
