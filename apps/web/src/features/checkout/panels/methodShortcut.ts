/**
 * A payment method's tecla_atalho (000 §3.4) in the payment panel: the key typed there picks the method. The register
 * stores the key as typed by a person ('F2', 'Alt+3', 'ctrl + shift + p'); both the stored text and the pressed key
 * are reduced to one canonical form (modifiers in the order Ctrl, Alt, Shift, then the key, upper case) and compared.
 *
 * A plain printable key (a letter or digit without Ctrl or Alt) is never a shortcut here: the cashier types the
 * method's name in the panel's search box, and a method whose key were 'D' would take every 'd' typed there.
 */

const MODIFIERS = ['CTRL', 'ALT', 'SHIFT'] as const;
const ALIASES: Readonly<Record<string, string>> = { CONTROL: 'CTRL', OPTION: 'ALT', ESC: 'ESCAPE', DEL: 'DELETE' };

/** A shortcut text in the canonical form ('Alt + 3' → 'ALT+3'); null when it names no key. */
export function canonicalShortcut(text: string): string | null {
  const parts = text
    .split('+')
    .map((p) => p.trim().toUpperCase())
    .filter((p) => p !== '')
    .map((p) => ALIASES[p] ?? p);
  const key = parts.filter((p) => !(MODIFIERS as readonly string[]).includes(p));
  if (key.length !== 1) return null;
  const mods = MODIFIERS.filter((m) => parts.includes(m));
  return [...mods, key[0]].join('+');
}

/** What a key press needs to be read as a shortcut (a KeyboardEvent has these). */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}

/**
 * The pressed key in the canonical form, or null when it cannot be a method's shortcut (a modifier alone, or a
 * printable key without Ctrl or Alt). The key is read from `code` for letters and digits (Alt+3 on a Mac types '£',
 * Shift+3 types '#'), from `key` otherwise (F2, Enter).
 */
export function pressedShortcut(e: KeyPress): string | null {
  if (['Control', 'Alt', 'Shift', 'Meta', 'AltGraph'].includes(e.key) || e.metaKey) return null;
  const fromCode = /^Key([A-Z])$/.exec(e.code)?.[1] ?? /^(?:Digit|Numpad)(\d)$/.exec(e.code)?.[1];
  const key = (fromCode ?? e.key).toUpperCase();
  const printable = fromCode !== undefined || e.key.length === 1;
  if (printable && !e.ctrlKey && !e.altKey) return null;
  const mods = [e.ctrlKey && 'CTRL', e.altKey && 'ALT', e.shiftKey && 'SHIFT'].filter((m): m is string => m !== false);
  return [...mods, ALIASES[key] ?? key].join('+');
}

/** The id of the method whose shortcut is this key press, among the methods offered (null: none has it). */
export function methodOfKey<T extends { tecla_atalho?: unknown }>(methods: readonly T[], press: KeyPress): T | null {
  const pressed = pressedShortcut(press);
  if (pressed === null) return null;
  return methods.find((m) => typeof m.tecla_atalho === 'string' && canonicalShortcut(m.tecla_atalho) === pressed) ?? null;
}
