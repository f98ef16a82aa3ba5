/**
 * Finishing an operation (000 §5 Finishing a sale, 001 §5 Payment in the point of sale): the checks run when the
 * cashier presses "Finalizar", on the client against its local copy and again on the server in its transaction.
 * Returns every error found, in the spec's order (empty: the operation may be finished).
 */
import { ValidationError } from './errors.ts';
import { validatePayment } from './payment-validation.ts';
import { isCash } from './payment-method.ts';
import { activeItems } from './item.ts';
import { SAT_MODEL } from './sat.ts';
import { MESSAGES } from './messages.ts';
import type { Cents } from './money.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import {
  MODELO_DOCUMENTO,
  MODO_OPERACAO_NOME,
  computeOperationTotals,
  type ModoOperacao,
  type Operation,
} from './operation.ts';

/** A fiscal series of the local copy (002 §3). */
export interface FiscalSeries {
  id_filial: number;
  codigo_modelo: string;
  situacao: string;
  data_exclusao?: string | null;
}

export interface FinishContext {
  /** The branch configuration's point-of-sale requirements. */
  config: { obrigar_vendedor_venda_pdv: boolean; obrigar_cliente_venda_pdv: boolean };
  /** The fiscal series of the local copy. */
  series: readonly FiscalSeries[];
  /** The customer's store-credit balance, null when none was found. */
  saldoCliente: Cents | null;
}

const CUSTOMER_MODES: ReadonlySet<ModoOperacao> = new Set(['Devolucao', 'Consignacao', 'Recebimento', 'Orcamento']);

/** Modes whose payments must cover the net before finishing (a sale and the sale of a credit voucher). */
const PAID_MODES: ReadonlySet<ModoOperacao> = new Set(['Venda', 'ValeCredito']);

/** 000 §5: a customer is required for returns, consignments, receipts and quotes, and for an NF-e. */
export function requiresCustomerForMode(mode: ModoOperacao, modelo: string | null): boolean {
  return CUSTOMER_MODES.has(mode) || modelo === MODELO_DOCUMENTO.NFe;
}

/** Whether the branch has an active, not deleted, fiscal series of the model. */
export function hasActiveSeries(series: readonly FiscalSeries[], modelo: string, idFilial: number): boolean {
  return series.some(
    (s) => s.id_filial === idFilial && s.codigo_modelo === modelo && s.situacao === 'Ativo' && !s.data_exclusao,
  );
}

/**
 * Customer (in order mode, because the order is released when it reaches the server, 000 §5 "Saving the order"; by
 * mode or NF-e; then by configuration in sale mode), customer credit, seller (by configuration, sale
 * mode), an active fiscal series when a fiscal document is issued, items (none in a receipt, at least one
 * elsewhere), each payment, and payments covering the net in sale and credit-voucher modes.
 */
export function validateFinish(operation: Operation, context: FinishContext): ValidationError[] {
  const errors: ValidationError[] = [];
  const mode = operation.modo_operacao;
  const noCustomer = operation.id_cliente === null;
  const isSale = mode === 'Venda';

  if (noCustomer && mode === 'Pedido') {
    errors.push(new ValidationError(ORDER_MESSAGES.customerMissing, 'id_cliente'));
  } else if (noCustomer && requiresCustomerForMode(mode, operation.modelo)) {
    errors.push(new ValidationError(MESSAGES.customerRequiredForMode(MODO_OPERACAO_NOME[mode]), 'id_cliente'));
  } else if (noCustomer && isSale && context.config.obrigar_cliente_venda_pdv) {
    errors.push(new ValidationError(MESSAGES.customerRequired, 'id_cliente'));
  }
  if (operation.saldo_pessoa_usado > 0 && context.saldoCliente === null) {
    errors.push(new ValidationError(MESSAGES.customerCreditNotFound, 'saldo_pessoa_usado'));
  }
  if (isSale && context.config.obrigar_vendedor_venda_pdv && operation.id_usuario_vendedor === null) {
    errors.push(new ValidationError(MESSAGES.sellerRequired, 'id_usuario_vendedor'));
  }
  // A CF-e has no series: the SAT numbers it (sat.ts).
  if (operation.modelo !== null && operation.modelo !== SAT_MODEL && !hasActiveSeries(context.series, operation.modelo, operation.id_filial)) {
    errors.push(new ValidationError(MESSAGES.fiscalSeriesMissing, 'modelo'));
  }

  const items = activeItems(operation.itens);
  if (mode === 'Recebimento' && items.length > 0) errors.push(new ValidationError(MESSAGES.receiptRefusesItems));
  if (mode !== 'Recebimento' && items.length === 0) errors.push(new ValidationError(MESSAGES.noItems));

  const totals = computeOperationTotals(operation.itens, operation.pagamentos, operation);
  // Only cash may exceed what is due (it gives change): a non-cash payment is judged against the net minus the other
  // non-cash payments, so "card 10 + cash 200 for 118" passes and the change comes from the cash.
  const nonCash = operation.pagamentos.filter((p) => !isCash(p.meio_pagamento?.meio_pagamento ?? ''));
  const nonCashTotal = nonCash.reduce((total, p) => total + p.valor_total, 0);
  for (const payment of operation.pagamentos) {
    const others = isCash(payment.meio_pagamento?.meio_pagamento ?? '') ? nonCashTotal : nonCashTotal - payment.valor_total;
    errors.push(...validatePayment(payment, { saldo: totals.liquido - others, id_cliente: operation.id_cliente }));
  }
  if (PAID_MODES.has(mode) && totals.saldo > 0) {
    errors.push(new ValidationError(MESSAGES.paymentsShort(totals.saldo), 'pagamentos'));
  }
  return errors;
}
