import { afterEach, describe, expect, it } from 'vitest';
import type { LocalRow, PdvDatabase } from '../../../db/database.ts';
import { openTestDatabase } from '../../../db/testing.ts';
import { findByBarcode, findByBarcodeInTables, hitOfGrid, searchProducts } from '../catalog.ts';
import { announceRows } from './catalogChanges.ts';
import { productIndex } from './productIndex.ts';

const opened: PdvDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    productIndex(db).close();
    await db.delete();
  }
});

const makeProduct = (id: number, descricao: string, fields: LocalRow = {}): LocalRow => ({
  id_produto: id,
  descricao,
  sku: `P-${id}`,
  situacao: 'Ativo',
  preco_venda: '10.00',
  preco_atacado: '9.00',
  id_unidade_medida: 1,
  ...fields,
});
const makeGrid = (id: number, id_produto: number, descricao: string, fields: LocalRow = {}): LocalRow => ({
  id_produto_grade: id,
  id_produto_grade_filial: id + 1000,
  id_produto,
  descricao,
  sku: `G-${id}`,
  is_padrao: false,
  situacao: 'Ativo',
  preco_venda: '12.50',
  preco_atacado: '11.00',
  data_alteracao: '2026-03-10T12:00:00.123Z',
  ...fields,
});

async function shop(): Promise<PdvDatabase> {
  const db = openTestDatabase();
  opened.push(db);
  await db.rows('measure_unit').put({ id_unidade_medida: 1, sigla: 'PC' });
  await db.rows('product').bulkPut([
    makeProduct(1, 'Camiseta Básica Algodão'),
    makeProduct(2, 'Calça Jeans Slim'),
    makeProduct(3, 'Tênis Corrida', { situacao: 'Inativo' }),
  ]);
  await db.rows('grid').bulkPut([makeGrid(11, 1, 'Azul P'), makeGrid(12, 1, 'Preto M'), makeGrid(21, 2, '40'), makeGrid(31, 3, '41')]);
  await db.rows('barcode').bulkPut([
    { id_produto_codigo_barra: 1, codigo: '7891234000019', id_produto_grade: 11, id_produto: 1 },
    { id_produto_codigo_barra: 2, codigo: '7891234000026', id_produto_grade: 12, id_produto: 1 },
  ]);
  await db.updater.bulkPut([
    { table: 'product', date_change: '1', offset: 3, loading: 0, is_loaded: 1, owner: 'o1' },
    { table: 'grid', date_change: '1', offset: 31, loading: 0, is_loaded: 1, owner: 'o1:f1' },
  ]);
  return db;
}

const names = (result: { hits: Array<{ descricao: string }> }) => result.hits.map((h) => h.descricao);

