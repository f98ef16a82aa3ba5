/**
 * What the point of sale reads from the local copy: products by barcode, SKU or description, their stock, and the
 * branch's selling context (configuration, sale stock address, default fiscal scenario, series, payment methods,
 * card operators, installment plans, customers). Rows are as the server sent them (sources.ts): amounts decimal.
 */
import type { PdvDatabase, LocalRow } from '../../db/database.ts';
import { engineOf, type LocalCopy } from '../../db/localCopy.ts';
import * as engine from './catalogEngine.ts';
import { isValidGtin } from '@pdv/domain/gtin';
import { fromDecimal, quantityFromDecimal, type Cents, type Milli } from '@pdv/domain/money';
import type { FiscalSeries } from '@pdv/domain/sale-validation';
import { OWNER_TABLES, ownersOf, productIndex, type BarcodeHit } from './search/productIndex.ts';
import { fold } from './search/textIndex.ts';
import { variationDescription } from '@pdv/domain/variation';
import { parseWeighedBarcode, weighedCodeCandidates, weighedQuantity, type WeighedSettings } from '@pdv/domain/weighed-barcode';
import { loadPricing, type LocalPricing } from './pricing.ts';

export const PAGE_SIZE = 25;

export interface ProductHit {
  /** The variation (local key of the grid table). */
  id_produto_grade: number;
  id_produto_grade_filial: number;
  id_produto: number;
  descricao: string;
  sku: string | null;
  codigo_barras: string | null;
  unidade: string | null;
  preco_venda: Cents;
  preco_atacado: Cents;
  quantidade_atacarejo: Milli | null;
  /** The product's category: price tables and promotions may price by it (absent: read before it was kept). */
  id_categoria?: number | null;
  /** The version of the prices: the branch grid row's data_alteracao (versao_preco of the sale's line). */
  versao_preco: string | null;
  /** The variation's stock per address, when it was read with the product (a scanned barcode). */
  estoque?: Record<number, StockRecord>;
  /** The quantity a scanned weighed product's barcode carries (findWeighed), in thousandths; else one unit. */
  quantidade?: Milli;
}

export interface StockRecord {
  quantidade: Milli;
  quantidade_reserva: Milli;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : null);
