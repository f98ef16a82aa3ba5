/**
 * Mode Recebimento of POST /api/operacao (000 §1, §5): the customer pays open receivables (documento_financeiro,
 * Entrada) of the branch at the point of sale. No items ("Não é possível inserir itens na operação de recebimento.").
 * In the operation's transaction: the chosen receivables are locked in id order, must be the customer's and still
 * open, the payments must cover their balance (only cash above it, giving change), and they are paid off (baixa) by
 * the finance module (modules/finance) with a conditional UPDATE, so a resend (same UUID) or a second receipt of the
 * same receivable never pays it twice. The money taken enters the user's till shift (cashier module recordReceipt),
 * and a branch that forces the till control refuses the receipt without a shift open, as it refuses a sale.
 */
import { SALE_BUILD_MESSAGES } from '@pdv/domain/sale-build';
import type { OperacaoResult, operacaoBody } from '@pdv/contract/operation';
import type { z } from 'zod';
import { MESSAGES } from '@pdv/domain/messages';
import { fromDecimal, sum, toDecimal, type Cents } from '@pdv/domain/money';
import { FINANCE_MESSAGES } from '@pdv/domain/financial-document';
import { MODO_OPERACAO_NOME } from '@pdv/domain/operation';
import { MEIO_PAGAMENTO, requiresCustomer } from '@pdv/domain/payment-method';
import { receiptChange, RETURN_MESSAGES, validateReceiptPayments } from '@pdv/domain/return-rules';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import * as settings from '../settings/queries.ts';
import { lockReceivables } from '../finance/queries.ts';
import { receiptCharges, settleReceivables } from '../finance/service.ts';
import { recordReceipt, saleShiftRefusal } from '../cashier/service.ts';

type Body = z.output<typeof operacaoBody>;

export const RECEIPT_METHOD_REFUSED = 'Este meio de pagamento não pode ser usado no recebimento.';

export async function processReceipt(tx: Tx, caller: Caller, body: Body): Promise<OperacaoResult> {
  if (body.id_cliente == null) throw badRequest(MESSAGES.customerRequiredForMode(MODO_OPERACAO_NOME.Recebimento));
  if (body.itens.length > 0) throw badRequest(MESSAGES.receiptRefusesItems);
  const r = await receiveAtTill(tx, caller, {
    id_operacao: body.id_operacao, id_filial: body.id_filial, id_cliente: body.id_cliente, documentos: body.documentos_financeiros ?? [],
    pagamentos: body.pagamentos, receivedAt: body.data_fim ?? new Date().toISOString(),
  });
  return {
    id_operacao: body.id_operacao, situacao: 'Processado', duplicado: false, id_pedido: null, nsu: null, id_nota_fiscal: null,
    valor_total: toDecimal(r.due), valor_troco: toDecimal(r.troco), documentos_financeiros: r.ids,
  };
}

/** A receipt at the till: what POST /api/operacao (mode Recebimento) and /document-financial/discharge_document_checkout take. */
export interface TillReceipt {
  id_operacao: string;
  id_filial: number;
  id_cliente: number;
  documentos: readonly number[];
  pagamentos: ReadonlyArray<{ id_meio_pagamento: number; valor_total: number }>;
  receivedAt: string;
  /**
   * The total the screen showed (balances with interest and fine): when given, a different amount owed on the server
   * refuses the receipt before anything is written.
   */
  expectedTotal?: Cents | undefined;
}

/**
 * Receives open receivables of the customer at the till (the one path of both routes): locks them in id order, checks
 * they are the customer's and still open, adds each one's late interest and fine (receiptCharges), checks the
 * payments cover it (only cash above it, giving change), pays them off with the discharge rule (settleReceivables)
 * and records the money in the user's till shift. All or none.
 */
export async function receiveAtTill(tx: Tx, caller: Caller, r: TillReceipt): Promise<{ due: Cents; troco: Cents; ids: number[] }> {
  const org = caller.id_organization;
  // The till takes the money: a branch that forces the till control wants the shift open, as for a sale.
  const refused = await saleShiftRefusal(tx, org, r.id_filial, caller.id_usuario, r.receivedAt);
  if (refused) throw badRequest(refused);
  const ids = [...new Set(r.documentos)];
  if (ids.length === 0) throw badRequest(RETURN_MESSAGES.receiptNoDocuments);

  const documents = await lockReceivables(tx, org, r.id_filial, ids);
  for (const id of ids) {
    const doc = documents.find((d) => d.id_documento_financeiro === id);
    if (!doc || doc.saldo <= 0 || (doc.situacao !== 'Aberto' && doc.situacao !== 'Parcial')) throw badRequest(RETURN_MESSAGES.receiptDocumentNotOpen);
    if (doc.id_pessoa !== r.id_cliente) throw badRequest(RETURN_MESSAGES.receiptOtherCustomer);
  }
  // Each one with its late interest and fine on the branch's date of the receipt (the rule of /documentFinancial's
  // discharge), in the order the cashier chose them.
  const scope = { org, id_filial: r.id_filial };
  const chosen = ids.map((id) => documents.find((d) => d.id_documento_financeiro === id)!);
  const { on, charges } = await receiptCharges(tx, scope, chosen, new Date(r.receivedAt));
  const owed = chosen.map((d, i) => ({ ...d, juros: charges[i]!.juros, multa: charges[i]!.multa }));
  const due = sum(owed.map((d) => d.saldo + d.juros + d.multa));
  if (r.expectedTotal !== undefined && r.expectedTotal !== due) throw badRequest(FINANCE_MESSAGES.checkoutTotalMismatch);

  const methods = await settings.findMethods(tx, org, [...new Set(r.pagamentos.map((p) => p.id_meio_pagamento))]);
  const payments = r.pagamentos.map((p) => {
    const method = methods.get(p.id_meio_pagamento);
    if (!method) throw badRequest(SALE_BUILD_MESSAGES.methodNotFound);
    if (method.meio_pagamento === MEIO_PAGAMENTO.CreditoEmLoja) throw badRequest(RETURN_MESSAGES.receiptCustomerCredit);
    // A receivable paid with another receivable (crediário, boleto, ...) would be a renegotiation, not a receipt.
    if (requiresCustomer(method)) throw badRequest(RECEIPT_METHOD_REFUSED);
    return { valor_total: fromDecimal(p.valor_total), meio_pagamento: method.meio_pagamento, id_meio_pagamento: method.id_meio_pagamento };
  });
  const errors = validateReceiptPayments(due, payments);
  if (errors.length > 0) throw badRequest(errors[0]!.message, undefined, errors.map((e) => e.message));

  const single = new Set(payments.map((p) => p.id_meio_pagamento));
  await settleReceivables(tx, scope, owed, {
    id_operacao: r.id_operacao, id_usuario: caller.id_usuario, on,
    id_meio_pagamento: single.size === 1 ? payments[0]!.id_meio_pagamento : null,
  });
  const troco = receiptChange(due, payments);
  await recordReceipt(tx, {
    org, id_filial: r.id_filial, id_usuario: caller.id_usuario, data: r.receivedAt, id_operacao: r.id_operacao, id_pedido: null,
    id_nota_fiscal: null, id_pessoa: r.id_cliente, troco,
    pagamentos: payments.map((p) => ({ id_meio_pagamento: p.id_meio_pagamento, valor: p.valor_total, meio_pagamento: p.meio_pagamento })),
  });
  return { due, troco, ids };
}
