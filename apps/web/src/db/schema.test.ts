import { Dexie } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { SYNC_GROUPS, type SyncGroup } from '@pdv/contract/sync';
import { LOCAL_DATABASE_VERSION } from '@pdv/domain/constants';
import type { PdvDatabase } from './database.ts';
import {
  DATABASE_VERSION,
  HAND_WRITTEN_VERSIONS,
  SCHEMA_VERSIONS,
  derivedStores,
  primaryKeyOf,
  storesAt,
  withDerivedStep,
  type SchemaVersion,
} from './schema.ts';
import { openTestDatabase, testDatabaseName } from './testing.ts';

/** 000 §3.1: the tables of the local database, version 40. */
const SPEC_TABLES = [
  'stock',
  'stock_address',
  'category',
  'brand',
  'people',
  'checking_account',
  'account',
  'measure_unit',
  'method_payment',
  'card_operator',
  'product',
  'grid',
  'user',
  'branch',
  'config',
  'permission',
  'fiscal_scenario',
  'price',
  'seller',
  'company',
  'companys',
  'installments',
  'branches',
  'table_price',
  'fiscal_series',
  'barcode',
  'operation',
  'item',
  'payment',
  'notification',
  'loading',
  'inventory',
  'inventory_item',
  'volume',
  'invoice_reference',
  'updater',
  'operation_service',
  'apps',
];

/** 000 §3.1: the indexed fields the spec lists per table. */
const SPEC_INDEXES: Record<string, string[]> = {
  stock: ['id_estoque', 'id_endereco_estoque', 'id_produto_grade_filial'],
  stock_address: ['id_endereco_estoque', 'id_filial'],
  people: ['id_pessoa', 'cpf', 'cnpj', 'tipo', 'situacao', 'email', 'data_cadastro'],
  checking_account: ['id_pessoa_conta_corrente', 'id_pessoa'],
  method_payment: ['meio_pagamento', 'situacao'],
  product: ['sku', 'codigo_ncm', 'id_categoria', 'id_marca', 'id_unidade_medida', 'situacao'],
  grid: ['id_produto_grade'],
  user: ['id_usuario', 'id_filial_ativa', 'id_empresa_ativa'],
  branch: ['cnpj', 'codigo_filial'],
  fiscal_scenario: ['operacao', 'tipo', 'default', 'regime_tributario'],
  fiscal_series: ['codigo_modelo', 'situacao', 'id_filial'],
  updater: ['table', 'date_change', 'offset', 'loading', 'is_loaded'],
};

