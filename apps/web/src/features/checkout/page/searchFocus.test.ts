// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { focusNowhere, splitSeed, typedCharacter } from './searchFocus.ts';

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

  it('takes a key only when no field, dialog or pressed button would take it', () => {
    const input = document.createElement('input');
    const link = document.createElement('a');
    const button = document.createElement('button');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inDialog = document.createElement('span');
    dialog.append(inDialog);
    document.body.append(input, link, button);
    expect(focusNowhere(document.body, 'a')).toBe(true);
    expect(focusNowhere(document.documentElement, 'a')).toBe(true);
    expect(focusNowhere(null, 'a')).toBe(true);
    expect(focusNowhere(link, 'b')).toBe(true);
    expect(focusNowhere(button, 'b')).toBe(true);
    expect(focusNowhere(button, ' ')).toBe(false);
    expect(focusNowhere(input, 'a')).toBe(false);
    // With a dialog on the screen nothing types into nothing, even with the focus fallen to the page.
    document.body.append(dialog);
    expect(focusNowhere(inDialog, 'a')).toBe(false);
    expect(focusNowhere(document.body, '0')).toBe(false);
    dialog.remove();
    expect(focusNowhere(document.body, '0')).toBe(true);
  });
});

describe('the keys kept while the next sale opens', () => {
  it('splits the codes ended by Enter from the text typed after them', () => {
    expect(splitSeed('')).toEqual({ codes: [], rest: '' });
    expect(splitSeed('ber')).toEqual({ codes: [], rest: 'ber' });
    expect(splitSeed('7891000000011\n')).toEqual({ codes: ['7891000000011'], rest: '' });
    expect(splitSeed('7891000000011\n7891000000028\n78')).toEqual({ codes: ['7891000000011', '7891000000028'], rest: '78' });
  });
});
