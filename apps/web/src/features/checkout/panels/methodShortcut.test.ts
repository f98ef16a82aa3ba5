import { describe, expect, it } from 'vitest';
import { canonicalShortcut, methodOfKey, pressedShortcut, type KeyPress } from './methodShortcut.ts';

const press = (key: string, code: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key, code, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...mods,
});

describe('payment method shortcut keys', () => {
  it('reads a stored key however a person typed it', () => {
    expect(canonicalShortcut('F2')).toBe('F2');
    expect(canonicalShortcut(' alt + 3 ')).toBe('ALT+3');
    expect(canonicalShortcut('Shift+Control+p')).toBe('CTRL+SHIFT+P');
    expect(canonicalShortcut('Ctrl+Alt')).toBeNull();
    expect(canonicalShortcut('')).toBeNull();
  });

  it('reads a pressed key by its physical letter or digit when a modifier is held', () => {
    expect(pressedShortcut(press('F2', 'F2'))).toBe('F2');
    expect(pressedShortcut(press('£', 'Digit3', { altKey: true }))).toBe('ALT+3');
    expect(pressedShortcut(press('P', 'KeyP', { ctrlKey: true, shiftKey: true }))).toBe('CTRL+SHIFT+P');
  });

  it('never takes a plain letter or digit (they are typed in the method search) nor a modifier alone', () => {
    expect(pressedShortcut(press('d', 'KeyD'))).toBeNull();
    expect(pressedShortcut(press('#', 'Digit3', { shiftKey: true }))).toBeNull();
    expect(pressedShortcut(press('Alt', 'AltLeft', { altKey: true }))).toBeNull();
    expect(pressedShortcut(press('s', 'KeyS', { metaKey: true }))).toBeNull();
  });

  it('finds the method whose key was pressed, and none for another key', () => {
    const methods = [
      { id_meio_pagamento: 1, tecla_atalho: 'F2' },
      { id_meio_pagamento: 2, tecla_atalho: 'alt+1' },
      { id_meio_pagamento: 3, tecla_atalho: null },
    ];
    expect(methodOfKey(methods, press('F2', 'F2'))?.id_meio_pagamento).toBe(1);
    expect(methodOfKey(methods, press('¡', 'Digit1', { altKey: true }))?.id_meio_pagamento).toBe(2);
    expect(methodOfKey(methods, press('F3', 'F3'))).toBeNull();
    expect(methodOfKey(methods, press('1', 'Digit1'))).toBeNull();
  });
});
