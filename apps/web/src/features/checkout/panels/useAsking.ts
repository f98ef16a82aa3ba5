/**
 * A panel that may ask a supervisor (the supervisor modal over its drawer): `active` while the question is open, so
 * the drawer leaves Esc to the modal (Mantine closes every open drawer and modal on one Esc otherwise).
 */
import { useCallback, useState } from 'react';

export function useAsking<A extends unknown[], R>(ask: ((...args: A) => Promise<R>) | undefined): {
  active: boolean;
  ask: ((...args: A) => Promise<R>) | undefined;
} {
  const [active, setActive] = useState(false);
  const wrapped = useCallback(
    async (...args: A): Promise<R> => {
      if (!ask) throw new Error('useAsking: nothing to ask');
      setActive(true);
      try {
        return await ask(...args);
      } finally {
        setActive(false);
      }
    },
    [ask],
  );
  return { active, ask: ask ? wrapped : undefined };
}
