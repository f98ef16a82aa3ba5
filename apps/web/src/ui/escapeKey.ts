/**
 * Every open Mantine modal and drawer reads Esc on the window (capture), each with its own listener, in the order
 * they were mounted. When the Esc that closes one overlay makes the screen open the next (F10's customer question
 * skipped with Esc goes on to the finish), React renders the next one between two of those listeners, and the next
 * one's listener, later in the list, then closes it on the same key: the finish flashed open and shut for a user who
 * asks for reduced motion (overlays open at once), and would for anyone on a fast enough machine.
 *
 * `installEscapeTracker` (main.tsx, before the app mounts, so its listener comes first) notes an Esc while it is being
 * dispatched; `afterEscape` runs an opening after that dispatch.
 */
let inFlight = false;
let installed: Window | null = null;

export function installEscapeTracker(target: Window = window): void {
  if (installed === target) return;
  installed = target;
  target.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || inFlight) return;
      inFlight = true;
      // A task after the dispatch: every listener of this key (and the renders between them) has run by then.
      target.setTimeout(() => {
        inFlight = false;
      }, 0);
    },
    true,
  );
}

/** An Esc key press is being dispatched now. */
export const escapeInFlight = (): boolean => inFlight;

/** Runs `open` now, or once the Esc being dispatched has reached every listener. */
export function afterEscape(open: () => void): void {
  if (inFlight) setTimeout(open, 0);
  else open();
}
