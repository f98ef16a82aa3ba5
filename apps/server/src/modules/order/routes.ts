import { MESSAGES } from '@pdv/domain/messages';
import { HttpError } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { findOrder } from './queries.ts';
import { createOrder, duplicateOrder, findOrders, loadOrThrow, releaseOrders, updateOrder } from './service.ts';
import { findIdByNsu, findIdByOperation } from './writes.ts';
import { getByCode, listAvailable, sellGiftCard } from './giftcard.ts';
import { listCards } from '../giftcard/queries.ts';
import { cancelGiftCard, generateCode } from '../giftcard/service.ts';
import { orderPartHandlers } from './parts-routes.ts';
import { serviceOrderHandlers } from './service-routes.ts';
import { generateOrderPdf } from './document.ts';

export const orderHandlers = {
  // 000 §7.3. The caller's active branch only: another branch's or organization's order answers like a missing one.
  orderFindById: async ({ tx, caller, body }) => {
    const order = await findOrder(tx, caller.id_organization, caller.id_filial, body.id_pedido);
    if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
    return order;
  },
  orderFind: ({ tx, caller, body }) => findOrders(tx, caller, body, new Date()),
  // The A4 pre-sale sheet stored and linked (document.ts); outside the request transaction (OUTSIDE_TRANSACTION).
  orderGeneratePdf: ({ run, caller, body, deps }) =>
    generateOrderPdf(run, caller, body.id_pedido, deps.fiscal.linkSecret, deps.fiscal.now()),
  // {nsu, id_filial, operacao}: a branch of the caller's (the active one by default); any other answers like a missing order.
  orderFindByNsu: async ({ tx, caller, body }) => {
    const id_filial = body.id_filial ?? caller.id_filial;
    if (!caller.branches.some((b) => b.id_filial === id_filial)) throw new HttpError(404, MESSAGES.orderNotFound);
    return loadOrThrow(tx, caller, id_filial, await findIdByNsu(tx, caller.id_organization, id_filial, body.nsu, body.operacao));
  },
  orderCreate: ({ tx, caller, body }) => createOrder(tx, caller, body),
  orderUpdate: ({ tx, caller, body }) => updateOrder(tx, caller, body),
  orderDuplicate: ({ tx, caller, body }) => duplicateOrder(tx, caller, body.id_pedido),
  orderReleaseList: ({ tx, caller, body }) => releaseOrders(tx, caller, body.list_orders),
  orderOperationFind: async ({ tx, caller, body }) =>
    loadOrThrow(tx, caller, caller.id_filial, await findIdByOperation(tx, caller.id_organization, caller.id_filial, body.id)),
  giftCardNextCode: async ({ tx, caller }) => ({ codigo: await generateCode(tx, caller) }),
  giftCardSell: ({ tx, caller, body }) => sellGiftCard(tx, caller, body),
  giftCardGetByCode: ({ tx, caller, body }) => getByCode(tx, caller, body.codigo),
  giftCardFind: ({ tx, caller, body }) => listCards(tx, caller.id_organization, caller.id_filial, { ...body, ...body.filter }),
  giftCardListDisponibles: ({ tx, caller, body }) => listAvailable(tx, caller, body.id_people),
  giftCardCancel: ({ tx, caller, body }) => cancelGiftCard(tx, caller, body.id_vale_credito, body.motivo_cancelamento),
  ...orderPartHandlers,
  ...serviceOrderHandlers,
} satisfies Partial<Handlers>;