const opened: PdvDatabase[] = [];
function track(db: PdvDatabase): PdvDatabase {
  opened.push(db);
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

describe('local database schema', () => {
  it('is a contiguous chain of hand-written versions ending at the local database version', () => {
    const versions = HAND_WRITTEN_VERSIONS.map((step) => step.version);
    versions.forEach((version, index) => {
      if (index > 0) expect(version).toBe((versions[index - 1] ?? 0) + 1);
    });
    expect(versions.at(-1)).toBe(LOCAL_DATABASE_VERSION);
    // Then at most the derived step, numbered by the count of its stores.
    const derived = SCHEMA_VERSIONS.slice(HAND_WRITTEN_VERSIONS.length);
    expect(derived.length).toBeLessThanOrEqual(1);
    for (const step of derived) expect(step.version).toBe(LOCAL_DATABASE_VERSION + Object.keys(step.stores).length);
    expect(DATABASE_VERSION).toBe(SCHEMA_VERSIONS.at(-1)?.version);
  });

  it('has every table of 000 §3.1 with the fields the spec lists as keys', async () => {
    const db = track(openTestDatabase());
    await db.open();
    expect(db.verno).toBe(DATABASE_VERSION);
    const names = db.tables.map((table) => table.name);
    for (const table of SPEC_TABLES) expect(names, table).toContain(table);
    for (const [table, fields] of Object.entries(SPEC_INDEXES)) {
      const schema = db.table(table).schema;
      const declared = [schema.primKey.name, ...schema.indexes.map((index) => index.name)];
      for (const field of fields) expect(declared, `${table}.${field}`).toContain(field);
    }
  });

  it('keys every synced table by the key its sync group sends', () => {
    for (const group of Object.values(SYNC_GROUPS)) {
      expect(storesAt(DATABASE_VERSION), group.localTable).toHaveProperty(group.localTable);
      expect(primaryKeyOf(group.localTable, DATABASE_VERSION), group.localTable).toBe(group.key);
    }
  });

  it('keeps the data of a database written by version 39 when version 40 opens it', async () => {
    const name = testDatabaseName();
    const old = openTestDatabase(name, 39);
    await old.open();
    expect(old.verno).toBe(39);
    expect(old.tables.map((t) => t.name)).not.toContain('operation_service');
    await old.rows('product').bulkPut([
      { id_produto: 1, sku: 'CAM-0001', descricao: 'Camiseta', situacao: 'Ativo' },
      { id_produto: 2, sku: 'CAL-0002', descricao: 'Calça', situacao: 'Inativo' },
    ]);
    await old.rows('people').put({ id_pessoa: 7, nome: 'Ana', cpf: '52998224725', tipo: 'F', situacao: 'Ativo' });
    await old.rows('updater').bulkPut([
      { table: 'product', date_change: '812' },
      { table: 'people', date_change: '' },
    ]);
    await old.rows('operation').put({ id_operacao: 'a1b2', situacao: 'EmEdicao', valor_total: 99.9 });
    old.close();

    const db = track(openTestDatabase(name, 40));
    await db.open();
    expect(db.verno).toBe(40);
    expect(await db.rows('product').get(1)).toEqual({
      id_produto: 1,
      sku: 'CAM-0001',
      descricao: 'Camiseta',
      situacao: 'Ativo',
    });
    expect(await db.rows('product').where('situacao').equals('Inativo').primaryKeys()).toEqual([2]);
    expect(await db.rows('people').where('cpf').equals('52998224725').count()).toBe(1);
    expect(await db.rows('operation').get('a1b2')).toMatchObject({ valor_total: 99.9 });
    // The position of a table read before keeps its mark and gains the offset; a table never read stays unloaded.
    expect(await db.updater.get('product')).toEqual({
      table: 'product',
      date_change: '812',
      offset: 0,
      loading: 0,
      is_loaded: 1,
    });
    expect(await db.updater.where('is_loaded').equals(0).primaryKeys()).toEqual(['people']);
    // The stores added by version 40 are there, empty.
    expect(await db.rows('operation_service').count()).toBe(0);
    expect(await db.rows('promotion').count()).toBe(0);
    expect(await db.rows('fiscal_scenario').where('default').equals(1).count()).toBe(0);
  });

  it('derives a store for each synced group the hand-written chain does not declare, keyed by its key', () => {
    const collection: SyncGroup = { group: 'collection', localTable: 'collection', event: 'collection', key: 'id_colecao', pageSize: 1000, scope: 'organization' };
    const hand = storesAt(LOCAL_DATABASE_VERSION);
    expect(derivedStores(hand, [SYNC_GROUPS.brand, collection])).toEqual({ collection: 'id_colecao' });
    const season: SyncGroup = { ...collection, group: 'season', localTable: 'season', event: 'season', key: 'id_estacao' };
    const chain = withDerivedStep(HAND_WRITTEN_VERSIONS, [...Object.values(SYNC_GROUPS), season]);
    expect(chain.at(-1)).toEqual({ version: DATABASE_VERSION + 1, stores: { ...derivedStores(hand), season: 'id_estacao' } });
  });

  it('opens a database written before a synced register was added with the new store, keeping the data', async () => {
    const name = testDatabaseName();
    const group = (table: string, key: string): SyncGroup => ({ group: table, localTable: table, event: table, key, pageSize: 1000, scope: 'organization' });
    const open = (chain: readonly SchemaVersion[]) => {
      const db = new Dexie(name, { indexedDB, IDBKeyRange });
      for (const step of chain) {
        const declared = db.version(step.version).stores(step.stores);
        if (step.upgrade) declared.upgrade(step.upgrade);
      }
      return db;
    };
    const groups = Object.values(SYNC_GROUPS) as SyncGroup[];

    const before = open(withDerivedStep(HAND_WRITTEN_VERSIONS, groups));
    await before.open();
    await before.table('brand').put({ id_marca: 1, descricao: 'Marca A' });
    await before.table('updater').put({ table: 'brand', date_change: '9', offset: 1, loading: 0, is_loaded: 1 });
    await before.table('operation').put({ id_operacao: 'x1', situacao: 'EmEdicao' });
    before.close();

    // A release adds a synced register: one more store, one version more.
    const afterOne = open(withDerivedStep(HAND_WRITTEN_VERSIONS, [...groups, group('season', 'id_estacao')]));
    await afterOne.open();
    expect(afterOne.verno).toBe(DATABASE_VERSION + 1);
    expect(await afterOne.table('brand').get(1)).toEqual({ id_marca: 1, descricao: 'Marca A' });
    expect(await afterOne.table('operation').get('x1')).toMatchObject({ situacao: 'EmEdicao' });
    expect(await afterOne.table('season').count()).toBe(0);
    // No position for the new table: the sync reads it from the start; the others keep theirs.
    expect(await afterOne.table('updater').get('season')).toBeUndefined();
    expect(await afterOne.table('updater').get('brand')).toMatchObject({ date_change: '9', is_loaded: 1 });
    await afterOne.table('season').put({ id_estacao: 3, descricao: 'Verão' });
    afterOne.close();

    // And another: the first one's rows stay.
    const afterTwo = open(withDerivedStep(HAND_WRITTEN_VERSIONS, [...groups, group('season', 'id_estacao'), group('fabric', 'id_tecido')]));
    await afterTwo.open();
    expect(afterTwo.verno).toBe(DATABASE_VERSION + 2);
    expect(await afterTwo.table('season').get(3)).toEqual({ id_estacao: 3, descricao: 'Verão' });
    afterTwo.close();

    // An older release (fewer derived stores) still opens the newer database, at the version it has.
    const older = open(withDerivedStep(HAND_WRITTEN_VERSIONS, groups));
    await older.open();
    expect(await older.table('brand').get(1)).toEqual({ id_marca: 1, descricao: 'Marca A' });
    await older.delete();
  });
});
