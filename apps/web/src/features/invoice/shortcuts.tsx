/**
 * Keyboard shortcuts of the invoice screens: every action shows its key beside it (like the point of sale) and the
 * same key works from anywhere on the screen, inputs included, while no modal is open.
 */
import type { ReactNode, Ref } from 'react';
import { Button, Group, Kbd, Text, type ButtonProps } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';

/** 'Alt+T' → Mantine's 'alt+t'; 'Del' and 'PgUp/PgDn' are shown short. */
export function hotkeyOf(display: string): string {
  return display
    .split('+')
    .map((part) => ({ Del: 'Delete', PgUp: 'PageUp', PgDn: 'PageDown', '↑': 'ArrowUp', '↓': 'ArrowDown', Espaço: 'space' })[part] ?? part)
    .join('+')
    .toLowerCase();
}

/**
 * A modal (or drawer) is open: its own keys win. One that is closing stays in the page for its exit transition, but the
 * focus has already gone back to the screen behind it: a modal counts when it holds the focus, or when the focus rests
 * nowhere (the body). Without this an Insert or Alt+N pressed just after a save, while the drawer slid away, was lost.
 */
export function modalOpen(): boolean {
  const modals = Array.from(document.querySelectorAll('[role="dialog"][aria-modal="true"]'));
  if (modals.length === 0) return false;
  const focused = document.activeElement;
  if (focused === null || focused === document.body) return true;
  return modals.some((modal) => modal.contains(focused));
}

const INTERACTIVE = 'button, a[href], [role="tab"], [role="menuitem"], [role="option"], [role="checkbox"], [role="radio"]';

/** The keys a focused control answers itself. */
const CONTROL_KEYS: ReadonlySet<string> = new Set(['enter', 'space', 'arrowup', 'arrowdown', 'arrowleft', 'arrowright']);

export type Shortcut = [display: string, handler: () => void, options?: { inInputs?: boolean }];

/**
 * Binds the shortcuts given by their displayed names. Letters are matched by physical key (Alt+letter types other
 * characters on some layouts). Keys without a modifier (Enter, ↑, ↓, Espaço) are left to inputs unless inInputs.
 */
export function useShortcuts(shortcuts: readonly Shortcut[]): void {
  useHotkeys(
    shortcuts.map(([display, handler, options]) => {
      const hotkey = hotkeyOf(display);
      const modified = /(alt|ctrl|mod)\+/.test(hotkey) || /^f\d+$/.test(hotkey);
      return [
        hotkey,
        (event: KeyboardEvent) => {
          if (modalOpen()) return;
          const target = event.target as HTMLElement | null;
          const typing = target !== null && (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable);
          if (typing && !modified && !options?.inInputs) return;
          // Enter, space and the arrows on a focused button, link, tab or menu item are that control's own; Insert,
          // Delete and the page keys mean nothing to a button (after a save the focus rests on one: Insert was lost).
          if (!modified && CONTROL_KEYS.has(hotkey) && target?.closest?.(INTERACTIVE)) return;
          handler();
        },
        { preventDefault: modified, usePhysicalKeys: /^alt\+(shift\+)?[a-z]$/.test(hotkey) },
      ];
    }),
    [],
  );
}

/** A button with its key beside the label. */
export function ShortcutButton({
  shortcut,
  children,
  onClick,
  type,
  ref,
  ...props
}: ButtonProps & { shortcut: string; children: ReactNode; onClick?: () => void; type?: 'button' | 'submit'; ref?: Ref<HTMLButtonElement> }) {
  return (
    <Button
      {...props}
      ref={ref}
      type={type ?? 'button'}
      onClick={onClick}
      rightSection={
        <Kbd size="xs" aria-hidden>
          {shortcut}
        </Kbd>
      }
      aria-keyshortcuts={shortcut.replace('Del', 'Delete')}
    >
      {children}
    </Button>
  );
}

/** A line of the key legend. */
export function KeyHint({ keys, label }: { keys: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Kbd size="xs">{keys}</Kbd>
      <Text size="xs">{label}</Text>
    </Group>
  );
}
