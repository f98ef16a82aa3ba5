/**
 * The local lifecycle of an operation (000 §4.1) and the locking of a draft (000 §4.2).
 *
 *   EmEdicao ──finish──> EmProcessamento ──ok──> Processado
 *      │                   │   │
 *      │ offline            │   └─failure──> Erro (message kept)
 *      └──────> Pendente <──┘ offline, or a server report with errors
 *
 * Pendente and Erro go back to EmProcessamento when sent again (the outbox loop, or the user's retry), or back to
 * EmEdicao when reopened to be fixed. A server report can still arrive for an operation the client thought pending
 * or failed (the answer was lost, the server had committed): it goes straight to Processado. A report with errors
 * about a Processado operation sends it back to Pendente.
 */
import { TransitionError } from './errors.ts';

export const OPERATION_STATES = ['EmEdicao', 'EmProcessamento', 'Processado', 'Pendente', 'Erro'] as const;
export type OperationState = (typeof OPERATION_STATES)[number];

const ALLOWED: Readonly<Record<OperationState, readonly OperationState[]>> = {
  EmEdicao: ['EmProcessamento', 'Pendente'],
  EmProcessamento: ['Processado', 'Pendente', 'Erro'],
  Pendente: ['EmProcessamento', 'EmEdicao', 'Processado'],
  Erro: ['EmProcessamento', 'Pendente', 'EmEdicao', 'Processado'],
  Processado: ['Pendente'],
};

export function canTransition(from: OperationState, to: OperationState): boolean {
  return ALLOWED[from].includes(to);
}

export interface OperationStatus {
  situacao: OperationState;
  /** The last error message (kept in Erro, and in Pendente when a server report gave one). */
  erro: string | null;
}

/**
 * The operation in its new state. Throws TransitionError for a transition the lifecycle does not allow, and
 * RangeError when moving to Erro without a message. The message is kept in Erro and Pendente and cleared elsewhere.
 */
export function transition<T extends OperationStatus>(operation: T, to: OperationState, erro?: string | null): T {
  if (!canTransition(operation.situacao, to)) throw new TransitionError(operation.situacao, to);
  const message = erro?.trim() ? erro.trim() : null;
  if (to === 'Erro' && message === null) throw new RangeError('uma operação em erro precisa de uma mensagem');
  return { ...operation, situacao: to, erro: to === 'Erro' || to === 'Pendente' ? message : null };
}

/** A server's report on an operation (the `process` socket event, or the answer to the send). */
export interface ServerReport {
  erros: readonly string[];
}

/**
 * 000 §4.1: a report with errors sets the operation back to Pendente, unless it is being edited (the screen open is
 * /operation-order or /operation-invoice): then it stays in edit, with the message. A report without errors
 * completes it. A report that changes nothing (success about an operation in edit or already processed) leaves it.
 */
export function applyServerReport<T extends OperationStatus>(
  operation: T,
  report: ServerReport,
  isEditingScreenOpen: boolean,
): T {
  const message = report.erros
    .map((e) => e.trim())
    .filter(Boolean)
    .join('\n');
  if (message) {
    if (operation.situacao === 'EmEdicao' && isEditingScreenOpen) return { ...operation, erro: message };
    if (operation.situacao === 'Pendente') return { ...operation, erro: message };
    return transition(operation, 'Pendente', message);
  }
  if (operation.situacao === 'EmEdicao' || operation.situacao === 'Processado') return operation;
  return transition(operation, 'Processado');
}

// Locking of a draft (000 §4.2) -----------------------------------------------------------------------------------

export const ORDER_STATUSES = [
  'Edicao',
  'Liberado',
  'EnviadoCliente',
  'RetornoCliente',
  'Cancelado',
  'Concluida',
  'Faturado',
  'AguardandoConclusao',
  'NotaPendente',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const INVOICE_STATUSES = [
  'EmEdicao',
  'Autorizada',
  'Rejeitada',
  'Cancelada',
  'EmProcessamento',
  'EmImportacao',
  'Importada',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export type OperationOrigin = 'Pedido' | 'NotaFiscal';

const LOCKED_ORDER: readonly OrderStatus[] = [
  'Cancelado',
  'Concluida',
  'Faturado',
  'AguardandoConclusao',
  'EnviadoCliente',
];
const LOCKED_INVOICE: readonly InvoiceStatus[] = ['Autorizada', 'Cancelada', 'EmProcessamento', 'EmImportacao'];

export interface DraftLockFacts {
  origem: OperationOrigin;
  situacao: OperationState;
  /** Orders linked to the draft (an invoice made from orders). */
  id_pedidos_vinculados: readonly number[];
  /** The order's status, for a draft of order origin that has been saved. */
  situacao_pedido: OrderStatus | null;
  /** The invoice's status, for a draft of invoice origin that has been saved. */
  situacao_nota_fiscal: InvoiceStatus | null;
}

/** 000 §4.2: whether a draft may be edited. */
export function canEditDraft(draft: DraftLockFacts): boolean {
  if (draft.id_pedidos_vinculados.length > 0) return false;
  if (draft.situacao === 'EmProcessamento') return false;
  if (draft.origem === 'Pedido') {
    return draft.situacao_pedido === null || !LOCKED_ORDER.includes(draft.situacao_pedido);
  }
  return draft.situacao_nota_fiscal === null || !LOCKED_INVOICE.includes(draft.situacao_nota_fiscal);
}
