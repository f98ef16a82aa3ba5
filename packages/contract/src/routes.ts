/**
 * The route table: every call of the API, its method, path (served under /api), who may call it, and its zod
 * schemas. The server registers routes from this table and the security tests are generated from it, so a new route
 * is covered without anyone remembering.
 */
import type { z } from 'zod';
import type { Action } from '@pdv/domain/permissions';
import { empty } from './common.ts';
import * as s from './session.ts';
import * as users from './users.ts';
import { operacaoBody, operacaoResult } from './operation.ts';
import { orderByIdBody, orderDetail } from './order.ts';
import * as ord from './order.ts';
import * as prod from './product.ts';
import * as reads from './product-reads.ts';
import * as lp from './label-print.ts';
import * as scale from './scale.ts';
import * as inv from './invoice.ts';
import * as con from './connector.ts';
import * as fl from './fiscal-lists.ts';
import * as svc from './order-service.ts';
import { giftCardPrintBody, giftCardPrintResult } from './voucher.ts';
import * as ret from './return.ts';
import { stockByBranchBody, stockByBranchResult } from './stock.ts';
import * as auth from './authorization.ts';
import { orderPdfBody, orderPdfResult } from './order-document.ts';
import { registerRouteTable } from './registers/index.ts';
import { productTabRoutes } from './product-tab-routes.ts';
import * as br from './branch.ts';
import * as imp from './import.ts';
import * as fin from './finance.ts';
import * as sd from './stock-document.ts';
import * as pi from './purchase-import.ts';
import * as di from './destined-invoice.ts';
import * as sped from './sped.ts';
import * as invt from './inventory.ts';
import * as bol from './boleto.ts';
import * as nfceOff from './nfce-offline.ts';
import * as rec from './reconciliation.ts';
import { quickCustomerBody, quickCustomerResult } from './quick-customer.ts';
import * as cx from './cashier.ts';
import * as pr from './price-readjust.ts';
import * as com from './commission.ts';
import * as cb from './cashback.ts';
import * as bk from './bank-integration.ts';
import { LIST_BY_CHANGES_BODIES, listByChangesBody, listByChangesResult, SYNC_GROUPS, syncChangedBody, syncChangedResult, type SyncGroupName } from './sync.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  path: string;
  /** public: no token; session: a valid token of an active user. */
  auth: 'public' | 'session';
  /** Permission checked with can(action, subject); null: any signed-in user. */
  permission: { action: Action; subject: string } | null;
  /** What the data belongs to, for the isolation tests: none, the organization, or the active branch. */
  scope: 'none' | 'organization' | 'branch';
  /** Body fields that name a tenant-owned row (isolation tests send another organization's id here). */
  idFields?: readonly string[];
  /** Throttled per account and per address (login and credential checks). */
  throttled?: boolean;
  /** Largest body accepted, in bytes, when a route takes more than the server's default (image and file uploads). */
  bodyLimit?: number;
  body: B;
  response: R;
}

function route<B extends z.ZodType, R extends z.ZodType>(def: RouteDef<B, R>): RouteDef<B, R> {
  return def;
}

const baseRoutes = {
  health: route({ method: 'GET', path: '/health', auth: 'public', permission: null, scope: 'none', body: empty, response: s.healthResult }),
  ready: route({ method: 'GET', path: '/ready', auth: 'public', permission: null, scope: 'none', body: empty, response: s.readyResult }),
  version: route({ method: 'GET', path: '/sys-main/version', auth: 'public', permission: null, scope: 'none', body: empty, response: s.versionResult }),
  login: route({ method: 'POST', path: '/auth/login', auth: 'public', permission: null, scope: 'none', throttled: true, body: s.loginBody, response: s.loginResult }),
  session: route({ method: 'GET', path: '/user/session', auth: 'session', permission: null, scope: 'organization', body: empty, response: s.sessionResult }),
  isActive: route({ method: 'GET', path: '/user/is-active', auth: 'session', permission: null, scope: 'organization', body: empty, response: s.isActiveResult }),
  setActiveBranch: route({
    method: 'POST', path: '/user/set_active_branch', auth: 'session', permission: null, scope: 'organization',
    idFields: ['id_filial'], body: s.setActiveBranchBody, response: s.sessionResult,
  }),
  validateUserCredential: route({
    method: 'POST', path: '/user/validate-user-credential', auth: 'session', permission: null, scope: 'organization',
    throttled: true, body: s.validateCredentialBody, response: s.validateCredentialResult,
  }),
  userResetPassword: route({
    method: 'POST', path: '/user/reset_password', auth: 'session', permission: { action: 'manage', subject: 'FncListarUsuario' },
    scope: 'organization', idFields: ['id_usuario'], body: users.resetPasswordBody, response: users.resetPasswordResult,
  }),
  userChangePassword: route({
    method: 'POST', path: '/user/change-password', auth: 'session', permission: null, scope: 'organization', throttled: true,
    body: users.changePasswordBody, response: users.changePasswordResult,
  }),
  operacao: route({
    method: 'POST', path: '/operacao', auth: 'session', permission: { action: 'manage', subject: 'FncPontoVenda' },
    scope: 'branch', idFields: ['id_filial'], body: operacaoBody, response: operacaoResult,
  }),
  orderFindById: route({
    method: 'POST', path: '/order/find_by_id', auth: 'session', permission: { action: 'read', subject: 'FncListarPedido' },
    scope: 'branch', idFields: ['id_pedido'], body: orderByIdBody, response: orderDetail,
  }),
} as const;

const PED_READ = { action: 'read', subject: 'FncListarPedido' } as const;
const PED_MANAGE = { action: 'manage', subject: 'FncListarPedido' } as const;
const PDV_READ = { action: 'read', subject: 'FncPontoVenda' } as const;
const PDV_MANAGE = { action: 'manage', subject: 'FncPontoVenda' } as const;

