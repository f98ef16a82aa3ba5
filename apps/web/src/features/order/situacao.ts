/**
 * Order statuses and operations as the order screens show them (000 §4.3), and the actions each order offers. The
 * actions follow the domain's transitions (order-rules.ts): what the table refuses is not offered. Invoicing is
 * offered on every open order so that the server's reason (a quote, an order not released: 000 §4.4, §5) is shown.
 */
import { ORDER_STATUSES, type OrderStatus } from '@pdv/domain/operation-state';
import { orderStatusLabel } from '@pdv/domain/order-labels';
import { ORDER_OPERATIONS, ORDER_OPERATION_NAME, canChangeOrderStatus, type OrderOperation } from '@pdv/domain/order-rules';

export const ORDER_PERMISSION = 'FncListarPedido';

const COLOR: Readonly<Record<OrderStatus, string>> = {
  Edicao: 'gray',
  Liberado: 'blue',
  EnviadoCliente: 'cyan',
  RetornoCliente: 'indigo',
  Cancelado: 'red',
  Concluida: 'teal',
  Faturado: 'green',
  AguardandoConclusao: 'yellow',
  NotaPendente: 'orange',
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function isOrderOperation(value: string): value is OrderOperation {
  return (ORDER_OPERATIONS as readonly string[]).includes(value);
}

/** The status's label (the domain's table: order-labels.ts). */
export const situacaoLabel = (s: string): string => orderStatusLabel(s);
export const situacaoColor = (s: string): string => (isOrderStatus(s) ? COLOR[s] : 'gray');
/** The operation's name (the domain's table: ORDER_OPERATION_NAME). */
export const operacaoLabel = (o: string): string => (isOrderOperation(o) ? ORDER_OPERATION_NAME[o].one : o);

export type OrderAction = 'abrir' | 'duplicar' | 'liberar' | 'faturar' | 'cancelar' | 'email';

export const ORDER_ACTIONS: readonly OrderAction[] = ['abrir', 'duplicar', 'liberar', 'faturar', 'cancelar', 'email'];

export const ORDER_ACTION_LABEL: Readonly<Record<OrderAction, string>> = {
  abrir: 'Abrir',
  duplicar: 'Duplicar',
  liberar: 'Liberar',
  faturar: 'Faturar',
  cancelar: 'Cancelar pedido',
  email: 'Enviar por e-mail',
};

export const ORDER_ACTION_SHORTCUT: Readonly<Record<OrderAction, string>> = {
  abrir: 'Enter',
  duplicar: 'Alt+D',
  liberar: 'Alt+L',
  faturar: 'Alt+F',
  cancelar: 'Alt+X',
  email: 'Alt+E',
};

/** Statuses after which nothing changes any more. */
const CLOSED: readonly OrderStatus[] = ['Cancelado', 'Concluida', 'Faturado'];

export interface OrderActionTarget {
  situacao: string;
  operacao: string;
  id_cliente: number | null;
}

/** The actions an order offers now, in menu order. */
export function orderActionsFor(order: OrderActionTarget): OrderAction[] {
  const situacao = isOrderStatus(order.situacao) ? order.situacao : null;
  const actions: OrderAction[] = ['abrir', 'duplicar'];
  if (situacao === null) return actions;
  if (
    situacao !== 'Liberado' &&
    situacao !== 'NotaPendente' &&
    order.operacao !== 'Consignacao' &&
    // A quote is never released: it is cancelled or turned into an order (order-rules.ts, statusChangeError).
    order.operacao !== 'Orcamento' &&
    canChangeOrderStatus(situacao, 'Liberado')
  ) {
    actions.push('liberar');
  }
  if (!CLOSED.includes(situacao) && order.operacao !== 'Compra') actions.push('faturar');
  if (situacao !== 'Cancelado' && canChangeOrderStatus(situacao, 'Cancelado')) actions.push('cancelar');
  if (situacao !== 'Cancelado' && order.id_cliente !== null) actions.push('email');
  return actions;
}

/** The label of an action on this order: invoicing an order already waiting for its invoice opens that invoice. */
export function orderActionLabel(
  action: OrderAction,
  order: { situacao: string; id_nota_fiscal: number | null },
): string {
  if (action === 'faturar' && order.situacao === 'NotaPendente' && order.id_nota_fiscal !== null)
    return 'Abrir nota fiscal';
  return ORDER_ACTION_LABEL[action];
}
