import { buildAbility, type Ability, SITUACAO_ATIVO } from '@pdv/domain/permissions';
import type { Permissao } from '@pdv/contract/session';
import { MESSAGES } from '@pdv/domain/messages';
import type { Tx } from '../../db/database.ts';
import { HttpError, unauthorized } from '../../http/errors.ts';
import { findCallerParts, type UserBranch, type UserRecord } from './queries.ts';

/** Who is calling: loaded inside the request's transaction from the verified token's claims. */
export interface Caller {
  id_organization: number;
  id_usuario: number;
  /** The active branch (id_filial_ativa) and its company. */
  id_filial: number;
  id_empresa: number;
  user: UserRecord;
  branches: UserBranch[];
  permissoes: Permissao[];
  ability: Ability;
}

/**
 * Loads the caller. A disabled or deleted user stops at once (401), whatever its token says; a user without any
 * branch cannot work (403). With `inBranch`, the permissions are those of that branch (supervisor checks), and a
 * user without a profile there gets a 403.
 */
export async function loadCaller(tx: Tx, id_organization: number, id_usuario: number, inBranch?: number): Promise<Caller> {
  const { user, branches, id_filial_ativa, permissoes } = await findCallerParts(tx, id_organization, id_usuario, inBranch);
  if (!user) throw unauthorized();
  if (user.situacao !== SITUACAO_ATIVO || !user.is_login) throw unauthorized(MESSAGES.userDisabled);
  const active = branches.find((b) => b.id_filial === id_filial_ativa);
  if (!active) throw new HttpError(403, 'Usuário sem filial vinculada. Procure o gerente da loja.');
  return {
    id_organization,
    id_usuario,
    id_filial: active.id_filial,
    id_empresa: active.id_empresa,
    user,
    branches,
    permissoes,
    ability: buildAbility({ kind: 'list', entries: permissoes }),
  };
}
