/**
 * What the point of sale reads from the local copy (catalog.ts), answered by the SQLite copy (issue 21): the same
 * functions with the same answers, over a LocalDbClient (or, in tests, the engine in this thread). A read of one table
 * is one call of the engine's API; what must read several tables consistently (a scanned line with its stock and unit,
 * a weighed code, the selling context) is a read-only procedure run in the worker in one transaction
 * (catalogProcedures.ts). The description search is the engine's per-variation FTS search (searchVariations), which
 * finds what the product index in memory finds, in the same order: there is no index to build in the page.
 *
 * Lines follow catalog.ts as the till sees it once its index is built: a scanned code or a search hit is built as the
 * index builds it (catalogChanges.ts docs), the rest (a variation picked, a weighed code, the fallback of a code the
 * index does not know) as catalog.ts reads the tables.
 */
import { isValidGtin } from '@pdv/domain/gtin';
import { parseWeighedBarcode, weighedCodeCandidates, weighedQuantity, type WeighedSettings } from '@pdv/domain/weighed-barcode';
import type { LocalRow } from '../../db/database.ts';
import type { LocalDbClient } from '../../localdb/client.ts';
import { fold } from './search/textIndex.ts';
import { productDoc, gridDoc } from './search/catalogChanges.ts';
import type { Account, CarrierHit, PaymentOptions, ProductHit, SaleContext, Seller, StockRecord } from './catalog.ts';
import type { LocalPricing } from './pricing.ts';
import {
  barcodeLineProcedure,
  gridLineProcedure,
  indexedHit,
  live,
  paymentOptionsProcedure,
  pricingProcedure,
  saleContextProcedure,
  sellersProcedure,
  stockRecord,
  str,
  tableBarcodeLineProcedure,
  textOf,
  weighedLineProcedure,
} from './catalogProcedures.ts';

export const PAGE_SIZE = 25;

/** What these reads need of the local copy: the worker's client, or anything answering the same way. */
export type CatalogSource = Pick<LocalDbClient, 'searchVariations' | 'get' | 'where' | 'all' | 'transact'>;


/** catalog.ts findByBarcode: a valid GTIN's line with its unit and stock per address, in one read transaction. */
export async function findByBarcode(db: CatalogSource, code: string): Promise<ProductHit | null> {
  if (!isValidGtin(code)) return null;
  return db.transact(barcodeLineProcedure, code);
}

/** catalog.ts findByBarcodeInTables. */
export async function findByBarcodeInTables(db: CatalogSource, code: string): Promise<ProductHit | null> {
  if (!isValidGtin(code)) return null;
  return db.transact(tableBarcodeLineProcedure, code);
}

/** catalog.ts hitOfGrid. */
export function hitOfGrid(db: CatalogSource, id_produto_grade: number): Promise<ProductHit | null> {
  return db.transact(gridLineProcedure, id_produto_grade);
}

/** catalog.ts findWeighed: the code parsed here, the product and its variation read in one transaction. */
export async function findWeighed(db: CatalogSource, code: string, settings: WeighedSettings): Promise<ProductHit | null> {
  const parsed = parseWeighedBarcode(code, settings);
  if (!parsed) return null;
  const { skus, id } = weighedCodeCandidates(parsed.codigo);
  const hit = await db.transact(weighedLineProcedure, skus, id);
  const quantidade = hit ? weighedQuantity(parsed, hit.preco_venda) : null;
  return hit && quantidade !== null ? { ...hit, quantidade } : null;
}

/**
 * catalog.ts searchProducts: an exact barcode first (findByBarcode, with unit and stock), else a page of the engine's
 * variation search (every word the beginning of a word, accents and case folded), PAGE_SIZE lines and whether more
 * follow; lines of the word search carry no unit and no stock, as the index's do.
 */
