/**
 * Which routes of the table the generated suites prove successful, and the few no test can see succeed.
 * route-proofs.test.ts checks that every other route is named by an `expectOk(t, '<route>', ...)` call in a db test.
 */
import { routes, type RouteName } from '@pdv/contract/routes';
import { registerRouteTable } from '@pdv/contract/registers/index';

/**
 * Routes that take an id but whose owner call in routes.db.test.ts is not a plain success: the answer depends on the
 * row's state or on SEFAZ, or the call would change the rows the next routes use. Each one's success is an
 * `expectOk` in its module's db test (route-proofs.test.ts checks that it is).
 */
export const OWNER_CHECK_ELSEWHERE: ReadonlySet<RouteName> = new Set<RouteName>([
  'userResetPassword', 'invoicePut', 'invoiceDelete', 'nfeTransmitir', 'nfeConsultar', 'nfeCancelar', 'nfeCartaCorrecao',
  'nfeInutilizar', 'nfeInutilizarFaixa', 'invoiceItemPost', 'invoiceItemCancel', 'invoicePaymentPost', 'invoicePaymentDelete',
  'invoicePaymentDeleteByInvoice', 'invoiceReferencedPost', 'invoiceReferencedDelete',
  // Drafts only: invoice/subtotal-discount.db.test.ts.
  'invoiceItemCalculateSubtotalDiscount', 'invoiceItemResetSubTotalDiscount', 'invoiceItemRecalcValueItems',
  // Drafts only (a sale's NFC-e may change its type, not its lines): invoice/invoice-actions.db.test.ts.
  'invoiceChangeTransmissionType', 'invoiceItemSplit',
  // Needs the branch to enable it and an NFC-e series bound to the device: modules/fiscal/nfce-offline.db.test.ts.
  'nfceOfflineReserve',
  'orderUpdate', 'orderDuplicate', 'giftCardSell', 'giftCardCancel',
  // The boletos an invoice gets after it: only an authorized one (modules/finance/boleto-invoice.db.test.ts).
  'demandInvoiceBoletos',
  // A cancelled sale in a till shift: modules/cashier/cashier.db.test.ts.
  // The till's discharge needs the customer's open receivables: modules/operation/discharge-checkout.db.test.ts.
  'documentFinancialDischargeCheckout',
  'cashierProcessCanceledSale',
  // Order parts: the demo pre-sale has no client (the item and volume checks refuse it) and its payment and volume
  // are what the next routes use.
  'orderItemCreate', 'orderItemUpdate', 'orderItemPatchUpdate', 'orderItemCalculateSubtotalDiscount', 'orderPaymentCreate',
  'orderPaymentDelete', 'orderPaymentDeleteByOrder', 'volumeCreate', 'volumeUpdate', 'volumeDelete', 'peopleAccountHistoryCreate',
  'orderSendReleaseMail', 'invoiceReturnCredit', 'consignmentSend', 'consignmentReturn', 'consignmentFinish', 'consignmentSell', 'consignmentCancel',
  // Service-order parts: the pre-sale is not a service order (objects are refused) and the next routes use its rows.
  'orderServiceSave', 'orderServiceDelete', 'orderObjectSave', 'orderObjectDelete', 'orderObjectSaveImages',
  'orderObjectDeleteImage',
  // Branch register: saving a logo or a certificate, removing the certificate and deleting an e-mail account would
  // change what the next routes use, and the test send needs a fake SMTP server: branch.db.test.ts proves them.
  'branchLogoSave', 'branchCertificateUpload', 'branchCertificateRemove', 'branchEmailDelete', 'branchEmailTest',
  // Financial documents: editing, splitting and cancelling depend on the document's state, and reversing a launch
  // changes it; finance.db.test.ts proves them.
  'documentFinancialUpdate', 'documentFinancialSplit', 'documentFinancialCancel', 'documentFinancialLaunchCancel',
  // Stock documents: editing, deleting, processing and cancelling depend on the document's state and change it;
  // modules/stock/stock-document.db.test.ts proves them.
  'stockMovementUpdate', 'stockMovementDelete', 'stockMovementProcess', 'stockMovementCancel',
  // Inventories: editing and processing depend on the inventory's state and change it; inventory.db.test.ts proves them.
  'inventoryUpdate', 'inventoryProcess',
  // Boletos: a remessa needs pending boletos of a homologated bank's account and a retorno a file of it (the demo
  // register's first account is the till); boleto.db.test.ts proves them.
  'demandUpdateRemessa', 'demandRetorno',
  // Through the connector: the same (a homologated bank's account, pending boletos); boleto-connector.db.test.ts proves them.
  'demandConnectorRemessa', 'demandConnectorRemessaRecord', 'demandConnectorAccount',
  // The SAT's CF-e calls: the demo invoice is an NFC-e (the demo branch does not sell on a SAT), and recording an
  // answer changes the invoice; modules/fiscal/sat-routes.db.test.ts sells on the SAT and proves them.
  'satSaleData', 'satRecord', 'satCancelData', 'satRecordCancel',
  // Registers (packages/contract/src/registers): the situacao change and the delete would change the demo rows the
  // next routes use; registers.db.test.ts proves them, with every other route of each register.
  ...(Object.keys(registerRouteTable()) as RouteName[]).filter((n) => /(Situacao|Delete)$/.test(n)),
]);

const names = Object.keys(routes) as RouteName[];

/**
 * The suites that call routes by a computed name, each with the routes it proves: routes.db.test.ts calls every
 * session route with an id field as the row's owner (except OWNER_CHECK_ELSEWHERE), groups.db.test.ts pages every
 * synced group to the end.
 */
export const GENERATED_PROOFS: Record<string, readonly RouteName[]> = {
  'apps/server/src/http/routes.db.test.ts': names.filter((n) => {
    const def = routes[n];
    return def.auth === 'session' && (def.idFields ?? []).length > 0 && !OWNER_CHECK_ELSEWHERE.has(n);
  }),
  'apps/server/src/modules/sync/groups.db.test.ts': names.filter((n) => n.startsWith('sync_') && n !== 'syncChanged'),
  'apps/server/src/modules/registers/registers.db.test.ts': Object.keys(registerRouteTable()) as RouteName[],
};

/** Routes no test can see succeed, with the reason. Keep it short: a route here is a route nobody proved. */
export const CANNOT_SUCCEED: Partial<Record<RouteName, string>> = {};
