/**
 * The payments of an order (000 §7.3 /order_payment/create, delete, delete_by_order), checked with the point of
 * sale's rules (000 §5 "Payment", payment-validation.ts) against what is still due on the order. A payment change
 * recalculates the order's paid and change totals; it does not move the order's status.
 */
import { installmentPlanError, SALE_BUILD_MESSAGES } from '@pdv/domain/sale-build';
import type { z } from 'zod';
import type { OrderFull, orderPaymentCreateBody } from '@pdv/contract/order';
import { makePayment, makePaymentMethod } from '@pdv/domain/factories';
import { fromDecimal } from '@pdv/domain/money';
import { buildInstallments } from '@pdv/domain/payment';
import { validatePayment } from '@pdv/domain/payment-validation';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { orderEditError } from '@pdv/domain/order-rules';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { findMethods } from '../settings/queries.ts';
import { insertPayments } from '../document-lines/writes.ts';
import * as q from './item-queries.ts';
import { recalcOrder } from './items.ts';
import { loadOrThrow } from './service.ts';
import { MESSAGES } from '@pdv/domain/messages';

type CreateBody = z.output<typeof orderPaymentCreateBody>;

/** The branch's order, locked, whose payments may change (000 §4.2; an order waiting for its invoice neither). */
async function lockForPayments(tx: Tx, caller: Caller, id_pedido: number): Promise<q.PartsOrder> {
  const order = await q.lockPartsOrder(tx, caller.id_organization, caller.id_filial, id_pedido);
  if (!order) throw new HttpError(404, ORDER_MESSAGES.notFound);
  const refused = orderEditError(order) ?? (order.situacao === 'NotaPendente' ? ORDER_MESSAGES.locked(order.situacao) : null);
  if (refused) throw badRequest(refused);
  return order;
}

/**
 * POST /order_payment/create: one payment; installments built from the count when not given. A plan given must add up
 * to the payment, each installment above zero and none due before today (the sale's rule, sale-build.ts).
 */
export async function createPayment(tx: Tx, caller: Caller, body: CreateBody, today: string): Promise<OrderFull> {
  const org = caller.id_organization;
  const order = await lockForPayments(tx, caller, body.id_pedido);
  const id_meio = body.id_meio_pagamento ?? null;
  const row = id_meio === null ? undefined : (await findMethods(tx, org, [id_meio])).get(id_meio);
  if (id_meio !== null && !row) throw badRequest(SALE_BUILD_MESSAGES.methodNotFound);
  const method = row ? makePaymentMethod({ ...row, tipo_ajuste: null, tipo_valor_ajuste: null, valor_ajuste: 0 }) : null;
  const valor = body.valor_total === null || body.valor_total === undefined ? 0 : fromDecimal(body.valor_total);
  const given = body.parcelamento.map((i) => ({ parcela: i.parcela, valor: fromDecimal(i.valor), data_vencimento: i.data_vencimento }));
  const badPlan = installmentPlanError(valor, given, today);
  if (badPlan) throw badRequest(badPlan);
  const parcelamento = given.length > 0
    ? given.map((i) => ({ ...i, is_quitado: false, juros: 0 }))
    : method?.utilizar_parcela && valor > 0 && body.quantidade_parcelas > 0 ? buildInstallments(valor, body.quantidade_parcelas, today) : [];
  const { rows } = await tx.query<{ liquido: string; pago: string }>(
    'SELECT valor_total_liquido::text AS liquido, valor_pago::text AS pago FROM pedido WHERE id_organization = $1 AND id_pedido = $2',
    [org, order.id_pedido],
  );
  const saldo = fromDecimal(rows[0]!.liquido) - fromDecimal(rows[0]!.pago);
  const payment = makePayment({
    meio_pagamento: method, valor_total: valor, quantidade_parcelas: body.quantidade_parcelas, parcelamento,
    id_conta: body.id_conta ?? null, id_operadora_cartao: body.id_operadora_cartao ?? null,
    cartao_codigo_autorizacao: body.cartao_codigo_autorizacao ?? null, cartao_bandeira: body.cartao_bandeira ?? null,
    cartao_tipo_integracao: body.cartao_tipo_integracao ?? null, cartao_cnpj_instituicao: body.cartao_cnpj_instituicao ?? null,
    cartao_data_hora_transacao: body.cartao_data_hora_transacao ?? null,
    cartao_descricao_transacao: body.cartao_descricao_transacao ?? null, txid_pix: body.txid_pix ?? null,
  });
  const errors = validatePayment(payment, { saldo, id_cliente: order.id_cliente }).map((e) => e.message);
  if (errors.length > 0) throw badRequest(errors[0]!, undefined, errors);
  // Ids a body names must be the caller organization's (else the same 400 as a missing one).
  if (payment.id_operadora_cartao !== null && !(await q.cardOperatorExists(tx, org, payment.id_operadora_cartao))) {
    throw badRequest(MESSAGES.cardOperatorRequired);
  }
  if (payment.id_conta !== null && !(await q.bankAccountExists(tx, org, payment.id_conta))) throw badRequest(SALE_BUILD_MESSAGES.accountNotFound);
  await insertPayments(tx, org, { table: 'pedido', id: order.id_pedido }, [payment]);
  await recalcOrder(tx, caller, order, order.situacao);
  return loadOrThrow(tx, caller, caller.id_filial, order.id_pedido);
}

/** POST /order_payment/delete {id_pedido_pagamento}: a tombstone, so sync carries the removal. */
export async function deletePayment(tx: Tx, caller: Caller, id_pedido_pagamento: number): Promise<OrderFull> {
  const org = caller.id_organization;
  const { rows } = await tx.query<{ id_pedido: number }>(
    `SELECT pp.id_pedido FROM pedido_pagamento pp
       JOIN pedido p ON p.id_organization = pp.id_organization AND p.id_pedido = pp.id_pedido
      WHERE pp.id_organization = $1 AND p.id_filial = $2 AND pp.id_pedido_pagamento = $3 AND pp.data_exclusao IS NULL`,
    [org, caller.id_filial, id_pedido_pagamento],
  );
  if (!rows[0]) throw new HttpError(404, ORDER_MESSAGES.paymentNotFound);
  const order = await lockForPayments(tx, caller, rows[0].id_pedido);
  await tx.query(
    `UPDATE pedido_pagamento SET data_exclusao = now(), data_alteracao = now()
      WHERE id_organization = $1 AND id_pedido_pagamento = $2 AND data_exclusao IS NULL`,
    [org, id_pedido_pagamento],
  );
  await recalcOrder(tx, caller, order, order.situacao);
  return loadOrThrow(tx, caller, caller.id_filial, order.id_pedido);
}

/** POST /order_payment/delete_by_order {id_pedido}: every payment of the order. */
export async function deletePaymentsOfOrder(tx: Tx, caller: Caller, id_pedido: number): Promise<OrderFull> {
  const org = caller.id_organization;
  const order = await lockForPayments(tx, caller, id_pedido);
  await tx.query(
    `UPDATE pedido_pagamento SET data_exclusao = now(), data_alteracao = now()
      WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL`,
    [org, id_pedido],
  );
  await recalcOrder(tx, caller, order, order.situacao);
  return loadOrThrow(tx, caller, caller.id_filial, order.id_pedido);
}
