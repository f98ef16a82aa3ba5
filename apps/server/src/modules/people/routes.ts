/** The people module's routes besides the person register's generic ones: the point of sale's quick save. */
import type { Handlers } from '../../http/handlers.ts';
import { quickCreateCustomer } from './quick-customer.ts';

export const peopleHandlers = {
  personQuickCreate: ({ tx, caller, body }) => quickCreateCustomer(tx, caller, body),
} satisfies Partial<Handlers>;
