/**
 * The synced tables, read from the contract's SYNC_GROUPS: nothing here names a group, so a group added to the
 * contract syncs without a change in this app (its local table must exist in the schema: a test checks it).
 */
import { SYNC_GROUPS, syncedRegisters, type SyncGroup, type SyncGroupName } from '@pdv/contract/sync';

export interface SyncTable extends SyncGroup {
  name: SyncGroupName;
}

/** 000 §7.2 and §9. */
export const PAGE_PACING_MS = 200;
export const FRESHNESS_MS = 10 * 60 * 1000;
export const RETRY_MS = 10 * 1000;
/** A table whose rows the server held back (behind a running transaction) is read again after this. */
export const HELD_BACK_RETRY_MS = 1000;
/** The first full load of an empty table asks for the server's largest page, without pacing. */
export const FIRST_LOAD_PAGE_SIZE = 5000;
/** 000 §7.1: the product refresh after a product event waits 700 ms. */
export const PRODUCT_EVENT_DELAY_MS = 700;
/** Other events wait a little too, so that a burst of them makes one pull. */
export const EVENT_DELAY_MS = 150;

/** Local tables synced only at an offline point of sale (000 §4.6); otherwise they are queried online. */
export const OFFLINE_POS_TABLES: ReadonlySet<string> = new Set(['stock', 'people', 'product', 'grid', 'barcode']);

/**
 * Local tables whose rows the server picks by the caller's user and active branch although they belong to the
 * organization (the caller's own permission list, the notifications addressed to it): another user or branch
 * reloads them.
 */
const CALLER_FILTERED_TABLES: ReadonlySet<string> = new Set(['permission', 'notification']);

/** The local table holding the branch configuration (is_pdv_offline); synced first. */
export const CONFIG_TABLE = 'config';

/** Every synced table, the branch configuration first (it decides whether the offline tables sync). */
export const SYNC_TABLES: readonly SyncTable[] = (Object.entries(SYNC_GROUPS) as Array<[SyncGroupName, SyncGroup]>)
  .map(([name, group]) => ({ ...group, name }))
  .sort((a, b) => Number(b.localTable === CONFIG_TABLE) - Number(a.localTable === CONFIG_TABLE));

/** Who the local data belongs to. */
export interface SyncOwner {
  id_organization: number;
  id_filial: number;
  id_usuario: number;
}

/** The owner mark kept with a table's position: rows of another organization, branch or user are reloaded. */
export function ownerKey(table: SyncTable, owner: SyncOwner): string {
  const organization = `o${owner.id_organization}`;
  if (CALLER_FILTERED_TABLES.has(table.localTable)) return `${organization}:f${owner.id_filial}:u${owner.id_usuario}`;
  if (table.scope === 'branch') return `${organization}:f${owner.id_filial}`;
  return organization;
}

/** The tables a socket event refreshes (a product event refreshes product and its per-branch grid rows). */
export function tablesForEvent(event: string): SyncTable[] {
  return SYNC_TABLES.filter((table) => table.event === event);
}

export function eventDelay(event: string): number {
  return event === 'product' ? PRODUCT_EVENT_DELAY_MS : EVENT_DELAY_MS;
}

/** The socket events that announce a table change. */
export const SYNC_EVENTS: readonly string[] = [...new Set(SYNC_TABLES.map((table) => table.event))];

/** The pt-BR names of the hand-written groups' tables; a register's is its plural label (REGISTER_LABELS). */
const LABELS: Record<string, string> = {
  branch: 'filiais',
  user: 'usuários',
  permission: 'permissões',
  config: 'configuração da filial',
  category: 'categorias',
  product: 'produtos',
  grid: 'grades de produtos',
  barcode: 'códigos de barras',
  stock_address: 'endereços de estoque',
  stock: 'estoque',
  table_price: 'tabelas de preço',
  price: 'preços',
  promotion: 'promoções',
  people: 'pessoas',
  checking_account: 'contas correntes',
  method_payment: 'meios de pagamento',
  card_operator: 'operadoras de cartão',
  installments: 'parcelamentos',
  fiscal_scenario: 'cenários fiscais',
  fiscal_series: 'séries fiscais',
  inventory: 'inventários',
  inventory_item: 'itens de inventário',
  notification: 'notificações',
};

/** A synced register's table is named by its descriptor's plural, lower-cased as it reads inside a sentence. */
const REGISTER_LABELS: Record<string, string> = Object.fromEntries(
  syncedRegisters().map((d) => [SYNC_GROUPS[d.syncGroup as SyncGroupName].localTable, d.label.plural.charAt(0).toLowerCase() + d.label.plural.slice(1)]),
);

/** The pt-BR name of a local table, for the progress bar. */
export function tableLabel(localTable: string): string {
  return LABELS[localTable] ?? REGISTER_LABELS[localTable] ?? localTable.replaceAll('_', ' ');
}
