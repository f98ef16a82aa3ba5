/**
 * POST /people_account_history/create (001 §3, §7): a movement of the customer's store credit by hand, checked here
 * and written by the credit module (modules/credit), which owns the balance and its history.
 */
import type { z } from 'zod';
import type { peopleAccountHistoryBody } from '@pdv/contract/order';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { MESSAGES } from '@pdv/domain/messages';
import { fromDecimal, toDecimal } from '@pdv/domain/money';
import { creditErrors } from '@pdv/domain/order-item-rules';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { moveCustomerCredit } from '../credit/service.ts';
import { exists } from './writes.ts';

type Body = z.output<typeof peopleAccountHistoryBody>;

/**
 * POST /people_account_history/create: value, return invoice (for a credit) and person are required with the texts
 * of 001 §5; a person or invoice of another organization answers like a missing one.
 */
export async function createHistory(tx: Tx, caller: Caller, body: Body) {
  const org = caller.id_organization;
  const valor = body.valor === null || body.valor === undefined ? null : fromDecimal(body.valor);
  const errors = creditErrors({ operacao: body.operacao, valor, id_nota_fiscal: body.id_nota_fiscal ?? null, id_pessoa: body.id_pessoa ?? null });
  if (errors.length > 0) throw badRequest(errors[0]!, undefined, errors);
  if (!(await exists(tx, 'pessoa', org, body.id_pessoa!))) throw new HttpError(404, ORDER_MESSAGES.creditPersonNotFound);
  if (body.id_nota_fiscal) {
    const { rows } = await tx.query('SELECT 1 FROM nota_fiscal WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL',
      [org, body.id_nota_fiscal]);
    if (rows.length === 0) throw new HttpError(404, FISCAL_MESSAGES.notFound);
  }
  const { movimento, saldo } = await moveCustomerCredit(tx, {
    org, id_filial: caller.id_filial, id_usuario: caller.id_usuario, id_pessoa: body.id_pessoa!, tipo: body.tipo,
    operacao: body.operacao, valor: valor!, id_nota_fiscal: body.id_nota_fiscal ?? null, id_operacao: body.id_operacao ?? null,
    observacao: body.observacao ?? null,
  });
  return {
    ...movimento, saldo: toDecimal(saldo),
    message: body.operacao === 'Entrada' ? ORDER_MESSAGES.creditGenerated : MESSAGES.recordSaved,
  };
}
