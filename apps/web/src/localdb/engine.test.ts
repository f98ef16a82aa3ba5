import type { Database } from '@sqlite.org/sqlite-wasm';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_VERSION, storesAt } from '../db/schema.ts';
import { LocalEngine, PAGE_SIZE, RESTART_HEAP_BYTES, UnknownTableError, type LocalRow } from './engine.ts';
import { tableDefs, variationFtsQuery } from './schema.ts';
import { loadSqlite } from './testing.ts';

const open: LocalEngine[] = [];
afterEach(() => {
  for (const engine of open.splice(0)) engine.close();
});

async function freshDb(): Promise<Database> {
  const { oo1 } = await loadSqlite();
  return new oo1.DB(':memory:', 'c');
}

async function engineOn(db?: Database): Promise<{ engine: LocalEngine; db: Database }> {
  const database = db ?? (await freshDb());
  const engine = new LocalEngine(database);
  open.push(engine);
  return { engine, db: database };
}

const stamps = { data_cadastro: '2026-11-22T06:29:42.828Z', data_alteracao: '2026-11-22T06:29:42.828Z', data_exclusao: null };
const makeProduct = (id: number, fields: LocalRow = {}): LocalRow => ({
  id_produto: id,
  descricao: `Produto ${id}`,
  sku: `SKU-${id}`,
  situacao: 'Ativo',
  id_categoria: 1,
  ...stamps,
  ...fields,
});
const makeGrid = (id: number, idProduto: number, fields: LocalRow = {}): LocalRow => ({
  id_produto_grade: id,
  id_produto_grade_filial: id,
  id_produto: idProduto,
  descricao: '38',
  sku: `GRD-${id}`,
  situacao: 'Ativo',
  ...stamps,
  ...fields,
});
const makeBarcode = (id: number, idGrade: number, idProduto: number, codigo: string): LocalRow => ({
  id_produto_codigo_barra: id,
  id_produto_grade: idGrade,
  id_produto: idProduto,
  codigo,
  situacao: 'Ativo',
  ...stamps,
});
const ids = (rows: LocalRow[]) => rows.map((row) => row['id_produto']);
/** The products the search finds for `text`, in order (one variation each in these tests). */
const found = (engine: LocalEngine, text: string, limit = 25) => engine.searchVariations(text, 0, limit).rows.map((row) => row.product['id_produto']);

function objects(db: Database, type: 'table' | 'index' | 'trigger'): string[] {
  return db.selectValues(`SELECT name FROM sqlite_master WHERE type = ? ORDER BY name`, [type]).map(String);
}

