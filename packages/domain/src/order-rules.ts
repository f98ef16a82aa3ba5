/**
 * Order rules (000 §4.2-4.4, §5): the statuses an order may move between, when it is locked, and when it may be
 * invoiced. The server runs them inside the order's transaction; the order screens use them to hide what would fail.
 *
 *   Edicao <──> Liberado ──> NotaPendente ──> Faturado
 *     │  ╲        │    ╲___________________↗
 *     │   EnviadoCliente ──> RetornoCliente ──> AguardandoConclusao ──> Concluida | Faturado   (consignment)
 *     └──────────── any open status ──> Cancelado
 */
import { canEditDraft, type OrderStatus } from './operation-state.ts';
import { ORDER_MESSAGES } from './order-messages.ts';

export const ORDER_OPERATIONS = ['Pedido', 'Compra', 'Consignacao', 'OrdemServico', 'Orcamento'] as const;
export type OrderOperation = (typeof ORDER_OPERATIONS)[number];

/** pt-BR names of the operations: singular (toasts: "Pedido 12 salvo com sucesso") and plural (invoicing message). */
export const ORDER_OPERATION_NAME: Readonly<Record<OrderOperation, { one: string; many: string }>> = {
  Pedido: { one: 'Pedido', many: 'Pedidos' },
  Compra: { one: 'Compra', many: 'Compras' },
  Consignacao: { one: 'Consignação', many: 'Consignações' },
  OrdemServico: { one: 'Ordem de serviço', many: 'Ordens de serviço' },
  Orcamento: { one: 'Orçamento', many: 'Orçamentos' },
};

const ALLOWED: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  Edicao: ['Liberado', 'EnviadoCliente', 'NotaPendente', 'Faturado', 'Cancelado'],
  Liberado: ['Edicao', 'EnviadoCliente', 'NotaPendente', 'Faturado', 'Cancelado'],
  // 000 §4.3: adding an item to an order in Liberado, EnviadoCliente or RetornoCliente first returns it to Edicao.
  EnviadoCliente: ['Edicao', 'RetornoCliente', 'AguardandoConclusao', 'Cancelado'],
  RetornoCliente: ['Edicao', 'Liberado', 'EnviadoCliente', 'AguardandoConclusao', 'Cancelado'],
  AguardandoConclusao: ['Concluida', 'NotaPendente', 'Faturado', 'Cancelado'],
  NotaPendente: ['Liberado', 'Faturado', 'Cancelado'],
  Faturado: [],
  Cancelado: [],
  Concluida: [],
};

/** Statuses that take an invoice: the invoicing rules of 000 §4.4 apply on the way in. */
const INVOICING: readonly OrderStatus[] = ['NotaPendente', 'Faturado'];

export function canChangeOrderStatus(from: OrderStatus, to: OrderStatus): boolean {
  return from === to || ALLOWED[from].includes(to);
}

export interface OrderFacts {
  operacao: OrderOperation;
  situacao: OrderStatus;
  /** A transmission or invoicing of this order is running (000 §4.2 "it is processing"). */
  is_processando: boolean;
  /** Items not cancelled. */
  quantidade_itens: number;
}

/** 000 §4.2: why the order's data cannot be edited now, or null when it can. */
export function orderEditError(order: Pick<OrderFacts, 'situacao' | 'is_processando'>): string | null {
  const editable = canEditDraft({
    origem: 'Pedido',
    situacao: order.is_processando ? 'EmProcessamento' : 'EmEdicao',
    id_pedidos_vinculados: [],
    situacao_pedido: order.situacao,
    situacao_nota_fiscal: null,
  });
  if (editable) return null;
  return order.is_processando ? ORDER_MESSAGES.processing : ORDER_MESSAGES.locked(order.situacao);
}

/** 000 §4.4 and §5: why the order cannot be invoiced, or null when it can. */
export function invoicingError(order: OrderFacts): string | null {
  if (order.operacao === 'Orcamento') return ORDER_MESSAGES.quoteCannotBeInvoiced;
  if (order.is_processando) return ORDER_MESSAGES.processing;
  const pending = order.situacao === 'NotaPendente';
  if ((order.operacao === 'Pedido' || order.operacao === 'OrdemServico') && order.situacao !== 'Liberado' && !pending) {
    return ORDER_MESSAGES.onlyReleasedInvoiced(ORDER_OPERATION_NAME[order.operacao].many);
  }
  if (order.operacao === 'Consignacao' && order.situacao !== 'AguardandoConclusao' && !pending) {
    return ORDER_MESSAGES.consignmentNotAwaiting;
  }
  if (order.quantidade_itens === 0) return ORDER_MESSAGES.noItemsToInvoice;
  return null;
}

/**
 * Why the order cannot move to `to`, or null when it can: the transition table, then the invoicing rules when the
 * new status takes an invoice. The customer rule of saving (000 §5) is checked by `customerError`.
 */
export function statusChangeError(order: OrderFacts, to: OrderStatus): string | null {
  if (order.situacao === to) return null;
  // A quote stays in Edicao until it is cancelled or turned into an order (invoicing it has its own message below).
  if (order.operacao === 'Orcamento' && to !== 'Cancelado' && !INVOICING.includes(to)) return ORDER_MESSAGES.quoteStaysInEdition;
  if (!canChangeOrderStatus(order.situacao, to)) return ORDER_MESSAGES.transitionRefused(order.situacao, to);
  if (INVOICING.includes(to) && !(order.situacao === 'NotaPendente' && to === 'Faturado' && !order.is_processando)) {
    return invoicingError(order);
  }
  return null;
}

/** 000 §5 "Saving the order": the client is required unless the new status is Cancelado. */
export function customerError(id_cliente: number | null, situacao: OrderStatus): string | null {
  return id_cliente === null && situacao !== 'Cancelado' ? ORDER_MESSAGES.customerMissing : null;
}

/**
 * The status a new order starts in (000 §4.3): Edicao, or Liberado when the branch releases orders; a quote always
 * starts (and stays) in Edicao.
 */
export function initialOrderStatus(config: { is_liberar_pedido: boolean }, operacao?: OrderOperation): OrderStatus {
  return config.is_liberar_pedido && operacao !== 'Orcamento' ? 'Liberado' : 'Edicao';
}