export async function searchProducts(db: CatalogSource, text: string, page = 0): Promise<{ hits: ProductHit[]; more: boolean }> {
  const query = text.trim();
  if (query === '') return { hits: [], more: false };
  if (/^\d{8,14}$/.test(query)) {
    const hit = await findByBarcode(db, query);
    if (hit) return { hits: [hit], more: false };
  }
  const found = await db.searchVariations(query, page * PAGE_SIZE, PAGE_SIZE);
  const hits = found.rows.flatMap((row) => {
    const hit = indexedHit(productDoc(row.product), gridDoc(row.grid), row.codigo_barras);
    return hit ? [{ ...hit, unidade: null }] : [];
  });
  return { hits, more: found.more };
}

/** catalog.ts stockOf. */
export async function stockOf(db: CatalogSource, idGradeFilial: number, idEndereco: number): Promise<StockRecord | null> {
  const rows = await db.where('stock', 'id_produto_grade_filial', idGradeFilial);
  const row = rows.find((r) => r['id_endereco_estoque'] === idEndereco && !r['data_exclusao']);
  return row ? stockRecord(row) : null;
}

/** catalog.ts loadSaleContext, every table read in one transaction. */
export function loadSaleContext(db: CatalogSource, idFilial: number): Promise<SaleContext> {
  return db.transact(saleContextProcedure, idFilial);
}

/** catalog.ts loadPaymentOptions. */
export function loadPaymentOptions(db: CatalogSource, idFilial: number): Promise<PaymentOptions> {
  return db.transact(paymentOptionsProcedure, idFilial);
}

/** catalog.ts loadSellers. */
export function loadSellers(db: CatalogSource, idFilial: number): Promise<Seller[]> {
  return db.transact(sellersProcedure, idFilial);
}

/** pricing.ts loadPricing. */
export function loadPricing(db: CatalogSource, idFilial: number): Promise<LocalPricing> {
  return db.transact(pricingProcedure, idFilial);
}

/** catalog.ts loadAccounts. */
export async function loadAccounts(db: CatalogSource): Promise<Account[]> {
  return (await db.all('account'))
    .filter(live)
    .map((a) => ({ id_conta: Number(a['id_conta']), descricao: str(a['descricao']) ?? str(a['nome']) ?? `Conta ${String(a['id_conta'])}` }))
    .sort((a, b) => a.descricao.localeCompare(b.descricao, 'pt-BR'));
}

const isCarrier = (p: LocalRow) => live(p) && (p['is_transportadora'] === true || p['is_transportadora'] === 1);
const carrierOf = (p: LocalRow): CarrierHit => ({ id_pessoa: Number(p['id_pessoa']), nome: textOf(p, 'nome') });

/**
 * catalog.ts searchCarriers. The people table has no text search on the engine: its rows are read whole and filtered
 * here, as Dexie filters them (a scan either way).
 */
export async function searchCarriers(db: CatalogSource, text: string): Promise<CarrierHit[]> {
  const words = fold(text.trim()).split(/\s+/).filter((w) => w !== '');
  const rows = (await db.all('people'))
    .filter((p) => isCarrier(p) && words.every((w) => fold(`${textOf(p, 'nome')} ${textOf(p, 'apelido')} ${textOf(p, 'cnpj')}`).includes(w)))
    .slice(0, 10);
  return rows.map(carrierOf).sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}

/** catalog.ts findCarrier. */
export async function findCarrier(db: CatalogSource, id_pessoa: number): Promise<CarrierHit | null> {
  const row = await db.get('people', id_pessoa);
  return row && isCarrier(row) ? carrierOf(row) : null;
}

/** catalog.ts searchPeople: by CPF or CNPJ through their indexes, else by name or nickname (a scan), first 10. */
export async function searchPeople(db: CatalogSource, text: string): Promise<LocalRow[]> {
  const query = text.trim();
  if (query === '') return [];
  const digits = query.replace(/\D/g, '');
  if (digits.length === 11 || digits.length === 14) {
    const [byCpf, byCnpj] = await Promise.all([db.where('people', 'cpf', digits), db.where('people', 'cnpj', digits)]);
    if (byCpf.length + byCnpj.length > 0) return [...byCpf, ...byCnpj].filter(live);
  }
  const words = fold(query).split(/\s+/);
  return (await db.all('people')).filter((p) => live(p) && words.every((w) => fold(`${textOf(p, 'nome')} ${textOf(p, 'apelido')}`).includes(w))).slice(0, 10);
}