describe('the schema', () => {
  it('creates every table of the declarations, keyed by the declared key, with an index per declared field', async () => {
    const { engine, db } = await engineOn();
    const declared = storesAt(DATABASE_VERSION);
    expect(engine.tables().sort()).toEqual(Object.keys(declared).sort());
    const tables = objects(db, 'table');
    const indexes = objects(db, 'index');
    for (const [name, spec] of Object.entries(declared)) {
      const [key, ...fields] = spec.split(',').map((f) => f.trim());
      expect(tables).toContain(name);
      const pk = db.selectValues(`SELECT name FROM pragma_table_xinfo(?) WHERE pk = 1`, [name]);
      expect(pk, name).toEqual([key]);
      for (const field of fields) expect(indexes, `${name}.${field}`).toContain(`${name}__${field}`);
    }
    // The spec's 3.1 keys, read through the declarations.
    expect(db.selectValues(`SELECT name FROM pragma_table_xinfo('updater') WHERE pk = 1`)).toEqual(['table']);
    expect(indexes).toContain('fiscal_scenario__default');
    expect(indexes).toContain('updater__offset');
  });

  it('adds a table declared later to a database that exists, keeping the rows of the others', async () => {
    const db = await freshDb();
    const before = tableDefs().filter((def) => def.name !== 'apps');
    const first = new LocalEngine(db, before);
    first.bulkPut('product', [makeProduct(1)]);
    const { engine } = await engineOn(db);
    expect(engine.get('product', 1)?.['descricao']).toBe('Produto 1');
    engine.bulkPut('apps', [{ id_app: 3, nome: 'Loja' }]);
    expect(engine.get('apps', 3)).toEqual({ id_app: 3, nome: 'Loja' });
  });

  it('converts a table of the first form (indexed fields as VIRTUAL generated columns) into plain columns, rows kept', async () => {
    const db = await freshDb();
    for (const def of tableDefs().filter((d) => d.name === 'product' || d.name === 'grid')) {
      const generated = def.indexes.map((f) => `"${f}" GENERATED ALWAYS AS (json_extract("_doc", '$."${f}"')) VIRTUAL`);
      db.exec(`CREATE TABLE "${def.name}" ("${def.key}" PRIMARY KEY NOT NULL, "_doc" TEXT NOT NULL, ${generated.join(', ')}) WITHOUT ROWID`);
    }
    db.exec({ sql: `INSERT INTO "product" ("id_produto", "_doc") VALUES (1, ?)`, bind: [JSON.stringify(makeProduct(1, { descricao: 'Calça Jeans' }))] });
    db.exec({ sql: `INSERT INTO "grid" ("id_produto_grade", "_doc") VALUES (10, ?)`, bind: [JSON.stringify(makeGrid(10, 1))] });
    const { engine } = await engineOn(db);
    expect(db.selectValues(`SELECT name FROM pragma_table_xinfo('product') WHERE hidden IN (2, 3)`)).toEqual([]);
    expect(engine.where('product', 'sku', 'SKU-1').map((r) => r['id_produto'])).toEqual([1]);
    expect(engine.where('grid', 'id_produto', 1).map((r) => r['id_produto_grade'])).toEqual([10]);
    expect(engine.searchVariations('calca 38').rows.map((r) => r.grid['id_produto_grade'])).toEqual([10]);
    engine.bulkPut('product', [makeProduct(2, { sku: 'SKU-X' })]);
    expect(engine.where('product', 'sku', 'SKU-X').map((r) => r['id_produto'])).toEqual([2]);
    // The search triggers work on the converted tables.
    engine.bulkPut('grid', [makeGrid(20, 2)]);
    expect(engine.searchVariations('sku-x').rows.map((r) => r.grid['id_produto_grade'])).toEqual([20]);
    expect(found(engine, 'sku-x')).toEqual([2]);
  });

  it('stores new rows as JSONB and reads them, and the JSON text rows of an earlier copy, the same way', async () => {
    const { engine, db } = await engineOn();
    // A row the previous release wrote: JSON text in _doc.
    const old = makeProduct(1, { descricao: 'Calça Jeans', preco: 12.5, tags: ['a', 'b'], nota: 'aspas " e \\ barra, ç' });
    engine.bulkPut('product', [old]);
    db.exec({ sql: `UPDATE "product" SET "_doc" = ? WHERE "id_produto" = 1`, bind: [JSON.stringify(old)] });
    const row = makeProduct(2, { descricao: 'Calça Sarja', preco: 99.9, tags: [], nota: 'emoji 🧵 e\nlinha' });
    engine.bulkPut('product', [row]);
    expect(engine.applyChanges([{ table: 'product', rowsJson: JSON.stringify([makeProduct(3, { preco: 1e-7 })]) }]).put).toBe(1);
    expect(db.selectValues(`SELECT typeof("_doc") FROM "product" ORDER BY "id_produto"`)).toEqual(['text', 'blob', 'blob']);
    expect(engine.get('product', 1)).toEqual(old);
    expect(engine.get('product', 2)).toEqual(row);
    expect(engine.get('product', 3)?.['preco']).toBe(1e-7);
    expect(engine.all('product').map((r) => r['id_produto'])).toEqual([1, 2, 3]);
    engine.bulkPut('grid', [makeGrid(10, 1), makeGrid(20, 2)]);
    expect(engine.searchVariations('calca').rows.map((r) => r.product)).toEqual([engine.get('product', 1), row]);
  });

  it('keeps a number key and the same digits as a string apart, like IndexedDB', async () => {
    const { engine } = await engineOn();
    engine.bulkPut('operation', [
      { id_operacao: 1, situacao: 'Aberta' },
      { id_operacao: '1', situacao: 'Rascunho' },
      { id_operacao: '5b1c2d3e-0000-4000-8000-000000000001', situacao: 'Aberta' },
    ]);
    expect(engine.count('operation')).toBe(3);
    expect(engine.get('operation', 1)?.['situacao']).toBe('Aberta');
    expect(engine.get('operation', '1')?.['situacao']).toBe('Rascunho');
    expect(engine.where('operation', 'situacao', 'Aberta').map((r) => r['id_operacao'])).toEqual([
      1,
      '5b1c2d3e-0000-4000-8000-000000000001',
    ]);
  });

  it('refuses a table the schema does not declare, a field that is not indexed and a row without its key', async () => {
    const { engine } = await engineOn();
    expect(() => engine.bulkPut('nao_existe', [{ id: 1 }])).toThrow(UnknownTableError);
    expect(() => engine.where('product', 'descricao', 'x')).toThrow('product.descricao não é chave nem índice da cópia local.');
    expect(() => engine.bulkPut('product', [{ descricao: 'sem chave' }])).toThrow('Linha de product sem a chave id_produto.');
  });
});

