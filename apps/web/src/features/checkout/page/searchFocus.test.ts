// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { focusNowhere, typedCharacter } from './searchFocus.ts';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; altKey: boolean; metaKey: boolean }> = {}) => ({
  key: k, ctrlKey: false, altKey: false, metaKey: false, ...mods,
});

describe('the keys kept for the product search', () => {
  it('keeps characters, not shortcuts or named keys', () => {
    expect(typedCharacter(key('c'))).toBe('c');
    expect(typedCharacter(key('Ç'))).toBe('Ç');
    expect(typedCharacter(key('7'))).toBe('7');
    expect(typedCharacter(key(' '))).toBe(' ');
    expect(typedCharacter(key('Enter'))).toBeNull();
    expect(typedCharacter(key('F2'))).toBeNull();
    expect(typedCharacter(key('m', { altKey: true }))).toBeNull();
    expect(typedCharacter(key('c', { ctrlKey: true }))).toBeNull();
  });

  it('takes a key only when no field has the focus', () => {
    const input = document.createElement('input');
    document.body.append(input);
    expect(focusNowhere(document.body, document.body)).toBe(true);
    expect(focusNowhere(document.documentElement, document.body)).toBe(true);
    expect(focusNowhere(null, document.body)).toBe(true);
    expect(focusNowhere(input, document.body)).toBe(false);
  });
});
