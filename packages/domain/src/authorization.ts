/**
 * Supervisor authorizations (001 §2, §3 "Authorization", §6; 000 §4.6 id_autorizacao_limite): a record that another
 * user, holding a named permission in the branch, allowed a restricted action of the requester. A grant is spent once
 * by the action it was asked for, within AUTHORIZATION_WINDOW_MS of being granted. The spec does not show the states
 * of situacao: these are ours.
 */

/** How long a granted authorization may wait to be used: the supervisor is at the counter, not on call. */
export const AUTHORIZATION_WINDOW_MS = 10 * 60_000;

export const AUTHORIZATION_STATUS = {
  /** Asked for (/authorization/create), not granted yet. */
  pending: 'Pendente',
  /** Granted by a supervisor's credentials (/user/validate-user-credential), not used yet. */
  granted: 'Autorizada',
  /** Spent by the action it allowed (id_origem names it). */
  used: 'Utilizada',
  /** Withdrawn by the requester before use. */
  cancelled: 'Cancelada',
} as const;
export type AuthorizationStatus = (typeof AUTHORIZATION_STATUS)[keyof typeof AUTHORIZATION_STATUS];

export const AUTHORIZATION_MESSAGES = {
  required: 'Esta operação precisa da autorização de um supervisor.',
  notFound: 'Autorização não encontrada.',
  notGranted: 'Autorização não concedida ou já utilizada.',
  expired: 'Autorização expirada. Solicite uma nova autorização do supervisor.',
  otherPermission: 'Esta autorização foi concedida para outra operação.',
  otherRequester: 'Esta autorização foi concedida para outro usuário.',
  notPending: 'Somente uma autorização pendente pode ser concedida.',
  alreadyClosed: 'Esta autorização já foi utilizada ou cancelada.',
  creditReasonRequired: 'Informe o motivo do crédito gerencial.',
  creditInvoiceNotReturn: 'Crédito por nota fiscal somente para nota fiscal de devolução de venda.',
  creditInvoiceOtherCustomer: 'A nota fiscal de devolução é de outro cliente.',
  creditInvoiceNotAuthorized: 'A nota fiscal de devolução ainda não foi autorizada.',
  creditAboveReturn: (restante: string) => `O crédito excede o valor restante da devolução: ${restante}.`,
} as const;

export interface GrantFacts {
  situacao: string;
  permissao: string;
  id_usuario_solicitacao: number;
  /** Epoch milliseconds of the grant; null when not granted. */
  data_autorizacao: number | null;
}

/**
 * Whether a grant may be spent now by `requester` for `permission`: the reason it may not, or null. The server adds
 * what only it knows (the authorizer still holds the permission in the branch; the row lock that makes it once).
 */
export function grantUseError(g: GrantFacts, requester: number, permission: string, now: number): string | null {
  if (g.situacao !== AUTHORIZATION_STATUS.granted || g.data_autorizacao === null) return AUTHORIZATION_MESSAGES.notGranted;
  if (g.permissao !== permission) return AUTHORIZATION_MESSAGES.otherPermission;
  if (g.id_usuario_solicitacao !== requester) return AUTHORIZATION_MESSAGES.otherRequester;
  if (now - g.data_autorizacao > AUTHORIZATION_WINDOW_MS || g.data_autorizacao - now > AUTHORIZATION_WINDOW_MS) return AUTHORIZATION_MESSAGES.expired;
  return null;
}
