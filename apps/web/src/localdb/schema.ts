/**
 * The SQLite form of the local copy, generated from the one declaration of its tables and keys (db/schema.ts: 000 §3.1
 * and the stores of synced registers after it). Nothing here names a table's fields by hand: a declaration
 * 'id_produto, sku, id_categoria' becomes
 *
 *   CREATE TABLE "product" ("id_produto" PRIMARY KEY, "_doc" TEXT NOT NULL,
 *     "sku" GENERATED ALWAYS AS (json_extract("_doc", '$."sku"')) VIRTUAL, ...) WITHOUT ROWID;
 *   CREATE INDEX "product__sku" ON "product" ("sku");
 *
 * A row is kept whole as the server sent it (JSON in _doc, like the IndexedDB copy kept the object); the key is a
 * column without a declared type, so that a number and a string stay different keys (as in IndexedDB: server ids
 * are integers, the device's own operations are UUIDs). The indexed fields are virtual columns read from the row, so
 * writing a row is writing its key and its text, and an index is created (after a bulk load) from the rows as they
 * are. Identifiers are always quoted ('default', 'table' and 'offset' are SQL words).
 *
 * Product search: an FTS5 table over the product's description and SKU (unicode61, remove_diacritics 2: 'Calça' is
 * found by 'calca'; prefix indexes for 1 to 3 characters), contentless (the row is in product), kept by triggers on
 * product for live rows (situacao absent or 'Ativo'), keyed by id_produto. A bulk load drops the triggers and the
 * secondary indexes, and builds both again at its end (engine.ts).
 */
import { DATABASE_VERSION, storesAt } from '../db/schema.ts';

export interface TableDef {
  name: string;
  /** The primary key field (first of the declaration). */
  key: string;
  /** The indexed fields (the rest of the declaration). */
  indexes: readonly string[];
}

/** Every table of the local copy at `version` (the Dexie chain's last by default), from db/schema.ts. */
export function tableDefs(version = DATABASE_VERSION): TableDef[] {
  return Object.entries(storesAt(version)).map(([name, spec]) => {
    const fields = spec
      .split(',')
      .map((field) => field.trim())
      .filter((field) => field !== '');
    const [key, ...indexes] = fields;
    if (key === undefined) throw new Error(`A tabela ${name} não declara a chave.`);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) || indexes.some((f) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(f))) {
      throw new Error(`A tabela ${name} declara um campo com caracteres inválidos: ${spec}`);
    }
    return { name, key, indexes };
  });
}

/** The column holding the row as JSON. */
export const DOC = '_doc';
/** The engine's own table (state of bulk loads); not a table of the copy. */
export const META_TABLE = '_localdb_meta';
/** The product search table. */
export const PRODUCT_FTS = 'product_fts';

export const quote = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;
const field = (name: string): string => `json_extract(${quote(DOC)}, '$."${name}"')`;

export function createTableSql(def: TableDef): string {
  const columns = [
    `${quote(def.key)} PRIMARY KEY NOT NULL`,
    `${quote(DOC)} TEXT NOT NULL`,
    ...def.indexes.map((name) => `${quote(name)} GENERATED ALWAYS AS (${field(name)}) VIRTUAL`),
  ];
  return `CREATE TABLE IF NOT EXISTS ${quote(def.name)} (${columns.join(', ')}) WITHOUT ROWID`;
}

export const indexName = (table: string, name: string): string => `${table}__${name}`;

export function createIndexesSql(def: TableDef): string[] {
  return def.indexes.map(
    (name) => `CREATE INDEX IF NOT EXISTS ${quote(indexName(def.name, name))} ON ${quote(def.name)} (${quote(name)})`,
  );
}

export function dropIndexesSql(def: TableDef): string[] {
  return def.indexes.map((name) => `DROP INDEX IF EXISTS ${quote(indexName(def.name, name))}`);
}

/** The product search's text columns (of the product row). */
export const SEARCH_FIELDS = ['descricao', 'sku'] as const;

export const createFtsSql = (): string =>
  `CREATE VIRTUAL TABLE IF NOT EXISTS ${quote(PRODUCT_FTS)} USING fts5(${SEARCH_FIELDS.join(', ')}, ` +
  `content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 2", prefix='1 2 3')`;

/** A product row the search finds: integer key, active (situacao absent or 'Ativo'). */
const searchable = (row: string) =>
  `typeof(${row}."id_produto") = 'integer' AND coalesce(json_extract(${row}.${quote(DOC)}, '$.situacao'), 'Ativo') = 'Ativo'`;
const ftsValues = (row: string) =>
  `${row}."id_produto", ${SEARCH_FIELDS.map((name) => `coalesce(json_extract(${row}.${quote(DOC)}, '$."${name}"'), '')`).join(', ')}`;

const FTS_TRIGGERS = ['product_fts_insert', 'product_fts_delete', 'product_fts_update'] as const;

/** The triggers that keep the search table in step with product (written one row at a time). */
export function createFtsTriggersSql(): string[] {
  const insert = `INSERT INTO ${quote(PRODUCT_FTS)} (rowid, ${SEARCH_FIELDS.join(', ')}) VALUES (${ftsValues('new')})`;
  const remove = `DELETE FROM ${quote(PRODUCT_FTS)} WHERE rowid = old."id_produto"`;
  return [
    `CREATE TRIGGER IF NOT EXISTS ${FTS_TRIGGERS[0]} AFTER INSERT ON "product" WHEN ${searchable('new')} BEGIN ${insert}; END`,
    `CREATE TRIGGER IF NOT EXISTS ${FTS_TRIGGERS[1]} AFTER DELETE ON "product" WHEN ${searchable('old')} BEGIN ${remove}; END`,
    `CREATE TRIGGER IF NOT EXISTS ${FTS_TRIGGERS[2]} AFTER UPDATE ON "product" BEGIN ` +
      `DELETE FROM ${quote(PRODUCT_FTS)} WHERE rowid = old."id_produto" AND ${searchable('old')}; ` +
      `INSERT INTO ${quote(PRODUCT_FTS)} (rowid, ${SEARCH_FIELDS.join(', ')}) SELECT ${ftsValues('new')} WHERE ${searchable('new')}; END`,
  ];
}

export const dropFtsTriggersSql = (): string[] => FTS_TRIGGERS.map((name) => `DROP TRIGGER IF EXISTS ${name}`);

/** Builds the search table again from every product row (after a bulk load). */
export function rebuildFtsSql(): string[] {
  return [
    `INSERT INTO ${quote(PRODUCT_FTS)} (${quote(PRODUCT_FTS)}) VALUES ('delete-all')`,
    `INSERT INTO ${quote(PRODUCT_FTS)} (rowid, ${SEARCH_FIELDS.join(', ')}) SELECT ${ftsValues('p')} FROM "product" AS p WHERE ${searchable('p')}`,
  ];
}

/**
 * The FTS5 query for what was typed: every word required, each a prefix; words are what the tokenizer calls words
 * (letters and digits), folded the same way. Null when nothing searchable was typed.
 */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  if (words.length === 0) return null;
  return words.map((word) => `"${word}"*`).join(' ');
}