describe('bulk load and search', () => {
  async function loaded(count: number): Promise<{ engine: LocalEngine; db: Database }> {
    const opened = await engineOn();
    const { engine, db } = opened;
    engine.beginLoad(['product', 'grid', 'barcode']);
    expect(objects(db, 'index').filter((name) => name.startsWith('product__'))).toEqual([]);
    const products: LocalRow[] = [];
    const grids: LocalRow[] = [];
    const barcodes: LocalRow[] = [];
    for (let i = 1; i <= count; i += 1) {
      products.push(makeProduct(i, { descricao: `Bota Edição Limitada Vinho Ref. ${String(i).padStart(6, '0')}`, sku: `BLK-${i}` }));
      grids.push(makeGrid(i, i, { sku: `BLK-${i}-38` }));
      barcodes.push(makeBarcode(i, i, i, String(7890000000000 + i)));
    }
    products.push(makeProduct(count + 1, { descricao: 'Calça Básica Açafrão', sku: 'CAL-AÇA' }));
    products.push(makeProduct(count + 2, { descricao: 'Calça Inativa', situacao: 'Inativo' }));
    grids.push(makeGrid(count + 1, count + 1, { sku: '' }), makeGrid(count + 2, count + 2, { sku: '' }));
    for (let i = 0; i < products.length; i += 500) engine.bulkPut('product', products.slice(i, i + 500));
    engine.bulkPut('grid', grids);
    engine.bulkPut('barcode', barcodes);
    engine.endLoad();
    return opened;
  }

  it('builds the indexes and the search after the load', async () => {
    const { engine, db } = await loaded(50);
    const indexes = objects(db, 'index');
    for (const name of ['product__sku', 'grid__sku', 'barcode__codigo']) expect(indexes).toContain(name);
    expect(objects(db, 'trigger').filter((name) => name.startsWith('variation_fts'))).toHaveLength(6);
    // The product-only search of the first copies is gone.
    expect(objects(db, 'table')).not.toContain('product_fts');
    expect(engine.count('product')).toBe(52);
    expect(found(engine, 'bota', 100)).toHaveLength(50);
  });

  it('finds products by the beginning of every word, accents and case folded, in key order', async () => {
    const { engine } = await loaded(1200);
    expect(found(engine, 'bot ed lim 00012')).toEqual([120, 121, 122, 123, 124, 125, 126, 127, 128, 129]);
    expect(found(engine, 'blk 12', 4)).toEqual([12, 120, 121, 122]);
    expect(found(engine, 'BOTA EDIÇÃO', 3)).toEqual([1, 2, 3]);
    expect(found(engine, 'edicao vinho', 2)).toEqual([1, 2]);
    expect(found(engine, 'calca basica acafrao')).toEqual([1201]);
    expect(found(engine, 'cal')).toEqual([1201]);
    expect(found(engine, 'dição')).toEqual([]);
    expect(found(engine, 'bota sapato')).toEqual([]);
    expect(found(engine, '  ')).toEqual([]);
    expect(found(engine, '"*')).toEqual([]);
  });

  it('answers an exact SKU, the product\'s or a variation\'s', async () => {
    const { engine } = await loaded(1200);
    expect(found(engine, 'BLK-1000', 3)).toEqual([1000]);
    expect(found(engine, 'BLK-100', 3)).toEqual([100, 1000, 1001]);
    expect(ids(engine.bySku('BLK-7-38'))).toEqual([7]);
    expect(ids(engine.bySku('BLK-1000'))).toEqual([1000]);
    expect(engine.bySku('blk-1000')).toEqual([]);
  });

  it('answers a barcode exactly, with its variation and product', async () => {
    const { engine } = await loaded(30);
    const match = engine.byBarcode('7890000000021');
    expect(match?.barcode['id_produto_codigo_barra']).toBe(21);
    expect(match?.grid?.['sku']).toBe('BLK-21-38');
    expect(match?.product?.['sku']).toBe('BLK-21');
    expect(engine.byBarcode('789000000002')).toBeNull();
    expect(engine.byBarcode('7890000000099')).toBeNull();
  });

  it('leaves inactive products out of the search', async () => {
    const { engine } = await loaded(5);
    expect(found(engine, 'calca')).toEqual([6]);
    engine.applyChanges([{ table: 'product', rows: [makeProduct(6, { descricao: 'Calça Básica Açafrão', situacao: 'Inativo' })] }]);
    expect(found(engine, 'calca')).toEqual([]);
    engine.applyChanges([{ table: 'product', rows: [makeProduct(7, { descricao: 'Calça Inativa Voltou' })] }]);
    expect(found(engine, 'calca')).toEqual([7]);
  });

  it('finishes a load cut short when the database opens again', async () => {
    const db = await freshDb();
    const first = new LocalEngine(db);
    first.bulkPut('grid', [makeGrid(1, 1)]);
    first.beginLoad(['product']);
    first.bulkPut('product', [makeProduct(1, { descricao: 'Sandália Rasteira' })]);
    expect(found(first, 'sandalia')).toEqual([]);
    const { engine } = await engineOn(db);
    expect(objects(db, 'index')).toContain('product__sku');
    expect(found(engine, 'sandalia')).toEqual([1]);
  });

  it('ends the bulk load of one table at a time, and builds the searches once neither product nor grid loads', async () => {
    const { engine, db } = await engineOn();
    engine.beginLoad(['product']);
    engine.beginLoad(['grid', 'barcode']);
    expect(objects(db, 'index').filter((name) => /^(product|grid|barcode)__/.test(name))).toEqual([]);
    expect(objects(db, 'trigger')).toEqual([]);
    engine.bulkPut('product', [makeProduct(1, { descricao: 'Sandália Rasteira', sku: 'SAN-1' })]);
    engine.bulkPut('grid', [makeGrid(1, 1, { sku: 'SAN-1-35' })]);
    engine.bulkPut('barcode', [makeBarcode(1, 1, 1, '7890000000017')]);
    engine.endLoad(['barcode']);
    expect(objects(db, 'index')).toContain('barcode__codigo');
    expect(objects(db, 'index')).not.toContain('product__sku');
    engine.endLoad(['product']);
    expect(objects(db, 'index')).toContain('product__sku');
    // grid still loads: the searches wait for it.
    expect(objects(db, 'trigger')).toEqual([]);
    expect(engine.searchVariations('sandalia', 0, 25).rows).toEqual([]);
    // A table not loading changes nothing.
    engine.endLoad(['price']);
    expect(objects(db, 'index')).not.toContain('grid__sku');
    engine.endLoad(['grid']);
    expect(objects(db, 'index')).toContain('grid__sku');
    expect(objects(db, 'trigger')).toHaveLength(6);
    expect(engine.searchVariations('sandalia', 0, 25).rows.map((row) => row.grid['id_produto_grade'])).toEqual([1]);
    // Nothing left loading: a database opened again has nothing to finish.
    expect(db.selectValue(`SELECT count(*) FROM "_localdb_meta" WHERE key = 'loading'`)).toBe(0);
  });

  it('asks for a restart after a bulk load that grew the memory past RESTART_HEAP_BYTES, once, and only then', async () => {
    let heap = 0;
    const engine = new LocalEngine(await freshDb(), undefined, { heapBytes: () => heap });
    open.push(engine);
    expect(engine.heapBytes()).toBe(0);
    engine.beginLoad(['product']);
    engine.bulkPut('product', [makeProduct(1)]);
    engine.endLoad(['product']);
    expect(engine.restartAdvised()).toBe(false);
    heap = RESTART_HEAP_BYTES + 1;
    engine.bulkPut('product', [makeProduct(2)]);
    expect(engine.restartAdvised()).toBe(false);
    engine.beginLoad(['product', 'grid']);
    engine.endLoad(['product']);
    // grid still loads: the bulk cache stays.
    expect(engine.restartAdvised()).toBe(false);
    engine.endLoad(['grid']);
    expect(engine.restartAdvised()).toBe(true);
    expect(engine.restartAdvised()).toBe(false);
  });

  it('makes new databases with 64 KiB pages', async () => {
    const { db } = await engineOn();
    expect(db.selectValue('PRAGMA page_size')).toBe(PAGE_SIZE);
    expect(PAGE_SIZE).toBe(65536);
  });

  it('turns typed text into a prefix query of folded words', () => {
    expect(variationFtsQuery(' Calça  BÁS-12 calça')).toBe('"calca"* "bas"* "12"*');
    expect(variationFtsQuery('"*()')).toBeNull();
  });
});

