/** The handlers of every register's routes, generic over its descriptor (queries.ts) and its hooks (hooks.ts). */
import { REGISTERS, type RegisterRouteTable } from '@pdv/contract/registers/index';
import type { RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { actionsOf } from '@pdv/contract/registers/routes';
import { notFound } from '../../http/errors.ts';
import type { SessionContext } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';
import type { RouteName } from '@pdv/contract/routes';
import type { HookContext, RegisterHookTable, RegisterHooks } from './hooks.ts';
import { createRow, deleteRow, findRow, findRows, updateRow, type FindQuery, type Scope } from './queries.ts';

type Row = Record<string, unknown>;
type Ctx = SessionContext<RouteName>;

const scopeOf = (caller: Caller): Scope => ({ id_organization: caller.id_organization, id_filial: caller.id_filial });

function handlersOf(d: RegisterDescriptor, hooks: RegisterHooks) {
  const extraKeys = Object.keys(d.extra ?? {});
  const idOf = (body: unknown) => Number((body as Row)[d.id]);
  /** The body's columns and its `extra` members, apart (the id left out). */
  const split = (body: unknown): { values: Row; extra: Row } => {
    const values: Row = {};
    const extra: Row = {};
    for (const [k, v] of Object.entries(body as Row)) {
      if (k === d.id) continue;
      if (extraKeys.includes(k)) extra[k] = v;
      else values[k] = v;
    }
    return { values, extra };
  };
  const orNotFound = (row: Row | null): Row => {
    if (!row) throw notFound();
    return row;
  };
  const hookContext = (ctx: Ctx): HookContext => ({ ctx, scope: scopeOf(ctx.caller) });
  const answer = async (h: HookContext, row: Row) => (hooks.detail ? hooks.detail(h, row) : row);
  const write = async (ctx: Ctx, id: number | null, body: unknown) => {
    const h = hookContext(ctx);
    if (id !== null) orNotFound(await findRow(ctx.tx, d, h.scope, id));
    const split_ = split(body);
    const values = (await hooks.beforeWrite?.(h, split_.values, split_.extra, id)) ?? split_.values;
    const row = id === null ? await createRow(ctx.tx, d, h.scope, values) : orNotFound(await updateRow(ctx.tx, d, h.scope, id, values));
    await hooks.afterWrite?.(h, row, split_.extra, id === null);
    return answer(h, row);
  };
  const handlers: Record<string, (ctx: Ctx) => Promise<unknown>> = {
    [`${d.name}Find`]: async ({ tx, caller, body }: Ctx) => findRows(tx, d, scopeOf(caller), body as FindQuery),
    [`${d.name}FindById`]: async (ctx: Ctx) => {
      const h = hookContext(ctx);
      return answer(h, orNotFound(await findRow(ctx.tx, d, h.scope, idOf(ctx.body))));
    },
    [`${d.name}Create`]: async (ctx: Ctx) => write(ctx, null, ctx.body),
    [`${d.name}Update`]: async (ctx: Ctx) => write(ctx, idOf(ctx.body), ctx.body),
    [`${d.name}Situacao`]: async (ctx: Ctx) => write(ctx, idOf(ctx.body), ctx.body),
    [`${d.name}Delete`]: async (ctx: Ctx) => {
      const h = hookContext(ctx);
      const id = idOf(ctx.body);
      const row = orNotFound(await findRow(ctx.tx, d, h.scope, id));
      await hooks.beforeDelete?.(h, row);
      if (!(await deleteRow(ctx.tx, d, h.scope, id))) throw notFound();
      return { [d.id]: id, excluido: true as const };
    },
  };
  const actions = new Set<string>(actionsOf(d));
  for (const name of Object.keys(handlers)) if (!actions.has(name.slice(d.name.length))) delete handlers[name];
  return handlers;
}

/** Every register's handlers, keyed by route name, with each register's hooks (apps/server/src/register-hooks.ts). */
export function registerHandlersWith(table: RegisterHookTable) {
  return Object.assign({}, ...REGISTERS.map((d) => handlersOf(d, table[d.name] ?? {}))) as {
    [N in keyof RegisterRouteTable]: (ctx: Ctx) => Promise<never>;
  };
}
