/**
 * What the user does with an operation the server refused (Erro, 000 §4.1): nothing of it is lost, and it is never
 * sent again once closed.
 *
 * - Retry (`retryOutcome`): back to Pendente, one pass of the outbox, and the answer said in words: sent, refused
 *   again (with the server's message), or still without connection.
 * - Reopen (`reopenRefused`): its content becomes the point of sale's operation in edit under a NEW id_operacao (the
 *   server may keep the refused id with its answer; a fixed operation is another operation), to be fixed and finished
 *   again. The refused one stays, readable, marked as replaced by the new one.
 * - Cancel (`cancelRefused`): closed with the user's reason (and, when the goods already left the shop, a supervisor's
 *   grant of SUPERVISOR_PERMISSIONS.removeItemOrCancelSale), kept in the list as cancelled.
 *
 * Both closings give back the local stock finishing took (the server never moved it: it refused the operation). The
 * refused operation keeps situacao Erro (the spec's lifecycle) and its `encerramento` says how it was closed; the
 * outbox sends only Pendente operations and `requeue` refuses a closed one.
 */
import { quantityFromDecimal, quantityToDecimal } from '@pdv/domain/money';
import { procedure, runProcedure, type LocalStore, type LocalTx, type TxRun } from '../../localdb/transaction.ts';
import { ITEM_TABLE, loadBundleProcedure, OPERATION_TABLE, PAYMENT_TABLE, STOCK_TABLE, type PosOwner } from './operations.ts';
import { PENDING_MESSAGE } from './outbox.ts';
import type { OperationBundle, StoredOperation } from './types.ts';

export const REFUSED_MESSAGES = {
  sent: 'Operação enviada com sucesso.',
  refusedAgain: (message: string) => `O servidor recusou a operação novamente: ${message}`,
  stillPending: PENDING_MESSAGE,
  offline: 'Sem conexão com o servidor: a operação continua pendente e será enviada quando a conexão voltar.',
  notRefused: 'Somente uma operação recusada pelo servidor pode ser corrigida ou cancelada.',
  closed: 'Esta operação já foi substituída ou cancelada: ela não será enviada.',
  otherBranch: 'Esta operação é de outra filial: abra-a no ponto de venda da filial dela.',
  editingBusy:
    'Há uma venda em andamento no ponto de venda. Finalize-a ou remova os itens e pagamentos dela antes de corrigir esta operação.',
  reasonRequired: 'Informe o motivo do cancelamento da operação.',
  authorizationRequired:
    'As mercadorias desta operação já saíram da loja: o cancelamento precisa da autorização de um supervisor.',
  authorizationOffline: 'Sem conexão com o servidor: a autorização do supervisor precisa da conexão.',
  reopened: 'Operação reaberta no ponto de venda: corrija-a e finalize novamente.',
  cancelled: 'Operação cancelada.',
} as const;

/** How a refused operation was closed by the user. */
export type Closing =
  | { tipo: 'Substituida'; id_operacao_nova: string; data: string }
  | { tipo: 'Cancelada'; motivo: string; data: string; id_usuario: number; id_autorizacao: number | null };

/** Whether the operation is one the user may still retry, reopen or cancel. */
export function isOpenRefusal(op: Pick<StoredOperation, 'situacao' | 'encerramento'>): boolean {
  return op.situacao === 'Erro' && !op.encerramento;
}

/** The modes whose finishing hands goods to the customer (a sale, a consignment): cancelling them needs a supervisor. */
const GOODS_OUT_MODES: ReadonlySet<string> = new Set(['Venda', 'Consignacao']);

/** Whether the goods of a finished operation already left the shop (it was finished at the till with lines). */
export function goodsLeft(bundle: OperationBundle): boolean {
  return GOODS_OUT_MODES.has(bundle.operation.modo_operacao) && bundle.itens.some((i) => !i.is_cancelado);
}

/** What a retry came to, read from the operation after the outbox pass. */
export type RetryOutcome =
  | { kind: 'sent'; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'pending'; message: string };

export function retryOutcome(after: StoredOperation | undefined, online: boolean): RetryOutcome {
  if (after?.situacao === 'Processado') return { kind: 'sent', message: REFUSED_MESSAGES.sent };
  if (after?.situacao === 'Erro') return { kind: 'refused', message: REFUSED_MESSAGES.refusedAgain(after.erro ?? '') };
  return { kind: 'pending', message: online ? REFUSED_MESSAGES.stillPending : REFUSED_MESSAGES.offline };
}

/** Gives back to the local stock what finishing took for the bundle's lines (inside the caller's transaction). */
function* giveBackStock(t: LocalTx, bundle: OperationBundle): TxRun<void> {
  // finishOperation took the units out (a return put them in): the opposite here.
  const sign = bundle.operation.modo_operacao === 'Devolucao' ? -1 : 1;
  for (const item of bundle.itens) {
    if (item.is_cancelado || item.id_produto_grade_filial === null) continue;
    const rows = yield* t.where(STOCK_TABLE, 'id_produto_grade_filial', item.id_produto_grade_filial);
    const row = rows.find((r) => r['id_endereco_estoque'] === item.id_endereco_estoque && !r['data_exclusao']);
    if (!row) continue;
    const back = quantityFromDecimal(Number(row['quantidade'] ?? 0)) + sign * item.quantidade;
    yield* t.put(STOCK_TABLE, { ...row, quantidade: quantityToDecimal(back) });
  }
}

