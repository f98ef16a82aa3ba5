/**
 * Each register's hooks (modules/registers/hooks.ts) by its descriptor's name. Here, above the modules, so that a
 * module's hooks may use the registers module's SQL without the registers module importing every module back.
 */
import { installmentHooks } from './modules/finance-settings/installment-hooks.ts';
import { bankAccountHooks, cardOperatorHooks, paymentMethodHooks } from './modules/finance-settings/payment-hooks.ts';
import { boletoConfigHooks } from './modules/finance-settings/boleto-config-hooks.ts';
import { treeHooks } from './modules/finance-settings/tree-hooks.ts';
import type { RegisterHookTable } from './modules/registers/hooks.ts';
import { branchHooks } from './modules/branch/hooks.ts';
import { additionalInformationHooks } from './modules/settings/additional-information-hooks.ts';
import { deviceHooks } from './modules/settings/device-hooks.ts';
import { branchConfigHooks } from './modules/settings/branch-config-hooks.ts';
import { fiscalScenarioHooks } from './modules/settings/fiscal-scenario-hooks.ts';
import { fiscalSeriesHooks } from './modules/settings/fiscal-series-hooks.ts';
import { labelHooks } from './modules/settings/label-hooks.ts';
import { personHooks } from './modules/people/hooks.ts';
import { attributeHooks, categoryHooks, serviceHooks } from './modules/catalog/catalogue-hooks.ts';
import { priceIndexerHooks } from './modules/catalog/indexer-hooks.ts';
import { priceTableHooks, promotionHooks } from './modules/catalog/price-hooks.ts';
import { priceConfigurationHooks } from './modules/catalog/price-config-hooks.ts';
import { commissionGroupHooks } from './modules/commission/group-hooks.ts';

export const REGISTER_HOOKS: RegisterHookTable = {
  branch: branchHooks,
  fiscalSerie: fiscalSeriesHooks,
  fiscalScenario: fiscalScenarioHooks,
  additionalInformation: additionalInformationHooks,
  device: deviceHooks,
  branchConfig: branchConfigHooks,
  label: labelHooks,
  category: categoryHooks,
  attribute: attributeHooks,
  service: serviceHooks,
  paymentMethod: paymentMethodHooks,
  bankAccount: bankAccountHooks,
  cardOperator: cardOperatorHooks,
  boletoConfig: boletoConfigHooks,
  installment: installmentHooks,
  costCenter: treeHooks({ table: 'centro_custo', id: 'id_centro_custo', parent: 'id_centro_custo_pai' }),
  person: personHooks,
  priceIndexer: priceIndexerHooks,
  tablePrice: priceTableHooks,
  promotion: promotionHooks,
  priceConfiguration: priceConfigurationHooks,
  commissionGroup: commissionGroupHooks,
  accountPlan: treeHooks({ table: 'plano_conta', id: 'id_plano_conta', parent: 'id_plano_conta_pai' }),
};
