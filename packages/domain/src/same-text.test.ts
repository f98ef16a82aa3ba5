import { describe, expect, it } from 'vitest';
import { sameText } from './same-text.ts';

describe('sameText', () => {
  it('takes an accented capital and its lower case for the same name', () => {
    expect(sameText('Útil', 'útil')).toBe(true);
    expect(sameText('AÇÃO', 'ação')).toBe(true);
  });

  it('ignores spaces around, not letters or accents that differ', () => {
    expect(sameText('  Marca ', 'marca')).toBe(true);
    expect(sameText('Util', 'Útil')).toBe(false);
    expect(sameText('Marca A', 'Marca B')).toBe(false);
  });
});