function openRefusalOrThrow(op: StoredOperation | undefined): StoredOperation {
  if (!op || op.situacao !== 'Erro') throw new Error(REFUSED_MESSAGES.notRefused);
  if (op.encerramento) throw new Error(REFUSED_MESSAGES.closed);
  return op;
}

/** The refused operation's content as a new draft of `owner`: new ids everywhere, nothing of the server's answer. */
export function copyAsDraft(bundle: OperationBundle, owner: PosOwner, now: Date, newId = crypto.randomUUID()): OperationBundle {
  const { operation } = bundle;
  const draft: StoredOperation = {
    ...operation,
    id_operacao: newId,
    id_filial: owner.id_filial,
    id_usuario: owner.id_usuario,
    situacao: 'EmEdicao',
    erro: null,
    data_inicio: now.toISOString(),
    data_fim: null,
    tentativas: 0,
    resultado: null,
    nsu: null,
    id_pedido: null,
    id_nota_fiscal: null,
    atualizado_em: now.toISOString(),
    substitui: operation.id_operacao,
    encerramento: null,
  };
  return {
    operation: draft,
    itens: bundle.itens.map((i) => ({ ...i, id_item: crypto.randomUUID(), id_operacao: newId })),
    pagamentos: bundle.pagamentos.map((p) => ({ ...p, id_pagamento: crypto.randomUUID(), id_operacao: newId })),
  };
}

const REFUSED_TABLES = [OPERATION_TABLE, ITEM_TABLE, PAYMENT_TABLE, STOCK_TABLE] as const;

export const reopenRefusedProcedure = procedure(
  'outbox.reopenRefused',
  'rw',
  REFUSED_TABLES,
  function* (t: LocalTx, id: string, owner: PosOwner, now: string): TxRun<string> {
    const refused = openRefusalOrThrow(yield* t.get<StoredOperation>(OPERATION_TABLE, id));
    if (refused.id_filial !== owner.id_filial) throw new Error(REFUSED_MESSAGES.otherBranch);
    const editing = (yield* t.where<StoredOperation>(OPERATION_TABLE, 'situacao', 'EmEdicao')).filter(
      (op) => op.id_filial === owner.id_filial && op.id_usuario === owner.id_usuario,
    );
    for (const draft of editing) {
      const lines = yield* t.where(ITEM_TABLE, 'id_operacao', draft.id_operacao);
      const payments = yield* t.where(PAYMENT_TABLE, 'id_operacao', draft.id_operacao);
      if (lines.length > 0 || payments.length > 0) throw new Error(REFUSED_MESSAGES.editingBusy);
      yield* t.delete(OPERATION_TABLE, draft.id_operacao);
    }
    const bundle = yield* loadBundleProcedure.body(t, id);
    if (!bundle) throw new Error(REFUSED_MESSAGES.notRefused);
    const copy = copyAsDraft(bundle, owner, new Date(now));
    yield* t.put(OPERATION_TABLE, copy.operation);
    yield* t.bulkPut(ITEM_TABLE, copy.itens);
    yield* t.bulkPut(PAYMENT_TABLE, copy.pagamentos);
    const closing: Closing = { tipo: 'Substituida', id_operacao_nova: copy.operation.id_operacao, data: now };
    yield* t.put(OPERATION_TABLE, { ...refused, encerramento: closing, atualizado_em: now });
    yield* giveBackStock(t, bundle);
    return copy.operation.id_operacao;
  },
);

/**
 * Reopens a refused operation as `owner`'s operation in edit (one per point of sale, 000 §4.1): refused when the point
 * of sale already has a draft with lines or payments (an empty one is dropped). Answers the new operation's id.
 */
export function reopenRefused(db: LocalStore, id: string, owner: PosOwner, now = new Date()): Promise<string> {
  return runProcedure(db, reopenRefusedProcedure, id, owner, now.toISOString());
}

interface Cancel {
  motivo: string;
  id_usuario: number;
  id_autorizacao: number | null;
}

export const cancelRefusedProcedure = procedure(
  'outbox.cancelRefused',
  'rw',
  REFUSED_TABLES,
  function* (t: LocalTx, id: string, cancel: Cancel, now: string): TxRun<void> {
    const refused = openRefusalOrThrow(yield* t.get<StoredOperation>(OPERATION_TABLE, id));
    const bundle = yield* loadBundleProcedure.body(t, id);
    if (!bundle) throw new Error(REFUSED_MESSAGES.notRefused);
    if (goodsLeft(bundle) && cancel.id_autorizacao === null) throw new Error(REFUSED_MESSAGES.authorizationRequired);
    const closing: Closing = {
      tipo: 'Cancelada', motivo: cancel.motivo, data: now, id_usuario: cancel.id_usuario, id_autorizacao: cancel.id_autorizacao,
    };
    yield* t.put(OPERATION_TABLE, { ...refused, encerramento: closing, atualizado_em: now });
    yield* giveBackStock(t, bundle);
  },
);

export const REFUSED_PROCEDURES = [reopenRefusedProcedure, cancelRefusedProcedure] as const;

/**
 * Cancels a refused operation with the user's reason; when its goods already left (goodsLeft), only with the grant of
 * a supervisor (`id_autorizacao`). It stays in the list, cancelled, with the reason.
 */
export async function cancelRefused(db: LocalStore, id: string, cancel: Cancel, now = new Date()): Promise<void> {
  const motivo = cancel.motivo.trim();
  if (motivo === '') throw new Error(REFUSED_MESSAGES.reasonRequired);
  await runProcedure(db, cancelRefusedProcedure, id, { ...cancel, motivo }, now.toISOString());
}
