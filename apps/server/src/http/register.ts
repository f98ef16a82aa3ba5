import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_PREFIX, routes, type RouteDef, type RouteName } from '@pdv/contract/routes';
import { MESSAGES } from '@pdv/domain/messages';
import { USER_MESSAGES } from '@pdv/domain/user-rules';
import { loadCaller, type Caller } from '../modules/auth/caller.ts';
import { HttpError, badRequest, forbidden, unauthorized } from './errors.ts';
import { NEW_PASSWORD_ROUTES, OUTSIDE_TRANSACTION, type Deps, type Handlers, type PublicContext, type SessionContext } from './handlers.ts';
import type { Tx } from '../db/database.ts';
import { describeIssues } from './zod-errors.ts';
import { ROWS_JSON, spliceRows, type WithRowsJson } from './json-rows.ts';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

function parseBody(def: RouteDef, raw: unknown): unknown {
  const input = def.method === 'GET' || raw === undefined ? {} : raw;
  const parsed = def.body.safeParse(input);
  if (!parsed.success) {
    const erros = describeIssues(parsed.error);
    throw badRequest(MESSAGES.invalidBody, erros[0], erros);
  }
  return parsed.data;
}

/** The `tx` of a route that runs outside the request transaction: using it is a bug. */
const closedTx: Tx = {
  query: () => Promise.reject(new Error('this route runs outside the request transaction: use ctx.run')),
  exec: () => Promise.reject(new Error('this route runs outside the request transaction: use ctx.run')),
};

/** The route's permission, and the password change a temporary password asks for first (NEW_PASSWORD_ROUTES). */
function checkAllowed(name: RouteName, def: RouteDef, caller: Caller): void {
  if (caller.user.solicitar_nova_senha && !NEW_PASSWORD_ROUTES.has(name)) throw new HttpError(403, USER_MESSAGES.newPasswordRequired);
  if (def.permission && !caller.ability.can(def.permission.action, def.permission.subject)) throw forbidden();
}

type AnyHandler = (ctx: PublicContext<RouteName> | SessionContext<RouteName>) => Promise<unknown>;

/**
 * Registers every route of the contract's route table. Order of checks on a session route: token (401), user still
 * active (401), permission (403), body (400), then the handler, all inside one transaction as the application role.
 */
export function registerRoutes(app: FastifyInstance, handlers: Handlers, deps: Deps): void {
  for (const name of Object.keys(routes) as RouteName[]) {
    const def = routes[name] as RouteDef;
    const handler = handlers[name] as unknown as AnyHandler;
    app.route({
      method: def.method,
      url: API_PREFIX + def.path,
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      handler: async (request, reply) => {
        let result: unknown;
        if (def.auth === 'public') {
          result = await handler({ body: parseBody(def, request.body) as never, ip: request.ip, deps });
        } else {
          const token = bearer(request);
          const claims = token ? await deps.tokens.verify(token) : null;
          if (!claims) throw unauthorized();
          const tenant = { id_organization: claims.id_organization, id_usuario: claims.id_usuario };
          const run = <T>(fn: (tx: Tx) => Promise<T>) => deps.db.tenant(tenant, fn);
          if (OUTSIDE_TRANSACTION.has(name)) {
            const checked = await run(async (tx) => {
              const caller = await loadCaller(tx, claims.id_organization, claims.id_usuario);
              checkAllowed(name, def, caller);
              return { caller, body: parseBody(def, request.body) };
            });
            result = await handler({ body: checked.body as never, ip: request.ip, deps, tx: closedTx, caller: checked.caller, run });
          } else {
            result = await run(async (tx) => {
              const caller = await loadCaller(tx, claims.id_organization, claims.id_usuario);
              checkAllowed(name, def, caller);
              const body = parseBody(def, request.body);
              return handler({ body: body as never, ip: request.ip, deps, tx, caller, run });
            });
          }
        }
        // The response schema strips what the contract does not name, so nothing private leaks by accident.
        const out = def.response.safeParse(result);
        if (!out.success) {
          request.log.error({ route: name, issues: z.treeifyError(out.error) }, 'response does not match the contract');
          throw new Error(`response of ${name} does not match the contract`);
        }
        const rowsJson = (result as WithRowsJson | null)?.[ROWS_JSON];
        if (typeof rowsJson === 'string') {
          return reply.type('application/json; charset=utf-8').send(spliceRows(out.data as Record<string, unknown>, rowsJson));
        }
        return reply.send(out.data);
      },
    });
  }
}
