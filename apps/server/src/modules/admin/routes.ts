import type { Handlers } from '../../http/handlers.ts';
import { notFound } from '../../http/errors.ts';
import { createProfile, deleteProfile, profileDetail, updateProfile, type ProfileBody } from './profiles.ts';
import { createUser, deleteUser, resetPassword, updateUser, userDetail, type UserBody } from './users.ts';

const orNotFound = <T>(row: T | null): T => {
  if (row === null) throw notFound();
  return row;
};

export const adminHandlers = {
  userResetPassword: async ({ tx, caller, body }) => resetPassword(tx, caller, body.id_usuario, body.senha),
} satisfies Partial<Handlers>;

// The register routes' bodies are typed by the descriptor at run time only (RouteDef's schema is a z.ZodType); the
// route's own schema, built from the descriptor with its `extra` members, checked them before the handler runs.
type ProfileIn = ProfileBody & { id_perfil: number; descricao: string; situacao: string };
type UserIn = UserBody & { id_usuario: number; nome: string; email: string; situacao: string };

/**
 * The user and profile registers: their find comes from the generic register handlers; find_by_id, the writes and
 * delete are theirs (the permissions, branches, login and branch profiles written with the row). Spread after
 * registerHandlers (app.ts).
 */
export const userProfileHandlers = {
  profileFindById: async ({ tx, caller, body }) => orNotFound(await profileDetail(tx, caller, (body as ProfileIn).id_perfil)),
  profileCreate: async ({ tx, caller, body }) => createProfile(tx, caller, body as ProfileIn),
  profileUpdate: async ({ tx, caller, body }) => {
    const { id_perfil, ...rest } = body as ProfileIn;
    return updateProfile(tx, caller, id_perfil, rest);
  },
  profileSituacao: async ({ tx, caller, body }) => {
    const { id_perfil, situacao } = body as ProfileIn;
    return updateProfile(tx, caller, id_perfil, { situacao });
  },
  profileDelete: async ({ tx, caller, body }) => {
    const { id_perfil } = body as ProfileIn;
    await deleteProfile(tx, caller, id_perfil);
    return { id_perfil, excluido: true as const };
  },
  userFindById: async ({ tx, caller, body }) => orNotFound(await userDetail(tx, caller, (body as UserIn).id_usuario)),
  userCreate: async ({ tx, caller, body }) => createUser(tx, caller, body as UserIn),
  userUpdate: async ({ tx, caller, body }) => {
    const { id_usuario, ...rest } = body as UserIn;
    return updateUser(tx, caller, id_usuario, rest);
  },
  userSituacao: async ({ tx, caller, body }) => {
    const { id_usuario, situacao } = body as UserIn;
    return updateUser(tx, caller, id_usuario, { situacao });
  },
  userDelete: async ({ tx, caller, body }) => {
    const { id_usuario } = body as UserIn;
    await deleteUser(tx, caller, id_usuario);
    return { id_usuario, excluido: true as const };
  },
} satisfies Partial<Handlers>;
