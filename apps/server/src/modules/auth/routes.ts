import { serverVersion } from '@pdv/domain/constants';
import type { Handlers } from '../../http/handlers.ts';
import { checkReady } from '../../http/lifecycle.ts';
import { buildSessionUser, changeActiveBranch, changePassword, login } from './service.ts';

export const authHandlers = {
  health: () => Promise.resolve({ status: 'ok' as const }),
  ready: ({ deps }) => checkReady(deps.db, deps.lifecycle),
  version: () => Promise.resolve({ version: serverVersion() }),
  login: async ({ body, ip, deps }) => login(deps, body.email, body.senha, ip),
  session: async ({ tx, caller }) => ({ usuario: await buildSessionUser(tx, caller) }),
  isActive: ({ caller }) => Promise.resolve({ is_active: true, situacao: caller.user.situacao as 'Ativo' }),
  setActiveBranch: async ({ tx, caller, body }) => changeActiveBranch(tx, caller, body.id_filial),
  userChangePassword: async ({ deps, run, caller, body, ip }) => changePassword(deps, run, caller, body, ip),
  // validateUserCredential: modules/authorization/routes.ts (a success records the supervisor's grant).
} satisfies Partial<Handlers>;
