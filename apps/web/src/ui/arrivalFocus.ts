/**
 * A list screen puts the focus in its search field when it opens, unless the user has already put it elsewhere: a
 * screen's code arrives a moment after its menu link is clicked, and a user who pressed Ctrl+K (the main search) or
 * opened a form meanwhile kept typing into a field that the screen's autofocus then took away ('camiseta gola' became
 * 'cami'). The focus is taken only from nowhere (the body) or from a link or button, such as the menu entry clicked.
 */
import { useEffect, type RefObject } from 'react';

export function focusIsFree(active: Element | null): boolean {
  if (active === null || active === document.body) return true;
  if (active.closest('[role="dialog"]')) return false;
  const editable = ['INPUT', 'TEXTAREA', 'SELECT'].includes(active.tagName) || (active as HTMLElement).isContentEditable;
  return !editable;
}

export function useArrivalFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (focusIsFree(document.activeElement)) ref.current?.focus();
  }, [ref]);
}
