/**
 * The engine's variation search (searchVariations) against the point of sale's search of today (catalog.ts
 * searchProducts over the in-memory index of search/productIndex.ts): the same rows in both, the same queries, the
 * same variations in the same order, the same barcode shown and the same pages.
 */
import { withGtinCheckDigit } from '@pdv/domain/gtin';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalRow, PdvDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/testing.ts';
import { PAGE_SIZE, searchProducts } from '../features/checkout/catalog.ts';
import { announceRows } from '../features/checkout/search/catalogChanges.ts';
import { productIndex } from '../features/checkout/search/productIndex.ts';
import type { LocalEngine } from './engine.ts';
import { openMemoryEngine } from './testing.ts';

const opened: PdvDatabase[] = [];
const engines: LocalEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) engine.close();
  for (const db of opened.splice(0)) {
    productIndex(db).close();
    await db.delete();
  }
});

const gtin = (body: string) => withGtinCheckDigit(body);
const product = (id: number, descricao: string, fields: LocalRow = {}): LocalRow => ({
  id_produto: id,
  descricao,
  sku: `P-${id}`,
  situacao: 'Ativo',
  preco_venda: '10.00',
  preco_atacado: '9.00',
  id_unidade_medida: 1,
  data_exclusao: null,
  ...fields,
});
const grid = (id: number, id_produto: number, descricao: string | null, fields: LocalRow = {}): LocalRow => ({
  id_produto_grade: id,
  id_produto_grade_filial: id + 1000,
  id_produto,
  descricao,
  sku: `G-${id}`,
  is_padrao: false,
  situacao: 'Ativo',
  preco_venda: '12.50',
  data_alteracao: '2026-03-10T12:00:00.123Z',
  data_exclusao: null,
  ...fields,
});
const barcode = (id: number, id_produto_grade: number, codigo: string, fields: LocalRow = {}): LocalRow => ({
  id_produto_codigo_barra: id,
  id_produto_grade,
  id_produto: 0,
  codigo,
  situacao: 'Ativo',
  data_exclusao: null,
  ...fields,
});

/** A catalogue with every case the point of sale's search tells apart. */
function catalogue(): Record<'product' | 'grid' | 'barcode' | 'stock', LocalRow[]> {
  const products = [
    product(1, 'Camiseta Básica Algodão'),
    product(2, 'Calça Jeans Slim'),
    product(3, 'Tênis Corrida', { situacao: 'Inativo' }),
    product(4, 'Açafrão em Pó', { sku: 'TEMP-AÇA/01' }),
    product(5, 'Bermuda Sarja', { situacao: null }),
    product(6, 'Boné Aba Reta', { sku: null }),
    product(7, 'Chinelo Dedo', { data_exclusao: '2026-01-01T00:00:00Z' }),
    product(8, 'Meia São Paulo', { sku: '' }),
    product(9, 'Camisa Polo Piquet'),
  ];
  const grids = [
    grid(11, 1, 'Azul P'),
    grid(12, 1, 'Preto M'),
    grid(13, 1, 'Vermelho G', { situacao: 'Inativo' }),
    grid(14, 1, 'Verde GG', { id_produto_grade_filial: null }),
    grid(21, 2, '40'),
    grid(22, 2, '42', { data_exclusao: '2026-01-01T00:00:00Z' }),
    grid(31, 3, '41'),
    grid(41, 4, 'Padrão Único', { is_padrao: true, sku: null }),
    grid(51, 5, '38', { sku: 'BRM-38' }),
    grid(61, 6, '', { sku: '' }),
    grid(71, 7, 'Azul 40'),
    grid(81, 8, 'Cano Alto Preto'),
    grid(91, 9, 'Azul Marinho M', { preco_venda: null }),
    grid(99, 404, 'Órfã'),
  ];
  // Many variations of one word, for the pages.
  for (let i = 0; i < 60; i += 1) {
    products.push(product(100 + i, `Meia Cano Alto ${i}`));
    grids.push(grid(1000 + i * 2, 100 + i, 'Único', { is_padrao: true }));
    if (i % 3 === 0) grids.push(grid(1001 + i * 2, 100 + i, `Preta ${i}`));
  }
  const barcodes = [
    barcode(1, 11, gtin('789123400001')),
    barcode(2, 12, gtin('789123400002')),
    // An invalid GTIN first, then a valid one: the valid one is shown.
    barcode(3, 21, '7891234000031'),
    barcode(4, 21, gtin('789123400004')),
    // Inactive, then deleted, then valid.
    barcode(5, 91, gtin('789123400005'), { situacao: 'Inativo' }),
    barcode(6, 91, gtin('789123400006'), { data_exclusao: '2026-01-01T00:00:00Z' }),
    barcode(7, 91, gtin('789123400007')),
    // The same code twice: the lowest key names the variation.
    barcode(8, 51, gtin('789123400008')),
    barcode(9, 61, gtin('789123400008')),
    // A code of an inactive variation, and of an inactive product: found by words instead (none).
    barcode(10, 13, gtin('789123400010')),
    barcode(11, 31, gtin('789123400011')),
    // GTIN-8 and GTIN-14.
    barcode(12, 41, gtin('7891234')),
    barcode(13, 81, gtin('1789123400013')),
  ];
  const stock = [
    { id_estoque: 1, id_filial: 1, id_endereco_estoque: 1, id_produto_grade_filial: 1011, quantidade: 5, quantidade_reserva: 0 },
    { id_estoque: 2, id_filial: 1, id_endereco_estoque: 2, id_produto_grade_filial: 1011, quantidade: 2, quantidade_reserva: 0 },
  ];
  return { product: products, grid: grids, barcode: barcodes, stock };
}

