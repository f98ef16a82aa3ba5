/**
 * The branches a profile may be offered in and a user given a profile in: the signed-in user's own and, when it may
 * read the branch register, every other active branch of the organization. A branch just made in /branch has no user
 * yet, so without the second list nobody could ever be given access to it through the screens (the server checks the
 * branch is the organization's and the profile within the author's powers, whichever branch it is).
 */
import { useQuery } from '@tanstack/react-query';
import { branch } from '@pdv/contract/registers/branch';
import { call } from '../../api/client.ts';
import { useSignedIn } from '../auth/sessionContext.ts';

export interface AssignableBranch {
  id_filial: number;
  nome_fantasia: string | null;
  razao_social: string;
}

/** The user's branches first (main first, as the session lists them), then the organization's others by code. */
export function mergeBranches(mine: readonly AssignableBranch[], organization: readonly AssignableBranch[]): AssignableBranch[] {
  const out = [...mine];
  for (const b of organization) if (!out.some((o) => o.id_filial === b.id_filial)) out.push(b);
  return out;
}

async function loadOrganizationBranches(): Promise<AssignableBranch[]> {
  // Register routes are typed by their descriptor at run time only: the rows are the branch descriptor's.
  const page = (await call('branchFind', { take: 200, filter: { situacao: 'Ativo' }, column: 'codigo_filial', order: 'ASC' }, { loading: false })) as {
    rows: Array<Record<string, unknown>>;
  };
  return page.rows.map((r) => ({
    id_filial: Number(r['id_filial']),
    nome_fantasia: typeof r['nome_fantasia'] === 'string' && r['nome_fantasia'] !== '' ? r['nome_fantasia'] : null,
    razao_social: typeof r['razao_social'] === 'string' ? r['razao_social'] : '',
  }));
}

export function useAssignableBranches(): AssignableBranch[] {
  const { session, ability } = useSignedIn();
  const mayRead = ability.can('read', branch.permission);
  const others = useQuery({ queryKey: ['register-access', 'branches'], queryFn: loadOrganizationBranches, enabled: mayRead });
  return mergeBranches(session.usuario.filiais, mayRead ? (others.data ?? []) : []);
}
