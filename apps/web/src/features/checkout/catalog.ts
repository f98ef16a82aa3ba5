/**
 * What the point of sale reads from the local copy: products by barcode, SKU or description, their stock, and the
 * branch's selling context (configuration, sale stock address, default fiscal scenario, series, payment methods,
 * card operators, installment plans, customers). Rows are as the server sent them (sources.ts): amounts decimal.
 *
 * The rules are written once, in catalogEngine.ts and catalogProcedures.ts, and read either store: the SQLite copy
 * through its worker, the Dexie copy through the same query API (copySource). Only the Dexie copy's word search and
 * its scanned-code fast path use the page's in-memory index (search/productIndex.ts); the SQLite copy searches in
 * its worker (FTS5).
 */
import type { PdvDatabase, LocalRow } from '../../db/database.ts';
import { engineOf, type LocalCopy } from '../../db/localCopy.ts';
import { runProcedure } from '../../localdb/transaction.ts';
import { isValidGtin } from '@pdv/domain/gtin';
import type { Cents, Milli } from '@pdv/domain/money';
import type { FiscalSeries } from '@pdv/domain/sale-validation';
import type { WeighedSettings } from '@pdv/domain/weighed-barcode';
import * as engine from './catalogEngine.ts';
import { saleStockAddressProcedure, stockByAddress, textOf } from './catalogProcedures.ts';
import type { LocalPricing } from './pricing.ts';
import { OWNER_TABLES, ownersOf, productIndex, type BarcodeHit } from './search/productIndex.ts';

export { textOf };

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

/** What the payment panel offers: the branch's live methods (by description), card operators, plans and accounts. */
export type PaymentOptions = Pick<SaleContext, 'methods' | 'operators' | 'installments' | 'accounts'>;

/** A carrier (transportadora) of the local copy: its id and name. */
export interface CarrierHit {
  id_pessoa: number;
  nome: string;
}

/**
 * The catalogue reads' view of a copy: the SQLite copy's client, or the Dexie database through the query API (its
 * procedures run in one Dexie transaction). The variation search is the SQLite copy's only.
 */
function copySource(db: LocalCopy): engine.CatalogSource {
  const client = engineOf(db);
  if (client) return client;
  const upTo = <T>(rows: T[], limit?: number) => (limit === undefined || limit < 0 ? rows : rows.slice(0, limit));
  return {
    get: (table, key) => db.rows(table).get(key),
    where: async (table, field, value, limit) => upTo(await db.rows(table).where(field).equals(value).toArray(), limit),
    all: async (table, limit) => upTo(await db.rows(table).toArray(), limit),
    transact: (procedure, ...args) => runProcedure(db, procedure, ...args),
    searchVariations: () => Promise.reject(new Error('A busca por variação é da cópia local em SQLite.')),
  };
}

// ---- The Dexie copy's in-memory index ----

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
  return (indexed && (await withStockAndUnit(db, indexed))) ?? engine.findByBarcodeInTables(copySource(db), code);
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

// ---- The reads, on either store ----

/**
 * A scanned code's line (000 §5: a valid GTIN only), with its unit and stock per address. The Dexie copy answers from
 * its in-memory index when built; the SQLite copy reads its tables in one transaction in its worker.
 */
export function findByBarcode(db: LocalCopy, code: string): Promise<ProductHit | null> {
  const client = engineOf(db);
  return client ? engine.findByBarcode(client, code) : findByBarcodeInDexie(db as PdvDatabase, code);
}

/**
 * findByBarcode from the tables: index lookups only (barcode.codigo, then the keys of grid, product and unit, and the
 * variation's stock by stock.id_produto_grade_filial), in one read transaction.
 */
export function findByBarcodeInTables(db: LocalCopy, code: string): Promise<ProductHit | null> {
  return engine.findByBarcodeInTables(copySource(db), code);
}

/**
 * The line of a variation (by id_produto_grade) as the local copy has it now: the search shows what it found, the
 * sale takes the row. Null when the variation or its product is gone or inactive.
 */
