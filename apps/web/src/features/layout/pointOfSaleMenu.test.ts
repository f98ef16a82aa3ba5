import { describe, expect, it } from 'vitest';
import { menuFolded } from './pointOfSaleMenu.ts';

describe('the side menu at the point of sale', () => {
  it('folds by itself on /checkout whatever the preference, until reopened there', () => {
    expect(menuFolded('/checkout', false, false)).toBe(true);
    expect(menuFolded('/checkout', true, false)).toBe(true);
    expect(menuFolded('/checkout', false, true)).toBe(false);
  });

  it('follows the user preference on the other screens', () => {
    expect(menuFolded('/order', false, true)).toBe(false);
    expect(menuFolded('/order', true, false)).toBe(true);
    expect(menuFolded('/', false, false)).toBe(false);
  });
});
