import { badRequest, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { endUserSockets } from '../realtime/socket.ts';
import * as q from './queries.ts';

const orNotFound = <T>(row: T | null): T => {
  if (row === null) throw notFound();
  return row;
};

export const adminHandlers = {
  userListGrid: async ({ tx, caller, body }) => q.listUsers(tx, caller.id_organization, body),
  userFindById: async ({ tx, caller, body }) => orNotFound(await q.findUserRow(tx, caller.id_organization, body.id_usuario)),
  userEnableDisable: async ({ tx, caller, body }) => {
    if (body.id_usuario === caller.id_usuario && body.situacao !== 'Ativo') {
      throw badRequest('Você não pode desativar o próprio usuário.');
    }
    // A disabled user's open sockets stop receiving events: disconnected on every node once this commits (sent before
    // the update, so the disconnection is delivered before the change event of the user's own row).
    if (body.situacao !== 'Ativo') await endUserSockets(tx, caller.id_organization, body.id_usuario);
    if (!(await q.setUserSituacao(tx, caller.id_organization, body.id_usuario, body.situacao))) throw notFound();
    return orNotFound(await q.findUserRow(tx, caller.id_organization, body.id_usuario));
  },
  profileFind: async ({ tx, caller, body }) => q.listProfiles(tx, caller.id_organization, body),
  profileFindById: async ({ tx, caller, body }) => orNotFound(await q.findProfile(tx, caller.id_organization, body.id_perfil)),
} satisfies Partial<Handlers>;
