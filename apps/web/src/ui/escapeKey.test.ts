// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { afterEscape, escapeInFlight, installEscapeTracker } from './escapeKey.ts';

describe('afterEscape', () => {
  it('opens at once when no Esc is being dispatched', () => {
    installEscapeTracker(window);
    const open = vi.fn();
    afterEscape(open);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('opens after every listener of the Esc that asked, so a listener later in the list does not see it open', async () => {
    installEscapeTracker(window);
    let opened = false;
    const seenOpenByLaterListener: boolean[] = [];
    // An overlay's Esc listener that makes the screen open the next one (the customer question skipped).
    const first = (event: KeyboardEvent) => {
      if (event.key === 'Escape') afterEscape(() => { opened = true; });
    };
    // The next overlay's listener, mounted later: it would close what is open on this same key.
    const later = (event: KeyboardEvent) => {
      if (event.key === 'Escape') seenOpenByLaterListener.push(opened);
    };
    window.addEventListener('keydown', first, true);
    window.addEventListener('keydown', later, true);
    try {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
      expect(escapeInFlight()).toBe(true);
      expect(seenOpenByLaterListener).toEqual([false]);
      expect(opened).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(opened).toBe(true);
      expect(escapeInFlight()).toBe(false);
      // Another key opens at once.
      opened = false;
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
      afterEscape(() => { opened = true; });
      expect(opened).toBe(true);
    } finally {
      window.removeEventListener('keydown', first, true);
      window.removeEventListener('keydown', later, true);
    }
  });
});
