/**
 * Each register's hooks (modules/registers/hooks.ts) by its descriptor's name. Here, above the modules, so that a
 * module's hooks may use the registers module's SQL without the registers module importing every module back.
 */
import type { RegisterHookTable } from './modules/registers/hooks.ts';
import { branchHooks } from './modules/branch/hooks.ts';
import { additionalInformationHooks } from './modules/settings/additional-information-hooks.ts';
import { deviceHooks } from './modules/settings/device-hooks.ts';
import { fiscalScenarioHooks } from './modules/settings/fiscal-scenario-hooks.ts';
import { fiscalSeriesHooks } from './modules/settings/fiscal-series-hooks.ts';
import { attributeHooks, categoryHooks, serviceHooks } from './modules/catalog/catalogue-hooks.ts';

export const REGISTER_HOOKS: RegisterHookTable = {
  branch: branchHooks,
  fiscalSerie: fiscalSeriesHooks,
  fiscalScenario: fiscalScenarioHooks,
  additionalInformation: additionalInformationHooks,
  device: deviceHooks,
  category: categoryHooks,
  attribute: attributeHooks,
  service: serviceHooks,
};