export function hitOfGrid(db: LocalCopy, id_produto_grade: number): Promise<ProductHit | null> {
  return engine.hitOfGrid(copySource(db), id_produto_grade);
}

/**
 * A weighed product's barcode (packages/domain weighed-barcode.ts, the branch's settings): the product of its scale
 * code (a live product whose SKU is the code, else whose id is), its variation (the only or the default one), and the
 * line's quantity from the embedded weight, or from the embedded price over the retail price. Null when the code is
 * not a weighed one under these settings or names no product here.
 */
export function findWeighed(db: LocalCopy, code: string, settings: WeighedSettings): Promise<ProductHit | null> {
  return engine.findWeighed(copySource(db), code, settings);
}

/**
 * A page of variations for what was typed: an exact barcode first, else the words of the description or SKU, every
 * word required, each matched at the beginning of a word, accents and case ignored. PAGE_SIZE hits and whether more
 * follow.
 */
export function searchProducts(db: LocalCopy, text: string, page = 0): Promise<{ hits: ProductHit[]; more: boolean }> {
  const client = engineOf(db);
  return client ? engine.searchProducts(client, text, page) : searchProductsInDexie(db as PdvDatabase, text, page);
}

/** The stock record of a variation at an address (quantities in thousandths), or null. */
export function stockOf(db: LocalCopy, idGradeFilial: number, idEndereco: number): Promise<StockRecord | null> {
  return engine.stockOf(copySource(db), idGradeFilial, idEndereco);
}

/** The branch's sale stock address: the configuration's (id_endereco_estoque_venda) when live, else its first live one. */
export function saleStockAddress(db: LocalCopy, idFilial: number): Promise<number | null> {
  return runProcedure(db, saleStockAddressProcedure, idFilial);
}

/** The branch's selling context, its tables read in one transaction. */
export function loadSaleContext(db: LocalCopy, idFilial: number): Promise<SaleContext> {
  return engine.loadSaleContext(copySource(db), idFilial);
}

/**
 * The payment options of branch `idFilial` from the local copy. The point of sale keeps them current with a live query
 * on it (useCheckout): a method changed in the settings reaches the payment panel as soon as the sync writes it.
 */
export function loadPaymentOptions(db: LocalCopy, idFilial: number): Promise<PaymentOptions> {
  return engine.loadPaymentOptions(copySource(db), idFilial);
}

/**
 * The sellers (000 §6) of branch `idFilial`: the seller table when the local copy has one, else the active users marked
 * is_vendedor. A row that lists its branches (filiais) is a seller only where it holds a profile.
 */
export function loadSellers(db: LocalCopy, idFilial: number): Promise<Seller[]> {
  return engine.loadSellers(copySource(db), idFilial);
}

/** The bank accounts of the local copy (account table: id_conta and a description or name). */
export function loadAccounts(db: LocalCopy): Promise<Account[]> {
  return engine.loadAccounts(copySource(db));
}

/** The branch's prices, tables and promotions (pricing.ts). */
export function loadPricingOf(db: LocalCopy, idFilial: number): Promise<LocalPricing> {
  return engine.loadPricing(copySource(db), idFilial);
}

/** The active carriers (is_transportadora) whose name, nickname or CNPJ holds every typed word (empty: all), first 10. */
export function searchCarriers(db: LocalCopy, text: string): Promise<CarrierHit[]> {
  return engine.searchCarriers(copySource(db), text);
}

/** The carrier of the local copy with this id (null: not a carrier there, or unknown). */
export function findCarrier(db: LocalCopy, id_pessoa: number): Promise<CarrierHit | null> {
  return engine.findCarrier(copySource(db), id_pessoa);
}

/** Customers by name, CPF or CNPJ (first 10). */
export function searchPeople(db: LocalCopy, text: string): Promise<LocalRow[]> {
  return engine.searchPeople(copySource(db), text);
}
