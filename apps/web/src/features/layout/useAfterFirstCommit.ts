import { startTransition, useEffect, useState } from 'react';

/**
 * False in a component's first render, true in the render after the screen around it was committed (a transition).
 * For the header's tooltip and branch list: Mantine's floating elements (Tooltip, Combobox) set state from their
 * refs while they mount, which makes React re-render them synchronously inside the commit and run every effect of
 * the screen in that same task. Mounted a render later, the sign-in's first screen commits without that work.
 */
export function useAfterFirstCommit(): boolean {
  const [committed, setCommitted] = useState(false);
  useEffect(() => {
    startTransition(() => setCommitted(true));
  }, []);
  return committed;
}
