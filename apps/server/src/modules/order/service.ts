/**
 * The order calls of 000 §7.3 that write: create, PUT update (header and status), duplicate-order and
 * order_release-list. Each runs in the request's transaction with the order row locked, so two changes of one order
 * take turns; the rules (transitions, locking, invoicing, customer) are the domain's (order-rules.ts).
 */
import { SALE_BUILD_MESSAGES } from '@pdv/domain/sale-build';
import { reverseSaleCashback } from '../cashback/service.ts';
import type { z } from 'zod';
import type { OrderFull, orderCreateBody, orderFindBody, orderUpdateBody } from '@pdv/contract/order';
import { fromDecimal } from '@pdv/domain/money';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { customerError, initialOrderStatus, orderEditError, statusChangeError } from '@pdv/domain/order-rules';
import type { OrderStatus } from '@pdv/domain/operation-state';
import { defaultListPeriod } from '@pdv/domain/period';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { nextSequence } from '../../db/sequence.ts';
import { findSaleConfig } from '../settings/queries.ts';
import { copyServiceLines } from './service-queries.ts';
import { repriceForCustomer } from './items.ts';
import * as w from './writes.ts';

type CreateBody = z.output<typeof orderCreateBody>;
type UpdateBody = z.output<typeof orderUpdateBody>;
type FindBody = z.output<typeof orderFindBody>;

/** The order counter of a branch: shared with the pre-sales of POST /api/operacao, one series per branch. */
const ORDER_SEQUENCE = 'pedido';

const orderNotFound = () => new HttpError(404, ORDER_MESSAGES.notFound);

export async function findOrders(tx: Tx, caller: Caller, body: FindBody, now: Date) {
  const org = caller.id_organization;
  const offset = await w.branchOffsetHours(tx, org, caller.id_filial);
  const period = defaultListPeriod(now, offset);
  const { situacao, ...filter } = body.filter;
  return w.listOrders(tx, org, caller.id_filial, {
    ...body, ...filter,
    situacoes: situacao === undefined ? [] : Array.isArray(situacao) ? situacao : [situacao],
    data_inicio: filter.data_inicio ?? period.data_inicio,
    data_fim: filter.data_fim ?? period.data_fim,
  }, offset);
}

export async function loadOrThrow(tx: Tx, caller: Caller, id_filial: number, id_pedido: number | null): Promise<OrderFull> {
  const order = id_pedido === null ? null : await w.loadFullOrder(tx, caller.id_organization, id_filial, id_pedido);
  if (!order) throw orderNotFound();
  return order;
}

/** The header fields of a body, money in centavos; absent fields stay undefined. */
function headerOf(body: Partial<Record<w.HeaderColumn, unknown>>): w.HeaderValues {
  const header: w.HeaderValues = {};
  for (const column of w.HEADER_COLUMNS) {
    const value = body[column];
    if (value === undefined) continue;
    header[column] = column.startsWith('valor_') ? fromDecimal(value as number) : value;
  }
  return header;
}

/** The people and users a header names must be the caller organization's (else the same 400 as a missing one). */
async function checkReferences(tx: Tx, org: number, header: w.HeaderValues): Promise<void> {
  if (typeof header.id_cliente === 'number' && !(await w.exists(tx, 'pessoa', org, header.id_cliente))) {
    throw badRequest(SALE_BUILD_MESSAGES.customerNotFound);
  }
  if (typeof header.id_transportadora === 'number' && !(await w.exists(tx, 'pessoa', org, header.id_transportadora))) {
    throw badRequest(SALE_BUILD_MESSAGES.carrierNotFound);
  }
  if (typeof header.id_usuario_vendedor === 'number' && !(await w.exists(tx, 'usuario', org, header.id_usuario_vendedor))) {
    throw badRequest(SALE_BUILD_MESSAGES.sellerNotFound);
  }
}

const surcharges = (h: { valor_frete?: unknown; valor_seguro?: unknown; valor_outros?: unknown }) =>
  Number(h.valor_frete ?? 0) + Number(h.valor_seguro ?? 0) + Number(h.valor_outros ?? 0);

/** POST /order/create: a new order of the active branch, numbered from the branch's series, in Edicao or Liberado. */
export async function createOrder(tx: Tx, caller: Caller, body: CreateBody): Promise<OrderFull> {
  const org = caller.id_organization;
  const id_filial = caller.id_filial;
  const header = headerOf(body);
  const situacao = initialOrderStatus(await findSaleConfig(tx, org, id_filial), body.operacao);
  const refused = customerError((header.id_cliente as number | null | undefined) ?? null, situacao);
  if (refused) throw badRequest(refused);
  await checkReferences(tx, org, header);
  const nsu = await nextSequence(tx, org, id_filial, ORDER_SEQUENCE);
  const id_pedido = await w.insertOrderHeader(tx, {
    org, id_filial, nsu, operacao: body.operacao, situacao, id_usuario: caller.id_usuario, liquido: surcharges(header),
    id_pedido_origem: null,
  }, header);
  return loadOrThrow(tx, caller, id_filial, id_pedido);
}

/**
 * PUT /order/update: changes the header and/or the status. The header of a locked order (000 §4.2) cannot change;
 * a status change follows the transitions of 000 §4.3 and, into NotaPendente or Faturado, the invoicing rules of
 * §4.4; the client is required unless the new status is Cancelado (§5).
 */
