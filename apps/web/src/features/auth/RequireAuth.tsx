import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ChangePasswordPage } from './ChangePasswordPage.tsx';
import { useSession } from './sessionContext.ts';
import { forgetSignInPassword } from './signInPassword.ts';

/** Signed-out visitors go to the login page; a user with a temporary password chooses a new one first. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  const entered = session !== null && !session.usuario.solicitar_nova_senha;
  // The sign-in's password is needed no longer once the user is in.
  useEffect(() => {
    if (entered) forgetSignInPassword();
  }, [entered]);
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (session.usuario.solicitar_nova_senha) return <ChangePasswordPage />;
  return children;
}
