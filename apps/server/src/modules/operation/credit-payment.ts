/**
 * Paying with the customer's store credit (000 §3.2 saldo_pessoa_usado, §5 "Não foi possível encontrar crédito do
 * cliente."): the payments whose method is Crédito em Loja (tPag 21) are taken from the customer's credit account in
 * the operation's transaction, through the credit module (row lock + conditional UPDATE, so parallel sales never spend
 * more than the balance; "Saldo de crédito do cliente insuficiente..." otherwise). A credit payment is no receivable.
 */
import { MESSAGES } from '@pdv/domain/messages';
import { toDecimal, type Cents } from '@pdv/domain/money';
import { MEIO_PAGAMENTO } from '@pdv/domain/payment-method';
import type { Payment } from '@pdv/domain/payment';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { moveCustomerCredit } from '../credit/service.ts';

export function isCustomerCredit(method: { meio_pagamento: string } | null | undefined): boolean {
  return method?.meio_pagamento === MEIO_PAGAMENTO.CreditoEmLoja;
}

export async function spendCustomerCredit(
  tx: Tx,
  ctx: { org: number; id_filial: number; id_usuario: number; id_operacao: string; id_cliente: number | null;
    id_pedido: number | null; id_nota_fiscal: number | null },
  payments: readonly Payment[],
): Promise<Cents> {
  const used = payments.filter((p) => isCustomerCredit(p.meio_pagamento)).reduce((total, p) => total + p.valor_total, 0);
  if (used === 0) return 0;
  if (ctx.id_cliente === null) throw badRequest(MESSAGES.paymentCustomerRequired);
  await moveCustomerCredit(tx, {
    org: ctx.org, id_filial: ctx.id_filial, id_usuario: ctx.id_usuario, id_pessoa: ctx.id_cliente, tipo: 'Resgate',
    operacao: 'Saida', valor: used, id_pedido: ctx.id_pedido, id_nota_fiscal: ctx.id_nota_fiscal, id_operacao: ctx.id_operacao,
    observacao: 'Crédito usado como pagamento.',
  });
  await tx.query('UPDATE operacao SET saldo_pessoa_usado = $3 WHERE id_organization = $1 AND id_operacao = $2',
    [ctx.org, ctx.id_operacao, toDecimal(used)]);
  return used;
}
