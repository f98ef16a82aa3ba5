/**
 * A register's calls through the app's API client, by the route names its descriptor gives (`${name}Find`...). The
 * descriptor is known only at run time here, so the calls are typed by the rows' shape, not by each route.
 */
import type { RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import type { RouteName } from '@pdv/contract/routes';
import { call, type CallOptions } from '../../api/client.ts';
import type { Row } from './fields.ts';

type Action = 'Find' | 'FindById' | 'Create' | 'Update' | 'Situacao' | 'Delete';

export const routeOf = (d: RegisterDescriptor, action: Action) => `${d.name}${action}` as RouteName;

// The route table has every register's routes; the body was checked by the register's own schema.
const callRoute = call as unknown as (name: RouteName, body: unknown, options?: CallOptions) => Promise<unknown>;

/** Registers whose writes may change the signed-in user's own permissions or limits (002 §6). */
const ACCESS_REGISTERS = new Set(['user', 'profile']);
const accessListeners = new Set<() => void>();

/** Heard after a write of a user or a profile succeeds: the session reloads its permissions. */
export function onAccessWrite(listener: () => void): () => void {
  accessListeners.add(listener);
  return () => accessListeners.delete(listener);
}

async function written<T>(d: RegisterDescriptor, work: Promise<T>): Promise<T> {
  const result = await work;
  if (ACCESS_REGISTERS.has(d.name)) for (const listener of accessListeners) listener();
  return result;
}

export const registerApi = {
  findById: (d: RegisterDescriptor, id: number) => callRoute(routeOf(d, 'FindById'), { [d.id]: id }) as Promise<Row>,
  create: (d: RegisterDescriptor, body: Row) => written(d, callRoute(routeOf(d, 'Create'), body) as Promise<Row>),
  update: (d: RegisterDescriptor, id: number, body: Row) =>
    written(d, callRoute(routeOf(d, 'Update'), { [d.id]: id, ...body }) as Promise<Row>),
  situacao: (d: RegisterDescriptor, id: number, situacao: string) =>
    written(d, callRoute(routeOf(d, 'Situacao'), { [d.id]: id, situacao }) as Promise<Row>),
  remove: (d: RegisterDescriptor, id: number) => written(d, callRoute(routeOf(d, 'Delete'), { [d.id]: id })),
};
