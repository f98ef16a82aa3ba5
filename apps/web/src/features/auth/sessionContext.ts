import { createContext, useContext } from 'react';
import type { Ability } from '@pdv/domain/permissions';
import type { Session } from './session.ts';

export interface SessionContextValue {
  session: Session | null;
  ability: Ability;
  /** Signs in, then reloads the session user (fresh permissions). Rejects with the server's error. */
  login: (email: string, senha: string) => Promise<void>;
  /** Clears the stored user data and the offline point-of-sale flag, then goes to the root. */
  logout: () => void;
  /** Makes another branch active; permissions and menus follow the new branch. */
  switchBranch: (id_filial: number) => Promise<void>;
  /** Reloads the session user from the server (permissions included). */
  reload: () => Promise<void>;
  /**
   * The signed-in user's new password (the step a temporary password asks for, solicitar_nova_senha): the session
   * user comes back refreshed. Rejects with the server's error.
   */
  changePassword: (senha_atual: string, nova_senha: string) => Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession fora do SessionProvider');
  return value;
}

/** The signed-in session; for screens that only render under RequireAuth. */
export function useSignedIn(): SessionContextValue & { session: Session } {
  const value = useSession();
  if (!value.session) throw new Error('useSignedIn sem sessão');
  return value as SessionContextValue & { session: Session };
}
