/** Handlers of an order's parts (000 §7.3): /order_item/*, /order_payment/*, /volume/*, /people_account_history/create. */
import type { Handlers } from '../../http/handlers.ts';
import {
  cancelConsignment, finishConsignment, returnConsignment, sellConsignment, sendConsignment,
} from './consignment.ts';
import { createHistory, invoiceReturnCredit } from './credit.ts';
import { invoiceOrders } from './invoice-list.ts';
import { sendReleaseMail } from './release-mail.ts';
import {
  calculateSubtotalDiscount, createItem, findByOrder, findToPrintLabels, patchItem, recalcOrderValues, resetSubtotalDiscount,
  updateItem, updateUserSeller,
} from './items.ts';
import { createPayment, deletePayment, deletePaymentsOfOrder } from './payments.ts';
import { createVolume, deleteVolume, updateVolume } from './volumes.ts';

export const orderPartHandlers = {
  orderItemCreate: ({ tx, caller, body }) => createItem(tx, caller, body),
  orderItemUpdate: ({ tx, caller, body }) => updateItem(tx, caller, body),
  orderItemPatchUpdate: ({ tx, caller, body }) => patchItem(tx, caller, body),
  orderItemFindByOrder: ({ tx, caller, body }) => findByOrder(tx, caller, body.id_pedido),
  orderItemFindToPrintLabels: ({ tx, caller, body }) => findToPrintLabels(tx, caller, body.id_pedido),
  orderItemCalculateSubtotalDiscount: ({ tx, caller, body }) => calculateSubtotalDiscount(tx, caller, body),
  orderItemResetSubTotalDiscount: ({ tx, caller, body }) => resetSubtotalDiscount(tx, caller, body.id_pedido),
  orderItemRecalcOrderValues: ({ tx, caller, body }) => recalcOrderValues(tx, caller, body.id_pedido),
  orderItemUpdateUserSeller: ({ tx, caller, body }) => updateUserSeller(tx, caller, body),
  orderPaymentCreate: ({ tx, caller, body }) => createPayment(tx, caller, body, new Date().toISOString().slice(0, 10)),
  orderPaymentDelete: ({ tx, caller, body }) => deletePayment(tx, caller, body.id_pedido_pagamento),
  orderPaymentDeleteByOrder: ({ tx, caller, body }) => deletePaymentsOfOrder(tx, caller, body.id_pedido),
  volumeCreate: ({ tx, caller, body }) => createVolume(tx, caller, body),
  volumeUpdate: ({ tx, caller, body }) => updateVolume(tx, caller, body),
  volumeDelete: ({ tx, caller, body }) => deleteVolume(tx, caller, body.id_volume),
  peopleAccountHistoryCreate: ({ tx, caller, body }) => createHistory(tx, caller, body),
  invoiceReturnCredit: ({ tx, caller, body }) => invoiceReturnCredit(tx, caller, body),
  orderInvoiceList: ({ tx, caller, body }) => invoiceOrders(tx, caller, body),
  orderSendReleaseMail: ({ run, caller, body }) => sendReleaseMail(run, caller, body),
  consignmentSend: ({ tx, caller, body }) => sendConsignment(tx, caller, body.id_pedido),
  consignmentReturn: ({ tx, caller, body }) => returnConsignment(tx, caller, body),
  consignmentFinish: ({ tx, caller, body }) => finishConsignment(tx, caller, body.id_pedido),
  consignmentSell: ({ tx, caller, body }) => sellConsignment(tx, caller, body),
  consignmentCancel: ({ tx, caller, body }) => cancelConsignment(tx, caller, body.id_pedido),
} satisfies Partial<Handlers>;
