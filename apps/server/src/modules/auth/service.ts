import type { SessionUser } from '@pdv/contract/session';
import { MESSAGES } from '@pdv/domain/messages';
import { USER_MESSAGES } from '@pdv/domain/user-rules';
import type { Tx } from '../../db/database.ts';
import { HttpError, badRequest, notFound, tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { Deps } from '../../http/handlers.ts';
import { loadCaller, type Caller } from './caller.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.ts';
import { findCompanies, findLoginByEmail, findOrganizationTheme, setActiveBranch } from './queries.ts';

export async function buildSessionUser(tx: Tx, caller: Caller): Promise<SessionUser> {
  const { user, branches } = caller;
  const active = branches.find((b) => b.id_filial === caller.id_filial);
  if (!active) throw new Error('active branch missing from the caller');
  const companies = await findCompanies(tx, caller.id_organization, [...new Set(branches.map((b) => b.id_empresa))]);
  const empresa = companies.find((c) => c.id_empresa === active.id_empresa);
  if (!empresa) throw new Error('company of the active branch not found');
  const strip = ({ id_perfil: _p, is_principal: _m, ...branch }: (typeof branches)[number]) => branch;
  return {
    id_usuario: user.id_usuario,
    id_organization: caller.id_organization,
    nome: user.nome,
    email: user.email,
    avatar: user.avatar,
    situacao: user.situacao,
    is_vendedor: user.is_vendedor,
    percentual_desconto_maximo: user.percentual_desconto_maximo,
    perc_max_aumento_preco_produto: user.perc_max_aumento_preco_produto,
    perc_max_reducao_preco_produto: user.perc_max_reducao_preco_produto,
    empresa,
    empresas: companies,
    filial: strip(active),
    filiais: branches.map(strip),
    id_empresa_ativa: active.id_empresa,
    id_filial_ativa: active.id_filial,
    permissoes: caller.permissoes,
    solicitar_nova_senha: user.solicitar_nova_senha,
    solicitar_onboarding: user.solicitar_onboarding,
    cor_primaria: await findOrganizationTheme(tx, caller.id_organization),
  };
}

/**
 * Checks an e-mail and password under the throttle; answers the login row or throws. The attempt stays counted:
 * the caller gives it back (`deps.throttle.succeed`) only once the user is known to be able to work.
 */
async function checkCredentials(deps: Deps, email: string, password: string, ip: string, failure: () => HttpError) {
  const wait = await deps.throttle.attempt(email, ip);
  if (wait > 0) throw tooManyRequests(wait);
  const login = await deps.db.system((tx) => findLoginByEmail(tx, email));
  const ok = login ? await verifyPassword(login.senha_hash, password) : await burnPasswordCheck(password);
  if (!login || !ok) throw failure();
  return login;
}

export async function login(deps: Deps, email: string, senha: string, ip: string) {
  const found = await checkCredentials(deps, email, senha, ip, () => unauthorized(MESSAGES.invalidCredentials));
  // A disabled user with the right password is told so ('Usuário desativado…', thrown by loadCaller), and the attempt
  // counts like a failure: the answer must not become a way to test passwords without limit.
  const session = await deps.db.tenant({ id_organization: found.id_organization }, async (tx) => {
    const caller = await loadCaller(tx, found.id_organization, found.id_usuario);
    const usuario = await buildSessionUser(tx, caller);
    const token = await deps.tokens.sign({ id_organization: found.id_organization, id_usuario: found.id_usuario });
    return { token, usuario };
  });
  await deps.throttle.succeed(email, ip);
  return session;
}

export async function changeActiveBranch(tx: Tx, caller: Caller, id_filial: number) {
  // A branch of another organization is invisible here (scoped query and row-level security): same 404 as none.
  if (!caller.branches.some((b) => b.id_filial === id_filial)) throw notFound();
  await setActiveBranch(tx, caller.id_organization, caller.id_usuario, id_filial);
  const refreshed = await loadCaller(tx, caller.id_organization, caller.id_usuario);
  return { usuario: await buildSessionUser(tx, refreshed) };
}

/**
 * Supervisor override: another user's credentials plus a permission, in the caller's organization and active branch.
 * Every failure answers the spec's single message, so it tells nothing about which part was wrong. Runs outside the
 * request transaction (OUTSIDE_TRANSACTION): the throttle counts the attempt in a transaction of its own, committed
 * whatever the answer.
 */
export async function validateUserCredential(
  deps: Deps,
  run: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
  caller: Caller,
  body: { email: string; password: string; permission: string },
  ip: string,
) {
  const refuse = () => badRequest(MESSAGES.credentialWithoutPermission);
  const wait = await deps.throttle.attempt(body.email, ip);
  if (wait > 0) throw tooManyRequests(wait);
  const found = await run(async (tx) => {
    const { rows } = await tx.query<{ id_usuario: number; senha_hash: string }>(
      'SELECT id_usuario, senha_hash FROM login WHERE email = $1 AND id_organization = $2',
      [body.email.toLowerCase(), caller.id_organization],
    );
    return rows[0];
  });
  const ok = found ? await verifyPassword(found.senha_hash, body.password) : await burnPasswordCheck(body.password);
  if (!found || !ok) throw refuse();
  // Judged in the caller's active branch: the supervisor must be active and hold the permission (manage) there.
  const supervisor = await run((tx) => loadCaller(tx, caller.id_organization, found.id_usuario, caller.id_filial)).catch((error: unknown) => {
    if (error instanceof HttpError) return null;
    throw error;
  });
  if (!supervisor || !supervisor.ability.can('manage', body.permission)) throw refuse();
  await deps.throttle.succeed(body.email, ip);
  return { id_usuario: supervisor.id_usuario, nome: supervisor.user.nome, autorizado: true as const };
}

/**
 * The signed-in user changes their own password (the step a temporary password asks for at the next sign-in): the
 * current one is checked under the throttle like a sign-in, the new one must differ, and solicitar_nova_senha ends.
 * Runs outside the request transaction (OUTSIDE_TRANSACTION) like validateUserCredential: the throttle counts the
 * attempt in a transaction of its own. Answers the refreshed session user.
 */
export async function changePassword(
  deps: Deps,
  run: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
  caller: Caller,
  body: { senha_atual: string; nova_senha: string },
  ip: string,
) {
  const login = await run(async (tx) => {
    const { rows } = await tx.query<{ email: string; senha_hash: string }>(
      'SELECT email, senha_hash FROM login WHERE id_organization = $1 AND id_usuario = $2',
      [caller.id_organization, caller.id_usuario],
    );
    return rows[0];
  });
  if (!login) throw unauthorized();
  const wait = await deps.throttle.attempt(login.email, ip);
  if (wait > 0) throw tooManyRequests(wait);
  if (!(await verifyPassword(login.senha_hash, body.senha_atual))) throw badRequest(USER_MESSAGES.wrongCurrentPassword);
  if (body.nova_senha === body.senha_atual) throw badRequest(USER_MESSAGES.samePassword);
  const hash = await hashPassword(body.nova_senha);
  const usuario = await run(async (tx) => {
    await tx.query('UPDATE login SET senha_hash = $3, data_alteracao = now() WHERE id_organization = $1 AND id_usuario = $2', [
      caller.id_organization, caller.id_usuario, hash,
    ]);
    await tx.query(
      'UPDATE usuario SET solicitar_nova_senha = false, data_alteracao = now() WHERE id_organization = $1 AND id_usuario = $2',
      [caller.id_organization, caller.id_usuario],
    );
    return buildSessionUser(tx, await loadCaller(tx, caller.id_organization, caller.id_usuario));
  });
  await deps.throttle.succeed(login.email, ip);
  return { usuario };
}
