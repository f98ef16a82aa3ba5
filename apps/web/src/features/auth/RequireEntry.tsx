import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { canSeeEntry } from '@pdv/domain/permissions';
import { useSession } from './sessionContext.ts';

/** A screen reachable from a menu entry opens only when the entry would be shown; otherwise: not authorized. */
export function RequireEntry({ permission, children }: { permission: string | null; children: ReactNode }) {
  const { ability } = useSession();
  if (!canSeeEntry(ability, permission)) return <Navigate to="/not-authorized" replace />;
  return children;
}
