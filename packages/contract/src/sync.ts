/**
 * list-by-changes: the server -> local copy protocol (000 §7.2, 001 §7 "Offline sync").
 *
 * The position in a table's change stream is the pair (date_change, offset) the client keeps in its `updater` table:
 * date_change is the commit-order mark of the last row received (an opaque string; '' or absent starts from the
 * beginning) and offset the id of that row inside the mark. The server answers the rows after that position, in a
 * total order, and the position to ask from next. Rows carrying data_exclusao are tombstones: delete them locally.
 */
import { z } from 'zod';

export const listByChangesBody = z.object({
  date_change: z.string().max(40).regex(/^\d*$/, { error: 'date_change inválido: use o valor devolvido pela última página.' }).nullish(),
  offset: z.coerce.number().int().min(0, { error: 'offset não pode ser negativo.' }).max(2_147_483_647).optional().default(0),
  limit: z.coerce.number().int().min(1, { error: 'limit deve ser ao menos 1.' }).max(5000, { error: 'limit pode ser no máximo 5000.' }).optional().default(1000),
});
export type ListByChangesBody = z.input<typeof listByChangesBody>;

export const syncRow = z.record(z.string(), z.unknown());
export const listByChangesResult = z.object({
  rows: z.array(syncRow),
  date_change: z.string(),
  offset: z.number().int(),
  has_more: z.boolean(),
});
export type ListByChangesResult = z.infer<typeof listByChangesResult>;

export interface SyncGroup {
  /** Route group: POST /api/<group>/list-by-changes. */
  group: string;
  /** Local table (000 §3.1) the rows go to. */
  localTable: string;
  /** Socket event (000 §7.1) announcing a change. */
  event: string;
  /** Primary key field of the rows. */
  key: string;
  /** Incremental page size (001 §7; default 1000). */
  pageSize: number;
  /** Rows owned by the organization, or by a branch (only the active branch's rows are sent). */
  scope: 'organization' | 'branch';
}

/** Every synced group. Later issues add the catalogue, stock, people, fiscal and financial groups. */
export const SYNC_GROUPS = {
  branch: { group: 'branch', localTable: 'branch', event: 'branch', key: 'id_filial', pageSize: 1000, scope: 'organization' },
  user: { group: 'user', localTable: 'user', event: 'user', key: 'id_usuario', pageSize: 1000, scope: 'organization' },
  permission: { group: 'permission', localTable: 'permission', event: 'permission', key: 'id_permissao', pageSize: 1000, scope: 'organization' },
} as const satisfies Record<string, SyncGroup>;

export type SyncGroupName = keyof typeof SYNC_GROUPS;
