import type { Handlers } from '../../http/handlers.ts';
import { validateUserCredential } from '../auth/service.ts';
import { createRequest, listAuthorizations, recordGrant, updateRequest } from './service.ts';

export const authorizationHandlers = {
  /** Supervisor override (001 §6): the credentials are checked by the auth module; a success is a recorded grant. */
  // Outside the request transaction (http/handlers.ts OUTSIDE_TRANSACTION): the throttle's count of a refused attempt
  // commits; the grant is recorded in a short transaction of its own once the credentials hold.
  validateUserCredential: async ({ deps, run, caller, body, ip }) => {
    const supervisor = await validateUserCredential(deps, run, caller, body, ip);
    const grant = await run((tx) => recordGrant(tx, caller, supervisor.id_usuario, body.permission, body));
    return { ...supervisor, id_autorizacao: grant.id_autorizacao };
  },
  authorizationCreate: ({ tx, caller, body }) => createRequest(tx, caller, body),
  authorizationUpdate: ({ tx, caller, body }) => updateRequest(tx, caller, body),
  authorizationList: ({ tx, caller, body }) => listAuthorizations(tx, caller, body),
} satisfies Partial<Handlers>;
