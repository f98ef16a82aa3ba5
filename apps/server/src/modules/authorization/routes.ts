import type { Handlers } from '../../http/handlers.ts';
import { validateUserCredential } from '../auth/service.ts';
import { createRequest, listAuthorizations, recordGrant, updateRequest } from './service.ts';

export const authorizationHandlers = {
  /** Supervisor override (001 §6): the credentials are checked by the auth module; a success is a recorded grant. */
  validateUserCredential: async ({ deps, tx, caller, body, ip }) => {
    const supervisor = await validateUserCredential(deps, tx, caller, body, ip);
    const grant = await recordGrant(tx, caller, supervisor.id_usuario, body.permission, body);
    return { ...supervisor, id_autorizacao: grant.id_autorizacao };
  },
  authorizationCreate: ({ tx, caller, body }) => createRequest(tx, caller, body),
  authorizationUpdate: ({ tx, caller, body }) => updateRequest(tx, caller, body),
  authorizationList: ({ tx, caller, body }) => listAuthorizations(tx, caller, body),
} satisfies Partial<Handlers>;