describe('the product search of the point of sale', () => {
  it('finds variations by words of the description, without accents, every word required, live rows only', async () => {
    const db = await shop();
    expect(names(await searchProducts(db, 'calca'))).toEqual(['Calça Jeans Slim 40']);
    expect(names(await searchProducts(db, 'CAMISETA preto'))).toEqual(['Camiseta Básica Algodão Preto M']);
    expect(names(await searchProducts(db, 'tenis'))).toEqual([]);
    const [hit] = (await searchProducts(db, 'algodao azul')).hits;
    const line = {
      id_produto_grade: 11,
      id_produto_grade_filial: 1011,
      descricao: 'Camiseta Básica Algodão Azul P',
      codigo_barras: '7891234000019',
      sku: 'G-11',
      preco_venda: 1250,
      preco_atacado: 1100,
      // The version of the prices, sent with the sale's line (versao_preco).
      versao_preco: '2026-03-10T12:00:00.123Z',
    };
    expect(hit).toMatchObject(line);
    // The line that goes into the sale is read from the local copy, unit included.
    expect(await hitOfGrid(db, 11)).toMatchObject({ ...line, unidade: 'PC' });
  });

  it('follows the rows the sync announces: new, renamed and deleted products and variations', async () => {
    const db = await shop();
    expect(names(await searchProducts(db, 'bermuda'))).toEqual([]);
    const renamed = makeProduct(2, 'Bermuda Sarja');
    await db.rows('product').put(renamed);
    announceRows('product', [renamed]);
    const added = [makeProduct(4, 'Bermuda Jeans')];
    await db.rows('product').bulkPut(added);
    announceRows('product', added);
    const grid = makeGrid(41, 4, '42');
    await db.rows('grid').put(grid);
    announceRows('grid', [grid]);
    expect(names(await searchProducts(db, 'bermuda'))).toEqual(['Bermuda Sarja 40', 'Bermuda Jeans 42']);
    expect(names(await searchProducts(db, 'calca'))).toEqual([]);

    const tombstone = { ...makeGrid(12, 1, 'Preto M'), data_exclusao: '2025-01-01T00:00:00Z' };
    await db.rows('grid').delete(12);
    announceRows('grid', [tombstone]);
    expect(names(await searchProducts(db, 'camiseta'))).toEqual(['Camiseta Básica Algodão Azul P']);
  });

  it('follows rows another tab wrote, announced by their keys, reading them as they are now', async () => {
    const db = await shop();
    expect(names(await searchProducts(db, 'calca'))).toEqual(['Calça Jeans Slim 40']);
    await db.rows('product').put(makeProduct(2, 'Bermuda Sarja'));
    await db.rows('grid').delete(12);
    // Another tab's sync engine: a BroadcastChannel of its own on the same name.
    const otherTab = new BroadcastChannel('pdv-catalogo');
    otherTab.postMessage({ table: 'product', keys: [2], gone: [] });
    otherTab.postMessage({ table: 'grid', keys: [12], gone: [] });
    otherTab.close();
    await expect.poll(async () => names(await searchProducts(db, 'bermuda'))).toEqual(['Bermuda Sarja 40']);
    expect(names(await searchProducts(db, 'calca'))).toEqual([]);
    expect(names(await searchProducts(db, 'camiseta'))).toEqual(['Camiseta Básica Algodão Azul P']);
  });

  it('rebuilds when the sync reloads the tables for another owner', async () => {
    const db = await shop();
    expect(names(await searchProducts(db, 'camiseta'))).toHaveLength(2);
    // Another branch: the grid table is emptied and read again, without announcements of what left.
    await db.rows('grid').clear();
    await db.rows('grid').put(makeGrid(21, 2, '42'));
    await db.updater.update('grid', { owner: 'o1:f2' });
    // Searches check the owners in the background, every 2 s at most; here the check is run at once.
    await productIndex(db).checkOwners();
    expect(names(await searchProducts(db, 'camiseta'))).toEqual([]);
    expect(names(await searchProducts(db, 'calca'))).toEqual(['Calça Jeans Slim 42']);
  });

  it('never sells a variation removed without an announcement: picking it reads nothing, and it is forgotten', async () => {
    const db = await shop();
    expect(names(await searchProducts(db, 'camiseta'))).toHaveLength(2);
    await db.rows('grid').delete(11);
    expect(await hitOfGrid(db, 11)).toBeNull();
    productIndex(db).forget(11);
    expect(names(await searchProducts(db, 'camiseta'))).toEqual(['Camiseta Básica Algodão Preto M']);
  });

  it('shows the first valid GTIN of a variation and follows barcode changes', async () => {
    const db = await shop();
    expect((await searchProducts(db, 'camiseta preto')).hits[0]?.codigo_barras).toBe('7891234000026');
    const invalid = { id_produto_codigo_barra: 3, codigo: '7891234000027', id_produto_grade: 21, id_produto: 2 };
    const valid = { id_produto_codigo_barra: 4, codigo: '7891234000033', id_produto_grade: 21, id_produto: 2 };
    await db.rows('barcode').bulkPut([invalid, valid]);
    announceRows('barcode', [invalid, valid]);
    expect((await searchProducts(db, 'calca')).hits[0]?.codigo_barras).toBe('7891234000033');
    announceRows('barcode', [{ ...valid, data_exclusao: '2025-01-01T00:00:00Z' }]);
    expect((await searchProducts(db, 'calca')).hits[0]?.codigo_barras).toBeNull();
  });

  it('pages 25 variations at a time', async () => {
    const db = await shop();
    const products = Array.from({ length: 30 }, (_, i) => makeProduct(100 + i, `Meia Cano Alto ${i}`));
    const grids = products.map((p) => makeGrid(Number(p['id_produto']) * 10, Number(p['id_produto']), 'Único', { is_padrao: true }));
    await db.rows('product').bulkPut(products);
    await db.rows('grid').bulkPut(grids);
    announceRows('product', products);
    announceRows('grid', grids);
    const first = await searchProducts(db, 'meia cano');
    const second = await searchProducts(db, 'meia cano', 1);
    expect(first.hits).toHaveLength(25);
    expect(first.more).toBe(true);
    expect(second.hits.map((h) => h.descricao)).toEqual([25, 26, 27, 28, 29].map((i) => `Meia Cano Alto ${i}`));
    expect(second.more).toBe(false);
  });

  it('finds a typed SKU by its words, and a barcode (only a valid GTIN) through the barcode index', async () => {
    const db = await shop();
    expect(names(await searchProducts(db, 'g-12'))).toEqual(['Camiseta Básica Algodão Preto M']);
    expect(names(await searchProducts(db, 'P-2'))).toEqual(['Calça Jeans Slim 40']);
    expect((await findByBarcode(db, '7891234000026'))?.descricao).toBe('Camiseta Básica Algodão Preto M');
    expect(await findByBarcode(db, '7891234000027')).toBeNull();
  });
});

/** A GTIN-13 with its check digit. */
const gtin = (body: string) => {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return body + String((10 - (sum % 10)) % 10);
};

