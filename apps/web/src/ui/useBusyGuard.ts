import { useState } from 'react';

/**
 * One action at a time: `guarded(work)` runs the work unless another one is running, and `busy` is true meanwhile
 * (buttons show it). Used by the register editors, whose keys and buttons may fire while a save is in flight.
 */
export function useBusyGuard() {
  const [busy, setBusy] = useState(false);
  const guarded = async (work: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return { busy, guarded };
}
