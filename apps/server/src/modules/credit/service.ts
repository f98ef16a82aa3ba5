/**
 * The customer's store credit (pessoa_conta_corrente) and its history (people_account_history, 001 §3, §7): the owner
 * of both tables (owners.test.ts keeps it so). A return generates credit (Entrada, once per return invoice), a sale
 * spends it (Saida, once per operation), and a movement by hand does either. The balance changes with a conditional
 * UPDATE behind a row lock in the caller's transaction, so parallel redemptions never take more than the balance
 * (credit.pg.test.ts); the CHECK (saldo >= 0) of migration 010 is the last wall.
 */
import { MESSAGES } from '@pdv/domain/messages';
import { formatMoney } from '@pdv/domain/money';
import type { CreditDirection } from '@pdv/domain/order-item-rules';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import * as q from './queries.ts';

export interface CreditMovement {
  org: number;
  id_filial: number;
  id_usuario: number;
  id_pessoa: number;
  tipo: string;
  operacao: CreditDirection;
  /** Centavos, above zero. */
  valor: number;
  id_nota_fiscal?: number | null;
  id_pedido?: number | null;
  /** The sale spending the credit: a resend of it does not spend twice. */
  id_operacao?: string | null;
  observacao?: string | null;
  /** The supervisor's grant of a manager's credit (modules/authorization), spent by the caller. */
  id_autorizacao?: number | null;
}

/**
 * Moves the customer's credit in the caller's transaction and records the movement. An Entrada opens the account when
 * the customer has none; a Saida needs one ("Não foi possível encontrar crédito do cliente.") with enough balance.
 * Answers the movement, the balance after it (centavos) and whether it had already been recorded.
 */
export async function moveCustomerCredit(tx: Tx, m: CreditMovement): Promise<{ movimento: q.HistoryRow; saldo: number; duplicado: boolean }> {
  if (!Number.isInteger(m.valor) || m.valor <= 0) throw badRequest(ORDER_MESSAGES.creditValueMissing);
  if (m.operacao === 'Entrada') await q.openAccount(tx, m.org, m.id_pessoa);
  // The row lock makes movements of one customer take turns; the conditional UPDATE below is the rule itself.
  const saldo = await q.lockAccount(tx, m.org, m.id_pessoa);
  if (saldo === null) throw badRequest(MESSAGES.customerCreditNotFound);
  const previous = m.operacao === 'Saida'
    ? await q.findSpending(tx, m.org, m.id_pessoa, m.id_operacao ?? null)
    : await q.findInvoiceCredit(tx, m.org, m.id_nota_fiscal ?? null);
  if (previous) {
    if (m.operacao === 'Entrada') throw badRequest('Crédito já gerado para esta nota fiscal.');
    return { movimento: previous, saldo, duplicado: true };
  }
  const delta = m.operacao === 'Entrada' ? m.valor : -m.valor;
  const after = await q.applyDelta(tx, m.org, m.id_pessoa, delta);
  if (after === null) throw badRequest(ORDER_MESSAGES.creditInsufficient(formatMoney(saldo)));
  const movimento = await q.insertHistory(tx, {
    org: m.org, id_pessoa: m.id_pessoa, id_filial: m.id_filial, tipo: m.tipo, operacao: m.operacao, valor: m.valor,
    anterior: after - delta, posterior: after, id_nota_fiscal: m.id_nota_fiscal ?? null, id_pedido: m.id_pedido ?? null,
    id_operacao: m.id_operacao ?? null, id_usuario: m.id_usuario, observacao: m.observacao ?? null, id_autorizacao: m.id_autorizacao ?? null,
  });
  return { movimento, saldo: after, duplicado: false };
}
