/**
 * The stored session (localStorage: token + usuario) and the ability built from its permission list.
 * Pure functions over a Storage-like object, so they run in unit tests.
 */
import { z } from 'zod';
import { permissao, sessionUser, type SessionUser } from '@pdv/contract/session';
import { buildAbility, type Ability, type PermissionSource } from '@pdv/domain/permissions';

export const TOKEN_KEY = 'pdv_token';
export const USER_KEY = 'pdv_usuario';
/** The offline point-of-sale flag (002 §2: cleared on logout). */
export const OFFLINE_POS_KEY = 'pdv_offline';

/** The session user without its permission list, which is read apart so that a broken list is never "no list". */
export type UserProfile = Omit<SessionUser, 'permissoes'>;
const userProfile = sessionUser.omit({ permissoes: true });
const permissionList = z.array(permissao);

export interface Session {
  token: string;
  usuario: UserProfile;
  permissions: PermissionSource;
}

type ReadStorage = Pick<Storage, 'getItem'>;
type WriteStorage = Pick<Storage, 'setItem' | 'removeItem'>;

/**
 * Where the permissions come from: an array is the list (possibly empty), null is "no list" (full manage), and
 * anything else (missing, malformed, not loaded) is a failure, which grants nothing.
 */
export function permissionSourceOf(raw: unknown): PermissionSource {
  if (raw === null) return { kind: 'absent' };
  const parsed = permissionList.safeParse(raw);
  if (parsed.success) return { kind: 'list', entries: parsed.data };
  return { kind: 'failed' };
}

export function abilityOf(session: Session | null): Ability {
  return buildAbility(session ? session.permissions : { kind: 'failed' });
}

export function sessionOf(token: string, usuario: SessionUser): Session {
  const { permissoes, ...profile } = usuario;
  return { token, usuario: profile, permissions: permissionSourceOf(permissoes) };
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The session kept in storage, or null when signed out or when the stored user is unreadable. */
export function readStoredSession(storage: ReadStorage): Session | null {
  const token = storage.getItem(TOKEN_KEY);
  if (!token) return null;
  const raw = parseJson(storage.getItem(USER_KEY));
  const profile = userProfile.safeParse(raw);
  if (!profile.success) return null;
  const permissoes = typeof raw === 'object' && raw !== null && 'permissoes' in raw ? raw.permissoes : undefined;
  return { token, usuario: profile.data, permissions: permissionSourceOf(permissoes) };
}

export function writeStoredSession(storage: WriteStorage, session: Session): void {
  const permissoes =
    session.permissions.kind === 'list'
      ? session.permissions.entries
      : session.permissions.kind === 'absent'
        ? null
        : undefined;
  storage.setItem(TOKEN_KEY, session.token);
  storage.setItem(USER_KEY, JSON.stringify({ ...session.usuario, permissoes }));
}

/** A 401: the stored user data goes away. */
export function clearStoredUser(storage: WriteStorage): void {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(USER_KEY);
}

/** Logout (002 §2): the stored user data and the offline point-of-sale flag go away. */
export function clearStoredSession(storage: WriteStorage): void {
  clearStoredUser(storage);
  storage.removeItem(OFFLINE_POS_KEY);
}

/** The active branch of the session user, from its branch list. */
export function activeBranchName(usuario: UserProfile): string {
  const branch = usuario.filiais.find((f) => f.id_filial === usuario.id_filial_ativa) ?? usuario.filial;
  return branch.nome_fantasia ?? branch.razao_social;
}
