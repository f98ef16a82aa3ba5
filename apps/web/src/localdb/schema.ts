/**
 * The SQLite form of the local copy, generated from the one declaration of its tables and keys (db/schema.ts: 000 §3.1
 * and the stores of synced registers after it). Nothing here names a table's fields by hand: a declaration
 * 'id_produto, sku, id_categoria' becomes
 *
 *   CREATE TABLE "product" ("id_produto" PRIMARY KEY, "_doc" TEXT NOT NULL, "sku", ...) WITHOUT ROWID;
 *   CREATE INDEX "product__sku" ON "product" ("sku");
 *
 * A row is kept whole as the server sent it (as JSONB in _doc, like the IndexedDB copy kept the object); the key is a
 * column without a declared type, so that a number and a string stay different keys (as in IndexedDB: server ids
 * are integers, the device's own operations are UUIDs). The indexed fields are plain columns (no declared type either)
 * written with the row, read from its JSON in the same statement that inserts it (engine.ts putRows): an index is
 * then built (after a bulk load) from the columns, without reading every row's JSON again. (They were VIRTUAL
 * generated columns first: the indexes' build read 100,000 products' JSON once per index; a table of that form is
 * converted when the database opens, migrateSql.) Identifiers are always quoted ('default', 'table' and 'offset' are
 * SQL words).
 *
 * Search (every search of the app, the point of sale's first): an FTS5 table, one row per live variation (grid row) of
 * a live product (unicode61, remove_diacritics 2: 'Calça' is found by 'calca'; prefix indexes for 1 to 3 characters),
 * contentless, keyed by id_produto_grade, with the product's words (description, SKU) and the variation's own (its
 * name unless it is the default variation, its SKU), kept by triggers on grid and product, built again after a bulk
 * load of either.
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

/**
 * The column holding the row: SQLite's JSONB (a BLOB) since session 23, JSON text in copies written before; every read
 * goes through json(), which renders either as text, and the JSON functions read both.
 */
export const DOC = '_doc';
/** The engine's own table (state of bulk loads); not a table of the copy. */
export const META_TABLE = '_localdb_meta';
/** The product-only search table of the first copies (dropped: dropProductFtsSql). */
export const PRODUCT_FTS = 'product_fts';

export const quote = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;
const field = (name: string): string => `json_extract(${quote(DOC)}, '$."${name}"')`;

export function createTableSql(def: TableDef): string {
  const columns = [
    `${quote(def.key)} PRIMARY KEY NOT NULL`,
    `${quote(DOC)} TEXT NOT NULL`,
    ...def.indexes.map((name) => quote(name)),
    ...(searchColumn(def) ? [quote(SEARCH)] : []),
  ];
  return `CREATE TABLE IF NOT EXISTS ${quote(def.name)} (${columns.join(', ')}) WITHOUT ROWID`;
}

/**
 * The statements converting a table whose indexed fields are VIRTUAL generated columns (the first form) into plain
 * columns filled from the rows; [] when `generated` (the table's generated columns, pragma table_xinfo hidden 2 or 3)
 * is empty.
 */
export function migrateSql(def: TableDef, generated: readonly string[]): string[] {
  if (generated.length === 0) return [];
  const old = quote(`${def.name}__old`);
  const search = searchColumn(def);
  return [
    // A renamed table takes the triggers naming it along (endLoad creates them again, on the new table).
    ...dropProductFtsSql(),
    ...dropVariationTriggersSql(),
    ...dropIndexesSql(def),
    `ALTER TABLE ${quote(def.name)} RENAME TO ${old}`,
    createTableSql(def),
    `INSERT INTO ${quote(def.name)} (${[def.key, DOC, ...def.indexes, ...(search ? [SEARCH] : [])].map(quote).join(', ')}) ` +
      `SELECT ${[quote(def.key), quote(DOC), ...def.indexes.map(field), ...(search ? [search(quote(DOC))] : [])].join(', ')} FROM ${old}`,
    `DROP TABLE ${old}`,
  ];
}

/** The search words' column of a table (product, grid), as an expression of the row's JSON; undefined for the others. */
export const searchColumn = (def: TableDef): ((json: string) => string) | undefined => SEARCH_COLUMNS[def.name];

