/**
 * What a register's own rules add to the generic handlers (routes.ts), when its descriptor alone does not say it all:
 * checks across rows (one main branch per user), children written with the row from the descriptor's `extra` body
 * members (a profile's permissions), the row's detail for find_by_id, and refusals before a delete. Every hook runs in
 * the request's transaction: what one refuses (a badRequest) writes nothing. The table of hooks by register name is
 * apps/server/src/register-hooks.ts, above the modules, so a module's hooks may use this module's SQL.
 */
import type { RouteName } from '@pdv/contract/routes';
import type { SessionContext } from '../../http/handlers.ts';
import type { Scope } from './queries.ts';

export type Row = Record<string, unknown>;

export interface HookContext {
  ctx: SessionContext<RouteName>;
  scope: Scope;
}

export interface RegisterHooks {
  /**
   * Before a create (id null), an update or a situacao change is written: may refuse (throw badRequest) or return the
   * columns to write instead (values filled by the server, never trusted from the client).
   */
  beforeWrite?: (h: HookContext, values: Row, extra: Row, id: number | null) => Promise<Row | void>;
  /** After the row is written: writes its children from the `extra` members given. */
  afterWrite?: (h: HookContext, row: Row, extra: Row, created: boolean) => Promise<void>;
  /** The row as find_by_id, create and update answer it (its children added). */
  detail?: (h: HookContext, row: Row) => Promise<Row>;
  /** Before the tombstone: refuse (throw badRequest) or tombstone the children. */
  beforeDelete?: (h: HookContext, row: Row) => Promise<void>;
}

export type RegisterHookTable = Readonly<Partial<Record<string, RegisterHooks>>>;
