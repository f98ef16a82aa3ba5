import { sql as foundation } from './001_foundation.ts';
import { sql as sync } from './002_sync.ts';
import { sql as events } from './003_events.ts';
import { sql as catalog } from './004_catalog.ts';
import { sql as peopleFinance } from './005_people_finance.ts';
import { sql as salesConfig } from './006_sales_config.ts';
import { sql as operations } from './007_operations.ts';
import { sql as fiscal } from './008_fiscal.ts';
import { sql as orders } from './009_orders.ts';
import { sql as orderItems } from './010_order_items.ts';
import { sql as serviceOrders } from './011_service_orders.ts';
import { sql as returnsReceipts } from './012_returns_receipts.ts';
import { sql as vouchers } from './013_vouchers.ts';
import { sql as loginThrottle } from './014_login_throttle.ts';
import { sql as operationContentHash } from './015_operation_content_hash.ts';
import { sql as authorization } from './016_authorization.ts';
import { sql as syncSecretsEventClaim } from './017_sync_secrets_event_claim.ts';
import { sql as priceHistory } from './018_price_history.ts';
import { sql as registerSortIndexes } from './019_register_sort_indexes.ts';
import { sql as collection } from './020_collection.ts';
import { sql as usersProfiles } from './022_users_profiles.ts';
import { sql as branchRegister } from './021_branch_register.ts';
import { sql as branchConfigRegister } from './023_branch_config_register.ts';
import { sql as fiscalLogisticsSettings } from './025_fiscal_logistics_settings.ts';
import { sql as catalogues } from './026_catalogues.ts';
import { sql as productRegister } from './027_product_register.ts';
import { sql as stockOpening } from './032_stock_opening.ts';
import { sql as financialLaunches } from './035_financial_launches.ts';
import { sql as financialOpeningLaunch } from './034_financial_opening_launch.ts';
import { sql as cashier } from './036_cashier.ts';
import { sql as boleto } from './038_boleto.ts';
import { sql as priceIndexer } from './043_price_indexer.ts';
import { sql as cashierReceipt } from './044_cashier_receipt.ts';
import { sql as cashierCloseApproval } from './045_cashier_close_approval.ts';
import { sql as personOfflineQuickSave } from './030_person_offline_quick_save.ts';
import { sql as reconciliationCardDischarge } from './033_reconciliation_card_discharge.ts';
import { sql as bankReconciliation } from './041_bank_reconciliation.ts';
import { sql as pricesPromotions } from './042_prices_promotions.ts';
import { sql as priceReadjust } from './047_price_readjust.ts';
import { sql as commission } from './046_commission.ts';
import { sql as financeSettings } from './024_finance_settings.ts';
import { sql as productTabs } from './028_product_tabs.ts';
import { sql as label } from './031_label.ts';
import { sql as stockDocument } from './037_stock_document.ts';
import { sql as inventory } from './039_inventory.ts';
import { sql as peopleRegister } from './029_people_register.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Contiguous, append-only. A released migration is never edited: add a new one. */
export const migrations: Migration[] = [
  { version: 1, name: 'foundation', sql: foundation },
  { version: 2, name: 'sync', sql: sync },
  { version: 3, name: 'events', sql: events },
  { version: 4, name: 'catalog', sql: catalog },
  { version: 5, name: 'people_finance', sql: peopleFinance },
  { version: 6, name: 'sales_config', sql: salesConfig },
  { version: 7, name: 'operations', sql: operations },
  { version: 8, name: 'fiscal', sql: fiscal },
  { version: 9, name: 'orders', sql: orders },
  { version: 10, name: 'order_items', sql: orderItems },
  { version: 11, name: 'service_orders', sql: serviceOrders },
  { version: 12, name: 'returns_receipts', sql: returnsReceipts },
  { version: 13, name: 'vouchers', sql: vouchers },
  { version: 14, name: 'login_throttle', sql: loginThrottle },
  { version: 15, name: 'operation_content_hash', sql: operationContentHash },
  { version: 16, name: 'authorization', sql: authorization },
  { version: 17, name: 'sync_secrets_event_claim', sql: syncSecretsEventClaim },
  { version: 18, name: 'price_history', sql: priceHistory },
  { version: 19, name: 'register_sort_indexes', sql: registerSortIndexes },
  { version: 20, name: 'collection', sql: collection },
  { version: 22, name: 'users_profiles', sql: usersProfiles },
  { version: 21, name: 'branch_register', sql: branchRegister },
  { version: 23, name: 'branch_config_register', sql: branchConfigRegister },
  { version: 25, name: 'fiscal_logistics_settings', sql: fiscalLogisticsSettings },
  { version: 26, name: 'catalogues', sql: catalogues },
  { version: 24, name: 'finance_settings', sql: financeSettings },
  { version: 27, name: 'product_register', sql: productRegister },
  { version: 28, name: 'product_tabs', sql: productTabs },
  { version: 31, name: 'label', sql: label },
  { version: 29, name: 'people_register', sql: peopleRegister },
  { version: 32, name: 'stock_opening', sql: stockOpening },
  { version: 35, name: 'financial_launches', sql: financialLaunches },
  { version: 36, name: 'cashier', sql: cashier },
  { version: 37, name: 'stock_document', sql: stockDocument },
  { version: 38, name: 'boleto', sql: boleto },
  { version: 43, name: 'price_indexer', sql: priceIndexer },
  { version: 44, name: 'cashier_receipt', sql: cashierReceipt },
  { version: 45, name: 'cashier_close_approval', sql: cashierCloseApproval },
  { version: 41, name: 'bank_reconciliation', sql: bankReconciliation },
  { version: 39, name: 'inventory', sql: inventory },
  { version: 42, name: 'prices_promotions', sql: pricesPromotions },
  { version: 47, name: 'price_readjust', sql: priceReadjust },
  { version: 30, name: 'person_offline_quick_save', sql: personOfflineQuickSave },
  { version: 33, name: 'reconciliation_card_discharge', sql: reconciliationCardDischarge },
  { version: 46, name: 'commission', sql: commission },
  { version: 34, name: 'financial_opening_launch', sql: financialOpeningLaunch },
];
