/**
 * Success calls by route name. A db test that proves a route succeeds calls it through `expectOk(t, 'routeName', ...)`
 * (a string literal naming the route); route-proofs.test.ts reads every *.db.test.ts and *.pg.test.ts and fails for a
 * route of the table that no such call names, so a route nobody ever saw succeed cannot hide.
 */
import { expect } from 'vitest';
import { routes, type RouteName } from '@pdv/contract/routes';
import type { TestApp } from './app.ts';

export type CallResult = Awaited<ReturnType<TestApp['call']>>;

/** Calls the route of the table by its name and asserts a 2xx answer; answers the call's result. */
export async function expectOk(t: Pick<TestApp, 'call'>, name: RouteName, body?: unknown, token?: string): Promise<CallResult> {
  const def = routes[name];
  const res = await t.call(def.method, def.path, def.method === 'GET' ? undefined : body, token);
  expect(res.status >= 200 && res.status < 300, `${name} (${def.method} ${def.path}) answered ${res.status} ${JSON.stringify(res.json)}`)
    .toBe(true);
  return res;
}
