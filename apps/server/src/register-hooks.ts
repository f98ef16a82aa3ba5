/**
 * Each register's hooks (modules/registers/hooks.ts) by its descriptor's name. Here, above the modules, so that a
 * module's hooks may use the registers module's SQL without the registers module importing every module back.
 */
import type { RegisterHookTable } from './modules/registers/hooks.ts';
import { attributeHooks, categoryHooks, serviceHooks } from './modules/catalog/catalogue-hooks.ts';

export const REGISTER_HOOKS: RegisterHookTable = {
  category: categoryHooks,
  attribute: attributeHooks,
  service: serviceHooks,
};
