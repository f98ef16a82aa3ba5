/**
 * Enter in a searchable select picks the first option shown when none is highlighted yet.
 *
 * Mantine's `selectFirstOptionOnChange` highlights the first match in an effect of the search change; when the whole
 * text arrives at once (pasted, typed by a scanner, or by a fast cashier while the machine is busy) and the list
 * opens only after that effect ran, nothing is highlighted and Enter did nothing: the method looked chosen in the box,
 * but the next Enter added a payment of the previous method. Pass this as the select's `onKeyDown`: on Enter with the
 * list open, a text typed that is not the option already chosen, and no option highlighted, it sends the ArrowDown the cashier would press (which highlights the first
 * option), so Mantine's own Enter then chooses it.
 */
import type { KeyboardEvent } from 'react';

export function enterPicksFirstOption(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  const input = event.currentTarget;
  // Nothing typed: Enter keeps its meaning (the form refuses a payment without a method).
  const typed = input.value.trim();
  if (!typed) return;
  const listId = input.getAttribute('aria-controls');
  const list = listId ? input.ownerDocument.getElementById(listId) : null;
  if (!list || list.querySelector('[data-combobox-selected]') || !list.querySelector('[data-combobox-option]')) return;
  // The text is the option already chosen: Enter keeps it.
  const checked = list.querySelector('[data-checked]');
  if (checked && checked.textContent?.trim() === typed) return;
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', code: 'ArrowDown', bubbles: true, cancelable: true }));
}