describe('a scanned barcode', () => {
  const stock = (id: number, id_endereco_estoque: number, quantidade: string) => ({
    id_estoque: id,
    id_produto_grade_filial: 1011,
    id_endereco_estoque,
    quantidade,
    quantidade_reserva: '1.000',
  });

  it('is answered from memory once the index is built: the same line the tables give, with the code read, unit and stock', async () => {
    const db = await shop();
    const second = gtin('789123400005');
    await db.rows('barcode').put({ id_produto_codigo_barra: 5, codigo: second, id_produto_grade: 11, id_produto: 1 });
    await db.rows('stock').bulkPut([stock(1, 7, '4.000'), stock(2, 8, '2.500')]);
    const index = productIndex(db);
    // Not built yet: nothing from memory, the tables answer.
    expect(await index.byBarcode(second)).toBeNull();
    const fromTables = await findByBarcodeInTables(db, second);
    expect(fromTables).toMatchObject({
      id_produto_grade: 11,
      descricao: 'Camiseta Básica Algodão Azul P',
      codigo_barras: second,
      unidade: 'PC',
      estoque: { 7: { quantidade: 4000, quantidade_reserva: 1000 }, 8: { quantidade: 2500, quantidade_reserva: 1000 } },
    });
    expect(await findByBarcode(db, second)).toEqual(fromTables);

    await index.ready();
    expect(await index.byBarcode(second)).toMatchObject({ id_produto_grade: 11, codigo_barras: second, id_unidade_medida: 1 });
    expect(await findByBarcode(db, second)).toEqual(fromTables);
    // The stock is read as it is now.
    await db.rows('stock').put(stock(1, 7, '0.000'));
    expect((await findByBarcode(db, second))?.estoque?.[7]?.quantidade).toBe(0);
  });

  it('follows barcode changes: new, deleted and repeated codes (the lowest key first, as the codigo index reads them)', async () => {
    const db = await shop();
    const index = productIndex(db);
    await index.ready();
    const code = gtin('789123400009');
    const added = { id_produto_codigo_barra: 9, codigo: code, id_produto_grade: 21, id_produto: 2 };
    await db.rows('barcode').put(added);
    announceRows('barcode', [added]);
    expect((await index.byBarcode(code))?.descricao).toBe('Calça Jeans Slim 40');

    const repeated = { id_produto_codigo_barra: 3, codigo: code, id_produto_grade: 12, id_produto: 1 };
    await db.rows('barcode').put(repeated);
    announceRows('barcode', [repeated]);
    expect((await index.byBarcode(code))?.descricao).toBe('Camiseta Básica Algodão Preto M');
    expect((await findByBarcodeInTables(db, code))?.descricao).toBe('Camiseta Básica Algodão Preto M');

    await db.rows('barcode').delete(3);
    announceRows('barcode', [{ ...repeated, data_exclusao: '2025-01-01T00:00:00Z' }]);
    expect((await index.byBarcode(code))?.descricao).toBe('Calça Jeans Slim 40');
    await db.rows('barcode').delete(9);
    announceRows('barcode', [{ ...added, data_exclusao: '2025-01-01T00:00:00Z' }]);
    expect(await index.byBarcode(code)).toBeNull();
    expect(await findByBarcode(db, code)).toBeNull();
  });

  it('of an inactive product, or an invalid GTIN, adds nothing from memory or from the tables', async () => {
    const db = await shop();
    const inactive = gtin('789123400010');
    await db.rows('barcode').bulkPut([
      { id_produto_codigo_barra: 10, codigo: inactive, id_produto_grade: 31, id_produto: 3 },
      { id_produto_codigo_barra: 11, codigo: '7891234000027', id_produto_grade: 21, id_produto: 2 },
    ]);
    await productIndex(db).ready();
    expect(await productIndex(db).byBarcode(inactive)).toBeNull();
    expect(await findByBarcode(db, inactive)).toBeNull();
    expect(await productIndex(db).byBarcode('7891234000027')).toBeNull();
    expect(await findByBarcode(db, '7891234000027')).toBeNull();
  });

  it('is read from the tables once they hold another owner\'s rows, and the index is built again', async () => {
    const db = await shop();
    const index = productIndex(db);
    await index.ready();
    expect((await findByBarcode(db, '7891234000019'))?.preco_venda).toBe(1250);
    // Another branch: the grid table is emptied and read again, with its own prices, without announcements.
    await db.rows('grid').clear();
    await db.rows('grid').put(makeGrid(11, 1, 'Azul P', { preco_venda: '20.00' }));
    await db.updater.update('grid', { owner: 'o1:f2' });
    expect((await findByBarcode(db, '7891234000019'))?.preco_venda).toBe(2000);
    await index.ready();
    expect((await index.byBarcode('7891234000019'))?.preco_venda).toBe(2000);
  });

  it('written without an announcement yet is read from the tables', async () => {
    const db = await shop();
    await productIndex(db).ready();
    const code = gtin('789123400011');
    await db.rows('product').put(makeProduct(5, 'Meia Esportiva'));
    await db.rows('grid').put(makeGrid(51, 5, 'Única'));
    await db.rows('barcode').put({ id_produto_codigo_barra: 12, codigo: code, id_produto_grade: 51, id_produto: 5 });
    expect(await productIndex(db).byBarcode(code)).toBeNull();
    expect(await findByBarcode(db, code)).toMatchObject({ descricao: 'Meia Esportiva Única', codigo_barras: code, unidade: 'PC' });
  });
});
