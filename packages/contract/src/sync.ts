/**
 * list-by-changes: the server -> local copy protocol (000 §7.2, 001 §7 "Offline sync").
 *
 * The position in a table's change stream is the pair (date_change, offset) the client keeps in its `updater` table:
 * date_change is the commit-order mark of the last row received (an opaque string; '' or absent starts from the
 * beginning) and offset the id of that row inside the mark. The server answers the rows after that position, in a
 * total order, and the position to ask from next. Rows carrying data_exclusao are tombstones: delete them locally.
 */
import { z } from 'zod';
import type { RegisterDescriptor } from './registers/descriptor.ts';
import { REGISTERS } from './registers/index.ts';

export const listByChangesBody = z.object({
  date_change: z.string().max(40).regex(/^\d*$/, { error: 'date_change inválido: use o valor devolvido pela última página.' }).nullish(),
  offset: z.coerce.number().int().min(0, { error: 'offset não pode ser negativo.' }).max(2_147_483_647).optional().default(0),
  limit: z.coerce.number().int().min(1, { error: 'limit deve ser ao menos 1.' }).max(5000, { error: 'limit pode ser no máximo 5000.' }).optional().default(1000),
});
export type ListByChangesBody = z.input<typeof listByChangesBody>;

/**
 * Groups whose list-by-changes takes filters besides the position (001 §7: inventory_item/list-by-changes
 * {id_inventario}: the counting screen reads one inventory's lines). A filtered read keeps its own position.
 */
export const LIST_BY_CHANGES_BODIES: Readonly<Record<string, typeof listByChangesBody>> = {
  // Held as the common body's type so the route table keeps one RouteDef type for every sync route; the server reads
  // the extra member from the parsed body (SyncSource.filter), the client names it in its call.
  inventory_item: listByChangesBody.extend({
    id_inventario: z.coerce.number().int().positive({ error: 'id_inventario inválido.' }).max(2_147_483_647).optional(),
  }),
};

/**
 * A row: a plain JSON object with the table's fields. Checked as an object, not field by field: a page has up to 5,000
 * rows of up to ~40 fields, and a record schema copies every field (~70 ms for 1,000 product rows on a 2-core machine,
 * spent again on the client), for no more assurance than the object check gives (any field is allowed).
 */