/** A text field of a row ('' when missing). */
export const textOf = (row: LocalRow, key: string): string => {
  const value = row[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
};
const live = (row: LocalRow) => !row['data_exclusao'] && (row['situacao'] === undefined || row['situacao'] === 'Ativo');
const cents = (v: unknown): Cents => fromDecimal(num(v) ?? 0);

/** The line a variation makes: its product's name (plus its own, unless default), SKU, first valid GTIN, prices. */
function hitFrom(product: LocalRow, grid: LocalRow, barcode: string | null, unit: LocalRow | undefined): ProductHit | null {
  const id = num(grid['id_produto_grade_filial']);
  if (id === null || !live(grid) || !live(product)) return null;
  const name = str(product['descricao']) ?? '';
  const quantidade = num(product['quantidade_atacarejo']);
  return {
    id_produto_grade: num(grid['id_produto_grade']) ?? 0,
    id_produto_grade_filial: id,
    id_produto: num(product['id_produto']) ?? 0,
    descricao: variationDescription(name, { descricao: str(grid['descricao']), is_padrao: grid['is_padrao'] === true }),
    sku: str(grid['sku']) ?? str(product['sku']),
    codigo_barras: barcode,
    unidade: str(unit?.['sigla']),
    preco_venda: cents(grid['preco_venda'] ?? product['preco_venda']),
    preco_atacado: cents(grid['preco_atacado'] ?? product['preco_atacado']),
    quantidade_atacarejo: quantidade ? quantityFromDecimal(quantidade) : null,
    id_categoria: num(product['id_categoria']),
    versao_preco: str(grid['data_alteracao']),
  };
}

async function unitOf(db: PdvDatabase, product: LocalRow): Promise<LocalRow | undefined> {
  const id = num(product['id_unidade_medida']);
  return id === null ? undefined : db.rows('measure_unit').get(id);
}

/**
 * 000 §5: a barcode is used only when it is a valid GTIN. A scanner's Enter waits for nothing else: the code's line
 * comes from the product search's index in memory when it is built (it holds the barcode, grid and product rows as the
 * sync wrote and announced them), and only the variation's stock and its unit are read, in one read transaction of
 * parallel lookups that also checks whose rows the tables hold. Before the index is built, when it does not know the
 * code, or when the tables now hold another owner's rows (another branch: the index is built again), the tables are
 * read (findByBarcodeInTables).
 */
async function findByBarcodeInDexie(db: PdvDatabase, code: string): Promise<ProductHit | null> {
  if (!isValidGtin(code)) return null;
  let indexed: BarcodeHit | null = null;
  try {
    indexed = await productIndex(db).byBarcode(code);
  } catch (error) {
    // The index failing never stops a sale: reported, and the tables answer.
    console.error('Falha no índice de produtos', error);
  }
  return (indexed && (await withStockAndUnit(db, indexed))) ?? findByBarcodeInTablesInDexie(db, code);
}

/**
 * A line found in memory, with its unit and its stock per address as the local copy has them now; null when the
 * product or grid table no longer holds the rows the index was built from (it is told to build again).
 */
async function withStockAndUnit(db: PdvDatabase, indexed: BarcodeHit): Promise<ProductHit | null> {
  const { id_unidade_medida, owners, ...hit } = indexed;
  const [unit, rows, updaters] = await db.transaction('r', [db.rows('measure_unit'), db.rows('stock'), db.updater], () =>
    Promise.all([
      id_unidade_medida === null ? undefined : db.rows('measure_unit').get(id_unidade_medida),
      db.rows('stock').where('id_produto_grade_filial').equals(hit.id_produto_grade_filial).toArray(),
      db.updater.bulkGet(OWNER_TABLES),
    ]),
  );
  if (ownersOf(updaters) !== owners) {
    productIndex(db)
      .checkOwners()
      .catch((error: unknown) => console.error('Falha ao verificar o índice de produtos', error));
    return null;
  }
  return { ...hit, unidade: str(unit?.['sigla']), estoque: stockByAddress(rows) };
}

function stockByAddress(rows: LocalRow[]): Record<number, StockRecord> {
  const estoque: Record<number, StockRecord> = {};
  for (const row of rows) if (!row['data_exclusao']) estoque[row['id_endereco_estoque'] as number] = stockRecord(row);
  return estoque;
}

/**
 * findByBarcode from the tables: index lookups only (barcode.codigo, then the keys of grid, product and unit, and the
 * variation's stock by stock.id_produto_grade_filial), in one read transaction.
 */
async function findByBarcodeInTablesInDexie(db: PdvDatabase, code: string): Promise<ProductHit | null> {
  if (!isValidGtin(code)) return null;
  const tables = ['barcode', 'grid', 'product', 'measure_unit', 'stock'].map((name) => db.rows(name));
  return db.transaction('r', tables, async () => {
    const barcode = (await db.rows('barcode').where('codigo').equals(code).toArray()).find(live);
    if (!barcode) return null;
    const grid = await db.rows('grid').get(barcode['id_produto_grade'] as number);
    const product = grid && (await db.rows('product').get(grid['id_produto'] as number));
    if (!grid || !product) return null;
    const hit = hitFrom(product, grid, code, await unitOf(db, product));
    if (!hit) return null;
    const rows = await db.rows('stock').where('id_produto_grade_filial').equals(hit.id_produto_grade_filial).toArray();
    return { ...hit, estoque: stockByAddress(rows) };
  });
}

/**
 * The line of a variation (by id_produto_grade) as the local copy has it now: the search shows what its index holds,
 * the sale takes the row. Null when the variation or its product is gone or inactive.
 */
async function hitOfGridInDexie(db: PdvDatabase, id_produto_grade: number): Promise<ProductHit | null> {
  const grid = await db.rows('grid').get(id_produto_grade);
  const product = grid && (await db.rows('product').get(grid['id_produto'] as number));
  if (!grid || !product) return null;
  const codes = await db.rows('barcode').where('id_produto_grade').equals(id_produto_grade).toArray();
  const code = str(codes.find((c) => live(c) && isValidGtin(String(c['codigo'])))?.['codigo']);
  return hitFrom(product, grid, code, await unitOf(db, product));
}

/**
 * A weighed product's barcode (packages/domain weighed-barcode.ts, the branch's settings): the product of its scale
 * code (a live product whose SKU is the code, else whose id is), its variation (the only or the default one), and the
 * line's quantity from the embedded weight, or from the embedded price over the retail price. Null when the code is
 * not a weighed one under these settings or names no product here.
 */
async function findWeighedInDexie(db: PdvDatabase, code: string, settings: WeighedSettings): Promise<ProductHit | null> {
  const parsed = parseWeighedBarcode(code, settings);
  if (!parsed) return null;
  const { skus, id } = weighedCodeCandidates(parsed.codigo);
  let product: LocalRow | undefined;
  for (const sku of skus) {
    product = (await db.rows('product').where('sku').equals(sku).toArray()).find(live);
    if (product) break;
  }
  product ??= await db.rows('product').get(id);
  if (!product || !live(product)) return null;
  const grids = (await db.rows('grid').where('id_produto').equals(product['id_produto'] as number).toArray()).filter(live);
  const grid = grids.length === 1 ? grids[0] : grids.find((g) => g['is_padrao'] === true);
  const hit = grid ? await hitOfGridInDexie(db, grid['id_produto_grade'] as number) : null;
  const quantidade = hit ? weighedQuantity(parsed, hit.preco_venda) : null;
  return hit && quantidade !== null ? { ...hit, quantidade } : null;
}

/**
 * A page of variations for what was typed: an exact barcode (GTIN, through the barcode index), else the words of the
 * description or SKU, every word required, each matched at the beginning of a word, accents and case ignored (the
 * in-memory index of search/productIndex.ts; nothing is read from IndexedDB). Returns PAGE_SIZE hits and whether
 * more follow.
 */
async function searchProductsInDexie(db: PdvDatabase, text: string, page = 0): Promise<{ hits: ProductHit[]; more: boolean }> {
  const query = text.trim();
  if (query === '') return { hits: [], more: false };
  if (/^\d{8,14}$/.test(query)) {
    const hit = await findByBarcodeInDexie(db, query);
    if (hit) return { hits: [hit], more: false };
  }
  const found = await productIndex(db).search(query, page * PAGE_SIZE, PAGE_SIZE);
  return { hits: found.hits.map((hit) => ({ ...hit, unidade: null })), more: found.more };
}

function stockRecord(row: LocalRow): StockRecord {
  return {
    quantidade: quantityFromDecimal(num(row['quantidade']) ?? 0),
    quantidade_reserva: quantityFromDecimal(num(row['quantidade_reserva']) ?? 0),
  };
}

/** The stock record of a variation at an address (quantities in thousandths), or null. */
async function stockOfInDexie(db: PdvDatabase, idGradeFilial: number, idEndereco: number): Promise<StockRecord | null> {
  const rows = await db.rows('stock').where('id_produto_grade_filial').equals(idGradeFilial).toArray();
  const row = rows.find((r) => r['id_endereco_estoque'] === idEndereco && !r['data_exclusao']);
  return row ? stockRecord(row) : null;
}

export interface SaleContext {
  config: LocalRow | null;
  id_endereco_estoque: number | null;
  id_cenario_fiscal: number | null;
  series: FiscalSeries[];
  methods: LocalRow[];
  operators: LocalRow[];
  installments: LocalRow[];
  branch: LocalRow | null;
  /** Who may be the seller of a sale: the local seller table, or else the users marked as sellers. */
  sellers: Seller[];
  /** Bank accounts a payment may go to (obrigar_conta). */
  accounts: Account[];
  /** The price tables and promotions the lines are priced by (pricing.ts; absent: the branch prices as they are). */
  pricing?: LocalPricing;
}

export interface Seller {
  id_usuario: number;
  nome: string;
  email: string | null;
}

export interface Account {
  id_conta: number;
  descricao: string;
}

const offeredIn = (row: LocalRow, idFilial: number) => {
  const filiais = row['filiais'];
  return !Array.isArray(filiais) || filiais.length === 0 || filiais.some((f) => (f as LocalRow)['id_filial'] === idFilial);
};

/** The branch's sale stock address: the configuration's (id_endereco_estoque_venda) when live, else its first live one. */
export async function saleStockAddress(db: LocalCopy, idFilial: number, config?: LocalRow | null): Promise<number | null> {
  const branchConfig = config === undefined ? ((await db.rows('config').where('id_filial').equals(idFilial).first()) ?? null) : config;
  const addresses = (await db.rows('stock_address').where('id_filial').equals(idFilial).toArray()).filter(live);
  const preferred = num(branchConfig?.['id_endereco_estoque_venda']);
  const address = addresses.find((a) => a['id_endereco_estoque'] === preferred) ?? addresses[0];
  return num(address?.['id_endereco_estoque']);
}

async function loadSaleContextInDexie(db: PdvDatabase, idFilial: number): Promise<SaleContext> {
  const config = (await db.rows('config').where('id_filial').equals(idFilial).first()) ?? null;
  const idEndereco = await saleStockAddress(db, idFilial, config);
  const scenarios = (await db.rows('fiscal_scenario').toArray()).filter(live);
  const scenario = scenarios.find((s) => s['tipo'] === 'Venda' && (s['default'] || s['is_padrao'])) ?? scenarios.find((s) => s['tipo'] === 'Venda');
  const series = (await db.rows('fiscal_series').where('id_filial').equals(idFilial).toArray())
    .filter((s) => !s['data_exclusao'])
    .map((s) => ({ id_filial: idFilial, codigo_modelo: String(s['codigo_modelo']), situacao: String(s['situacao']) }));
  const branch = (await db.rows('branch').get(idFilial)) ?? null;
  return {
    sellers: await loadSellersInDexie(db, idFilial),
    config,
    id_endereco_estoque: idEndereco,
    id_cenario_fiscal: num(scenario?.['id_cenario_fiscal']),
    series,
    ...(await loadPaymentOptionsInDexie(db, idFilial)),
    branch,
    pricing: await loadPricing(db, idFilial),
  };
}

/** What the payment panel offers: the branch's live methods (by description), card operators, plans and accounts. */
export type PaymentOptions = Pick<SaleContext, 'methods' | 'operators' | 'installments' | 'accounts'>;

/**
 * The payment options of branch `idFilial` from the local copy. The point of sale keeps them current with a live query
 * on it (useCheckout): a method changed in the settings reaches the payment panel as soon as the sync writes it.
 */
async function loadPaymentOptionsInDexie(db: PdvDatabase, idFilial: number): Promise<PaymentOptions> {
  const methods = (await db.rows('method_payment').toArray()).filter((m) => live(m) && offeredIn(m, idFilial));
  return {
    methods: methods.sort((a, b) => String(a['descricao']).localeCompare(String(b['descricao']))),
    operators: (await db.rows('card_operator').toArray()).filter(live),
    installments: (await db.rows('installments').toArray()).filter(live),
    accounts: await loadAccountsInDexie(db),
  };
}

/**
 * The sellers (000 §6) of branch `idFilial`: the seller table when the local copy has one, else the active users marked
 * is_vendedor. A row that lists its branches (filiais) is a seller only where it holds a profile.
 */
async function loadSellersInDexie(db: PdvDatabase, idFilial: number): Promise<Seller[]> {
  const own = (await db.rows('seller').toArray()).filter(live);
  const rows = own.length > 0 ? own : (await db.rows('user').toArray()).filter((u) => live(u) && u['is_vendedor'] === true);
  return rows
    .filter((u) => worksIn(u, idFilial))
    .map((u) => ({ id_usuario: Number(u['id_usuario']), nome: textOf(u, 'nome'), email: str(u['email']) }))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}

/** Whether a user row works in the branch: its filiais name it (a row without the list, synced before it, does). */
export function worksIn(row: LocalRow, idFilial: number): boolean {
  const filiais = row['filiais'];
  return !Array.isArray(filiais) || filiais.some((f) => (f as LocalRow)['id_filial'] === idFilial);
}

/** The bank accounts of the local copy (account table: id_conta and a description or name). */
async function loadAccountsInDexie(db: PdvDatabase): Promise<Account[]> {
  return (await db.rows('account').toArray())
    .filter(live)
    .map((a) => ({ id_conta: Number(a['id_conta']), descricao: str(a['descricao']) ?? str(a['nome']) ?? `Conta ${String(a['id_conta'])}` }))
    .sort((a, b) => a.descricao.localeCompare(b.descricao, 'pt-BR'));
}

/** A carrier (transportadora) of the local copy: its id and name. */
export interface CarrierHit {
  id_pessoa: number;
  nome: string;
}

const isCarrier = (p: LocalRow) => live(p) && (p['is_transportadora'] === true || p['is_transportadora'] === 1);
const carrierOf = (p: LocalRow): CarrierHit => ({ id_pessoa: Number(p['id_pessoa']), nome: textOf(p, 'nome') });

/** The active carriers (is_transportadora) whose name, nickname or CNPJ holds every typed word (empty: all), first 10. */
async function searchCarriersInDexie(db: PdvDatabase, text: string): Promise<CarrierHit[]> {
  const words = fold(text.trim()).split(/\s+/).filter((w) => w !== '');
  const rows = await db
    .rows('people')
    .filter((p) => isCarrier(p) && words.every((w) => fold(`${textOf(p, 'nome')} ${textOf(p, 'apelido')} ${textOf(p, 'cnpj')}`).includes(w)))
    .limit(10)
    .toArray();
  return rows.map(carrierOf).sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}

/** The carrier of the local copy with this id (null: not a carrier there, or unknown). */
async function findCarrierInDexie(db: PdvDatabase, id_pessoa: number): Promise<CarrierHit | null> {
  const row = await db.rows('people').get(id_pessoa);
  return row && isCarrier(row) ? carrierOf(row) : null;
}

/** Customers by name, CPF or CNPJ (first 10). */
async function searchPeopleInDexie(db: PdvDatabase, text: string): Promise<LocalRow[]> {
  const query = text.trim();
  if (query === '') return [];
  const digits = query.replace(/\D/g, '');
  if (digits.length === 11 || digits.length === 14) {
    const byCpf = await db.rows('people').where('cpf').equals(digits).toArray();
    const byCnpj = await db.rows('people').where('cnpj').equals(digits).toArray();
    if (byCpf.length + byCnpj.length > 0) return [...byCpf, ...byCnpj].filter(live);
  }
  const words = fold(query).split(/\s+/);
  return db
    .rows('people')
    .filter((p) => live(p) && words.every((w) => fold(`${textOf(p, 'nome')} ${textOf(p, 'apelido')}`).includes(w)))
    .limit(10)
    .toArray();
}

// ---- Either store: the SQLite copy answers through catalogEngine.ts, the Dexie copy as above. ----

export function findByBarcode(db: LocalCopy, code: string): Promise<ProductHit | null> {
  const client = engineOf(db);
  return client ? engine.findByBarcode(client, code) : findByBarcodeInDexie(db as PdvDatabase, code);
}

export function findByBarcodeInTables(db: LocalCopy, code: string): Promise<ProductHit | null> {
  const client = engineOf(db);
  return client ? engine.findByBarcodeInTables(client, code) : findByBarcodeInTablesInDexie(db as PdvDatabase, code);
}

export function hitOfGrid(db: LocalCopy, id_produto_grade: number): Promise<ProductHit | null> {
  const client = engineOf(db);
  return client ? engine.hitOfGrid(client, id_produto_grade) : hitOfGridInDexie(db as PdvDatabase, id_produto_grade);
}

export function findWeighed(db: LocalCopy, code: string, settings: WeighedSettings): Promise<ProductHit | null> {
  const client = engineOf(db);
  return client ? engine.findWeighed(client, code, settings) : findWeighedInDexie(db as PdvDatabase, code, settings);
}

export function searchProducts(db: LocalCopy, text: string, page = 0): Promise<{ hits: ProductHit[]; more: boolean }> {
  const client = engineOf(db);
  return client ? engine.searchProducts(client, text, page) : searchProductsInDexie(db as PdvDatabase, text, page);
}

export function stockOf(db: LocalCopy, idGradeFilial: number, idEndereco: number): Promise<StockRecord | null> {
  const client = engineOf(db);
  return client ? engine.stockOf(client, idGradeFilial, idEndereco) : stockOfInDexie(db as PdvDatabase, idGradeFilial, idEndereco);
}

export function loadSaleContext(db: LocalCopy, idFilial: number): Promise<SaleContext> {
  const client = engineOf(db);
  return client ? engine.loadSaleContext(client, idFilial) : loadSaleContextInDexie(db as PdvDatabase, idFilial);
}

export function loadPaymentOptions(db: LocalCopy, idFilial: number): Promise<PaymentOptions> {
  const client = engineOf(db);
  return client ? engine.loadPaymentOptions(client, idFilial) : loadPaymentOptionsInDexie(db as PdvDatabase, idFilial);
}

export function loadSellers(db: LocalCopy, idFilial: number): Promise<Seller[]> {
  const client = engineOf(db);
  return client ? engine.loadSellers(client, idFilial) : loadSellersInDexie(db as PdvDatabase, idFilial);
}

export function loadAccounts(db: LocalCopy): Promise<Account[]> {
  const client = engineOf(db);
  return client ? engine.loadAccounts(client) : loadAccountsInDexie(db as PdvDatabase);
}

export function searchCarriers(db: LocalCopy, text: string): Promise<CarrierHit[]> {
  const client = engineOf(db);
  return client ? engine.searchCarriers(client, text) : searchCarriersInDexie(db as PdvDatabase, text);
}

export function findCarrier(db: LocalCopy, id_pessoa: number): Promise<CarrierHit | null> {
  const client = engineOf(db);
  return client ? engine.findCarrier(client, id_pessoa) : findCarrierInDexie(db as PdvDatabase, id_pessoa);
}

export function searchPeople(db: LocalCopy, text: string): Promise<LocalRow[]> {
  const client = engineOf(db);
  return client ? engine.searchPeople(client, text) : searchPeopleInDexie(db as PdvDatabase, text);
}
/** The branch's prices, tables and promotions (pricing.ts), on either store. */
export function loadPricingOf(db: LocalCopy, idFilial: number): Promise<LocalPricing> {
  const client = engineOf(db);
  return client ? engine.loadPricing(client, idFilial) : loadPricing(db, idFilial);
}