/** Orders of the active branch (000 §7.3) and gift cards (001 §7 "Gift cards"). */
const orderRoutes = {
  orderFind: route({ method: 'POST', path: '/order/find', auth: 'session', permission: PED_READ, scope: 'branch', body: ord.orderFindBody, response: ord.orderFindResult }),
  orderFindByNsu: route({ method: 'POST', path: '/order/find_by_nsu', auth: 'session', permission: PED_READ, scope: 'branch', idFields: ['id_filial'], body: ord.orderByNsuBody, response: ord.orderFull }),
  orderCreate: route({ method: 'POST', path: '/order/create', auth: 'session', permission: PED_MANAGE, scope: 'branch', body: ord.orderCreateBody, response: ord.orderFull }),
  orderUpdate: route({ method: 'PUT', path: '/order/update', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.orderUpdateBody, response: ord.orderFull }),
  orderDuplicate: route({ method: 'POST', path: '/order/duplicate-order', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.orderByIdBody, response: ord.orderFull }),
  orderReleaseList: route({ method: 'POST', path: '/order/order_release-list', auth: 'session', permission: PED_MANAGE, scope: 'branch', body: ord.orderReleaseListBody, response: ord.orderReleaseListResult }),
  orderOperationFind: route({ method: 'POST', path: '/order/operation-find', auth: 'session', permission: PED_READ, scope: 'branch', body: ord.orderOperationFindBody, response: ord.orderFull }),
  giftCardNextCode: route({ method: 'POST', path: '/gift_card/generate-next-code', auth: 'session', permission: PDV_MANAGE, scope: 'branch', body: empty, response: ord.giftCardNextCodeResult }),
  giftCardSell: route({ method: 'POST', path: '/gift_card/sell-in-checkout', auth: 'session', permission: PDV_MANAGE, scope: 'branch', idFields: ['id_pessoa'], body: ord.giftCardSellBody, response: ord.giftCard }),
  giftCardGetByCode: route({ method: 'POST', path: '/gift_card/get-by-gift-card', auth: 'session', permission: PDV_READ, scope: 'branch', body: ord.giftCardByCodeBody, response: ord.giftCard }),
  giftCardFind: route({ method: 'POST', path: '/gift_card/find', auth: 'session', permission: PDV_READ, scope: 'branch', body: ord.giftCardFindBody, response: ord.giftCardFindResult }),
  giftCardListDisponibles: route({ method: 'POST', path: '/gift_card/list-disponibles', auth: 'session', permission: PDV_READ, scope: 'branch', idFields: ['id_people'], body: ord.giftCardListDisponiblesBody, response: ord.giftCardListResult }),
  giftCardCancel: route({ method: 'POST', path: '/gift_card/cancel', auth: 'session', permission: PDV_MANAGE, scope: 'branch', idFields: ['id_vale_credito'], body: ord.giftCardCancelBody, response: ord.giftCard }),
  giftCardPrint: route({ method: 'POST', path: '/gift_card/imprimir', auth: 'session', permission: PDV_READ, scope: 'branch', idFields: ['id_vale_credito'], body: giftCardPrintBody, response: giftCardPrintResult }),
  orderItemCreate: route({ method: 'POST', path: '/order_item/create', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.orderItemCreateBody, response: ord.orderFull }),
  orderItemUpdate: route({ method: 'PUT', path: '/order_item/update', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido_item'], body: ord.orderItemUpdateBody, response: ord.orderFull }),
  orderItemPatchUpdate: route({ method: 'PUT', path: '/order_item/patch_update', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido_item'], body: ord.orderItemPatchBody, response: ord.orderFull }),
  orderItemFindByOrder: route({ method: 'POST', path: '/order_item/find_by_order', auth: 'session', permission: PED_READ, scope: 'branch', idFields: ['id_pedido'], body: ord.orderByIdBody, response: ord.orderItemsResult }),
  orderItemFindToPrintLabels: route({ method: 'POST', path: '/order_item/find_to_print_labels', auth: 'session', permission: PED_READ, scope: 'branch', idFields: ['id_pedido'], body: ord.orderByIdBody, response: ord.orderLabelsResult }),
  orderItemCalculateSubtotalDiscount: route({ method: 'POST', path: '/order_item/calculate_subtotal_discount', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.orderSubtotalDiscountBody, response: ord.orderFull }),
  orderItemResetSubTotalDiscount: route({ method: 'POST', path: '/order_item/reset_sub_total_discount', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.orderByIdBody, response: ord.orderFull }),
  orderItemRecalcOrderValues: route({ method: 'POST', path: '/order_item/recalc_order_values', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.orderByIdBody, response: ord.orderFull }),
  orderItemUpdateUserSeller: route({ method: 'POST', path: '/order_item/update_user_seller', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.orderUpdateSellerBody, response: ord.orderFull }),
  orderPaymentCreate: route({ method: 'POST', path: '/order_payment/create', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.orderPaymentCreateBody, response: ord.orderFull }),
  orderPaymentDelete: route({ method: 'POST', path: '/order_payment/delete', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido_pagamento'], body: ord.orderPaymentByIdBody, response: ord.orderFull }),
  orderPaymentDeleteByOrder: route({ method: 'POST', path: '/order_payment/delete_by_order', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.orderByIdBody, response: ord.orderFull }),
  volumeCreate: route({ method: 'POST', path: '/volume/create', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.volumeCreateBody, response: ord.volume }),
  volumeUpdate: route({ method: 'POST', path: '/volume/update', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_volume'], body: ord.volumeUpdateBody, response: ord.volume }),
  volumeDelete: route({ method: 'POST', path: '/volume/delete', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_volume'], body: ord.volumeByIdBody, response: ord.volume }),
  peopleAccountHistoryCreate: route({ method: 'POST', path: '/people_account_history/create', auth: 'session', permission: PDV_MANAGE, scope: 'organization', idFields: ['id_pessoa'], body: ord.peopleAccountHistoryBody, response: ord.peopleAccountHistory }),
  orderInvoiceList: route({ method: 'POST', path: '/order/order-invoice-list', auth: 'session', permission: PED_MANAGE, scope: 'branch', body: ord.orderInvoiceListBody, response: ord.orderInvoiceListResult }),
  orderSendReleaseMail: route({ method: 'POST', path: '/order/send-release-mail', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.orderSendMailBody, response: ord.orderSendMailResult }),
  orderGeneratePdf: route({ method: 'POST', path: '/order/generate-pdf', auth: 'session', permission: PED_READ, scope: 'branch', idFields: ['id_pedido'], body: orderPdfBody, response: orderPdfResult }),
  consignmentSend: route({ method: 'POST', path: '/order/consignment_invoice_pending', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.orderByIdBody, response: ord.orderFull }),
  consignmentReturn: route({ method: 'POST', path: '/order/consignment_invoice_return', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.consignmentReturnBody, response: ord.orderFull }),
  consignmentFinish: route({ method: 'POST', path: '/order/consignment_invoice_finish', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.orderByIdBody, response: ord.orderFull }),
  consignmentSell: route({ method: 'POST', path: '/order/consignment_invoice_sell', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.consignmentSellBody, response: ord.consignmentSellResult }),
  consignmentCancel: route({ method: 'POST', path: '/order/consignment_cancel', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: ord.orderByIdBody, response: ord.orderFull }),
} as const;

/** Service orders' parts (000 §3.6, §7.3): service lines and objects left for service, with their images. */
const serviceOrderRoutes = {
  orderServiceSave: route({ method: 'POST', path: '/order_service/save', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: svc.orderServiceSaveBody, response: ord.orderFull }),
  orderServiceDelete: route({ method: 'POST', path: '/order_service/delete', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido_servico'], body: svc.orderServiceDeleteBody, response: ord.orderFull }),
  orderObjectSave: route({ method: 'POST', path: '/order_object/save', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido'], body: svc.orderObjectSaveBody, response: ord.orderFull }),
  orderObjectDelete: route({ method: 'POST', path: '/order_object/delete', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido_objeto'], body: svc.orderObjectDeleteBody, response: ord.orderFull }),
  orderObjectSaveImages: route({ method: 'POST', path: '/order_object/save_images', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido_objeto'], body: svc.orderObjectSaveImagesBody, response: ord.orderFull }),
  orderObjectDeleteImage: route({ method: 'POST', path: '/order_object/delete_image', auth: 'session', permission: PED_MANAGE, scope: 'branch', idFields: ['id_pedido_objeto_imagem'], body: svc.orderObjectImageBody, response: ord.orderFull }),
  orderObjectImage: route({ method: 'POST', path: '/order_object/image', auth: 'session', permission: PED_READ, scope: 'branch', idFields: ['id_pedido_objeto_imagem'], body: svc.orderObjectImageBody, response: svc.orderObjectImageContent }),
} as const;

const NF_READ = { action: 'read', subject: 'FncListarNotaFiscal' } as const;
const NF_MANAGE = { action: 'manage', subject: 'FncListarNotaFiscal' } as const;

/** Invoices and their fiscal calls (000 §7.4, 001 §7 "Invoices"): data of the active branch. */
const invoiceRoutes = {
  invoiceFind: route({ method: 'POST', path: '/invoice/find', auth: 'session', permission: NF_READ, scope: 'branch', body: inv.invoiceFindBody, response: inv.invoiceFindResult }),
  invoiceListValues: route({ method: 'POST', path: '/invoice/list_values', auth: 'session', permission: NF_READ, scope: 'branch', body: inv.invoiceListValuesBody, response: inv.invoiceListValuesResult }),
  invoiceFindById: route({ method: 'POST', path: '/invoice/find_by_id', auth: 'session', permission: NF_READ, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoiceByIdBody, response: inv.invoiceDetail }),
  invoiceFindByKey: route({ method: 'POST', path: '/invoice/find_by_key', auth: 'session', permission: NF_READ, scope: 'branch', body: inv.invoiceByKeyBody, response: inv.invoiceDetail }),
  invoiceOperationFind: route({ method: 'POST', path: '/invoice/operation-find', auth: 'session', permission: NF_READ, scope: 'branch', body: inv.invoiceOperationFindBody, response: inv.invoiceDetail }),
  invoicePost: route({ method: 'POST', path: '/invoice/post', auth: 'session', permission: NF_MANAGE, scope: 'branch', body: inv.invoicePostBody, response: inv.invoiceDetail }),
  invoicePut: route({ method: 'PUT', path: '/invoice/put', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoicePutBody, response: inv.invoiceDetail }),
  invoiceDelete: route({ method: 'POST', path: '/invoice/delete', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_invoice'], body: inv.invoiceDeleteBody, response: inv.invoiceSummary }),
  invoiceItemPost: route({ method: 'POST', path: '/invoice_item/post', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoiceItemPostBody, response: inv.invoiceDetail }),
  invoiceItemCancel: route({ method: 'POST', path: '/invoice_item/cancel', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal_item'], body: inv.invoiceItemByIdBody, response: inv.invoiceDetail }),
  invoiceItemFindToPrintLabels: route({ method: 'POST', path: '/invoice_item/find_to_print_labels', auth: 'session', permission: NF_READ, scope: 'branch', idFields: ['id_nota_fiscal'], body: lp.invoiceLabelsBody, response: lp.labelItemsResult }),
  invoiceItemFind: route({ method: 'POST', path: '/invoice_item/find', auth: 'session', permission: NF_READ, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoiceByIdBody, response: inv.invoiceItemFindResult }),
  invoicePaymentPost: route({ method: 'POST', path: '/invoice_payment/post', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoicePaymentPostBody, response: inv.invoiceDetail }),
  invoicePaymentDelete: route({ method: 'POST', path: '/invoice_payment/delete', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal_pagamento'], body: inv.invoicePaymentByIdBody, response: inv.invoiceDetail }),
  invoicePaymentDeleteByInvoice: route({ method: 'POST', path: '/invoice_payment/delete_by_invoice', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoiceByIdBody, response: inv.invoiceDetail }),
  invoiceReferencedPost: route({ method: 'POST', path: '/invoice_referenced/post', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoiceReferencedPostBody, response: inv.invoiceDetail }),
  invoiceReferencedDelete: route({ method: 'POST', path: '/invoice_referenced/delete', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_referenciada'], body: inv.invoiceReferencedByIdBody, response: inv.invoiceDetail }),
  nfceOfflineReserve: route({ method: 'POST', path: '/nfce/offline/reservar', auth: 'session', permission: { action: 'manage', subject: 'FncPontoVenda' }, scope: 'branch', idFields: ['id_dispositivo'], body: nfceOff.nfceReserveBody, response: nfceOff.nfceBlock }),
  nfceOfflineBlocks: route({ method: 'POST', path: '/nfce/offline/blocos', auth: 'session', permission: { action: 'manage', subject: 'FncPontoVenda' }, scope: 'branch', idFields: ['id_dispositivo'], body: nfceOff.nfceBlocksBody, response: nfceOff.nfceBlocksResult }),
  nfeTransmitir: route({ method: 'POST', path: '/nfe/transmitir', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.nfeByIdBody, response: inv.fiscalResult }),
  satSaleData: route({ method: 'POST', path: '/sat/dados-venda', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: con.satInvoiceBody, response: con.satSaleData }),
  satRecord: route({ method: 'POST', path: '/sat/registrar', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], bodyLimit: con.SAT_RECORD_BODY_LIMIT, body: con.satRecordBody, response: inv.fiscalResult }),
  satCancelData: route({ method: 'POST', path: '/sat/dados-cancelamento', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: con.satInvoiceBody, response: con.satCancelData }),
  satRecordCancel: route({ method: 'POST', path: '/sat/registrar-cancelamento', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], bodyLimit: con.SAT_RECORD_BODY_LIMIT, body: con.satRecordBody, response: inv.fiscalResult }),
  nfeImprimir: route({ method: 'POST', path: '/nfe/imprimir', auth: 'session', permission: NF_READ, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.nfeByIdBody, response: inv.fiscalResult }),
  nfeConsultar: route({ method: 'POST', path: '/nfe/consultar', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.nfeByIdBody, response: inv.fiscalResult }),
  nfeCancelar: route({ method: 'POST', path: '/nfe/cancelar', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.nfeCancelBody, response: inv.fiscalResult }),
  nfeCartaCorrecao: route({ method: 'POST', path: '/nfe/carta_correcao', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.nfeCorrectionBody, response: inv.fiscalResult }),
  nfeInutilizar: route({ method: 'POST', path: '/nfe/inutilizar', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.nfeCancelBody, response: inv.fiscalResult }),
  nfeInutilizarFaixa: route({ method: 'POST', path: '/nfe/inutilizar_faixa', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_filial'], body: inv.nfeDisableRangeBody, response: inv.nfeDisableRangeResult }),
  nfeRequestList: route({ method: 'POST', path: '/nfe/invoice-request-list', auth: 'session', permission: NF_MANAGE, scope: 'branch', body: inv.nfeRequestListBody, response: inv.nfeManyResult }),
  nfeCancelarLista: route({ method: 'POST', path: '/nfe/cancelar-lista', auth: 'session', permission: NF_MANAGE, scope: 'branch', body: inv.nfeCancelManyBody, response: inv.nfeManyResult }),
  invoiceDuplicate: route({ method: 'POST', path: '/invoice/invoice-duplicate', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoiceByIdBody, response: inv.invoiceDetail }),
  invoiceLinkSeller: route({ method: 'POST', path: '/invoice/invoice_link_seller', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoiceLinkSellerBody, response: inv.invoiceDetail }),
  invoiceChangeSeller: route({ method: 'POST', path: '/invoice/changeSeller', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoiceChangeSellerBody, response: inv.invoiceDetail }),
  invoiceItemUpdateUserSeller: route({ method: 'POST', path: '/invoice_item/update_user_seller', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoiceItemSellerBody, response: inv.invoiceDetail }),
  invoiceItemGetProductTaxes: route({ method: 'POST', path: '/invoice_item/get_product_taxes', auth: 'session', permission: NF_READ, scope: 'branch', idFields: ['id_produto_grade_filial', 'id_cenario_fiscal', 'id_cliente'], body: inv.productTaxesBody, response: inv.productTaxesResult }),
  invoiceItemCalculateSubtotalDiscount: route({ method: 'POST', path: '/invoice_item/calculate_subtotal_discount', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoiceSubtotalDiscountBody, response: inv.invoiceDetail }),
  invoiceItemResetSubTotalDiscount: route({ method: 'POST', path: '/invoice_item/reset_sub_total_discount', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoiceByIdBody, response: inv.invoiceDetail }),
  invoiceItemRecalcValueItems: route({ method: 'POST', path: '/invoice_item/recalc_value_items', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoiceByIdBody, response: inv.invoiceDetail }),
  invoiceReprocess: route({ method: 'POST', path: '/invoice/invoice-reprocess', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoiceByIdBody, response: inv.fiscalResult }),
  invoiceChangeTransmissionType: route({ method: 'POST', path: '/invoice/change-transmission-type', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: inv.invoiceTransmissionTypeBody, response: inv.invoiceDetail }),
  invoiceItemSplit: route({ method: 'POST', path: '/invoice_item/split', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal', 'id_nota_fiscal_item'], body: inv.invoiceItemSplitBody, response: inv.invoiceDetail }),
  invoiceServiceOrder: route({ method: 'POST', path: '/invoice/invoice-service-order', auth: 'session', permission: NF_MANAGE, scope: 'branch', body: inv.invoiceServiceOrderBody, response: inv.invoiceServiceOrderResult }),
  invoiceReturnCredit: route({ method: 'POST', path: '/invoice/invoice_return', auth: 'session', permission: NF_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: ord.invoiceReturnCreditBody, response: ord.peopleAccountHistory }),
  nfeDisablementList: route({ method: 'POST', path: '/nfe/inutilizacao/find', auth: 'session', permission: NF_READ, scope: 'branch', body: fl.disablementListBody, response: fl.disablementListResult }),
  nfeCorrectionList: route({ method: 'POST', path: '/nfe/carta_correcao/find', auth: 'session', permission: NF_READ, scope: 'branch', body: fl.correctionListBody, response: fl.correctionListResult }),
  invoiceSalesReturnList: route({ method: 'POST', path: '/invoice/sales_return/find', auth: 'session', permission: NF_READ, scope: 'branch', body: fl.salesReturnListBody, response: fl.salesReturnListResult }),
  nfeContingencia: route({ method: 'POST', path: '/nfe/contingencia', auth: 'session', permission: NF_READ, scope: 'branch', body: inv.contingencyListBody, response: inv.contingencyListResult }),
} as const;

const PROD_READ = { action: 'read', subject: 'FncListarProduto' } as const;
const PROD_MANAGE = { action: 'manage', subject: 'FncListarProduto' } as const;
const PRICE_MANAGE = { action: 'manage', subject: 'FncListarTabelaPreco' } as const;

/**
 * The product register and the product calls of the point of sale (001 §7 Products; catalog module's product
 * service, the one writer of products). Sale-side calls (search-to-sell, get-price-sell, get-by-branch-grid) ask
 * for the point of sale's permission, the register's for the product one.
 */
const productRoutes = {
  productFindList: route({ method: 'POST', path: '/product/find_list', auth: 'session', permission: PROD_READ, scope: 'organization', body: prod.productFindBody, response: prod.productFindResult }),
  productFindById: route({ method: 'POST', path: '/product/find_by_id', auth: 'session', permission: PROD_READ, scope: 'organization', idFields: ['id_produto'], body: prod.productByIdBody, response: prod.productDetail }),
  productCreate: route({ method: 'POST', path: '/product/create', auth: 'session', permission: PROD_MANAGE, scope: 'organization', body: prod.productCreateBody, response: prod.productDetail }),
  productUpdate: route({ method: 'PUT', path: '/product/update', auth: 'session', permission: PROD_MANAGE, scope: 'organization', idFields: ['id_produto'], body: prod.productUpdateBody, response: prod.productUpdateResult }),
  productSituacao: route({ method: 'POST', path: '/product/enable-disable', auth: 'session', permission: PROD_MANAGE, scope: 'organization', idFields: ['id_produto'], body: prod.productSituacaoBody, response: prod.productSituacaoResult }),
  productNextSku: route({ method: 'POST', path: '/product/get_next_sku', auth: 'session', permission: PROD_READ, scope: 'organization', body: empty, response: prod.productNextSkuResult }),
  productDuplicate: route({ method: 'POST', path: '/product/product-duplicate', auth: 'session', permission: PROD_MANAGE, scope: 'organization', idFields: ['id_produto'], body: prod.productByIdBody, response: prod.productDetail }),
  productGridByProduct: route({ method: 'POST', path: '/product_grid/get-product-grid-by-product', auth: 'session', permission: PROD_READ, scope: 'branch', idFields: ['id_produto'], body: prod.productByIdBody, response: prod.productGridResult }),
  productByBranchGrid: route({ method: 'POST', path: '/product/get-by-branch-grid', auth: 'session', permission: PDV_READ, scope: 'branch', idFields: ['id_produto_grade_filial'], body: prod.branchGridBody, response: prod.branchGridResult }),
  productPriceSell: route({ method: 'POST', path: '/product/get-price-sell', auth: 'session', permission: PDV_READ, scope: 'branch', body: prod.priceSellBody, response: prod.priceSellResult }),
  productListToSearch: route({ method: 'POST', path: '/product/list_to_search', auth: 'session', permission: PROD_READ, scope: 'organization', body: reads.productListToSearchBody, response: reads.productListToSearchResult }),
  productListToSearchById: route({ method: 'POST', path: '/product/list_to_search_by_id', auth: 'session', permission: PROD_READ, scope: 'organization', body: reads.productListToSearchByIdBody, response: reads.productListToSearchByIdResult }),
  productFindStockById: route({ method: 'POST', path: '/product/find_stock_by_id', auth: 'session', permission: PROD_READ, scope: 'organization', idFields: ['id_produto'], body: reads.productStockByIdBody, response: reads.productStockByIdResult }),
  productFindToPrintLabel: route({ method: 'POST', path: '/product/find_to_print_label', auth: 'session', permission: PROD_READ, scope: 'branch', body: reads.productLabelsBody, response: reads.productLabelsResult }),
  productSearchToLabels: route({ method: 'POST', path: '/product/search-to-labels', auth: 'session', permission: PROD_READ, scope: 'branch', body: lp.searchToLabelsBody, response: lp.labelItemsResult }),
  productListToBalance: route({ method: 'POST', path: '/product/list-to-balance', auth: 'session', permission: PROD_READ, scope: 'branch', body: scale.listToBalanceBody, response: scale.listToBalanceResult }),
  productStockRangeQuantity: route({ method: 'POST', path: '/product/stock-range-quantity', auth: 'session', permission: PROD_READ, scope: 'branch', body: reads.stockRangeBody, response: reads.stockRangeResult }),
  saleStockFind: route({ method: 'POST', path: '/sale_stock/find', auth: 'session', permission: PDV_READ, scope: 'branch', body: reads.saleStockFindBody, response: reads.saleStockFindResult }),
  productSearchToSell: route({ method: 'POST', path: '/product/search-to-sell', auth: 'session', permission: PDV_READ, scope: 'branch', body: prod.searchToSellBody, response: prod.searchToSellResult }),
  priceHistoryList: route({
    method: 'POST', path: '/price-history/list', auth: 'session', permission: PROD_READ,
    scope: 'branch', idFields: ['id_produto_grade_filial'], body: prod.priceHistoryListBody, response: prod.priceHistoryListResult,
  }),
  // The price readjust (price-readjust.ts): the Comercial group's price permission, as the price configurations (the
  // indexers, also repricing products, have theirs): docs/decisions.md "Price configuration and price readjust".
  priceReadjustSimulate: route({ method: 'POST', path: '/price-readjust/simulate', auth: 'session', permission: PRICE_MANAGE, scope: 'branch', body: pr.readjustBody, response: pr.readjustSimulation }),
  priceReadjustApply: route({ method: 'POST', path: '/price-readjust/apply', auth: 'session', permission: PRICE_MANAGE, scope: 'branch', body: pr.readjustApplyBody, response: pr.readjustApplyResult }),
} as const;

/** The point of sale's return and receipt modes (000 §1): the customer's sales, receivables and credit balance. */
const returnRoutes = {
  returnSales: route({ method: 'POST', path: '/operacao/devolucao/vendas', auth: 'session', permission: PDV_READ, scope: 'branch', idFields: ['id_cliente'], body: ret.returnSalesBody, response: ret.returnSalesResult }),
  openReceivables: route({ method: 'POST', path: '/operacao/recebimento/titulos', auth: 'session', permission: PDV_READ, scope: 'branch', idFields: ['id_cliente'], body: ret.customerBody, response: ret.openReceivablesResult }),
  /** The stock of a variation in each branch the caller may work in (000 §2, stock quantity by branch). */
  stockByBranch: route({ method: 'POST', path: '/stock/quantity-by-branch', auth: 'session', permission: PDV_READ, scope: 'organization', idFields: ['id_produto_grade'], body: stockByBranchBody, response: stockByBranchResult }),
  customerCredit: route({ method: 'POST', path: '/operacao/credito/saldo', auth: 'session', permission: PDV_READ, scope: 'organization', idFields: ['id_cliente'], body: ret.customerBody, response: ret.customerCreditResult }),
} as const;

/** The point of sale's quick save of a customer (F6): the till's permission, a create-only body (quick-customer.ts). */
const peopleRoutes = {
  // A customer's cashback balance and history (issue 30; modules/cashback).
  peopleCashbackHistory: route({ method: 'POST', path: '/people_cashback/history', auth: 'session', permission: { action: 'read', subject: 'FncListarPessoa' }, scope: 'organization', idFields: ['id_pessoa'], body: cb.cashbackHistoryBody, response: cb.cashbackHistoryResult }),
  personQuickCreate: route({ method: 'POST', path: '/people/quick-create', auth: 'session', permission: PDV_MANAGE, scope: 'branch', body: quickCustomerBody, response: quickCustomerResult }),
} as const;

const IMPORT = { action: 'manage', subject: 'FncImportarDados' } as const;

/** Data import (002 §2 /dataImport): preview a file, start a job, poll its progress and error report. */
const importRoutes = {
  importPreview: route({ method: 'POST', path: '/data-import/preview', auth: 'session', permission: IMPORT, scope: 'branch', bodyLimit: imp.IMPORT_BODY_LIMIT, body: imp.importFileBody, response: imp.importPreviewResult }),
  importStart: route({ method: 'POST', path: '/data-import/start', auth: 'session', permission: IMPORT, scope: 'branch', bodyLimit: imp.IMPORT_BODY_LIMIT, body: imp.importStartBody, response: imp.importJobStatus }),
  importStatus: route({ method: 'POST', path: '/data-import/status', auth: 'session', permission: IMPORT, scope: 'branch', body: imp.importStatusBody, response: imp.importJobStatus }),
} as const;

const STK_READ = { action: 'read', subject: 'FncListarMovimentacaoEstoque' } as const;
const STK_MANAGE = { action: 'manage', subject: 'FncListarMovimentacaoEstoque' } as const;

/** Stock documents of the active branch and its stock balance (stock module, the one writer of the stock). */
/** Purchase invoices imported from the supplier's NF-e XML (issue 32, purchase-import.ts): the invoices' permission. */
const purchaseImportRoutes = {
  invoiceImportPreview: route({ method: 'POST', path: '/invoice-import/preview', auth: 'session', permission: NF_MANAGE, scope: 'branch', bodyLimit: 6_000_000, body: pi.purchaseImportPreviewBody, response: pi.purchaseImportPreview }),
  invoiceImportConfirm: route({ method: 'POST', path: '/invoice-import/confirm', auth: 'session', permission: NF_MANAGE, scope: 'branch', bodyLimit: 6_000_000, body: pi.purchaseImportConfirmBody, response: pi.purchaseImportDetail }),
  invoiceImportFind: route({ method: 'POST', path: '/invoice-import/find', auth: 'session', permission: NF_READ, scope: 'branch', body: pi.purchaseImportFindBody, response: pi.purchaseImportFindResult }),
  invoiceImportFindById: route({ method: 'POST', path: '/invoice-import/find_by_id', auth: 'session', permission: NF_READ, scope: 'branch', body: pi.purchaseImportByIdBody, response: pi.purchaseImportDetail }),
  // Destined invoices (destined-invoice.ts): query, manifestation and download talk to the national environment.
  destinedInvoiceFind: route({ method: 'POST', path: '/destined-invoice/find', auth: 'session', permission: NF_READ, scope: 'branch', body: di.destinedInvoiceFindBody, response: di.destinedInvoiceFindResult }),
  destinedInvoiceFindById: route({ method: 'POST', path: '/destined-invoice/find_by_id', auth: 'session', permission: NF_READ, scope: 'branch', body: di.destinedInvoiceByIdBody, response: di.destinedInvoiceDetail }),
  destinedInvoiceQuery: route({ method: 'POST', path: '/destined-invoice/query', auth: 'session', permission: NF_MANAGE, scope: 'branch', body: di.destinedInvoiceQueryBody, response: di.destinedInvoiceQueryResult }),
  destinedInvoiceManifest: route({ method: 'POST', path: '/destined-invoice/manifest', auth: 'session', permission: NF_MANAGE, scope: 'branch', body: di.destinedInvoiceManifestBody, response: di.destinedInvoiceActionResult }),
  destinedInvoiceDownload: route({ method: 'POST', path: '/destined-invoice/download', auth: 'session', permission: NF_MANAGE, scope: 'branch', body: di.destinedInvoiceByIdBody, response: di.destinedInvoiceActionResult }),
  // SPED EFD ICMS/IPI of a branch (one of the caller's, with the invoices' read permission there) and month (sped.ts).
  fiscalSped: route({ method: 'POST', path: '/fiscal/sped', auth: 'session', permission: { action: 'read', subject: 'ViewFiscal' }, scope: 'branch', body: sped.spedBody, response: sped.spedResult }),
};

const stockDocumentRoutes = {
  stockMovementFind: route({ method: 'POST', path: '/stock-movement/find', auth: 'session', permission: STK_READ, scope: 'branch', body: sd.stockDocumentFindBody, response: sd.stockDocumentFindResult }),
  stockMovementFindById: route({ method: 'POST', path: '/stock-movement/find_by_id', auth: 'session', permission: STK_READ, scope: 'branch', idFields: ['id_documento_estoque'], body: sd.stockDocumentByIdBody, response: sd.stockDocumentDetail }),
  stockMovementCreate: route({ method: 'POST', path: '/stock-movement/create', auth: 'session', permission: STK_MANAGE, scope: 'branch', body: sd.stockDocumentCreateBody, response: sd.stockDocumentDetail }),
  stockMovementUpdate: route({ method: 'PUT', path: '/stock-movement/update', auth: 'session', permission: STK_MANAGE, scope: 'branch', idFields: ['id_documento_estoque'], body: sd.stockDocumentUpdateBody, response: sd.stockDocumentDetail }),
  stockMovementDelete: route({ method: 'POST', path: '/stock-movement/delete', auth: 'session', permission: STK_MANAGE, scope: 'branch', idFields: ['id_documento_estoque'], body: sd.stockDocumentByIdBody, response: sd.stockDocumentDeleteResult }),
  stockMovementProcess: route({ method: 'POST', path: '/stock-movement/process', auth: 'session', permission: STK_MANAGE, scope: 'branch', idFields: ['id_documento_estoque'], body: sd.stockDocumentByIdBody, response: sd.stockDocumentDetail }),
  stockMovementCancel: route({ method: 'POST', path: '/stock-movement/cancel', auth: 'session', permission: STK_MANAGE, scope: 'branch', idFields: ['id_documento_estoque'], body: sd.stockDocumentByIdBody, response: sd.stockDocumentDetail }),
  stockMovementSearchProduct: route({ method: 'POST', path: '/stock-movement/search-product', auth: 'session', permission: STK_READ, scope: 'branch', body: sd.stockProductSearchBody, response: sd.stockProductSearchResult }),
  stockBalance: route({ method: 'POST', path: '/stock/balance', auth: 'session', permission: STK_READ, scope: 'branch', body: sd.stockBalanceBody, response: sd.stockBalanceResult }),
  stockReport: route({ method: 'POST', path: '/stock/report', auth: 'session', permission: STK_READ, scope: 'branch', body: sd.stockReportBody, response: sd.stockReportResult }),
} as const;

/**
 * Inventories of the active branch (001 §7 Inventory): the stock permission (the spec names none for inventories;
 * processing writes stock movements). Counting (sync-itens) writes lines, so it needs manage too.
 */
const inventoryRoutes = {
  inventoryList: route({ method: 'POST', path: '/inventory/list', auth: 'session', permission: STK_READ, scope: 'branch', body: invt.inventoryListBody, response: invt.inventoryListResult }),
  inventoryCreate: route({ method: 'POST', path: '/inventory/create', auth: 'session', permission: STK_MANAGE, scope: 'branch', body: invt.inventoryCreateBody, response: invt.inventory }),
  inventoryUpdate: route({ method: 'PUT', path: '/inventory/update', auth: 'session', permission: STK_MANAGE, scope: 'branch', idFields: ['id_inventario'], body: invt.inventoryUpdateBody, response: invt.inventory }),
  inventoryProcess: route({ method: 'POST', path: '/inventory/process', auth: 'session', permission: STK_MANAGE, scope: 'branch', idFields: ['id_inventario'], body: invt.inventoryProcessBody, response: invt.inventoryProcessResult }),
  inventoryItemSyncItens: route({ method: 'POST', path: '/inventory_item/sync-itens', auth: 'session', permission: STK_MANAGE, scope: 'branch', body: invt.inventoryItemSyncBody, response: invt.inventoryItemSyncResult }),
} as const;

const FIN_READ = { action: 'read', subject: 'FncListarDocumentoFinanceiro' } as const;
const FIN_MANAGE = { action: 'manage', subject: 'FncListarDocumentoFinanceiro' } as const;

/** Financial documents of the active branch (001 §7 "Financial documents"; finance module, their one writer). */
const BANK_READ = { action: 'read', subject: 'ViewContasBancarias' } as const;
const BANK_MANAGE = { action: 'manage', subject: 'ViewContasBancarias' } as const;

const financeRoutes = {
  documentFinancialFind: route({ method: 'POST', path: '/document-financial/find', auth: 'session', permission: FIN_READ, scope: 'branch', body: fin.financialFindBody, response: fin.financialFindResult }),
  documentFinancialFindValues: route({ method: 'POST', path: '/document-financial/find-values', auth: 'session', permission: FIN_READ, scope: 'branch', body: fin.financialValuesBody, response: fin.financialTotals }),
  documentFinancialFindById: route({ method: 'POST', path: '/document-financial/find_by_id', auth: 'session', permission: FIN_READ, scope: 'branch', idFields: ['id_documento_financeiro'], body: fin.financialByIdBody, response: fin.financialDocumentDetail }),
  documentFinancialCreate: route({ method: 'POST', path: '/document-financial/create', auth: 'session', permission: FIN_MANAGE, scope: 'branch', body: fin.financialCreateBody, response: fin.financialDocumentDetail }),
  documentFinancialUpdate: route({ method: 'POST', path: '/document-financial/update', auth: 'session', permission: FIN_MANAGE, scope: 'branch', idFields: ['id_documento_financeiro'], body: fin.financialUpdateBody, response: fin.financialDocumentDetail }),
  documentFinancialSplit: route({ method: 'POST', path: '/document-financial/split_document', auth: 'session', permission: FIN_MANAGE, scope: 'branch', idFields: ['id_documento_financeiro'], body: fin.financialSplitBody, response: fin.financialManyResult }),
  documentFinancialCancel: route({ method: 'POST', path: '/document-financial/cancel_document_financial', auth: 'session', permission: FIN_MANAGE, scope: 'branch', idFields: ['id_documento_financeiro'], body: fin.financialByIdBody, response: fin.financialDocumentDetail }),
  documentFinancialCancelMany: route({ method: 'POST', path: '/document_financial/cancel_many_document_financial', auth: 'session', permission: FIN_MANAGE, scope: 'branch', body: fin.financialManyBody, response: fin.financialManyResult }),
  documentFinancialDischarge: route({ method: 'POST', path: '/document-financial/discharge_document_financial', auth: 'session', permission: FIN_MANAGE, scope: 'branch', body: fin.financialDischargeBody, response: fin.financialDischargeResult }),
  /** The till's discharge: the point of sale's permission (the receipt mode's), the caller's active branch. */
  documentFinancialDischargeCheckout: route({ method: 'POST', path: '/document-financial/discharge_document_checkout', auth: 'session', permission: PDV_MANAGE, scope: 'branch', idFields: ['id_cliente'], body: fin.dischargeCheckoutBody, response: fin.dischargeCheckoutResult }),
  documentFinancialFindByNumber: route({ method: 'POST', path: '/document-financial/find_by_number', auth: 'session', permission: FIN_READ, scope: 'branch', body: fin.financialByNumberBody, response: fin.financialListResult }),
  documentFinancialNextNumber: route({ method: 'POST', path: '/document-financial/find_next_number_doc', auth: 'session', permission: FIN_READ, scope: 'branch', body: empty, response: fin.financialNextNumberResult }),
  documentFinancialByInvoice: route({ method: 'POST', path: '/document-financial/get_documents_by_invoice', auth: 'session', permission: FIN_READ, scope: 'branch', idFields: ['id_nota_fiscal'], body: fin.financialByInvoiceBody, response: fin.financialListResult }),
  documentFinancialLaunchCancel: route({ method: 'POST', path: '/document_financial_launch/cancel_document_launch', auth: 'session', permission: FIN_MANAGE, scope: 'branch', idFields: ['id_documento_financeiro_lancamento'], body: fin.launchCancelBody, response: fin.financialDocumentDetail }),
  documentFinancialFindInvoice: route({ method: 'POST', path: '/document-financial/find_invoice_by_document_financial', auth: 'session', permission: FIN_READ, scope: 'branch', idFields: ['id_documento_financeiro'], body: fin.financialByIdBody, response: fin.financialInvoiceResult }),
  documentFinancialFindReport: route({ method: 'POST', path: '/document-financial/find_report', auth: 'session', permission: FIN_READ, scope: 'branch', body: fin.financialReportBody, response: fin.financialReportResult }),
  documentFinancialLaunchCreate: route({ method: 'POST', path: '/document_financial_launch/create', auth: 'session', permission: FIN_MANAGE, scope: 'branch', body: fin.launchCreateBody, response: fin.financialDocumentDetail }),
  documentFinancialLaunchUpdate: route({ method: 'POST', path: '/document_financial_launch/update', auth: 'session', permission: FIN_MANAGE, scope: 'branch', idFields: ['id_documento_financeiro_lancamento'], body: fin.launchUpdateBody, response: fin.financialDocumentDetail }),
  bankAccountLaunchFind: route({ method: 'POST', path: '/bank_account_launch/find', auth: 'session', permission: { action: 'read', subject: 'ViewContasBancarias' }, scope: 'organization', idFields: ['id_conta'], body: fin.bankLaunchFindBody, response: fin.bankLaunchFindResult }),
  bankAccountMovement: route({ method: 'POST', path: '/bank_account/moviment', auth: 'session', permission: { action: 'read', subject: 'ViewContasBancarias' }, scope: 'organization', body: fin.bankMovementBody, response: fin.bankMovementResult }),
  bankFind: route({ method: 'POST', path: '/bank/find', auth: 'session', permission: { action: 'read', subject: 'ViewContasBancarias' }, scope: 'organization', body: fin.bankFindBody, response: fin.bankFindResult }),
  bankFindByBranch: route({ method: 'POST', path: '/bank/find_by_branch', auth: 'session', permission: { action: 'read', subject: 'ViewContasBancarias' }, scope: 'organization', body: fin.bankFindByBranchBody, response: fin.bankFindByBranchResult }),
  bankAccountTransfer: route({ method: 'POST', path: '/bank_account/transfer', auth: 'session', permission: { action: 'manage', subject: 'ViewContasBancarias' }, scope: 'organization', body: fin.bankTransferBody, response: fin.bankTransferResult }),
  bankAccountTransferFind: route({ method: 'POST', path: '/bank_account/transfer/find', auth: 'session', permission: { action: 'read', subject: 'ViewContasBancarias' }, scope: 'organization', body: fin.bankTransferFindBody, response: fin.bankTransferFindResult }),
  bankAccountTransferCancel: route({ method: 'POST', path: '/bank_account/transfer/cancel', auth: 'session', permission: { action: 'manage', subject: 'ViewContasBancarias' }, scope: 'organization', body: fin.bankTransferCancelBody, response: fin.bankTransferResult }),
  demandFind: route({ method: 'POST', path: '/demand/find', auth: 'session', permission: FIN_READ, scope: 'branch', body: bol.demandFindBody, response: bol.demandFindResult }),
  demandGetById: route({ method: 'POST', path: '/demand/get-by-id', auth: 'session', permission: FIN_READ, scope: 'branch', idFields: ['id_boleto'], body: bol.demandByIdBody, response: bol.boletoRow }),
  demandCreate: route({ method: 'POST', path: '/demand/create', auth: 'session', permission: FIN_MANAGE, scope: 'branch', body: bol.demandCreateBody, response: bol.demandCreateResult }),
  demandValidateCreate: route({ method: 'POST', path: '/demand/validate_create_demand', auth: 'session', permission: FIN_MANAGE, scope: 'branch', body: bol.demandCreateBody, response: bol.demandCreateResult }),
  demandByDocuments: route({ method: 'POST', path: '/demand/payment-demands-by-documents', auth: 'session', permission: FIN_READ, scope: 'branch', body: bol.demandByDocumentsBody, response: bol.demandListResult }),
  demandSyncDocuments: route({ method: 'POST', path: '/demand/sync-demands-documents', auth: 'session', permission: FIN_MANAGE, scope: 'branch', body: bol.demandSyncBody, response: bol.demandSyncResult }),
  demandUpdate: route({ method: 'POST', path: '/demand/update', auth: 'session', permission: FIN_MANAGE, scope: 'branch', idFields: ['id_boleto'], body: bol.demandCancelBody, response: bol.boletoRow }),
  demandPdf: route({ method: 'POST', path: '/demand/pdf', auth: 'session', permission: FIN_READ, scope: 'branch', idFields: ['id_boleto'], body: bol.demandByIdBody, response: bol.demandPdfResult }),
  demandUpdateRemessa: route({ method: 'POST', path: '/demand/update-remessa', auth: 'session', permission: FIN_MANAGE, scope: 'branch', idFields: ['id_conta'], body: bol.remessaBody, response: bol.remessaResult }),
  demandRemessaFile: route({ method: 'POST', path: '/demand/remessa-file', auth: 'session', permission: FIN_READ, scope: 'branch', idFields: ['id_boleto_remessa'], body: bol.remessaByIdBody, response: bol.remessaResult }),
  demandInvoiceBoletos: route({ method: 'POST', path: '/demand/invoice-boletos', auth: 'session', permission: FIN_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: bol.demandInvoiceBody, response: bol.demandInvoiceResult }),
  demandSendEmails: route({ method: 'POST', path: '/demand/send-emails', auth: 'session', permission: FIN_MANAGE, scope: 'branch', body: bol.demandSendEmailsBody, response: bol.demandSendEmailsResult }),
  demandRetorno: route({ method: 'POST', path: '/demand/ler-retorno', auth: 'session', permission: FIN_MANAGE, scope: 'branch', idFields: ['id_conta'], bodyLimit: 6_000_000, body: bol.retornoBody, response: bol.retornoResult }),
  demandConnectorReserve: route({ method: 'POST', path: '/demand/connector-reserve', auth: 'session', permission: FIN_MANAGE, scope: 'branch', body: bol.demandCreateBody, response: bol.demandReserveResult }),
  demandConnectorRecord: route({ method: 'POST', path: '/demand/connector-record', auth: 'session', permission: FIN_MANAGE, scope: 'branch', body: bol.demandRecordBody, response: bol.demandRecordResult }),
  demandConnectorRemessa: route({ method: 'POST', path: '/demand/connector-remessa', auth: 'session', permission: FIN_MANAGE, scope: 'branch', idFields: ['id_conta'], body: bol.connectorRemessaBody, response: bol.connectorRemessaResult }),
  demandConnectorRemessaRecord: route({ method: 'POST', path: '/demand/connector-remessa-record', auth: 'session', permission: FIN_MANAGE, scope: 'branch', idFields: ['id_conta'], bodyLimit: 6_000_000, body: bol.connectorRemessaRecordBody, response: bol.remessaResult }),
  demandConnectorAccount: route({ method: 'POST', path: '/demand/connector-account', auth: 'session', permission: FIN_MANAGE, scope: 'branch', idFields: ['id_conta'], body: bol.connectorAccountBody, response: bol.connectorAccountResult }),
  bankAccountNextOurNumber: route({ method: 'POST', path: '/bank_account/get-next-our-number', auth: 'session', permission: { action: 'read', subject: 'ViewContasBancarias' }, scope: 'organization', idFields: ['id_conta'], body: bol.nextNumberBody, response: bol.nextNumberResult }),
  bankAccountNextRemessaNumber: route({ method: 'POST', path: '/bank_account/get-next-remessa-number', auth: 'session', permission: { action: 'read', subject: 'ViewContasBancarias' }, scope: 'organization', idFields: ['id_conta'], body: bol.nextNumberBody, response: bol.nextNumberResult }),
  bankReconciliationImport: route({ method: 'POST', path: '/bank_conciliation/import', auth: 'session', permission: BANK_MANAGE, scope: 'organization', bodyLimit: 8_000_000, body: rec.reconciliationImportBody, response: rec.reconciliationImportResult }),
  bankReconciliationFind: route({ method: 'POST', path: '/bank_conciliation/find', auth: 'session', permission: BANK_READ, scope: 'organization', idFields: ['id_conta'], body: rec.reconciliationFindBody, response: rec.reconciliationFindResult }),
  bankReconciliationConfirm: route({ method: 'POST', path: '/bank_conciliation/confirm', auth: 'session', permission: BANK_MANAGE, scope: 'organization', body: rec.reconciliationConfirmBody, response: rec.reconciliationRow }),
  bankReconciliationCandidates: route({ method: 'POST', path: '/bank_conciliation/candidates', auth: 'session', permission: BANK_READ, scope: 'organization', body: rec.reconciliationByIdBody, response: rec.reconciliationCandidatesResult }),
  bankReconciliationUndo: route({ method: 'POST', path: '/bank_conciliation/undo', auth: 'session', permission: BANK_MANAGE, scope: 'organization', body: rec.reconciliationByIdBody, response: rec.reconciliationRow }),
  documentFinancialCashFlow: route({ method: 'POST', path: '/document-financial/cash-flow', auth: 'session', permission: FIN_READ, scope: 'branch', body: rec.cashFlowBody, response: rec.cashFlowResult }),
  documentFinancialLaunchFind: route({ method: 'POST', path: '/document_financial_launch/find_by_document_financial', auth: 'session', permission: FIN_READ, scope: 'branch', idFields: ['id_documento_financeiro'], body: fin.financialByIdBody, response: fin.launchListResult }),
} as const;

type SyncRouteName = `sync_${SyncGroupName}`;
type SyncRoute = RouteDef<typeof listByChangesBody, typeof listByChangesResult>;

/** POST /<group>/list-by-changes for every synced group. */
const syncRoutes = Object.fromEntries(
  Object.values(SYNC_GROUPS).map((g) => [
    `sync_${g.group}`,
    route({
      method: 'POST', path: `/${g.group}/list-by-changes`, auth: 'session', permission: null, scope: g.scope,
      body: LIST_BY_CHANGES_BODIES[g.group] ?? listByChangesBody, response: listByChangesResult,
    }),
  ]),
) as Record<SyncRouteName, SyncRoute>;

/**
 * Which synced groups have rows after the client's positions (one call before reading only those). Branch-owned
 * groups are answered for the active branch.
 */
const syncChangedRoutes = {
  syncChanged: route({
    method: 'POST', path: '/sync/changed', auth: 'session', permission: null, scope: 'branch',
    body: syncChangedBody, response: syncChangedResult,
  }),
} as const;

const CASHIER_READ = { action: 'read', subject: 'FncListarCaixa' } as const;
const CASHIER_MANAGE = { action: 'manage', subject: 'FncListarCaixa' } as const;

/**
 * Till shifts (issue 23; 002 §3 Cashier, §9; 000 §7.4): the till's events (open, sangria, suprimento, count, close,
 * reopen) travel through its outbox to /cashier/event, idempotent on id_evento (contract/cashier.ts).
 */
const cashierRoutes = {
  cashierEvent: route({ method: 'POST', path: '/cashier/event', auth: 'session', permission: CASHIER_MANAGE, scope: 'branch', idFields: ['id_filial'], body: cx.cashierEventBody, response: cx.cashierEventResult }),
  cashierFind: route({ method: 'POST', path: '/cashier/find', auth: 'session', permission: CASHIER_READ, scope: 'branch', body: cx.cashierFindBody, response: cx.cashierFindResult }),
  cashierFindById: route({ method: 'POST', path: '/cashier/find_by_id', auth: 'session', permission: CASHIER_READ, scope: 'branch', idFields: ['id_caixa'], body: cx.cashierIdBody, response: cx.cashierDetail }),
  /** The caller's open shift in its active branch: the point of sale asks before selling. */
  cashierCurrent: route({ method: 'POST', path: '/cashier/current', auth: 'session', permission: PDV_READ, scope: 'branch', body: empty, response: cx.cashierCurrentResult }),
  cashierReport: route({ method: 'POST', path: '/cashier/report', auth: 'session', permission: CASHIER_READ, scope: 'branch', idFields: ['id_caixa'], body: cx.cashierIdBody, response: cx.cashierReportResult }),
  cashierProcessCanceledSale: route({ method: 'POST', path: '/cashier_operation/process_canceled_sale', auth: 'session', permission: CASHIER_MANAGE, scope: 'branch', idFields: ['id_nota_fiscal'], body: cx.processCanceledSaleBody, response: cx.processCanceledSaleResult }),
} as const;

/** Supervisor authorizations (001 §3, §7): asked and listed at the point of sale; granted only by validate-user-credential. */
/** The commission report per seller and period (issue 30; modules/commission), of the active branch's sales. */
const commissionRoutes = {
  commissionReport: route({ method: 'POST', path: '/commission/find_report', auth: 'session', permission: { action: 'read', subject: 'FncListarGrupoComissao' }, scope: 'branch', body: com.commissionReportBody, response: com.commissionReportResult }),
} as const;

const authorizationRoutes = {
  authorizationCreate: route({ method: 'POST', path: '/authorization/create', auth: 'session', permission: PDV_MANAGE, scope: 'branch', body: auth.authorizationCreateBody, response: auth.authorization }),
  authorizationUpdate: route({ method: 'PUT', path: '/authorization/update', auth: 'session', permission: PDV_MANAGE, scope: 'branch', idFields: ['id_autorizacao'], body: auth.authorizationUpdateBody, response: auth.authorization }),
  authorizationList: route({ method: 'POST', path: '/authorization/list', auth: 'session', permission: PDV_READ, scope: 'branch', body: auth.authorizationListBody, response: auth.authorizationListResult }),
};

const BRANCH_READ = { action: 'read', subject: 'FncListarFilial' } as const;
const BRANCH_MANAGE = { action: 'manage', subject: 'FncListarFilial' } as const;

/**
 * The branch register's routes besides its descriptor's (contract/branch.ts): IBGE cities, logo, A1 certificate, the
 * branch's e-mail accounts (002 §7), and the platform apps (000 §6, 002 §7 get-apps-active).
 */
const branchRoutes = {
  cityFind: route({ method: 'POST', path: '/city/find', auth: 'session', permission: null, scope: 'none', body: br.cityFindBody, response: br.cityFindResult }),
  cityFindById: route({ method: 'POST', path: '/city/find_by_id', auth: 'session', permission: null, scope: 'none', body: br.cityByIdBody, response: br.city }),
  branchLogoSave: route({ method: 'POST', path: '/branch/logo/save', auth: 'session', permission: BRANCH_MANAGE, scope: 'organization', idFields: ['id_filial'], body: br.logoSaveBody, response: br.logoResult }),
  branchLogoGet: route({ method: 'POST', path: '/branch/logo/get', auth: 'session', permission: BRANCH_READ, scope: 'organization', idFields: ['id_filial'], body: br.branchIdBody, response: br.logoResult }),
  branchLogoRemove: route({ method: 'POST', path: '/branch/logo/remove', auth: 'session', permission: BRANCH_MANAGE, scope: 'organization', idFields: ['id_filial'], body: br.branchIdBody, response: br.logoResult }),
  branchCertificateUpload: route({ method: 'POST', path: '/branch/certificate/upload', auth: 'session', permission: BRANCH_MANAGE, scope: 'organization', idFields: ['id_filial'], body: br.certificateUploadBody, response: br.certificateResult }),
  branchCertificateGet: route({ method: 'POST', path: '/branch/certificate/get', auth: 'session', permission: BRANCH_READ, scope: 'organization', idFields: ['id_filial'], body: br.branchIdBody, response: br.certificateResult }),
  branchCertificateRemove: route({ method: 'POST', path: '/branch/certificate/remove', auth: 'session', permission: BRANCH_MANAGE, scope: 'organization', idFields: ['id_filial'], body: br.branchIdBody, response: br.certificateResult }),
  branchEmailList: route({ method: 'POST', path: '/branch-email/list', auth: 'session', permission: BRANCH_READ, scope: 'organization', idFields: ['id_filial'], body: br.branchIdBody, response: br.emailListResult }),
  branchEmailCreate: route({ method: 'POST', path: '/branch-email/create', auth: 'session', permission: BRANCH_MANAGE, scope: 'organization', idFields: ['id_filial'], body: br.emailCreateBody, response: br.emailAccount }),
  branchEmailUpdate: route({ method: 'PUT', path: '/branch-email/update', auth: 'session', permission: BRANCH_MANAGE, scope: 'organization', idFields: ['id_filial_email'], body: br.emailUpdateBody, response: br.emailAccount }),
  branchEmailDelete: route({ method: 'POST', path: '/branch-email/delete', auth: 'session', permission: BRANCH_MANAGE, scope: 'organization', idFields: ['id_filial_email'], body: br.emailByIdBody, response: br.emailDeleted }),
  branchEmailUse: route({ method: 'POST', path: '/branch-email/use', auth: 'session', permission: BRANCH_MANAGE, scope: 'organization', idFields: ['id_filial_email'], body: br.emailByIdBody, response: br.emailAccount }),
  branchEmailTest: route({ method: 'POST', path: '/branch-email/test', auth: 'session', permission: BRANCH_MANAGE, scope: 'organization', idFields: ['id_filial_email'], body: br.emailTestBody, response: br.emailTestResult }),
  activationCheck: route({ method: 'POST', path: '/activations/check', auth: 'session', permission: null, scope: 'organization', idFields: ['id_organization'], body: br.activationCheckBody, response: br.activationCheckResult }),
  platformAppsActive: route({ method: 'POST', path: '/platform/get-apps-active', auth: 'session', permission: null, scope: 'organization', body: empty, response: br.appsActiveResult }),
} as const;

const BANKINT_READ = { action: 'read', subject: 'ViewContasBancarias' } as const;
const BANKINT_MANAGE = { action: 'manage', subject: 'ViewContasBancarias' } as const;

/**
 * Bank integration (001 §7; modules/bank): the operator's internet banking login (two steps, token 1 hour per user),
 * boletos registered online, statements, Pix received; and PIX at the point of sale (the sale's charge, its state, its
 * manual confirmation by a supervisor). The bank's webhook is not here: it carries no session (modules/bank/webhook.ts).
 * No idFields: each call needs the user's bank login (or the bank) before it reaches a row, so the generated isolation
 * suite cannot reach them; modules/bank/bank.db.test.ts checks another organization's ids instead.
 */
const bankIntegrationRoutes = {
  bankAuthCompany: route({ method: 'POST', path: '/bank-integration/auth-company', auth: 'session', permission: BANKINT_READ, scope: 'organization', body: bk.authCompanyBody, response: bk.authCompanyResult }),
  bankValidateAuthCompany: route({ method: 'POST', path: '/bank-integration/validate-auth-company', auth: 'session', permission: BANKINT_READ, scope: 'organization', body: bk.validateAuthCompanyBody, response: bk.validateAuthCompanyResult }),
  bankSession: route({ method: 'POST', path: '/bank-integration/session', auth: 'session', permission: BANKINT_READ, scope: 'organization', body: empty, response: bk.bankSessionResult }),
  bankInvoice: route({ method: 'POST', path: '/bank-integration/invoice', auth: 'session', permission: BANKINT_MANAGE, scope: 'branch', body: bk.invoiceBody, response: bk.invoiceResult }),
  bankInvoiceList: route({ method: 'POST', path: '/bank-integration/invoice_list', auth: 'session', permission: BANKINT_READ, scope: 'branch', body: bk.invoiceListBody, response: bk.invoiceListResult }),
  bankInvoiceFindByCode: route({ method: 'POST', path: '/bank-integration/invoice_find_by_code', auth: 'session', permission: BANKINT_READ, scope: 'branch', body: bk.invoiceByCodeBody, response: bk.registeredBoleto }),
  bankInvoiceCancel: route({ method: 'POST', path: '/bank-integration/invoice_cancel', auth: 'session', permission: BANKINT_MANAGE, scope: 'branch', body: bk.invoiceByCodeBody, response: bk.registeredBoleto }),
  bankInstantPayment: route({ method: 'POST', path: '/bank-integration/instant_payment', auth: 'session', permission: BANKINT_READ, scope: 'organization', body: bk.instantPaymentBody, response: bk.instantPaymentResult }),
  bankListStatements: route({ method: 'POST', path: '/bank-integration/list-statements', auth: 'session', permission: BANKINT_READ, scope: 'organization', body: bk.statementsBody, response: bk.statementsResult }),
  bankNewQrcodeDynamic: route({ method: 'POST', path: '/bank-integration/new_qrcode_dynamic', auth: 'session', permission: PDV_MANAGE, scope: 'branch', body: bk.newQrcodeBody, response: bk.pixCharge }),
  bankFindByCode: route({ method: 'POST', path: '/bank-integration/find-by-code', auth: 'session', permission: PDV_READ, scope: 'branch', body: bk.findByCodeBody, response: bk.pixCharge }),
  bankPixConfirmManual: route({ method: 'POST', path: '/bank-integration/pix-confirm-manual', auth: 'session', permission: PDV_MANAGE, scope: 'branch', body: bk.pixConfirmManualBody, response: bk.pixCharge }),
  bankPixList: route({ method: 'POST', path: '/bank-integration/pix-list', auth: 'session', permission: BANKINT_READ, scope: 'branch', body: bk.pixListBody, response: bk.pixListResult }),
} as const;

export const routes = { ...baseRoutes, ...bankIntegrationRoutes, ...commissionRoutes, ...authorizationRoutes, ...cashierRoutes, ...orderRoutes, ...serviceOrderRoutes, ...invoiceRoutes, ...returnRoutes, ...peopleRoutes, ...productRoutes, ...importRoutes, ...financeRoutes, ...stockDocumentRoutes, ...purchaseImportRoutes, ...inventoryRoutes, ...syncRoutes, ...syncChangedRoutes, ...branchRoutes, ...productTabRoutes, ...registerRouteTable() };

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type BodyOf<N extends RouteName> = z.input<Routes[N]['body']>;
export type ResultOf<N extends RouteName> = z.output<Routes[N]['response']>;

export const API_PREFIX = '/api';
