/**
 * Every register declared by a descriptor. A new one: its descriptor file, its entry here, its migration; the
 * routes, handlers, sync source, menu entry and screens follow (docs/registers.md).
 */
import { accountPlan } from './account-plan.ts';
import { bankAccount } from './bank-account.ts';
import { brand } from './brand.ts';
import { branchConfig } from './branch-config.ts';
import { cardOperator } from './card-operator.ts';
import { collection } from './collection.ts';
import { costCenter } from './cost-center.ts';
import type { RegisterDescriptor } from './descriptor.ts';
import { installment } from './installment.ts';
import { measureUnit } from './measure-unit.ts';
import { paymentMethod } from './payment-method.ts';
import { registerRouteDefs, type RegisterRoutes } from './routes.ts';

export const REGISTERS = [
  measureUnit, brand, collection, branchConfig, paymentMethod, bankAccount, installment, cardOperator, costCenter, accountPlan,
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
