/**
 * POST /people_account_history/create (001 §3, §5, §7): a movement of the customer's store credit by hand, checked here
 * and written by the credit module (modules/credit), which owns the balance and its history.
 *
 * Credit (Entrada) comes from one of two places only (packages/domain/src/credit-rules.ts):
 * - a return invoice (the credit modal of 001 §4 after a sales-return NF-e is transmitted): an authorized NF-e of tipo
 *   Devolucao of the caller's branch and of that customer, for at most what remains of its value. The return mode of
 *   POST /api/operacao credits its own return at once, so its invoice has nothing left to credit here;
 * - a manager's adjustment: no invoice, a reason (observacao) and a supervisor's grant of
 *   SUPERVISOR_PERMISSIONS.managerCredit (id_autorizacao from /user/validate-user-credential), spent here once.
 * An invoice of another branch answers like a missing one.
 */
import type { z } from 'zod';
import type { invoiceReturnCreditBody, peopleAccountHistoryBody } from '@pdv/contract/order';
import { managerCreditError, returnCreditError } from '@pdv/domain/credit-rules';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { MESSAGES } from '@pdv/domain/messages';
import { fromDecimal, toDecimal } from '@pdv/domain/money';
import { creditErrors } from '@pdv/domain/order-item-rules';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { useAuthorization } from '../authorization/service.ts';
import { returnInvoiceCredit } from '../credit/queries.ts';
import { moveCustomerCredit } from '../credit/service.ts';
import { exists } from './writes.ts';

type Body = z.output<typeof peopleAccountHistoryBody>;

/** origem of the grants a manager's credit spends (autorizacao.origem). */
const GRANT_ORIGIN = 'people_account_history';
/** tipo of a manager's credit in the customer's history. */
const MANAGER_CREDIT_TYPE = 'AjusteGerencial';

/**
 * POST /people_account_history/create: value, person, and for a credit its return invoice or its grant, with the texts
 * of 001 §5; a person or invoice of another organization (or an invoice of another branch) answers like a missing one.
 */
export async function createHistory(tx: Tx, caller: Caller, body: Body) {
  const org = caller.id_organization;
  const valor = body.valor === null || body.valor === undefined ? null : fromDecimal(body.valor);
  const id_nota_fiscal = body.id_nota_fiscal ?? null;
  const errors = creditErrors({ operacao: body.operacao, valor, id_nota_fiscal, id_pessoa: body.id_pessoa ?? null,
    id_autorizacao: body.id_autorizacao ?? null });
  if (errors.length > 0 || valor === null || !body.id_pessoa) throw badRequest(errors[0] ?? ORDER_MESSAGES.creditValueMissing, undefined, errors);
  const id_pessoa = body.id_pessoa;
  if (!(await exists(tx, 'pessoa', org, id_pessoa))) throw new HttpError(404, ORDER_MESSAGES.creditPersonNotFound);
  let tipo = body.tipo;
  let id_autorizacao: number | null = null;
  if (id_nota_fiscal !== null) {
    const invoice = await returnInvoiceCredit(tx, org, id_nota_fiscal);
    if (!invoice || invoice.id_filial !== caller.id_filial) throw new HttpError(404, FISCAL_MESSAGES.notFound);
    const refused = body.operacao === 'Entrada' ? returnCreditError(invoice, id_pessoa, valor) : null;
    if (refused) throw badRequest(refused);
  } else if (body.operacao === 'Entrada') {
    const refused = managerCreditError(body.observacao);
    if (refused) throw badRequest(refused);
    const grant = await useAuthorization(tx, caller, body.id_autorizacao, SUPERVISOR_PERMISSIONS.managerCredit, GRANT_ORIGIN, String(id_pessoa));
    id_autorizacao = grant.id_autorizacao;
    tipo = MANAGER_CREDIT_TYPE;
  }
  const { movimento, saldo } = await moveCustomerCredit(tx, {
    org, id_filial: caller.id_filial, id_usuario: caller.id_usuario, id_pessoa, tipo, operacao: body.operacao, valor, id_nota_fiscal,
    id_operacao: body.id_operacao ?? null, observacao: body.observacao ?? null, id_autorizacao,
  });
  return {
    ...movimento, saldo: toDecimal(saldo),
    message: body.operacao === 'Entrada' ? ORDER_MESSAGES.creditGenerated : MESSAGES.recordSaved,
  };
}

/**
 * POST /invoice/invoice_return: the credit of a return invoice (the same rules as /people_account_history/create with
 * an invoice: an authorized Devolucao of the caller's branch and of that customer, at most what remains of its value).
 * The person defaults to the invoice's customer; an invoice of another branch or organization answers like a missing one.
 */
export async function invoiceReturnCredit(tx: Tx, caller: Caller, body: z.output<typeof invoiceReturnCreditBody>) {
  let id_pessoa = body.id_pessoa ?? null;
  if (body.id_nota_fiscal) {
    const invoice = await returnInvoiceCredit(tx, caller.id_organization, body.id_nota_fiscal);
    if (!invoice || invoice.id_filial !== caller.id_filial) throw new HttpError(404, FISCAL_MESSAGES.notFound);
    id_pessoa ??= invoice.id_cliente;
  }
  return createHistory(tx, caller, { tipo: 'Devolucao', operacao: 'Entrada', valor: body.valor ?? null, id_nota_fiscal: body.id_nota_fiscal ?? null,
    id_pessoa, observacao: body.observacao });
}