describe('changes', () => {
  it('puts rows given as JSON text as it puts rows: tombstones delete, a row without a valid key refuses the whole write', async () => {
    const { engine } = await engineOn();
    const fromRows = (await engineOn()).engine;
    const page = [makeProduct(1, { descricao: 'Camiseta' }), makeProduct(2, { descricao: 'Calça', sku: 'CAL-2' }), makeProduct(3)];
    engine.bulkPut('grid', [1, 2, 3].map((n) => makeGrid(n, n)));
    expect(engine.applyChanges([{ table: 'product', rowsJson: JSON.stringify(page) }])).toEqual({ tables: ['product'], put: 3, deleted: 0, received: 3 });
    fromRows.applyChanges([{ table: 'product', rows: page }]);
    expect(engine.all('product')).toEqual(fromRows.all('product'));
    expect(engine.where('product', 'sku', 'CAL-2').map((row) => row['id_produto'])).toEqual([2]);
    expect(found(engine, 'calca')).toEqual([2]);
    const next = JSON.stringify([makeProduct(1, { descricao: 'Camiseta Nova' }), { ...makeProduct(2), data_exclusao: '2026-11-29T10:00:00Z' }]);
    expect(engine.applyChanges([{ table: 'product', rowsJson: next }])).toEqual({ tables: ['product'], put: 1, deleted: 1, received: 2 });
    expect(engine.get('product', 1)?.['descricao']).toBe('Camiseta Nova');
    expect(engine.get('product', 2)).toBeUndefined();
    expect(found(engine, 'calca')).toEqual([]);
    const keylessTombstone = '[{"id_produto":4}, {"data_exclusao":"2026-11-29T10:00:00Z"}]';
    for (const bad of ['[{"descricao":"sem chave"}]', '[{"id_produto":{"x":1}}]', '[{"id_produto":4}, 5]', '[{"id_produto":4}, "texto"]', keylessTombstone]) {
      expect(() => engine.applyChanges([{ table: 'product', rowsJson: bad }])).toThrow('Linha de product sem a chave id_produto.');
    }
    expect(() => engine.applyChanges([{ table: 'product', rowsJson: '[{"id_produto":4,' }])).toThrow();
    expect(engine.get('product', 4)).toBeUndefined();
    expect(engine.count('product')).toBe(2);
  });

  it('applies the changes of several tables in one transaction and then tells the subscribers of those tables', async () => {
    const { engine } = await engineOn();
    const heard: Array<{ who: string; tables: readonly string[]; products: number }> = [];
    engine.subscribe(['product', 'updater'], (tables) => heard.push({ who: 'catalogue', tables, products: engine.count('product') }));
    engine.subscribe(['stock'], (tables) => heard.push({ who: 'stock', tables, products: engine.count('product') }));
    const stopAll = engine.subscribe(null, (tables) => heard.push({ who: 'all', tables, products: engine.count('product') }));
    const summary = engine.applyChanges([
      { table: 'product', rows: [makeProduct(1), makeProduct(2)] },
      { table: 'updater', rows: [{ table: 'product', date_change: '2026-11-22 10:00:00.000001', offset: 2, loading: 0, is_loaded: 1 }] },
    ]);
    expect(summary).toEqual({ tables: ['product', 'updater'], put: 3, deleted: 0 });
    expect(heard).toEqual([
      { who: 'catalogue', tables: ['product', 'updater'], products: 2 },
      { who: 'all', tables: ['product', 'updater'], products: 2 },
    ]);
    stopAll();
    engine.bulkPut('stock', [{ id_estoque: 1, id_endereco_estoque: 1, id_produto_grade_filial: 1, quantidade: 3 }]);
    expect(heard.at(-1)).toEqual({ who: 'stock', tables: ['stock'], products: 2 });
    expect(heard).toHaveLength(3);
    expect(engine.where('updater', 'is_loaded', 1).map((r) => r['table'])).toEqual(['product']);
  });

  it('writes nothing and tells no one when a change fails', async () => {
    const { engine } = await engineOn();
    engine.bulkPut('product', [makeProduct(1)]);
    engine.bulkPut('grid', [makeGrid(1, 1)]);
    let calls = 0;
    engine.subscribe(['product', 'grid'], () => {
      calls += 1;
    });
    expect(() =>
      engine.applyChanges([
        { table: 'product', rows: [makeProduct(1, { descricao: 'Mudou' }), makeProduct(2)] },
        { table: 'grid', rows: [{ descricao: 'sem chave' }] },
      ]),
    ).toThrow('Linha de grid sem a chave id_produto_grade.');
    expect(calls).toBe(0);
    expect(engine.count('product')).toBe(1);
    expect(engine.get('product', 1)?.['descricao']).toBe('Produto 1');
    expect(found(engine, 'produto')).toEqual([1]);
    // The engine goes on writing after a failed transaction.
    engine.bulkPut('product', [makeProduct(3)]);
    expect(calls).toBe(1);
  });

  it('deletes the rows of tombstones and of deleted keys, and the search forgets them', async () => {
    const { engine } = await engineOn();
    engine.applyChanges([{ table: 'product', rows: [makeProduct(1), makeProduct(2), makeProduct(3)] }]);
    engine.bulkPut('grid', [1, 2, 3].map((n) => makeGrid(n, n)));
    expect(found(engine, 'produto')).toEqual([1, 2, 3]);
    const summary = engine.applyChanges([
      { table: 'product', rows: [makeProduct(2, { data_exclusao: '2026-11-23T10:00:00.000Z' }), makeProduct(9, { data_exclusao: '2026-11-23T10:00:00.000Z' })] },
      { table: 'product', deleteKeys: [3] },
    ]);
    expect(summary).toEqual({ tables: ['product'], put: 0, deleted: 2 });
    expect(engine.get('product', 2)).toBeUndefined();
    expect(engine.get('product', 9)).toBeUndefined();
    expect(engine.all('product').map((r) => r['id_produto'])).toEqual([1]);
    expect(found(engine, 'produto')).toEqual([1]);
    expect(found(engine, 'SKU-2')).toEqual([]);
  });

  it('searches a description as last written, and empties a table when asked', async () => {
    const { engine } = await engineOn();
    engine.bulkPut('grid', [makeGrid(1, 1), makeGrid(5, 5)]);
    engine.bulkPut('product', [makeProduct(1, { descricao: 'Tênis Corrida' })]);
    engine.bulkPut('product', [makeProduct(1, { descricao: 'Chinelo Praia' })]);
    expect(found(engine, 'tenis')).toEqual([]);
    expect(found(engine, 'chinelo pra')).toEqual([1]);
    engine.applyChanges([{ table: 'product', clear: true, rows: [makeProduct(5)] }]);
    expect(engine.all('product').map((r) => r['id_produto'])).toEqual([5]);
    expect(found(engine, 'chinelo')).toEqual([]);
  });
});

