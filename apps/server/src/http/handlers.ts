import type { z } from 'zod';
import type { RouteName, Routes } from '@pdv/contract/routes';
import type { Database, Tx } from '../db/database.ts';
import type { Caller } from '../modules/auth/caller.ts';
import type { TokenService } from '../modules/auth/token.ts';
import type { Throttle } from '../modules/auth/throttle.ts';

/** What handlers may use besides their transaction. */
export interface Deps {
  db: Database;
  tokens: TokenService;
  throttle: Throttle;
}

export interface PublicContext<N extends RouteName> {
  body: z.output<Routes[N]['body']>;
  ip: string;
  deps: Deps;
}

export interface SessionContext<N extends RouteName> extends PublicContext<N> {
  /** The request's transaction, as the application role scoped to the caller's organization. */
  tx: Tx;
  caller: Caller;
}

type Result<N extends RouteName> = Promise<z.input<Routes[N]['response']>>;

export type Handler<N extends RouteName> = Routes[N]['auth'] extends 'public'
  ? (ctx: PublicContext<N>) => Result<N>
  : (ctx: SessionContext<N>) => Result<N>;

export type Handlers = { [N in RouteName]: Handler<N> };
