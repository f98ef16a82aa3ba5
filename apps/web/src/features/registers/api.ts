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

export const registerApi = {
  findById: (d: RegisterDescriptor, id: number) => callRoute(routeOf(d, 'FindById'), { [d.id]: id }) as Promise<Row>,
  create: (d: RegisterDescriptor, body: Row) => callRoute(routeOf(d, 'Create'), body) as Promise<Row>,
  update: (d: RegisterDescriptor, id: number, body: Row) => callRoute(routeOf(d, 'Update'), { [d.id]: id, ...body }) as Promise<Row>,
  situacao: (d: RegisterDescriptor, id: number, situacao: string) =>
    callRoute(routeOf(d, 'Situacao'), { [d.id]: id, situacao }) as Promise<Row>,
  remove: (d: RegisterDescriptor, id: number) => callRoute(routeOf(d, 'Delete'), { [d.id]: id }),
};
