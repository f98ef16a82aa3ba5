/**
 * Asks a supervisor for a permission from any screen: `const id = await ask(permission)` opens the modal and resolves
 * with the grant's id (to send with the restricted action), or null when the user cancels. Render `modal` once.
 */
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { SupervisorModal } from './SupervisorModal.tsx';
import type { SupervisorRequest, ValidateSupervisor } from './validate.ts';

type Purpose = Omit<SupervisorRequest, 'email' | 'password' | 'permission'>;

export function useSupervisorAuthorization(validate?: ValidateSupervisor): {
  ask: (permission: string, purpose?: Purpose) => Promise<number | null>;
  modal: ReactElement;
  /** The modal is open (a screen's own shortcuts wait until it is answered). */
  asking: boolean;
} {
  const [request, setRequest] = useState<{ permission: string; purpose?: Purpose } | null>(null);
  const settle = useRef<((id: number | null) => void) | null>(null);

  const finish = useCallback((id: number | null) => {
    settle.current?.(id);
    settle.current = null;
    setRequest(null);
  }, []);

  const ask = useCallback((permission: string, purpose?: Purpose) => {
    settle.current?.(null);
    setRequest(purpose ? { permission, purpose } : { permission });
    return new Promise<number | null>((resolve) => {
      settle.current = resolve;
    });
  }, []);

  const modal = (
    <SupervisorModal
      opened={request !== null}
      permission={request?.permission ?? ''}
      {...(request?.purpose ? { purpose: request.purpose } : {})}
      onAuthorized={(grant) => finish(grant.id_autorizacao)}
      onCancel={() => finish(null)}
      {...(validate ? { validate } : {})}
    />
  );
  return { ask, modal, asking: request !== null };
}