describe('values kept beside the copy, and rows stored as they are', () => {
  it('keeps meta values, writes them with a change in one transaction, and refuses the engine’s own key', async () => {
    const { engine } = await engineOn();
    expect(engine.meta('persist')).toBeNull();
    engine.setMeta('persist', 'granted');
    expect(engine.meta('persist')).toBe('granted');
    engine.setMeta('persist', null);
    expect(engine.meta('persist')).toBeNull();
    expect(() => engine.setMeta('loading', '[]')).toThrow('reservada');

    // A change that fails takes its meta value back with it.
    expect(() => engine.applyChanges([{ table: 'operation', rows: [{ situacao: 'Pendente' }] }], { moved: 'x' })).toThrow();
    expect(engine.meta('moved')).toBeNull();
    engine.applyChanges([{ table: 'operation', rows: [{ id_operacao: 'u1', situacao: 'Pendente' }] }], { moved: 'x' });
    expect(engine.meta('moved')).toBe('x');
  });

  it('stores a row carrying data_exclusao when asked to keep rows as they are', async () => {
    const { engine } = await engineOn();
    engine.applyChanges([{ table: 'operation', asIs: true, rows: [{ id_operacao: 'u1', data_exclusao: '2026-11-29' }] }]);
    expect(engine.get('operation', 'u1')).toEqual({ id_operacao: 'u1', data_exclusao: '2026-11-29' });
    engine.applyChanges([{ table: 'operation', rows: [{ id_operacao: 'u1', data_exclusao: '2026-11-29' }] }]);
    expect(engine.get('operation', 'u1')).toBeUndefined();
  });
});
