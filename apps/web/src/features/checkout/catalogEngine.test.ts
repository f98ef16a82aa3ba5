/**
 * The point of sale's catalogue reads over the SQLite copy (catalogEngine.ts) against those over Dexie (catalog.ts,
 * with its product index built, as the till runs): the same rows in both, the same calls, deep-equal answers — on the
 * engine in this thread and on the engine behind the worker's host (client over a MessageChannel). Rough per-call
 * times of both are printed.
 */
import { withGtinCheckDigit } from '@pdv/domain/gtin';
import { WEIGHED_DEFAULTS, type WeighedSettings } from '@pdv/domain/weighed-barcode';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { LocalRow, PdvDatabase } from '../../db/database.ts';
import { openTestDatabase } from '../../db/testing.ts';
import { LocalDbClient } from '../../localdb/client.ts';
import type { LocalEngine } from '../../localdb/engine.ts';
import { serve } from '../../localdb/host.ts';
import { PROCEDURES } from '../../localdb/procedures.ts';
import { openMemoryEngine } from '../../localdb/testing.ts';
import { engineRunner } from '../../localdb/transaction.ts';
import * as dexie from './catalog.ts';
import * as sqlite from './catalogEngine.ts';
import { productIndex } from './search/productIndex.ts';

const gtin = (body: string) => withGtinCheckDigit(body);
const DELETED = '2026-01-01T00:00:00Z';

