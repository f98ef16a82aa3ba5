/**
 * Every register declared by a descriptor. A new one: its descriptor file, its entry here, its migration; the
 * routes, handlers, sync source, menu entry and screens follow (docs/registers.md).
 */
import { accountPlan } from './account-plan.ts';
import { attribute } from './attribute.ts';
import { branch } from './branch.ts';
import { bankAccount } from './bank-account.ts';
import { boletoConfig } from './boleto-config.ts';
import { brand } from './brand.ts';
import { branchConfig } from './branch-config.ts';
import { cardOperator } from './card-operator.ts';
import { category } from './category.ts';
import { classification } from './classification.ts';
import { collection } from './collection.ts';
import { costCenter } from './cost-center.ts';
import type { RegisterDescriptor } from './descriptor.ts';
import { installment } from './installment.ts';
import { measureUnit } from './measure-unit.ts';
import { service } from './service.ts';
import { additionalInformation } from './additional-information.ts';
import { device } from './device.ts';
import { fiscalScenario } from './fiscal-scenario.ts';
import { fiscalSerie } from './fiscal-serie.ts';
import { stockAddress } from './stock-address.ts';
import { stockMovementType } from './stock-movement-type.ts';
import { profile } from './profile.ts';
import { user } from './user.ts';
import { paymentMethod } from './payment-method.ts';
import { label } from './label.ts';
import { person } from './person.ts';
import { priceIndexer } from './price-indexer.ts';
import { tablePrice } from './price-table.ts';
import { promotion } from './promotion.ts';
import { priceConfiguration } from './price-configuration.ts';
import { commissionGroup } from './commission-group.ts';
import { registerRouteDefs, type RegisterRoutes } from './routes.ts';

export const REGISTERS = [
  measureUnit,
  brand,
  collection,
  category,
  attribute,
  classification,
  service,
  branch,
  branchConfig,
  fiscalSerie,
  fiscalScenario,
  additionalInformation,
  stockAddress,
  stockMovementType,
  device,
  profile,
  user,
  paymentMethod,
  bankAccount,
  installment,
  cardOperator,
  boletoConfig,
  costCenter,
  accountPlan,
  label,
  person,
  priceIndexer,
  tablePrice,
  promotion,
  priceConfiguration,
  commissionGroup,
] as const satisfies readonly RegisterDescriptor[];

type Registers = (typeof REGISTERS)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
export type RegisterRouteTable = UnionToIntersection<Registers extends infer D ? (D extends RegisterDescriptor ? RegisterRoutes<D> : never) : never>;

/** The routes of every register, for the route table. */
export function registerRouteTable(): RegisterRouteTable {
  return Object.assign({}, ...REGISTERS.map((d) => registerRouteDefs(d))) as RegisterRouteTable;
}

export function registerByName(name: string): RegisterDescriptor | undefined {
  return REGISTERS.find((d) => d.name === name);
}
