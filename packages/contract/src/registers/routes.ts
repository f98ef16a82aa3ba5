/**
 * The routes of a register, built from its descriptor: the route table (routes.ts) spreads them, so the server
 * registers them, the security suites generated from the table cover them, and route-proofs.test.ts asks for their
 * success tests like any other route's.
 */
import type { RouteDef } from '../routes.ts';
import { registerSchemas, type RegisterDescriptor } from './descriptor.ts';

export const REGISTER_ACTIONS = ['Find', 'FindById', 'Create', 'Update', 'Situacao', 'Delete'] as const;
export type RegisterAction = (typeof REGISTER_ACTIONS)[number];

/** A register without situacao has no Situacao route; one with fixed rows only finds and updates them. */
type ActionsOf<D extends RegisterDescriptor> = D extends { fixedRows: true }
  ? 'Find' | 'FindById' | 'Update'
  : D extends { situacao: true } ? RegisterAction : Exclude<RegisterAction, 'Situacao'>;

/** The actions a register's descriptor gives it routes for. */
export function actionsOf(d: RegisterDescriptor): RegisterAction[] {
  if (d.fixedRows) return ['Find', 'FindById', 'Update'];
  return REGISTER_ACTIONS.filter((a) => a !== 'Situacao' || d.situacao === true);
}
export type RegisterRouteName<D extends RegisterDescriptor> = `${D['name']}${ActionsOf<D>}`;
export type RegisterRoutes<D extends RegisterDescriptor> = { [K in RegisterRouteName<D>]: RouteDef };

/** find, find_by_id, create, update, situacao (enable-disable) and delete (a tombstone) under the descriptor's path. */
export function registerRouteDefs<const D extends RegisterDescriptor>(d: D): RegisterRoutes<D> {
  const s = registerSchemas(d);
  const read = { action: 'read', subject: d.permission } as const;
  const manage = { action: 'manage', subject: d.permission } as const;
  const base = { auth: 'session', scope: d.scope } as const;
  const ids = [d.id] as const;
  const defs: Record<RegisterAction, RouteDef> = {
    Find: { ...base, method: 'POST', path: `${d.path}/find`, permission: read, body: s.find, response: s.findResult },
    FindById: { ...base, method: 'POST', path: `${d.path}/find_by_id`, permission: read, idFields: ids, body: s.byId, response: s.row },
    Create: { ...base, method: 'POST', path: `${d.path}/create`, permission: manage, body: s.create, response: s.row },
    Update: { ...base, method: 'PUT', path: `${d.path}/update`, permission: manage, idFields: ids, body: s.update, response: s.row },
    Situacao: { ...base, method: 'POST', path: `${d.path}/enable-disable`, permission: manage, idFields: ids, body: s.situacao, response: s.row },
    Delete: { ...base, method: 'POST', path: `${d.path}/delete`, permission: manage, idFields: ids, body: s.delete, response: s.deleted },
  };
  const actions = actionsOf(d);
  return Object.fromEntries(actions.map((a) => [`${d.name}${a}`, defs[a]])) as RegisterRoutes<D>;
}
