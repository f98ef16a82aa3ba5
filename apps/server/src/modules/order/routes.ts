import { MESSAGES } from '@pdv/domain/messages';
import { HttpError } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { findOrder } from './queries.ts';

export const orderHandlers = {
  // 000 §7.3. The caller's active branch only: another branch's or organization's order answers like a missing one.
  orderFindById: async ({ tx, caller, body }) => {
    const order = await findOrder(tx, caller.id_organization, caller.id_filial, body.id_pedido);
    if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
    return order;
  },
} satisfies Partial<Handlers>;
