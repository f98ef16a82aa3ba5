/**
 * Routes of the inventories (contract inventory.ts, 001 §7): permission and branch scope come from the route table;
 * every query is scoped by the caller's organization and active branch.
 */
import type { Handlers } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';
import * as svc from './service.ts';

const actor = (c: Caller): svc.Actor => ({ org: c.id_organization, id_filial: c.id_filial, id_usuario: c.id_usuario });

export const inventoryHandlers = {
  inventoryList: ({ tx, caller, body }) => svc.list(tx, actor(caller), body),
  inventoryCreate: ({ tx, caller, body }) => svc.create(tx, actor(caller), body),
  inventoryUpdate: ({ tx, caller, body }) => {
    const { id_inventario, ...rest } = body;
    return svc.update(tx, actor(caller), id_inventario, rest);
  },
  inventoryProcess: ({ tx, caller, body }) => svc.process(tx, actor(caller), body.id_inventario),
  inventoryItemSyncItens: ({ tx, caller, body }) => svc.syncItems(tx, actor(caller), body),
} satisfies Partial<Handlers>;
