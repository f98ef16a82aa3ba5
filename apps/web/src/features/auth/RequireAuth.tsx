import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from './sessionContext.ts';

/** Signed-out visitors go to the login page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}
