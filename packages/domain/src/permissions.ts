/**
 * The permission rule of the spec (000 §6, 002 §6), written once for server and client.
 *
 * - Only active entries count.
 * - tipo '1' grants read; any other tipo grants manage, on the subject named by rotulo.
 * - With no list at all, the user has full manage on everything.
 * - A list that failed to load is NOT "no list": it grants nothing.
 */

export type Action = 'read' | 'manage';

export const SITUACAO_ATIVO = 'Ativo';
export const SITUACAO_INATIVO = 'Inativo';
export type Situacao = typeof SITUACAO_ATIVO | typeof SITUACAO_INATIVO;

/** tipo of a permission entry that grants read only. */
export const PERMISSION_TYPE_READ = '1';
/** tipo used for entries that grant manage (any value other than '1' does). */
export const PERMISSION_TYPE_MANAGE = '2';

/**
 * Permissions a route checks inside, beyond the route table's own: powers of a manager. Each label is in the catalogue
 * (menu.ts PERMISSION_CATALOGUE), so profile screens offer it and the demo manager holds it.
 */
export const MANAGER_PERMISSIONS = {
  /** Issuing a gift card's balance without a paid sale (a courtesy or an agreed store credit, 001 §7). */
  giftCardCredit: 'FncCreditoValeCredito',
} as const;

export interface PermissionEntry {
  rotulo: string;
  tipo: string | number;
  situacao: string;
  id_permissao?: number;
}

/** Where a permission list came from: loaded (possibly empty), absent (no list) or failed to load. */
export type PermissionSource =
  | { kind: 'list'; entries: readonly PermissionEntry[] }
  | { kind: 'absent' }
  | { kind: 'failed' };

export interface Ability {
  can(action: Action, subject: string): boolean;
  /** The subjects granted (undefined when everything is granted). */
  readonly subjects: ReadonlyMap<string, Action> | undefined;
}

export function isActiveEntry(entry: PermissionEntry): boolean {
  return entry.situacao === SITUACAO_ATIVO;
}

export function actionOfType(tipo: string | number): Action {
  return String(tipo) === PERMISSION_TYPE_READ ? 'read' : 'manage';
}

export function buildAbility(source: PermissionSource): Ability {
  if (source.kind === 'absent') {
    return { can: () => true, subjects: undefined };
  }
  const granted = new Map<string, Action>();
  if (source.kind === 'list') {
    for (const entry of source.entries) {
      if (!isActiveEntry(entry)) continue;
      const action = actionOfType(entry.tipo);
      if (granted.get(entry.rotulo) !== 'manage') granted.set(entry.rotulo, action);
    }
  }
  return {
    subjects: granted,
    can(action: Action, subject: string): boolean {
      const held = granted.get(subject);
      if (held === undefined) return false;
      return held === 'manage' || action === 'read';
    },
  };
}

/** A menu entry is shown when the list holds an active entry whose rotulo equals the entry's label. */
export function canSeeEntry(ability: Ability, label: string | null): boolean {
  if (label === null) return true;
  return ability.can('read', label);
}

/**
 * Supervisor permissions (001 §2 supervisor modal, §6 "Supervisor override"): one label per restricted action. The
 * cashier's screen asks another user's credentials with the label; the server records the grant (an authorization)
 * and the action's route spends it once (apps/server/src/modules/authorization). Labels are ours: the spec names none.
 */
export const SUPERVISOR_PERMISSIONS = {
  /** A discount or a price change above the user's limit. */
  discountAboveLimit: 'FncAutorizarDescontoAcimaLimite',
  /** Removing an item of a sale or cancelling a sale. */
  removeItemOrCancelSale: 'FncAutorizarCancelamentoVenda',
  /** A manager's store credit to a customer (people_account_history Entrada by hand) or a gift card given by hand. */
  managerCredit: 'FncAutorizarCreditoGerencial',
  /** Closing a till whose counted amount differs from the expected one. */
  tillDifference: 'FncAutorizarDiferencaCaixa',
  /** A sale on credit above the customer's credit limit (000 §4.6 id_autorizacao_limite). */
  creditLimit: 'FncAutorizarLimiteCredito',
  /** A PIX payment confirmed by hand at the point of sale, without the bank's confirmation (issue 26). */
  manualPix: 'FncAutorizarPixManual',
} as const;
export type SupervisorPermission = (typeof SUPERVISOR_PERMISSIONS)[keyof typeof SUPERVISOR_PERMISSIONS];

/** The supervisor labels with their pt-BR descriptions (profile screens, demo seed). */
export const SUPERVISOR_PERMISSION_CATALOGUE: ReadonlyArray<{ rotulo: SupervisorPermission; descricao: string }> = [
  { rotulo: SUPERVISOR_PERMISSIONS.discountAboveLimit, descricao: 'Autorizar desconto ou alteração de preço acima do limite' },
  { rotulo: SUPERVISOR_PERMISSIONS.removeItemOrCancelSale, descricao: 'Autorizar remoção de item ou cancelamento de venda' },
  { rotulo: SUPERVISOR_PERMISSIONS.managerCredit, descricao: 'Autorizar crédito gerencial ou vale-crédito' },
  { rotulo: SUPERVISOR_PERMISSIONS.tillDifference, descricao: 'Autorizar diferença de caixa' },
  { rotulo: SUPERVISOR_PERMISSIONS.creditLimit, descricao: 'Autorizar venda a prazo acima do limite do cliente' },
  { rotulo: SUPERVISOR_PERMISSIONS.manualPix, descricao: 'Autorizar confirmação manual de pagamento PIX' },
];
