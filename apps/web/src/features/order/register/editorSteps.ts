/**
 * The order screen's decisions as values: what may be edited in the order's state, which tabs it shows and how
 * Alt+PgUp/PgDn move over them, its title and lock notice, whether leaving asks first, and whether an action acts on
 * the order as it is or saves pending header changes first. useOrderEditor.ts performs them.
 */
import type { OrderFull } from '@pdv/contract/order';
import type { OrderStatus } from '@pdv/domain/operation-state';
import { ITEM_EDITABLE_STATUSES } from '@pdv/domain/order-item-rules';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { orderEditError } from '@pdv/domain/order-rules';
import { headerBody, type HeaderForm } from '../form.ts';
import { isOrderStatus, operacaoLabel, orderActionsFor, type OrderAction } from '../situacao.ts';
import { serviceTabsFor } from '../service-order.ts';

export type TabName = 'produtos' | 'servicos' | 'objetos' | 'pagamentos' | 'volumes' | 'consignacao';

/** The actions on the order's state, as buttons and keys, in this order. */
export const STATUS_ACTIONS: readonly OrderAction[] = ['liberar', 'faturar', 'duplicar', 'email', 'cancelar'];

/** What of the order the screen reads (null: a new order, not saved yet). */
export type EditorOrder = Pick<OrderFull, 'situacao' | 'is_processando' | 'operacao' | 'id_cliente' | 'nsu'>;

export interface EditorRights {
  status: OrderStatus;
  processing: boolean;
  headerEditable: boolean;
  itemsEditable: boolean;
  /** Payments change with the header, except while the order waits for its invoice. */
  paymentsEditable: boolean;
  /** The order's actions the user may run (none on a new order, none without the order permission). */
  available: OrderAction[];
}

/** What the user may change in the order's state (000 §3.6; the domain's order rules). */
export function editorRights(order: EditorOrder | null, canManage: boolean): EditorRights {
  const status: OrderStatus = order && isOrderStatus(order.situacao) ? order.situacao : 'Edicao';
  const processing = order?.is_processando ?? false;
  const headerEditable =
    canManage && (order === null || orderEditError({ situacao: status, is_processando: processing }) === null);
  const itemsEditable = canManage && (order === null || (ITEM_EDITABLE_STATUSES.includes(status) && !processing));
  return {
    status,
    processing,
    headerEditable,
    itemsEditable,
    paymentsEditable: headerEditable && status !== 'NotaPendente',
    available: order && canManage ? orderActionsFor(order) : [],
  };
}

/** The header as saved, to compare with the form (the baseline of `isDirty`). */
export function headerSnapshot(form: HeaderForm): string {
  return JSON.stringify(headerBody(form));
}

/** A new order is always unsaved; a saved one when its header differs from what was saved. */
export function isDirty(order: unknown, form: HeaderForm, baseline: string): boolean {
  return order === null || headerSnapshot(form) !== baseline;
}

/** The tabs: Serviços and Objetos for the operations that take them, Consignação for a saved consignment. */
export function editorTabs(operacao: string, savedConsignment: boolean): TabName[] {
  return [
    'produtos',
    ...serviceTabsFor(operacao),
    'pagamentos',
    'volumes',
    ...(savedConsignment ? (['consignacao'] as const) : []),
  ];
}

/** Alt+PgUp/PgDn: the tab `step` away, round the ends. */
export function tabAfterMove(tabs: readonly TabName[], tab: TabName, step: number): TabName | undefined {
  return tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
}

/** A tab chosen by click: one of the tabs shown, else Produtos. */
export function tabOrDefault(tabs: readonly TabName[], value: string | null): TabName {
  return (tabs as readonly string[]).includes(value ?? '') ? (value as TabName) : 'produtos';
}

export function editorTitle(order: Pick<OrderFull, 'operacao' | 'nsu'> | null, operacao: string): string {
  return order
    ? `${operacaoLabel(order.operacao)} ${order.nsu}`
    : `Novo ${operacao === 'Orcamento' ? 'orçamento' : 'pedido'}`;
}

/** Why a saved order's header cannot be changed, for those who could otherwise (null: nothing to say). */
export function lockedText(hasOrder: boolean, rights: EditorRights, canManage: boolean): string | null {
  if (!hasOrder || rights.headerEditable || !canManage) return null;
  return rights.processing ? ORDER_MESSAGES.processing : ORDER_MESSAGES.locked(rights.status);
}

/** Alt+V: leaving asks first when there are unsaved header changes worth keeping (a saved order, or a client chosen). */
export function leaveNeedsConfirm(facts: {
  headerEditable: boolean;
  dirty: boolean;
  hasOrder: boolean;
  idCliente: number | null;
}): boolean {
  return facts.headerEditable && facts.dirty && (facts.hasOrder || facts.idCliente !== null);
}

/**
 * Duplicating, e-mailing and cancelling act on the order as it is; the other actions act on it as saved (pending
 * header changes are saved first).
 */
export function actionTarget(action: OrderAction): 'asIs' | 'saved' {
  return action === 'duplicar' || action === 'email' || action === 'cancelar' ? 'asIs' : 'saved';
}

/** Header changes to save before acting on a saved order (or printing it): changed, and the user may save them. */
export function headerChangesToSave(dirty: boolean, headerEditable: boolean): boolean {
  return dirty && headerEditable;
}

/** The names of the saved client and carrier read from the local copy; a name already in the form stays. */
export function withPersonLabels(form: HeaderForm, cliente: string | null, transportadora: string | null): HeaderForm {
  return {
    ...form,
    cliente_label: form.cliente_label ?? cliente,
    transportadora_label: form.transportadora_label ?? transportadora,
  };
}