export async function updateOrder(tx: Tx, caller: Caller, body: UpdateBody): Promise<OrderFull> {
  const org = caller.id_organization;
  const order = await w.lockOrder(tx, org, caller.id_filial, body.id_pedido);
  if (!order) throw orderNotFound();
  const header = headerOf(body);
  const target: OrderStatus = body.situacao ?? order.situacao;
  if (Object.keys(header).length > 0) {
    const locked = orderEditError(order);
    if (locked) throw badRequest(locked);
  }
  if (target !== order.situacao) {
    if (order.is_processando) throw badRequest(ORDER_MESSAGES.processing);
    const refused = statusChangeError(order, target);
    if (refused) throw badRequest(refused);
  }
  const id_cliente = header.id_cliente !== undefined ? (header.id_cliente as number | null) : order.id_cliente;
  const noCustomer = customerError(id_cliente, target);
  if (noCustomer) throw badRequest(noCustomer);
  await checkReferences(tx, org, header);
  // The net total follows the surcharges (000 §3.2: net = total - discount + freight + insurance + other costs).
  const changesTotals = header.valor_frete !== undefined || header.valor_seguro !== undefined || header.valor_outros !== undefined;
  const liquido = changesTotals
    ? fromDecimal(order.valor_total_bruto) - fromDecimal(order.valor_desconto) + surcharges({
      valor_frete: header.valor_frete ?? fromDecimal(order.valor_frete),
      valor_seguro: header.valor_seguro ?? fromDecimal(order.valor_seguro),
      valor_outros: header.valor_outros ?? fromDecimal(order.valor_outros),
    })
    : null;
  await w.updateOrderHeader(tx, {
    org, id_pedido: order.id_pedido, situacao: target, statusChanged: target !== order.situacao, id_usuario: caller.id_usuario, liquido,
  }, header);
  // Another customer: the lines are priced again by its default price table (issue 30; items.ts repriceForCustomer).
  if (header.id_cliente !== undefined && id_cliente !== order.id_cliente && target !== 'Cancelado') {
    await repriceForCustomer(tx, caller, order.id_pedido, target);
  }
  // A cancelled order gives its cashback back (its accrual reversed, its redemption returned; once).
  if (target === 'Cancelado' && order.situacao !== 'Cancelado') {
    await reverseSaleCashback(tx, { org, id_usuario: caller.id_usuario, id_pedido: order.id_pedido });
  }
  return loadOrThrow(tx, caller, caller.id_filial, order.id_pedido);
}

/**
 * POST /order/duplicate-order: a new order of the same branch and operation with the source's header and lines
 * (not its payments), its own number, in the status a new order starts in, pointing back at the source.
 */
export async function duplicateOrder(tx: Tx, caller: Caller, id_pedido: number): Promise<OrderFull> {
  const org = caller.id_organization;
  const id_filial = caller.id_filial;
  const source = await w.lockOrder(tx, org, id_filial, id_pedido);
  if (!source) throw orderNotFound();
  const { operacao, ...header } = await w.readHeader(tx, org, id_pedido);
  const situacao = initialOrderStatus(await findSaleConfig(tx, org, id_filial), source.operacao);
  const nsu = await nextSequence(tx, org, id_filial, ORDER_SEQUENCE);
  const copy = await w.insertOrderHeader(tx, {
    org, id_filial, nsu, operacao, situacao, id_usuario: caller.id_usuario, liquido: 0, id_pedido_origem: id_pedido,
  }, header);
  await w.copyItems(tx, org, id_pedido, copy);
  await copyServiceLines(tx, org, id_pedido, copy);
  await w.copyTotals(tx, org, id_pedido, copy);
  return loadOrThrow(tx, caller, id_filial, copy);
}

/**
 * POST /order/order_release-list {list_orders}: releases every order of the list (to Liberado), or none: the first
 * refusal answers 400 with one line per refused order ("Pedido {nsu}: {message}").
 */
export async function releaseOrders(tx: Tx, caller: Caller, ids: number[]) {
  const org = caller.id_organization;
  const errors: string[] = [];
  const released: Array<{ id_pedido: number; nsu: number; situacao: string }> = [];
  // Locked in id order, so two lists sharing orders never wait on each other in a cycle.
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const order = await w.lockOrder(tx, org, caller.id_filial, id);
    if (!order) {
      errors.push(`${ORDER_MESSAGES.notFound} (${id}).`);
      continue;
    }
    const refused = (order.situacao !== 'Liberado' && order.is_processando ? ORDER_MESSAGES.processing : null)
      ?? statusChangeError(order, 'Liberado') ?? customerError(order.id_cliente, 'Liberado');
    if (refused) {
      errors.push(ORDER_MESSAGES.orderOfList(order.nsu, refused));
      continue;
    }
    if (order.situacao !== 'Liberado') {
      await w.updateOrderHeader(tx, { org, id_pedido: id, situacao: 'Liberado', statusChanged: true, id_usuario: caller.id_usuario, liquido: null }, {});
    }
    released.push({ id_pedido: id, nsu: order.nsu, situacao: 'Liberado' });
  }
  if (errors.length > 0) throw badRequest(errors[0]!, undefined, errors);
  return { pedidos: released };
}
