/**
 * The point of sale keeps the cashier's typing for the product search (000 §2: a search box; keyboard first): the
 * box has the focus when the screen opens and again after each finished sale (the screen opens the next operation),
 * a key typed while the screen is still opening is kept and put in the box when it appears (a code ended by Enter,
 * as a scanner types it, is looked up then), and a key typed while
 * the focus is on no field (the page itself after a modal closed, the menu link just clicked) moves the focus to the
 * box, which then takes the key.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

interface KeyFacts {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** A key that types one character (not a shortcut, not a named key such as Enter or F2). */
export function typedCharacter(event: KeyFacts): string | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  return [...event.key].length === 1 ? event.key : null;
}

/**
 * Whether a key pressed with the focus on `target` types into nothing: the page itself, or an element that takes no
 * text (a menu link just clicked, a button), outside any dialog or side panel. Space on a button or a link is that
 * element's own key. Nothing types into nothing while a dialog is open.
 */
export function focusNowhere(target: EventTarget | null, key = ''): boolean {
  // A dialog or side panel on the screen owns the keys, even when its focus fell to the page (a button that became
  // disabled under the cursor): a consignment stage's digit must not end in the search box behind it.
  if (typeof document !== 'undefined' && document.querySelector('[role="dialog"]')) return false;
  if (target === null || !(target instanceof Element)) return true;
  if (target === target.ownerDocument.body || target === target.ownerDocument.documentElement) return true;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"]')) return false;
  if (key === ' ' && target.closest('button, a, [role="button"]')) return false;
  return true;
}

/**
 * The keys kept while the box was not there: the codes ended by Enter (each looked up as if typed in the box, in
 * order), and the text after the last Enter (the box starts with it).
 */
export function splitSeed(seed: string): { codes: string[]; rest: string } {
  const parts = seed.split('\n');
  const rest = parts.pop() ?? '';
  return { codes: parts.map((p) => p.trim()).filter((p) => p !== ''), rest };
}

/**
 * `ready`: the search box is on the screen. Answers `seed`, stable, for the box's first text (the keys typed while
 * it was not). Focuses the box when it appears.
 */
export function useSearchFocus(ready: boolean, search: RefObject<HTMLInputElement | null>): () => string {
  const early = useRef('');
  const readyNow = useRef(ready);
  useLayoutEffect(() => {
    readyNow.current = ready;
    if (!ready) early.current = '';
  }, [ready]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const typed = typedCharacter(event) ?? (event.key === 'Enter' ? '\n' : null);
      if (typed === null || !focusNowhere(event.target, typed)) return;
      if (!readyNow.current) {
        // A scanner's Enter ends its code: the code is looked up once the box is there (an Enter with nothing typed
        // before it is nobody's).
        if (typed === '\n' && (early.current === '' || early.current.endsWith('\n'))) return;
        early.current += typed;
        event.preventDefault();
        return;
      }
      if (typed === '\n') return;
      // Focused during the key press, the box takes the character itself.
      search.current?.focus();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [search]);

  // On arrival and after each finished sale (the next operation opens the screen again).
  useEffect(() => {
    if (!ready) return;
    const box = search.current;
    if (!box) return;
    box.focus();
    const end = box.value.length;
    box.setSelectionRange?.(end, end);
  }, [ready, search]);

  return useCallback(() => early.current, []);
}
