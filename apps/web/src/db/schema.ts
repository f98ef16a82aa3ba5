/**
 * The local database's schema (000 §3.1), as a chain of contiguous versions written by hand (HAND_WRITTEN_VERSIONS,
 * ending at LOCAL_DATABASE_VERSION), then one step derived from the contract. Each entry lists only the stores it
 * adds, changes (new indexes) or removes (null), like Dexie's own `version(n).stores()`; a store's first field is its
 * primary key, the others are indexes. Synced stores are keyed by the `key` of their SYNC_GROUPS entry (a test checks
 * it). A release that changes a hand-written store appends a version here, never edits a published one.
 *
 * The derived step: every synced group whose local table the hand-written chain does not declare (a new synced
 * register: its descriptor's syncGroup) gets a store keyed by its group's key, without indexes. It is numbered after
 * the hand-written chain by the count of those stores, so adding a synced register raises the version by one and
 * Dexie creates the new store on the devices' existing databases, keeping their data; the new store has no updater
 * row, so the sync reads it from the start. Nothing here names a register, and the descriptors name only the local
 * table (the storage underneath may change). A new hand-written version is numbered above DATABASE_VERSION as the
 * last release opened it (and may then declare the derived stores itself, with their indexes).
 */
import type { Transaction } from 'dexie';
import { SYNC_GROUPS, type SyncGroup } from '@pdv/contract/sync';

export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  /** Runs inside the upgrade transaction when a database written by the previous version opens. */
  upgrade?: (tx: Transaction) => Promise<unknown>;
}

/** Version 39: the local copy before the change-stream position (offset) and the later stores. */
const V39: Record<string, string> = {
  stock: 'id_estoque, id_endereco_estoque, id_produto_grade_filial',
  stock_address: 'id_endereco_estoque, id_filial',
  category: 'id_categoria',
  brand: 'id_marca',
  people: 'id_pessoa, cpf, cnpj, tipo, situacao, email, data_cadastro',
  checking_account: 'id_pessoa_conta_corrente, id_pessoa',
  account: 'id_conta',
  measure_unit: 'id_unidade_medida',
  method_payment: 'id_meio_pagamento, meio_pagamento, situacao',
  card_operator: 'id_operadora_cartao',
  product: 'id_produto, sku, codigo_ncm, id_categoria, id_marca, id_unidade_medida, situacao',
  grid: 'id_produto_grade, id_produto, id_produto_grade_filial, sku',
  user: 'id_usuario, id_filial_ativa, id_empresa_ativa',
  branch: 'id_filial, cnpj, codigo_filial',
  config: 'id_filial_configuracao, id_filial',
  permission: 'id_permissao, id_perfil, rotulo',
  fiscal_scenario: 'id_cenario_fiscal, operacao, tipo, regime_tributario',
  price: 'id_preco, id_produto_grade_filial, id_tabela_preco',
  seller: 'id_usuario',
  company: 'id_empresa',
  companys: 'id_empresa',
  installments: 'id_parcelamento',
  branches: 'id_filial',
  table_price: 'id_tabela_preco',
  fiscal_series: 'id_serie_fiscal, codigo_modelo, situacao, id_filial',
  barcode: 'id_produto_codigo_barra, codigo, id_produto_grade, id_produto',
  operation: 'id_operacao, situacao, data_inicio',
  item: 'id_item, id_operacao',
  payment: 'id_pagamento, id_operacao',
  notification: 'id_notificacao',
  loading: 'chave',
  inventory: 'id_inventario, id_filial, situacao',
  inventory_item: 'id_inventario_item, id_inventario, id_produto_grade_filial',
  volume: 'id_volume, id_operacao',
  invoice_reference: 'id_nota_referenciada, id_operacao',
  updater: 'table, date_change',
};

export const HAND_WRITTEN_VERSIONS: readonly SchemaVersion[] = [
  { version: 39, stores: V39 },
  {
    // 40: the position in a change stream is (date_change, offset); loading and is_loaded are kept per table
    // (0/1, so that they can be indexed); the scenario chosen by default is indexed; services, apps and promotions.
    version: 40,
    stores: {
      updater: 'table, date_change, offset, loading, is_loaded',
      fiscal_scenario: 'id_cenario_fiscal, operacao, tipo, default, regime_tributario',
      operation_service: 'id_operacao_servico, id_operacao',
      apps: 'id_app',
      promotion: 'id_promocao, situacao',
    },
    upgrade: (tx) =>
      tx
        .table('updater')
        .toCollection()
        .modify((row: Record<string, unknown>) => {
          row['offset'] ??= 0;
          row['loading'] = 0;
          row['is_loaded'] = row['date_change'] ? 1 : 0;
        }),
  },
];

/** Every store the chain declares up to `version`, with its declaration (primary key first). */
function storesOf(chain: readonly SchemaVersion[], version: number): Record<string, string> {
  const stores: Record<string, string> = {};
  for (const step of chain) {
    if (step.version > version) break;
    for (const [name, spec] of Object.entries(step.stores)) {
      if (spec === null) delete stores[name];
      else stores[name] = spec;
    }
  }
  return stores;
}

/** The stores of the synced groups that the hand-written chain does not declare, keyed by their group's key. */
export function derivedStores(
  declared: Record<string, string>,
  groups: readonly SyncGroup[] = Object.values(SYNC_GROUPS),
): Record<string, string> {
  const stores: Record<string, string> = {};
  for (const group of groups) if (!(group.localTable in declared)) stores[group.localTable] = group.key;
  return stores;
}

/** The hand-written chain, then the derived step when there are derived stores. */
export function withDerivedStep(hand: readonly SchemaVersion[], groups?: readonly SyncGroup[]): SchemaVersion[] {
  const last = hand.at(-1)?.version ?? 0;
  const derived = derivedStores(storesOf(hand, last), groups);
  const count = Object.keys(derived).length;
  return count === 0 ? [...hand] : [...hand, { version: last + count, stores: derived }];
}

/** The chain Dexie opens. */
export const SCHEMA_VERSIONS: readonly SchemaVersion[] = withDerivedStep(HAND_WRITTEN_VERSIONS);

/** The version the page's database opens at (Dexie's; the spec's LOCAL_DATABASE_VERSION is the hand-written one). */
export const DATABASE_VERSION: number = SCHEMA_VERSIONS.at(-1)?.version ?? 0;

/** Every store of the schema up to `version`, with its declaration (primary key first). */
export function storesAt(version: number): Record<string, string> {
  return storesOf(SCHEMA_VERSIONS, version);
}

/** The primary key of a store at `version` (the first field of its declaration). */
export function primaryKeyOf(store: string, version: number): string | undefined {
  const spec = storesAt(version)[store];
  return spec?.split(',')[0]?.trim();
}
