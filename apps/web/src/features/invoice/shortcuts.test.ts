import { describe, expect, it } from 'vitest';
import { hotkeyOf } from './shortcuts.tsx';

describe('shortcut names', () => {
  it('turns the displayed keys into hotkeys', () => {
    expect(hotkeyOf('Alt+T')).toBe('alt+t');
    expect(hotkeyOf('Alt+Shift+X')).toBe('alt+shift+x');
    expect(hotkeyOf('Alt+Del')).toBe('alt+delete');
    expect(hotkeyOf('Alt+PgDn')).toBe('alt+pagedown');
    expect(hotkeyOf('Ctrl+↑')).toBe('ctrl+arrowup');
    expect(hotkeyOf('F2')).toBe('f2');
  });
});