const QUERIES = [
  'camiseta',
  'CAMISETA preto',
  'cam az',
  'algodao azul',
  'algodão AZUL p',
  'calca',
  'calça 40',
  'calca 42',
  'tenis',
  'acafrao',
  'AÇAFRÃO pó',
  'temp-aca',
  'temp aca 01',
  'padrao',
  'unico',
  'bermuda',
  'brm-38',
  'bone',
  'chinelo',
  'meia',
  'meia cano',
  'meia preta',
  'meia cano alto 5',
  'sao paulo preto',
  'p-1',
  'P-2',
  'g-12',
  'g-1',
  'g',
  'c',
  '40',
  'polo azul marinho',
  'azul',
  'órfã',
  gtin('789123400001'),
  gtin('789123400002'),
  gtin('789123400004'),
  gtin('789123400007'),
  gtin('789123400005'),
  gtin('789123400008'),
  gtin('789123400010'),
  gtin('789123400011'),
  gtin('7891234'),
  gtin('1789123400013'),
  '7891234000031',
  '78912340',
  '  camiseta  ',
  '',
  '   ',
  '-',
  '"*',
  'camiseta OR calca',
  'NEAR(camiseta)',
];

async function both(load: 'bulk' | 'rows'): Promise<{ db: PdvDatabase; engine: LocalEngine }> {
  const rows = catalogue();
  const db = openTestDatabase();
  opened.push(db);
  await db.rows('measure_unit').put({ id_unidade_medida: 1, sigla: 'PC' });
  for (const [table, list] of Object.entries(rows)) await db.rows(table).bulkPut(list);
  await productIndex(db).ready();
  const engine = await openMemoryEngine();
  engines.push(engine);
  if (load === 'bulk') engine.beginLoad(Object.keys(rows));
  // Variations before their products (the order of a sync is not the tables' order).
  for (const table of ['grid', 'barcode', 'stock', 'product'] as const) engine.bulkPut(table, rows[table]);
  if (load === 'bulk') engine.endLoad();
  return { db, engine };
}

/** What both answer for a page: the variations' keys in order, the code shown and whether more follow. */
async function fromIndex(db: PdvDatabase, query: string, page: number) {
  const { hits, more } = await searchProducts(db, query, page);
  return { hits: hits.map((hit) => [hit.id_produto_grade, hit.codigo_barras]), more };
}
function fromEngine(engine: LocalEngine, query: string, page: number) {
  const { rows, more } = engine.searchVariations(query, page * PAGE_SIZE, PAGE_SIZE);
  return { hits: rows.map((row) => [row.grid['id_produto_grade'], row.codigo_barras]), more };
}

async function expectSame(db: PdvDatabase, engine: LocalEngine, queries: readonly string[]): Promise<number> {
  let nonEmpty = 0;
  for (const query of queries) {
    for (const page of [0, 1, 2]) {
      const expected = await fromIndex(db, query, page);
      expect(fromEngine(engine, query, page), `${JSON.stringify(query)}, page ${page}`).toEqual(expected);
      if (expected.hits.length > 0) nonEmpty += 1;
    }
  }
  return nonEmpty;
}

describe('the variation search of the local copy', () => {
  it('finds what the point of sale finds today, in the same order, for rows loaded in bulk or written one page at a time', async () => {
    for (const load of ['bulk', 'rows'] as const) {
      const { db, engine } = await both(load);
      // Most queries find something (the comparison is not of empty lists).
      expect(await expectSame(db, engine, QUERIES)).toBeGreaterThan(40);
    }
  });

  it('gives the variation its rows: grid, product, the code shown and the stock of the branch row', async () => {
    const { engine } = await both('bulk');
    const [row] = engine.searchVariations('algodao azul').rows;
    expect(row?.grid['id_produto_grade']).toBe(11);
    expect(row?.product['id_produto']).toBe(1);
    expect(row?.codigo_barras).toBe(gtin('789123400001'));
    expect(row?.stock.map((s) => s['id_estoque'])).toEqual([1, 2]);
    const scanned = engine.searchVariations(gtin('789123400008'));
    expect(scanned.rows.map((r) => [r.grid['id_produto_grade'], r.codigo_barras])).toEqual([[51, gtin('789123400008')]]);
  });

  it('follows the rows written after the load, as the index follows the announced ones', async () => {
    const { db, engine } = await both('bulk');
    const changes: Array<[string, LocalRow[]]> = [
      ['product', [product(2, 'Bermuda Jeans'), product(3, 'Tênis Corrida'), product(1, 'Camiseta', { situacao: 'Inativo' })]],
      ['grid', [grid(13, 1, 'Vermelho G'), grid(12, 9, 'Preto M'), grid(21, 2, '44'), grid(5000, 5, 'Cinza')]],
      ['grid', [{ ...grid(11, 1, 'Azul P'), data_exclusao: '2026-02-01T00:00:00Z' }]],
      ['barcode', [barcode(4, 21, gtin('789123400004'), { situacao: 'Inativo' }), barcode(14, 5000, gtin('789123400014'))]],
      ['product', [product(1, 'Camiseta Básica Algodão')]],
    ];
    for (const [table, rows] of changes) {
      const live = rows.filter((row) => !row['data_exclusao']);
      const key = table === 'product' ? 'id_produto' : table === 'grid' ? 'id_produto_grade' : 'id_produto_codigo_barra';
      await db.rows(table).bulkPut(live);
      await db.rows(table).bulkDelete(rows.filter((row) => row['data_exclusao']).map((row) => row[key] as number));
      announceRows(table, rows);
      engine.bulkPut(table, rows);
    }
    const queries = [...QUERIES, 'bermuda jeans', 'bermuda 44', 'cinza', 'vermelho', 'polo preto m', gtin('789123400014')];
    expect(await expectSame(db, engine, queries)).toBeGreaterThan(40);
  });
});