export const syncRow = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  { error: 'linha deve ser um objeto.' },
);
export const listByChangesResult = z.object({
  rows: z.array(syncRow),
  date_change: z.string(),
  offset: z.number().int(),
  has_more: z.boolean(),
  /**
   * Committed changes exist after this position but are held back behind a transaction still running: ask again in
   * about a second (absent in answers of older servers: treat as false).
   */
  held_back: z.boolean().optional(),
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

/**
 * Every synced group: the spec's group names (001 §7, 002 §7), the local tables of 000 §3.1 and the socket events of
 * 000 §7.1 (per-branch grid rows are announced with the product event, which refreshes product and grid), written
 * by hand for the groups whose rows are not one register's. A register's group is not listed here: it follows from
 * its descriptor's syncGroup (registerSyncGroup below).
 */
const HAND_WRITTEN_GROUPS = {
  branch: { group: 'branch', localTable: 'branch', event: 'branch', key: 'id_filial', pageSize: 1000, scope: 'organization' },
  user: { group: 'user', localTable: 'user', event: 'user', key: 'id_usuario', pageSize: 1000, scope: 'organization' },
  permission: { group: 'permission', localTable: 'permission', event: 'permission', key: 'id_permissao', pageSize: 1000, scope: 'organization' },
  'branch-config': { group: 'branch-config', localTable: 'config', event: 'config', key: 'id_filial_configuracao', pageSize: 1000, scope: 'branch' },
  category: { group: 'category', localTable: 'category', event: 'category', key: 'id_categoria', pageSize: 1000, scope: 'organization' },
  product: { group: 'product', localTable: 'product', event: 'product', key: 'id_produto', pageSize: 200, scope: 'organization' },
  'product-grid': { group: 'product-grid', localTable: 'grid', event: 'product', key: 'id_produto_grade', pageSize: 500, scope: 'branch' },
  'product-barcode': { group: 'product-barcode', localTable: 'barcode', event: 'barcode', key: 'id_produto_codigo_barra', pageSize: 1000, scope: 'organization' },
  'stock-address': { group: 'stock-address', localTable: 'stock_address', event: 'stock_address', key: 'id_endereco_estoque', pageSize: 1000, scope: 'branch' },
  stock: { group: 'stock', localTable: 'stock', event: 'stock', key: 'id_estoque', pageSize: 500, scope: 'branch' },
  'table-price': { group: 'table-price', localTable: 'table_price', event: 'table_price', key: 'id_tabela_preco', pageSize: 1000, scope: 'organization' },
  price: { group: 'price', localTable: 'price', event: 'price', key: 'id_preco', pageSize: 1000, scope: 'branch' },
  promotion: { group: 'promotion', localTable: 'promotion', event: 'promotion', key: 'id_promocao', pageSize: 1000, scope: 'organization' },
  people: { group: 'people', localTable: 'people', event: 'people', key: 'id_pessoa', pageSize: 1000, scope: 'organization' },
  people_account: { group: 'people_account', localTable: 'checking_account', event: 'checking_account', key: 'id_pessoa_conta_corrente', pageSize: 1000, scope: 'organization' },
  method_payment: { group: 'method_payment', localTable: 'method_payment', event: 'method_payment', key: 'id_meio_pagamento', pageSize: 1000, scope: 'organization' },
  card_operator: { group: 'card_operator', localTable: 'card_operator', event: 'card_operator', key: 'id_operadora_cartao', pageSize: 1000, scope: 'organization' },
  installment: { group: 'installment', localTable: 'installments', event: 'installments', key: 'id_parcelamento', pageSize: 1000, scope: 'organization' },
  'fiscal-scenario': { group: 'fiscal-scenario', localTable: 'fiscal_scenario', event: 'fiscal_scenario', key: 'id_cenario_fiscal', pageSize: 1000, scope: 'organization' },
  'fiscal-serie': { group: 'fiscal-serie', localTable: 'fiscal_series', event: 'fiscal_serie', key: 'id_serie_fiscal', pageSize: 1000, scope: 'branch' },
  inventory: { group: 'inventory', localTable: 'inventory', event: 'inventory', key: 'id_inventario', pageSize: 200, scope: 'branch' },
  inventory_item: { group: 'inventory_item', localTable: 'inventory_item', event: 'inventory_item', key: 'id_inventario_item', pageSize: 100, scope: 'branch' },
  notification: { group: 'notification', localTable: 'notification', event: 'notification', key: 'id_notificacao', pageSize: 1000, scope: 'organization' },
} as const satisfies Record<string, SyncGroup>;

/** A register that syncs: its descriptor names the group. */
type SyncedRegister = Extract<(typeof REGISTERS)[number], { syncGroup: string }>;
export type RegisterGroupName = SyncedRegister['syncGroup'];
export type HandWrittenGroupName = keyof typeof HAND_WRITTEN_GROUPS;

/**
 * The group of a synced register: named by its descriptor's syncGroup, which also names the local table and the
 * change event; keyed by the register's id, scoped as the register is, pages of syncPageSize (default 1000).
 */
export function registerSyncGroup(d: RegisterDescriptor & { syncGroup: string }): SyncGroup {
  return { group: d.syncGroup, localTable: d.syncGroup, event: d.syncGroup, key: d.id, pageSize: d.syncPageSize ?? 1000, scope: d.scope };
}

/** The registers that sync (their descriptor has a syncGroup). */
export function syncedRegisters(): Array<RegisterDescriptor & { syncGroup: string }> {
  return (REGISTERS as readonly RegisterDescriptor[]).filter((d): d is RegisterDescriptor & { syncGroup: string } => typeof d.syncGroup === 'string');
}

/**
 * Every synced group: the registers' groups (from REGISTERS), then the hand-written ones. A hand-written group wins
 * over a register naming the same group: its rows carry more (or fewer: secrets) than the register's fields.
 */
export const SYNC_GROUPS = {
  ...(Object.fromEntries(syncedRegisters().map((d) => [d.syncGroup, registerSyncGroup(d)])) as Record<RegisterGroupName, SyncGroup>),
  ...HAND_WRITTEN_GROUPS,
} as const satisfies Record<string, SyncGroup>;

export type SyncGroupName = keyof typeof SYNC_GROUPS;

const GROUP_NAMES = Object.keys(SYNC_GROUPS) as SyncGroupName[];

/** A position in one group's change stream, as list-by-changes answered it. */
export const syncPosition = listByChangesBody.pick({ date_change: true, offset: true });

/**
 * POST /api/sync/changed: which of these groups have rows after the client's position (the position its `updater`
 * keeps for a table read to its end). One call instead of a list-by-changes per table when most tables have nothing
 * new (a reconnection, the 10-minute re-sync). Groups not named are not answered.
 */
export const syncChangedBody = z.object({
  // Any name may be sent (a newer client may know a table this server does not sync: it is left out of the answer),
  // but every value must be a position.
  tables: z
    .record(z.string().max(60), syncPosition, { error: 'tables deve trazer, por tabela, date_change e offset.' })
    .refine((t) => Object.keys(t).length <= 200, { error: 'tables deve ter no máximo 200 tabelas.' }),
});
export type SyncChangedBody = z.input<typeof syncChangedBody>;

export const syncChangedResult = z.object({
  /**
   * The named groups with rows after the position: committed changes, or rows of a transaction not yet visible to
   * list-by-changes (held back). A group left out had nothing after its position when the server answered.
   */
  changed: z.array(z.enum(GROUP_NAMES as [SyncGroupName, ...SyncGroupName[]])),
});
export type SyncChangedResult = z.infer<typeof syncChangedResult>;