/** Adds the search words' column to a table created without it (`columns`: the table's), filled from the rows. */
export function addSearchColumnSql(def: TableDef, columns: readonly string[]): string[] {
  const search = searchColumn(def);
  if (!search || columns.includes(SEARCH)) return [];
  return [
    `ALTER TABLE ${quote(def.name)} ADD COLUMN ${quote(SEARCH)}`,
    `UPDATE ${quote(def.name)} SET ${quote(SEARCH)} = ${search(quote(DOC))}`,
  ];
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

/**
 * The product-only search of the first SQLite copies (an FTS5 table over description and SKU, kept by triggers on
 * product). No screen read it: every search of the app goes through the variation search below. It cost a second
 * build at every first load (about 1.3 s at 100,000 products under Node) and a trigger at every product write, so a
 * copy that still has it drops it when it opens.
 */
export const dropProductFtsSql = (): string[] => [
  ...['product_fts_insert', 'product_fts_delete', 'product_fts_update'].map((name) => `DROP TRIGGER IF EXISTS ${name}`),
  `DROP TABLE IF EXISTS ${quote(PRODUCT_FTS)}`,
];

/** The point of sale's variation search table. */
export const VARIATION_FTS = 'variation_fts';

export const createVariationFtsSql = (): string =>
  `CREATE VIRTUAL TABLE IF NOT EXISTS ${quote(VARIATION_FTS)} USING fts5(produto, variacao, ` +
  `content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 2", prefix='1 2 3')`;

/** A field of a row's JSON (`j`) when it is a string, else '' (the point of sale reads only strings as text). */
const textOf = (j: string, name: string) => `iif(json_type(${j}, '$."${name}"') = 'text', ${j} ->> '$."${name}"', '')`;
/** Not deleted (data_exclusao absent or falsy) and situacao absent, null or 'Ativo' (catalogChanges.ts isLive). */
const liveJson = (j: string) =>
  `coalesce(${j} ->> '$.data_exclusao', 0) IN (0, '') AND coalesce(${j} ->> '$.situacao', 'Ativo') = 'Ativo'`;
/** A variation the point of sale shows: integer key, live, with its branch row (id_produto_grade_filial a number). */
const variationOk = (j: string) =>
  `json_type(${j}, '$.id_produto_grade') = 'integer' AND ${liveJson(j)} AND (json_type(${j}, '$.id_produto_grade_filial') ` +
  `IN ('integer', 'real') OR (json_type(${j}, '$.id_produto_grade_filial') = 'text' AND ${j} ->> '$.id_produto_grade_filial' <> ''))`;

/**
 * The words the variation search reads of a row, kept in a column of its own (SEARCH) written with the row: a live
 * product's description and SKU; a shown variation's own name (none for the default variation) and SKU; null for a
 * row the search does not show. Building the search after a load then joins two columns instead of reading every
 * variation's product JSON.
 */
export const SEARCH = '_search';
export const SEARCH_COLUMNS: Readonly<Record<string, (json: string) => string>> = {
  product: (j) => `CASE WHEN ${liveJson(j)} THEN ${textOf(j, 'descricao')} || ' ' || ${textOf(j, 'sku')} END`,
  grid: (j) =>
    `CASE WHEN ${variationOk(j)} THEN iif(json_type(${j}, '$.is_padrao') = 'true', '', ${textOf(j, 'descricao')}) || ' ' || ${textOf(j, 'sku')} END`,
};

const variationRows = (g: string, p: string) =>
  `SELECT ${g}."id_produto_grade", ${p}.${quote(SEARCH)}, ${g}.${quote(SEARCH)}`;
const variationWhere = (g: string, p: string) => `${g}.${quote(SEARCH)} IS NOT NULL AND ${p}.${quote(SEARCH)} IS NOT NULL`;

const VARIATION_TRIGGERS = [
  'variation_fts_grid_insert',
  'variation_fts_grid_delete',
  'variation_fts_grid_update',
  'variation_fts_product_insert',
  'variation_fts_product_delete',
  'variation_fts_product_update',
] as const;

/** The triggers that keep the variation search in step with grid and product (written one row at a time). */
export function createVariationTriggersSql(): string[] {
  const vf = quote(VARIATION_FTS);
  const insertGrid = (g: string) =>
    `INSERT INTO ${vf} (rowid, produto, variacao) ${variationRows(g, 'p')} FROM "product" AS p ` +
    `WHERE p."id_produto" = ${g}."id_produto" AND ${variationWhere(g, 'p')}`;
  const insertProduct = (p: string) =>
    `INSERT INTO ${vf} (rowid, produto, variacao) ${variationRows('g', p)} FROM "grid" AS g ` +
    `WHERE g."id_produto" = ${p}."id_produto" AND ${variationWhere('g', p)}`;
  const deleteGrid = (g: string) => `DELETE FROM ${vf} WHERE rowid = ${g}."id_produto_grade"`;
  const deleteProduct = (p: string) =>
    `DELETE FROM ${vf} WHERE rowid IN (SELECT "id_produto_grade" FROM "grid" WHERE "id_produto" = ${p}."id_produto")`;
  const [gi, gd, gu, pi, pd, pu] = VARIATION_TRIGGERS;
  return [
    `CREATE TRIGGER IF NOT EXISTS ${gi} AFTER INSERT ON "grid" BEGIN ${insertGrid('new')}; END`,
    `CREATE TRIGGER IF NOT EXISTS ${gd} AFTER DELETE ON "grid" BEGIN ${deleteGrid('old')}; END`,
    `CREATE TRIGGER IF NOT EXISTS ${gu} AFTER UPDATE ON "grid" BEGIN ${deleteGrid('old')}; ${insertGrid('new')}; END`,
    `CREATE TRIGGER IF NOT EXISTS ${pi} AFTER INSERT ON "product" BEGIN ${insertProduct('new')}; END`,
    `CREATE TRIGGER IF NOT EXISTS ${pd} AFTER DELETE ON "product" BEGIN ${deleteProduct('old')}; END`,
    `CREATE TRIGGER IF NOT EXISTS ${pu} AFTER UPDATE ON "product" BEGIN ${deleteProduct('old')}; ${insertProduct('new')}; END`,
  ];
}

export const dropVariationTriggersSql = (): string[] => VARIATION_TRIGGERS.map((name) => `DROP TRIGGER IF EXISTS ${name}`);

/** Builds the variation search again from every grid and product row (after a bulk load of either). */
export function rebuildVariationFtsSql(): string[] {
  return [
    `INSERT INTO ${quote(VARIATION_FTS)} (${quote(VARIATION_FTS)}) VALUES ('delete-all')`,
    `INSERT INTO ${quote(VARIATION_FTS)} (rowid, produto, variacao) ${variationRows('g', 'p')} FROM "grid" AS g ` +
      `JOIN "product" AS p ON p."id_produto" = g."id_produto" WHERE ${variationWhere('g', 'p')}`,
  ];
}

/**
 * The FTS5 query of the point of sale's words (textIndex.ts tokenize: folded, anything but a-z and 0-9 separates
 * words; every word a prefix, all required). Null when no word was typed.
 */
export function variationFtsQuery(text: string): string | null {
  const words = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  if (words.length === 0) return null;
  return [...new Set(words)].map((word) => `"${word}"*`).join(' ');
}
