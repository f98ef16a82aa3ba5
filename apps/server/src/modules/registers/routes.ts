/** The handlers of every register's routes, generic over its descriptor (queries.ts). */
import { REGISTERS, type RegisterRouteTable } from '@pdv/contract/registers/index';
import type { RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { actionsOf } from '@pdv/contract/registers/routes';
import { notFound } from '../../http/errors.ts';
import type { SessionContext } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';
import type { RouteName } from '@pdv/contract/routes';
import { createRow, deleteRow, findRow, findRows, updateRow, type FindQuery, type Scope } from './queries.ts';

type Row = Record<string, unknown>;
type Ctx = SessionContext<RouteName>;

const scopeOf = (caller: Caller): Scope => ({ id_organization: caller.id_organization, id_filial: caller.id_filial });

function handlersOf(d: RegisterDescriptor) {
  const idOf = (body: unknown) => Number((body as Row)[d.id]);
  const fields = (body: unknown): Row => {
    const { [d.id]: _id, ...rest } = body as Row;
    return rest;
  };
  const orNotFound = (row: Row | null): Row => {
    if (!row) throw notFound();
    return row;
  };
  const handlers: Record<string, (ctx: Ctx) => Promise<unknown>> = {
    [`${d.name}Find`]: async ({ tx, caller, body }: Ctx) => findRows(tx, d, scopeOf(caller), body as FindQuery),
    [`${d.name}FindById`]: async ({ tx, caller, body }: Ctx) => orNotFound(await findRow(tx, d, scopeOf(caller), idOf(body))),
    [`${d.name}Create`]: async ({ tx, caller, body }: Ctx) => createRow(tx, d, scopeOf(caller), body as Row),
    [`${d.name}Update`]: async ({ tx, caller, body }: Ctx) => orNotFound(await updateRow(tx, d, scopeOf(caller), idOf(body), fields(body))),
    [`${d.name}Situacao`]: async ({ tx, caller, body }: Ctx) => orNotFound(await updateRow(tx, d, scopeOf(caller), idOf(body), fields(body))),
    [`${d.name}Delete`]: async ({ tx, caller, body }: Ctx) => {
      if (!(await deleteRow(tx, d, scopeOf(caller), idOf(body)))) throw notFound();
      return { [d.id]: idOf(body), excluido: true as const };
    },
  };
  const actions = new Set<string>(actionsOf(d));
  for (const name of Object.keys(handlers)) if (!actions.has(name.slice(d.name.length))) delete handlers[name];
  return handlers;
}

/** Every register's handlers, keyed by route name. */
export const registerHandlers = Object.assign({}, ...REGISTERS.map((d) => handlersOf(d))) as {
  [N in keyof RegisterRouteTable]: (ctx: Ctx) => Promise<never>;
};
