/**
 * Supervisor authorizations (001 §2, §3, §6; 000 §4.6). The one way in is a supervisor's credentials
 * (/user/validate-user-credential): `recordGrant` writes the grant in the caller's branch. The one way out is
 * `useAuthorization`, which every restricted action calls in its own transaction: the grant is the caller's, for that
 * permission, granted less than AUTHORIZATION_WINDOW_MS ago, unused, and its authorizer still holds the permission in
 * that branch; it is then marked used, so it allows one action only. /authorization/create only asks and
 * /authorization/update only describes or cancels.
 *
 * Wired today: the manager's credit (people_account_history/create, SUPERVISOR_PERMISSIONS.managerCredit) and a
 * discount above the user's limit (POST /api/operacao with id_autorizacao_limite, discountAboveLimit). To be wired by
 * the work that owns each action: creditLimit (buildSale), removeItemOrCancelSale (order items and sale cancel),
 * tillDifference (cashier closing), and the gift card given by hand (managerCredit, modules/giftcard).
 */
import type { Authorization } from '@pdv/contract/authorization';
import { AUTHORIZATION_MESSAGES, AUTHORIZATION_STATUS, grantUseError } from '@pdv/domain/authorization';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { loadCaller, type Caller } from '../auth/caller.ts';
import * as q from './queries.ts';

export interface PurposeInput {
  origem?: string | null | undefined;
  id_origem?: string | null | undefined;
  observacao?: string | null | undefined;
}

const purpose = (p: PurposeInput): q.Purpose => ({ origem: p.origem ?? null, id_origem: p.id_origem ?? null, observacao: p.observacao ?? null });
const notFound = () => new HttpError(404, AUTHORIZATION_MESSAGES.notFound);

/**
 * Records the grant a supervisor (`id_supervisor`, already checked to hold `permission` in the caller's branch) just
 * gave to the caller: a new grant, or the caller's pending request `id_autorizacao` granted.
 */
export async function recordGrant(
  tx: Tx, caller: Caller, id_supervisor: number, permission: string, p: PurposeInput & { id_autorizacao?: number | undefined },
): Promise<Authorization> {
  const org = caller.id_organization;
  if (p.id_autorizacao === undefined) {
    return q.insert(tx, { org, id_filial: caller.id_filial, permissao: permission, ...purpose(p), id_usuario_solicitacao: caller.id_usuario,
      id_usuario_autorizacao: id_supervisor });
  }
  const request = await q.lock(tx, org, caller.id_filial, p.id_autorizacao);
  if (!request || request.id_usuario_solicitacao !== caller.id_usuario) throw notFound();
  if (request.situacao !== AUTHORIZATION_STATUS.pending) throw badRequest(AUTHORIZATION_MESSAGES.notPending);
  if (request.permissao !== permission) throw badRequest(AUTHORIZATION_MESSAGES.otherPermission);
  return q.grant(tx, org, request.id_autorizacao, id_supervisor, purpose(p));
}

/**
 * Spends the grant `id_autorizacao` for the caller's action `origem` (id_origem: what it allowed, when known) under
 * `permission`, in the caller's transaction: a refusal is a 400 with the reason, and the action must not go on.
 * Answers the spent authorization (its id_usuario_autorizacao is the supervisor to record with the action).
 */
export async function useAuthorization(
  tx: Tx, caller: Caller, id_autorizacao: number | null | undefined, permission: string, origem: string, id_origem: string | null = null,
  now: Date = new Date(),
): Promise<Authorization> {
  if (id_autorizacao === null || id_autorizacao === undefined) throw badRequest(AUTHORIZATION_MESSAGES.required);
  const org = caller.id_organization;
  // The lock makes two actions racing for one grant take turns: the second finds it used.
  const grant = await q.lock(tx, org, caller.id_filial, id_autorizacao);
  if (!grant) throw badRequest(AUTHORIZATION_MESSAGES.notFound);
  const error = grantUseError({
    situacao: grant.situacao, permissao: grant.permissao, id_usuario_solicitacao: grant.id_usuario_solicitacao,
    data_autorizacao: grant.data_autorizacao === null ? null : Date.parse(grant.data_autorizacao),
  }, caller.id_usuario, permission, now.getTime());
  if (error) throw badRequest(error);
  // The supervisor may have lost the permission, the branch or the account since granting.
  const supervisor = grant.id_usuario_autorizacao === null ? null
    : await loadCaller(tx, org, grant.id_usuario_autorizacao, grant.id_filial).catch((e: unknown) => {
      if (e instanceof HttpError) return null;
      throw e;
    });
  if (!supervisor || !supervisor.ability.can('manage', permission)) throw badRequest(AUTHORIZATION_MESSAGES.notGranted);
  return q.markUsed(tx, org, grant.id_autorizacao, origem, id_origem);
}

/** POST /authorization/create: the caller asks for `permissao` in its active branch. */
export async function createRequest(tx: Tx, caller: Caller, body: { permissao: string } & PurposeInput): Promise<Authorization> {
  return q.insert(tx, { org: caller.id_organization, id_filial: caller.id_filial, permissao: body.permissao, ...purpose(body),
    id_usuario_solicitacao: caller.id_usuario, id_usuario_autorizacao: null });
}

/**
 * PUT /authorization/update: the requester describes its request or grant, or cancels it while unused. A row of
 * another branch or requester answers like a missing one.
 */
export async function updateRequest(
  tx: Tx, caller: Caller, body: { id_autorizacao: number; situacao?: 'Cancelada' | undefined } & PurposeInput,
): Promise<Authorization> {
  const row = await q.lock(tx, caller.id_organization, caller.id_filial, body.id_autorizacao);
  if (!row || row.id_usuario_solicitacao !== caller.id_usuario) throw notFound();
  const open = row.situacao === AUTHORIZATION_STATUS.pending || row.situacao === AUTHORIZATION_STATUS.granted;
  if (!open) throw badRequest(AUTHORIZATION_MESSAGES.alreadyClosed);
  return q.describe(tx, caller.id_organization, row.id_autorizacao, purpose(body), body.situacao === 'Cancelada');
}

export async function listAuthorizations(tx: Tx, caller: Caller, f: q.ListFilter) {
  return q.list(tx, caller.id_organization, caller.id_filial, f);
}