const product = (id: number, descricao: string, fields: LocalRow = {}): LocalRow => ({
  id_produto: id,
  descricao,
  sku: `P-${id}`,
  situacao: 'Ativo',
  preco_venda: '10.00',
  preco_atacado: '9.00',
  quantidade_atacarejo: '6',
  id_categoria: 3,
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
let stockId = 0;
const stock = (idGradeFilial: number, address: number, quantidade: string | number, fields: LocalRow = {}): LocalRow => ({
  id_estoque: ++stockId,
  id_filial: address < 10 ? 1 : 2,
  id_endereco_estoque: address,
  id_produto_grade_filial: idGradeFilial,
  quantidade,
  quantidade_reserva: '0.5',
  ...fields,
});

/** Every table the reads touch, with the cases catalog.ts tells apart. */
function fixture(extra = 0): Record<string, LocalRow[]> {
  stockId = 0;
  const products = [
    product(1, 'Camiseta Básica Algodão', { id_unidade_medida: 2 }),
    product(2, 'Calça Jeans Slim', { quantidade_atacarejo: null }),
    product(3, 'Tênis Corrida', { situacao: 'Inativo' }),
    product(4, 'Açafrão em Pó', { sku: 'TEMP-AÇA/01', id_categoria: undefined }),
    product(5, 'Bermuda Sarja', { situacao: null }),
    product(6, 'Boné Aba Reta', { sku: null, id_unidade_medida: null }),
    product(7, 'Chinelo Dedo', { data_exclusao: DELETED }),
    product(8, 'Meia São Paulo', { sku: '' }),
    product(9, 'Camisa Polo Piquet', { id_unidade_medida: 99 }),
    // Weighed products: by numeric SKU, by id, and one with two variations and a default.
    product(10, 'Banana Prata', { sku: '123', preco_venda: '29.90', id_unidade_medida: 3 }),
    product(11, 'Queijo Minas', { sku: 'QJ-MINAS', preco_venda: '45.00', id_unidade_medida: 3 }),
    product(12, 'Presunto Fatiado', { sku: '0456', id_unidade_medida: 3 }),
    product(13, 'Mortadela', { sku: '789', id_unidade_medida: 3 }),
  ];
  const grids = [
    grid(11, 1, 'Azul P'),
    grid(12, 1, 'Preto M', { preco_atacado: '11.00' }),
    grid(13, 1, 'Vermelho G', { situacao: 'Inativo' }),
    grid(14, 1, 'Verde GG', { id_produto_grade_filial: null }),
    grid(21, 2, '40'),
    grid(22, 2, '42', { data_exclusao: DELETED }),
    grid(31, 3, '41'),
    grid(41, 4, 'Padrão Único', { is_padrao: true, sku: null }),
    grid(51, 5, '38', { sku: 'BRM-38' }),
    grid(61, 6, '', { sku: '' }),
    grid(71, 7, 'Azul 40'),
    grid(81, 8, 'Cano Alto Preto'),
    grid(91, 9, 'Azul Marinho M', { preco_venda: null }),
    grid(99, 404, 'Órfã'),
    grid(100, 10, 'Geral', { is_padrao: true, preco_venda: '29.90', preco_atacado: '0' }),
    grid(110, 11, 'Geral', { is_padrao: true, preco_venda: '45.00', preco_atacado: '0' }),
    grid(120, 12, 'Geral', { is_padrao: true, preco_venda: '38.00' }),
    grid(121, 12, 'Fino', { preco_venda: '42.00' }),
    grid(130, 13, 'A'),
    grid(131, 13, 'B'),
  ];
  // Many variations of one word, for the pages.
  for (let i = 0; i < 60; i += 1) {
    products.push(product(200 + i, `Meia Cano Alto ${i}`));
    grids.push(grid(2000 + i * 2, 200 + i, 'Único', { is_padrao: true }));
    if (i % 3 === 0) grids.push(grid(2001 + i * 2, 200 + i, `Preta ${i}`));
  }
  // A larger catalogue for the timings.
  const words = ['Camisa', 'Calça', 'Blusa', 'Saia', 'Vestido', 'Jaqueta', 'Shorts', 'Meia'];
  const colours = ['Azul', 'Preto', 'Branco', 'Verde', 'Rosa'];
  const bulkCodes: LocalRow[] = [];
  const bulkStock: LocalRow[] = [];
  for (let i = 0; i < extra; i += 1) {
    const id = 10_000 + i;
    products.push(product(id, `${words[i % words.length] ?? ''} Modelo ${i} ${colours[i % colours.length] ?? ''}`));
    grids.push(grid(id, id, 'Único', { is_padrao: true }));
    bulkCodes.push(barcode(id, id, gtin(String(7_800_000_000_000 + i).slice(0, 12))));
    bulkStock.push({ id_estoque: id, id_filial: 1, id_endereco_estoque: 1, id_produto_grade_filial: id + 1000, quantidade: i % 50, quantidade_reserva: 0 });
  }
  const barcodes = [
    barcode(1, 11, gtin('789123400001')),
    barcode(2, 12, gtin('789123400002')),
    barcode(3, 21, '7891234000031'),
    barcode(4, 21, gtin('789123400004')),
    barcode(5, 91, gtin('789123400005'), { situacao: 'Inativo' }),
    barcode(6, 91, gtin('789123400006'), { data_exclusao: DELETED }),
    barcode(7, 91, gtin('789123400007')),
    barcode(8, 51, gtin('789123400008')),
    barcode(9, 61, gtin('789123400008')),
    barcode(10, 13, gtin('789123400010')),
    barcode(11, 31, gtin('789123400011')),
    barcode(12, 41, gtin('7891234')),
    barcode(13, 81, gtin('1789123400013')),
    // A code whose first row names a variation gone, the second a live one.
    barcode(14, 22, gtin('789123400014')),
    barcode(15, 12, gtin('789123400014')),
    // A code of a row with situacao null (live for the index, not for catalog.ts's tables).
    barcode(16, 61, gtin('789123400016'), { situacao: null }),
    barcode(17, 2000, gtin('789123400017')),
    ...bulkCodes,
  ];
  const stocks = [
    stock(1011, 1, 5),
    stock(1011, 2, '2.250'),
    stock(1011, 11, 7),
    stock(1012, 1, '-1', { quantidade_reserva: null }),
    stock(1012, 2, 3, { data_exclusao: DELETED }),
    stock(1021, 11, 4),
    stock(1051, 1, 9),
    stock(1100, 1, '12.345'),
    ...bulkStock,
  ];
  return {
    product: products,
    grid: grids,
    barcode: barcodes,
    stock: stocks,
    measure_unit: [
      { id_unidade_medida: 1, sigla: 'PC' },
      { id_unidade_medida: 2, sigla: 'UN' },
      { id_unidade_medida: 3, sigla: 'KG' },
    ],
    branch: [
      { id_filial: 1, nome: 'Matriz', id_tabela_preco_padrao: 1 },
      { id_filial: 2, nome: 'Loja 2' },
    ],
    config: [
      { id_filial_configuracao: 5, id_filial: 1, id_endereco_estoque_venda: 2, fuso_horario: -4, balanca_tamanho: 4 },
      { id_filial_configuracao: 9, id_filial: 1, id_endereco_estoque_venda: 1 },
    ],
    stock_address: [
      { id_endereco_estoque: 1, id_filial: 1, descricao: 'Depósito' },
      { id_endereco_estoque: 2, id_filial: 1, descricao: 'Loja' },
      { id_endereco_estoque: 11, id_filial: 2, descricao: 'Loja 2', situacao: 'Inativo' },
      { id_endereco_estoque: 12, id_filial: 2, descricao: 'Fundos' },
    ],
    fiscal_scenario: [
      { id_cenario_fiscal: 1, tipo: 'Compra', default: true },
      { id_cenario_fiscal: 2, tipo: 'Venda', default: false },
      { id_cenario_fiscal: 3, tipo: 'Venda', is_padrao: true },
      { id_cenario_fiscal: 4, tipo: 'Venda', default: true, data_exclusao: DELETED },
    ],
    fiscal_series: [
      { id_serie_fiscal: 1, id_filial: 1, codigo_modelo: '65', situacao: 'Ativo' },
      { id_serie_fiscal: 2, id_filial: 1, codigo_modelo: 55, situacao: 'Inativo' },
      { id_serie_fiscal: 3, id_filial: 1, codigo_modelo: '65', situacao: 'Ativo', data_exclusao: DELETED },
      { id_serie_fiscal: 4, id_filial: 2, codigo_modelo: '65', situacao: 'Ativo' },
    ],
    user: [
      { id_usuario: 1, nome: 'Zélia', email: 'z@x.com', is_vendedor: true, filiais: [{ id_filial: 1 }] },
      { id_usuario: 2, nome: 'Ádamo', email: '', is_vendedor: true },
      { id_usuario: 3, nome: 'Bruno', is_vendedor: false },
      { id_usuario: 4, nome: 'Carla', is_vendedor: true, filiais: [{ id_filial: 2 }] },
      { id_usuario: 5, nome: 'Davi', is_vendedor: true, situacao: 'Inativo' },
    ],
    method_payment: [
      { id_meio_pagamento: 1, descricao: 'Pix', meio_pagamento: 'Pix', situacao: 'Ativo' },
      { id_meio_pagamento: 2, descricao: 'Dinheiro', meio_pagamento: 'Dinheiro', situacao: 'Ativo', filiais: [] },
      { id_meio_pagamento: 3, descricao: 'Crédito', meio_pagamento: 'Cartao', situacao: 'Ativo', filiais: [{ id_filial: 2 }] },
      { id_meio_pagamento: 4, descricao: 'Boleto', meio_pagamento: 'Boleto', situacao: 'Inativo' },
      { id_meio_pagamento: 5, descricao: 'Cheque', meio_pagamento: 'Cheque', situacao: 'Ativo', filiais: [{ id_filial: 1 }] },
    ],
    card_operator: [
      { id_operadora_cartao: 1, descricao: 'Stone' },
      { id_operadora_cartao: 2, descricao: 'Cielo', data_exclusao: DELETED },
    ],
    installments: [
      { id_parcelamento: 1, descricao: '3x', parcelas: 3 },
      { id_parcelamento: 2, descricao: '6x', parcelas: 6, situacao: 'Inativo' },
    ],
    account: [
      { id_conta: 1, descricao: 'Caixa' },
      { id_conta: 2, nome: 'Banco do Brasil' },
      { id_conta: 3 },
      { id_conta: 4, descricao: 'Antiga', data_exclusao: DELETED },
    ],
    table_price: [
      { id_tabela_preco: 1, situacao: 'Ativo', tipo_aplicado: 'Desconto', tipo_valor: 'Percentual', valor_varejo: '5', valor_atacado: 0,
        filiais: [{ id_filial: 1 }], itens: [{ id_categoria: 3, tipo_aplicado: 'Acrescimo', tipo_valor: 'Valor', valor_varejo: '1.5', valor_atacado: '1' }] },
      { id_tabela_preco: 2, situacao: 'Ativo', valor_varejo: '10', filiais: [], itens: [{ id_produto_grade_filial: 1011, valor_varejo: 2 }] },
      { id_tabela_preco: 3, data_exclusao: DELETED },
    ],
    promotion: [
      { id_promocao: 9, situacao: 'Ativo', data_inicio: '2026-01-01T00:00:00Z', data_fim: '2026-12-31', is_cashback: true,
        categorias: [{ id_categoria: 3, tipo: 'Percentual', venda: 10, atacado: 5 }], produtos: [{ id_produto_grade_filial: 1012, tipo: 'Valor', venda: '2.5' }] },
      { id_promocao: 10, situacao: 'Inativo', data_inicio: '2026-02-01', data_fim: '2026-02-28', is_gestao: false },
    ],
    people: [
      { id_pessoa: 1, nome: 'João da Silva', apelido: 'Jão', cpf: '12345678901', situacao: 'Ativo' },
      { id_pessoa: 2, nome: 'Transportes Ágil', cnpj: '11222333000144', is_transportadora: true, situacao: 'Ativo' },
      { id_pessoa: 3, nome: 'Maria José', apelido: 'Zezé', cpf: '98765432100', situacao: 'Inativo' },
      { id_pessoa: 4, nome: 'Rápido Cargas', apelido: 'RC', cnpj: '55666777000188', is_transportadora: 1 },
      { id_pessoa: 5, nome: 'José Souza', cpf: '12345678901' },
      ...Array.from({ length: 15 }, (_, i) => ({ id_pessoa: 100 + i, nome: `Cliente Silva ${i}`, is_transportadora: i % 4 === 0 })),
    ],
  };
}

/** The same reads, over either store. */
interface Reads {
  findByBarcode(code: string): Promise<unknown>;
  findByBarcodeInTables(code: string): Promise<unknown>;
  hitOfGrid(id: number): Promise<unknown>;
  findWeighed(code: string, settings: WeighedSettings): Promise<unknown>;
  searchProducts(text: string, page: number): Promise<unknown>;
  stockOf(idGradeFilial: number, address: number): Promise<unknown>;
  loadSaleContext(idFilial: number): Promise<unknown>;
  loadPaymentOptions(idFilial: number): Promise<unknown>;
  loadSellers(idFilial: number): Promise<unknown>;
  loadAccounts(): Promise<unknown>;
  loadPricing(idFilial: number): Promise<unknown>;
  searchCarriers(text: string): Promise<unknown>;
  findCarrier(id: number): Promise<unknown>;
  searchPeople(text: string): Promise<unknown>;
}

const dexieReads = (db: PdvDatabase): Reads => ({
  findByBarcode: (code) => dexie.findByBarcode(db, code),
  findByBarcodeInTables: (code) => dexie.findByBarcodeInTables(db, code),
  hitOfGrid: (id) => dexie.hitOfGrid(db, id),
  findWeighed: (code, settings) => dexie.findWeighed(db, code, settings),
  searchProducts: (text, page) => dexie.searchProducts(db, text, page),
  stockOf: (id, address) => dexie.stockOf(db, id, address),
  loadSaleContext: (id) => dexie.loadSaleContext(db, id),
  loadPaymentOptions: (id) => dexie.loadPaymentOptions(db, id),
  loadSellers: (id) => dexie.loadSellers(db, id),
  loadAccounts: () => dexie.loadAccounts(db),
  loadPricing: (id) => dexie.loadPricingOf(db, id),
  searchCarriers: (text) => dexie.searchCarriers(db, text),
  findCarrier: (id) => dexie.findCarrier(db, id),
  searchPeople: (text) => dexie.searchPeople(db, text),
});

const sqliteReads = (db: sqlite.CatalogSource): Reads => ({
  findByBarcode: (code) => sqlite.findByBarcode(db, code),
  findByBarcodeInTables: (code) => sqlite.findByBarcodeInTables(db, code),
  hitOfGrid: (id) => sqlite.hitOfGrid(db, id),
  findWeighed: (code, settings) => sqlite.findWeighed(db, code, settings),
  searchProducts: (text, page) => sqlite.searchProducts(db, text, page),
  stockOf: (id, address) => sqlite.stockOf(db, id, address),
  loadSaleContext: (id) => sqlite.loadSaleContext(db, id),
  loadPaymentOptions: (id) => sqlite.loadPaymentOptions(db, id),
  loadSellers: (id) => sqlite.loadSellers(db, id),
  loadAccounts: () => sqlite.loadAccounts(db),
  loadPricing: (id) => sqlite.loadPricing(db, id),
  searchCarriers: (text) => sqlite.searchCarriers(db, text),
  findCarrier: (id) => sqlite.findCarrier(db, id),
  searchPeople: (text) => sqlite.searchPeople(db, text),
});

/** The engine in this thread as a CatalogSource: every answer through structured clone, as the worker's would be. */
function engineSource(engine: LocalEngine): sqlite.CatalogSource {
  const answer = <T>(fn: () => T): Promise<T> => {
    try {
      return Promise.resolve(structuredClone(fn()));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const runner = engineRunner(engine);
  return {
    searchVariations: (text, offset, limit) => answer(() => engine.searchVariations(text, offset, limit)),
    get: (table, key) => answer(() => engine.get(table, key)),
    where: (table, field, value, limit) => answer(() => engine.where(table, field, value, limit)),
    all: (table, limit) => answer(() => engine.all(table, limit)),
    transact: (procedure, ...args) => runner.transact(procedure, ...args),
  };
}

const opened: PdvDatabase[] = [];
const engines: LocalEngine[] = [];
const clients: LocalDbClient[] = [];
const channels: MessageChannel[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
  for (const engine of engines.splice(0)) {
    try {
      engine.close();
    } catch {
      // Closed by its client already.
    }
  }
  for (const db of opened.splice(0)) {
    productIndex(db).close();
    await db.delete();
  }
});

async function loadDexie(rows: Record<string, LocalRow[]>): Promise<PdvDatabase> {
  const db = openTestDatabase();
  opened.push(db);
  for (const [table, list] of Object.entries(rows)) await db.rows(table).bulkPut(list);
  // The till builds its index when it opens: its answers are the ones to match.
  await productIndex(db).ready();
  return db;
}

async function loadEngine(rows: Record<string, LocalRow[]>): Promise<LocalEngine> {
  const engine = await openMemoryEngine();
  engines.push(engine);
  engine.beginLoad(Object.keys(rows));
  for (const [table, list] of Object.entries(rows)) engine.bulkPut(table, list);
  engine.endLoad();
  return engine;
}

async function hostClient(engine: LocalEngine): Promise<LocalDbClient> {
  const channel = new MessageChannel();
  channels.push(channel);
  serve(channel.port2, () => Promise.resolve(engine), PROCEDURES);
  const client = new LocalDbClient(channel.port1);
  clients.push(client);
  channel.port1.start();
  channel.port2.start();
  await client.open();
  return client;
}

const CODES = [
  gtin('789123400001'),
  gtin('789123400002'),
  gtin('789123400004'),
  gtin('789123400005'),
  gtin('789123400007'),
  gtin('789123400008'),
  gtin('789123400010'),
  gtin('789123400011'),
  gtin('789123400014'),
  gtin('789123400016'),
  gtin('789123400017'),
  gtin('7891234'),
  gtin('1789123400013'),
  gtin('789999999999'),
  '7891234000031',
  '78912340',
  'abc',
  '',
];

const QUERIES = [
  ...CODES,
  'camiseta',
  'CAMISETA preto',
  'cam az',
  'algodao azul',
  'algodão AZUL p',
  'calça 40',
  'calca 42',
  'tenis',
  'acafrao',
  'AÇAFRÃO pó',
  'temp-aca',
  'padrao',
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
  'g-12',
  'g',
  '40',
  'polo azul marinho',
  'órfã',
  'banana',
  '123',
  '  camiseta  ',
  '   ',
  '-',
  '"*',
  'camiseta OR calca',
];

const VARIANT = { ...WEIGHED_DEFAULTS, tipo: 'Peso' } as const;
const WEIGHED: Array<[string, WeighedSettings]> = [
  ['2012300012346', WEIGHED_DEFAULTS],
  [gtin('200110001500'), VARIANT],
  [gtin('200110001500'), { ...WEIGHED_DEFAULTS, identificador: '0' }],
  [gtin('204560002000'), WEIGHED_DEFAULTS],
  [gtin('207890002000'), WEIGHED_DEFAULTS],
  [gtin('200030001000'), WEIGHED_DEFAULTS],
  [gtin('209990001234'), WEIGHED_DEFAULTS],
  [gtin('789123400001'), WEIGHED_DEFAULTS],
  ['123', WEIGHED_DEFAULTS],
];

/** Every call of the brief, as [label, call]. */
function calls(): Array<[string, (reads: Reads) => Promise<unknown>]> {
  const list: Array<[string, (reads: Reads) => Promise<unknown>]> = [];
  for (const code of CODES) {
    list.push([`findByBarcode ${code}`, (r) => r.findByBarcode(code)]);
    list.push([`findByBarcodeInTables ${code}`, (r) => r.findByBarcodeInTables(code)]);
  }
  for (const query of QUERIES) for (const page of [0, 1, 2]) list.push([`searchProducts ${JSON.stringify(query)} ${page}`, (r) => r.searchProducts(query, page)]);
  for (const [code, settings] of WEIGHED) list.push([`findWeighed ${code} ${JSON.stringify(settings)}`, (r) => r.findWeighed(code, settings)]);
  for (const id of [11, 12, 13, 14, 21, 22, 31, 41, 51, 61, 91, 99, 100, 121, 404]) list.push([`hitOfGrid ${id}`, (r) => r.hitOfGrid(id)]);
  for (const [id, address] of [[1011, 1], [1011, 2], [1011, 11], [1012, 1], [1012, 2], [1013, 1], [1100, 1]] as const) {
    list.push([`stockOf ${id} ${address}`, (r) => r.stockOf(id, address)]);
  }
  for (const branch of [1, 2, 3]) {
    list.push([`loadSaleContext ${branch}`, (r) => r.loadSaleContext(branch)]);
    list.push([`loadPaymentOptions ${branch}`, (r) => r.loadPaymentOptions(branch)]);
    list.push([`loadSellers ${branch}`, (r) => r.loadSellers(branch)]);
    list.push([`loadPricing ${branch}`, (r) => r.loadPricing(branch)]);
  }
  list.push(['loadAccounts', (r) => r.loadAccounts()]);
  for (const text of ['', 'agil', 'RÁPIDO', 'silva', '11222333000144', 'nada']) list.push([`searchCarriers ${text}`, (r) => r.searchCarriers(text)]);
  for (const id of [1, 2, 4, 100, 999]) list.push([`findCarrier ${id}`, (r) => r.findCarrier(id)]);
  for (const text of ['', 'joao', 'jão', 'silva', 'zeze', '123.456.789-01', '98765432100', '11.222.333/0001-44', '00000000000', 'SOUZA jose']) {
    list.push([`searchPeople ${text}`, (r) => r.searchPeople(text)]);
  }
  return list;
}

const timings: string[] = [];
/** Products added to the catalogue of the timings. */
const BULK = 5000;
afterAll(() => {
  if (timings.length > 0) console.info(`Catalogue reads, ${BULK} more products, median per call, mean over the calls of a kind (Node, in memory):\n${timings.join('\n')}`);
});

async function timeCalls(reads: Reads, list: ReturnType<typeof calls>, rounds: number): Promise<Map<string, number>> {
  const byKind = new Map<string, number>();
  // Once first: statements prepared, caches warm.
  for (const [, call] of list) await call(reads);
  for (const [label, call] of list) {
    const kind = label.split(' ')[0] ?? label;
    const samples: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const start = performance.now();
      await call(reads);
      samples.push(performance.now() - start);
    }
    // The median of the rounds (a collection of garbage or another process in one round does not count).
    samples.sort((a, b) => a - b);
    byKind.set(kind, (byKind.get(kind) ?? 0) + (samples[Math.floor(rounds / 2)] ?? 0));
  }
  const counts = new Map<string, number>();
  for (const [label] of list) counts.set(label.split(' ')[0] ?? label, (counts.get(label.split(' ')[0] ?? label) ?? 0) + 1);
  return new Map([...byKind].map(([kind, total]) => [kind, total / (counts.get(kind) ?? 1)]));
}

describe('the catalogue reads of the point of sale over the SQLite copy', () => {
  it('answer as catalog.ts over Dexie does, on the engine in this thread and through the worker host', async () => {
    const rows = fixture();
    const db = await loadDexie(rows);
    const engine = await loadEngine(rows);
    const stores: Array<[string, Reads]> = [
      ['engine', sqliteReads(engineSource(engine))],
      ['host', sqliteReads(await hostClient(engine))],
    ];
    const expected = dexieReads(db);
    let found = 0;
    const list = calls();
    for (const [label, call] of list) {
      const want = await call(expected);
      if (want !== null && !(Array.isArray(want) && want.length === 0) && !(typeof want === 'object' && 'hits' in want && (want.hits as unknown[]).length === 0)) found += 1;
      for (const [name, reads] of stores) expect(await call(reads), `${name}: ${label}`).toEqual(want);
    }
    // The comparison is mostly of answers that hold something.
    expect(list.length).toBeGreaterThan(200);
    expect(found).toBeGreaterThan(110);
  }, 60_000);

  it('reads a scanned line with its unit and the stock of every address, and a word search without them', async () => {
    const rows = fixture();
    const engine = await loadEngine(rows);
    const source = engineSource(engine);
    expect(await sqlite.findByBarcode(source, gtin('789123400001'))).toMatchObject({
      id_produto_grade: 11,
      descricao: 'Camiseta Básica Algodão Azul P',
      unidade: 'UN',
      preco_venda: 1250,
      preco_atacado: 900,
      quantidade_atacarejo: 6000,
      estoque: { 1: { quantidade: 5000, quantidade_reserva: 500 }, 2: { quantidade: 2250, quantidade_reserva: 500 }, 11: { quantidade: 7000 } },
    });
    // A branch without a stock row for the variation: an empty record, not an error.
    expect(await sqlite.findByBarcode(source, gtin('789123400017'))).toMatchObject({ id_produto_grade: 2000, estoque: {} });
    const page = await sqlite.searchProducts(source, 'camiseta', 0);
    expect(page.hits.map((h) => [h.id_produto_grade, h.unidade, h.estoque])).toEqual([
      [11, null, undefined],
      [12, null, undefined],
    ]);
    expect(await sqlite.findWeighed(source, '2012300012346', WEIGHED_DEFAULTS)).toMatchObject({ id_produto: 10, quantidade: 413, unidade: 'KG' });
  });

  it('takes rows written after the load as Dexie and its index do', async () => {
    const rows = fixture();
    const db = await loadDexie(rows);
    const engine = await loadEngine(rows);
    const writes: Array<[string, LocalRow[]]> = [
      ['product', [product(1, 'Camiseta Básica Algodão', { situacao: 'Inativo' }), product(2, 'Bermuda Jeans')]],
      ['grid', [grid(21, 2, '44', { preco_venda: '99.90' })]],
      ['stock', [{ ...stock(1021, 1, 8), id_estoque: 500 }]],
      ['config', [{ id_filial_configuracao: 5, id_filial: 1, id_endereco_estoque_venda: 1 }]],
    ];
    const { announceRows } = await import('./search/catalogChanges.ts');
    for (const [table, list] of writes) {
      await db.rows(table).bulkPut(list);
      if (table === 'product' || table === 'grid' || table === 'barcode') announceRows(table, list);
      engine.bulkPut(table, list);
    }
    const expected = dexieReads(db);
    const reads = sqliteReads(engineSource(engine));
    const checks: Array<(r: Reads) => Promise<unknown>> = [
      (r) => r.findByBarcode(gtin('789123400001')),
      (r) => r.findByBarcode(gtin('789123400004')),
      (r) => r.searchProducts('bermuda', 0),
      (r) => r.searchProducts('camiseta', 0),
      (r) => r.searchProducts('jeans 44', 0),
      (r) => r.loadSaleContext(1),
    ];
    for (const check of checks) expect(await check(reads)).toEqual(await check(expected));
  });

  it('measures rough per-call times on both stores', async () => {
    const rows = fixture(BULK);
    const db = await loadDexie(rows);
    const engine = await loadEngine(rows);
    const list = calls();
    const rounds = 7;
    const dexieTimes = await timeCalls(dexieReads(db), list, rounds);
    const engineTimes = await timeCalls(sqliteReads(engineSource(engine)), list, rounds);
    const hostTimes = await timeCalls(sqliteReads(await hostClient(engine)), list, rounds);
    for (const [kind, ms] of dexieTimes) {
      timings.push(
        `${kind.padEnd(22)} Dexie ${ms.toFixed(3)} ms · engine ${(engineTimes.get(kind) ?? 0).toFixed(3)} ms · host ${(hostTimes.get(kind) ?? 0).toFixed(3)} ms`,
      );
    }
    expect(timings.length).toBeGreaterThan(5);
  }, 120_000);
});
