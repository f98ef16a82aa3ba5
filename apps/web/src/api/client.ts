/**
 * The API client: one typed function per route of the contract's table (`call('branchFind', body)`), over fetch.
 * It sends the bearer token, turns failures into ApiError, drives the progress bar for calls flagged as loading, and
 * hands a 401 on any signed-in call to the session (which clears the stored user and goes to /login).
 */
import { nprogress } from '@mantine/nprogress';
import { errorBody } from '@pdv/contract/common';
import { API_PREFIX, routes, type BodyOf, type ResultOf, type RouteName } from '@pdv/contract/routes';
import { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_RESPONSE_MESSAGE, httpErrorText, isAbort } from './errors.ts';
import { createLoadingTracker } from './loading.ts';

export interface CallOptions {
  /** Shows the top progress bar while the call runs. Default true; background calls pass false. */
  loading?: boolean;
  signal?: AbortSignal;
}

interface ClientHooks {
  /** The bearer token of the signed-in user, or null. */
  token: () => string | null;
  /** Called once per 401 answer to a signed-in call (not to the login call). */
  unauthorized: (error: ApiError) => void;
}

const hooks: ClientHooks = {
  token: () => null,
  unauthorized: () => {
    window.location.assign('/login');
  },
};

/** The session sets where the token comes from and what a 401 does. */
export function configureApiClient(next: Partial<ClientHooks>): void {
  Object.assign(hooks, next);
}

const loading = createLoadingTracker({ start: () => nprogress.start(), complete: () => nprogress.complete() });

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The untyped core: sends the call and answers the text of a successful answer; an error answer, or none, is thrown
 * as an ApiError. `parse` reads that text (inside the progress bar's span).
 */
async function send<T>(name: RouteName, body: unknown, options: CallOptions, parse: (text: string, status: number) => T): Promise<T> {
  const def = routes[name];
  const flagged = options.loading ?? true;
  if (flagged) loading.begin();
  try {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (def.auth === 'session') {
      const token = hooks.token();
      if (token) headers['Authorization'] = `Bearer ${token}`;
    }
    const init: RequestInit = { method: def.method, headers, credentials: 'same-origin' };
    if (options.signal) init.signal = options.signal;
    if (def.method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body ?? {});
    }

    let response: Response;
    try {
      response = await fetch(API_PREFIX + def.path, init);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError('network', 0, null, NETWORK_ERROR_MESSAGE, name);
    }

    const text = await response.text();
    if (!response.ok) {
      const parsed = errorBody.safeParse(parseJson(text));
      const errorBodyValue = parsed.success ? parsed.data : null;
      const message = errorBodyValue?.message || httpErrorText(response.status, response.statusText);
      const error = new ApiError('http', response.status, errorBodyValue, message, name);
      if (response.status === 401 && def.auth === 'session') hooks.unauthorized(error);
      throw error;
    }
    return parse(text, response.status);
  } finally {
    if (flagged) loading.end();
  }
}

/** A successful answer's text, parsed and checked against the route's contract. */
function checked(name: RouteName, text: string, status: number): unknown {
  const result = routes[name].response.safeParse(parseJson(text));
  if (!result.success) {
    console.error(`Resposta fora do contrato em ${routes[name].path}`, result.error.issues);
    throw new ApiError('response', status, null, UNEXPECTED_RESPONSE_MESSAGE, name);
  }
  return result.data;
}

/** The answer of a route, parsed and checked against the contract. */
function request(name: RouteName, body: unknown, options: CallOptions = {}): Promise<unknown> {
  return send(name, body, options, (text, status) => checked(name, text, status));
}

/**
 * The text of a route's successful answer, unparsed: for a caller that reads it another way (the sync hands a page's
 * rows to the local copy's worker as text, features/sync/pageText.ts). `read` turns the text into the answer, and
 * answers null when it cannot: the answer is then parsed and checked as call() does, and `fallback` makes it one.
 */
export function callText<N extends RouteName, T>(
  name: N,
  body: BodyOf<N>,
  options: CallOptions,
  read: (text: string) => T | null,
  fallback: (result: ResultOf<N>) => T,
): Promise<T> {
  return send(name, body, options, (text, status) => read(text) ?? fallback(checked(name, text, status) as ResultOf<N>));
}

/** A type without fields: a body type it extends has no required field. */
type NoFields = Record<never, never>;

/** Body and options of a route; the body may be left out when no field of it is required. */
type CallArgs<N extends RouteName> =
  NoFields extends BodyOf<N> ? [body?: BodyOf<N>, options?: CallOptions] : [body: BodyOf<N>, options?: CallOptions];

/** Calls a route of the contract; resolves with its parsed answer or rejects with an ApiError. */
export async function call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<ResultOf<N>> {
  const [body, options] = args;
  return (await request(name, body, options)) as ResultOf<N>;
}

/** The routes that answer a page of rows ({rows, count}) for a {search, skip, take} body. */
export type ListRoute = {
  [N in RouteName]: ResultOf<N> extends { rows: unknown[]; count: number } ? N : never;
}[RouteName];

export type RowOf<N extends ListRoute> = ResultOf<N> extends { rows: Array<infer Row> } ? Row : never;

export interface ListPage<Row> {
  rows: Row[];
  count: number;
}

export interface ListQuery {
  search: string;
  skip: number;
  take: number;
}

/** A page of a list route. */
export async function callList<N extends ListRoute>(
  name: N,
  query: ListQuery,
  options?: CallOptions,
): Promise<ListPage<RowOf<N>>> {
  return (await request(name, query, options)) as ListPage<RowOf<N>>;
}
