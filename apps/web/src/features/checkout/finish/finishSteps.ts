/**
 * What finishing an operation at the point of sale does, decided as values (000 §4.4, §8; 001 §4). The runner
 * (runFinish.ts) performs them: this module reads nothing and shows nothing.
 *
 *  1. `operationToFinish`: the operation as written; only a sale keeps the invoice model (orders and quotes are
 *     invoiced later, from the order). The finishing validations refuse it or let it through (useCheckout's refusalOf).
 *  2. `sendStep`: online, the outbox sends at once and the screen waits a little for the answer; offline the operation
 *     stays in the outbox.
 *  3. `finishOutcome`: once the send was tried, from the operation as the local copy then has it: what the cashier is
 *     told, the credit modal of a return, and the documents that may take the receipt tab, tried in order until one
 *     takes it.
 */
import { CONSIGNMENT_MODE_MESSAGES } from '@pdv/domain/consignment-mode';
import { fromDecimal } from '@pdv/domain/money';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { VOUCHER_MESSAGES } from '@pdv/domain/voucher-rules';
import { PENDING_MESSAGE } from '../../outbox/outbox.ts';
import type { OperationBundle, StoredOperation } from '../../outbox/types.ts';
import { totalsOf } from '../draft.ts';
import type { CreditInfo } from '../modes/return/CreditModal.tsx';

/** The toast once the operation is written (sent or not). */
export const SUCCESS_MESSAGE = 'Operação concluída com sucesso.';

/** 000 §8: the success toast of an order or a quote saved from the point of sale. */
export function orderSavedMessage(modo: 'Pedido' | 'Orcamento', nsu: number): string {
  return `${modo === 'Pedido' ? 'Pedido' : 'Orçamento'} ${nsu} salvo com sucesso`;
}

/** The operation as finishing writes it: the chosen model stays on a sale only. */
export function operationToFinish(bundle: OperationBundle, modelo: string | null): OperationBundle {
  const modo = bundle.operation.modo_operacao;
  return { ...bundle, operation: { ...bundle.operation, modelo: modo === 'Venda' ? modelo : null } };
}

/** Online: send now and wait for the answer (at most `SEND_WAIT_MS`); offline: leave it in the outbox. */
export type SendStep = 'sendNow' | 'leaveInOutbox';

export function sendStep(online: boolean): SendStep {
  return online ? 'sendNow' : 'leaveInOutbox';
}

/** What the cashier is told: a toast, or the warning modal (which waits to be closed). */
export type Notice = { kind: 'success' | 'error'; message: string } | { kind: 'warning'; message: string };

/**
 * A document that may take the receipt tab, tried in order; the first that takes it ends the list.
 * - `voucherPdf`: the sold credit voucher's PDF (CODE39 and QR), when the server issued it;
 * - `orderSheet`: the A4 pre-sale sheet of an order or quote the server has;
 * - `invoice`: a sale that reached the server with an invoice: transmitted at once (with or without a tab), its DANFE
 *   takes the tab (the contingency one when SEFAZ did not answer); a failure keeps the invoice at /invoice. A fiscal
 *   return's invoice too: once it is transmitted, its credit modal opens (`credit`, 000 §4.4);
 * - `receipt`: the plain receipt, from the operation as stored.
 */
export type FinishDocument =
  | { kind: 'voucherPdf'; idValeCredito: number }
  | { kind: 'orderSheet'; idPedido: number }
  | { kind: 'invoice'; idNotaFiscal: number; credit?: CreditInfo }
  | { kind: 'receipt'; operation: StoredOperation };

export interface FinishOutcome {
  /** In the order they are shown. */
  notices: Notice[];
  /** A return's credit modal (null: none). */
  credit: CreditInfo | null;
  documents: FinishDocument[];
}

export interface FinishFacts {
  /** The operation as written (operationToFinish). */
  written: OperationBundle;
  /** The header finishOperation answered (stands in when the local copy has no row). */
  finished: StoredOperation;
  /** The header as the local copy has it after the send step (undefined: not found). */
  state: StoredOperation | undefined;
  send: SendStep;
  /** Whether a receipt tab was opened during the key press that confirmed. */
  hasTab: boolean;
}

export function finishOutcome({ written, finished, state, send, hasTab }: FinishFacts): FinishOutcome {
  const modo = written.operation.modo_operacao;
  const attempted = send === 'sendNow';
  const sent = attempted && state?.situacao === 'Processado';
  const resultado = sent ? (state?.resultado ?? null) : null;
  const nsu = state?.nsu ?? null;
  const notices: Notice[] = [];
  let credit: CreditInfo | null = null;

  if (sent && (modo === 'Pedido' || modo === 'Orcamento') && nsu !== null) {
    notices.push({ kind: 'success', message: orderSavedMessage(modo, nsu) });
  }
  if (sent && modo === 'Consignacao' && nsu !== null) {
    notices.push({ kind: 'success', message: CONSIGNMENT_MODE_MESSAGES.saved(nsu) });
  }
  // A fiscal return (its original had an access key, so the server made a return NF-e): 000 §4.4 opens the credit
  // modal after that invoice is transmitted; a pre-sale return opens it now.
  const returnInvoice = modo === 'Devolucao' ? (resultado?.id_nota_fiscal ?? null) : null;
  let returnCredit: CreditInfo | null = null;
  if (modo === 'Devolucao' && resultado) {
    returnCredit = {
      cliente: written.operation.cliente_nome,
      valor: fromDecimal(resultado.valor_credito ?? resultado.valor_total),
      saldo: resultado.saldo_credito != null ? fromDecimal(resultado.saldo_credito) : null,
      pendente: false,
    };
    if (returnInvoice === null) {
      // 001 §4: 'Crédito gerado com suceso.' (spelled so), then the credit modal with the new balance.
      notices.push({ kind: 'success', message: ORDER_MESSAGES.creditGenerated });
      credit = returnCredit;
    }
  }
  if (attempted && state?.situacao === 'Erro')
    notices.push({ kind: 'warning', message: state.erro ?? PENDING_MESSAGE });
  else if (!sent) notices.push({ kind: 'error', message: PENDING_MESSAGE });
  // A return not yet on the server: the credit it will grant, unless the server refused it.
  if (!sent && modo === 'Devolucao' && state?.situacao !== 'Erro') {
    credit = { cliente: written.operation.cliente_nome, valor: totalsOf(written).liquido, saldo: null, pendente: true };
  }

  const stored = state ?? finished;
  const documents: FinishDocument[] = [];
  const idValeCredito = modo === 'ValeCredito' ? (resultado?.id_vale_credito ?? null) : null;
  if (idValeCredito !== null) {
    notices.push({
      kind: 'success',
      message: VOUCHER_MESSAGES.issued(resultado?.codigo_vale_credito ?? String(idValeCredito)),
    });
    if (hasTab) documents.push({ kind: 'voucherPdf', idValeCredito });
  }
  const idPedido = modo === 'Pedido' || modo === 'Orcamento' ? (resultado?.id_pedido ?? null) : null;
  if (idPedido !== null && hasTab) documents.push({ kind: 'orderSheet', idPedido });
  const idNotaFiscal = resultado?.id_nota_fiscal ?? null;
  if (idNotaFiscal !== null) {
    documents.push(returnInvoice !== null && returnCredit ? { kind: 'invoice', idNotaFiscal, credit: returnCredit } : { kind: 'invoice', idNotaFiscal });
  }
  if (hasTab) documents.push({ kind: 'receipt', operation: stored });
  return { notices, credit, documents };
}
