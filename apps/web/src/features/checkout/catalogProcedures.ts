/**
 * The point of sale's catalogue reads that need several tables read consistently, as read-only procedures of the
 * local copy (localdb/transaction.ts): run in the worker in one transaction on the SQLite copy (client.transact), and
 * registered in localdb/procedures.ts. They give what catalog.ts gives from Dexie (catalogEngine.ts is the page's
 * side). This file is bundled into the worker: it imports no Dexie code (types only) and no product index.
 */
import { isValidGtin } from '@pdv/domain/gtin';
import { fromDecimal, quantityFromDecimal, type Cents } from '@pdv/domain/money';
import type { FiscalSeries } from '@pdv/domain/sale-validation';
import { variationDescription } from '@pdv/domain/variation';
import type { LocalRow } from '../../db/database.ts';
import { procedure, type LocalTx, type TxRun } from '../../localdb/transaction.ts';
import type { Account, ProductHit, SaleContext, Seller, StockRecord } from './catalog.ts';
import { priceTableOf, promotionOf, type LocalPricing } from './pricing.ts';
import { barcodeDoc, gridDoc, productDoc, type GridDoc, type ProductDoc } from './search/catalogChanges.ts';

export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : null);
const keyOf = (v: unknown): number | string | null => (typeof v === 'number' || (typeof v === 'string' && v !== '') ? v : null);
/** A text field of a row ('' when missing). */
export const textOf = (row: LocalRow, key: string): string => {
  const value = row[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
};
/** Live as catalog.ts reads the tables: not deleted, situacao absent or 'Ativo' (null is not live there). */
export const live = (row: LocalRow): boolean => !row['data_exclusao'] && (row['situacao'] === undefined || row['situacao'] === 'Ativo');
const cents = (v: unknown): Cents => fromDecimal(num(v) ?? 0);

// ---- lines (ProductHit) ----

/** A line as catalog.ts hitFrom builds it from the tables' rows (null: the variation or its product is not live). */
export function tableHit(product: LocalRow, grid: LocalRow, barcode: string | null, unit: LocalRow | undefined): ProductHit | null {
  const id = num(grid['id_produto_grade_filial']);
  if (id === null || !live(grid) || !live(product)) return null;
  const quantidade = num(product['quantidade_atacarejo']);
  return {
    id_produto_grade: num(grid['id_produto_grade']) ?? 0,
    id_produto_grade_filial: id,
    id_produto: num(product['id_produto']) ?? 0,
    descricao: variationDescription(str(product['descricao']) ?? '', { descricao: str(grid['descricao']), is_padrao: grid['is_padrao'] === true }),
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

/**
 * A line as the product search's index in memory builds it (productIndex.ts CatalogStore.hit, from the docs of
 * catalogChanges.ts), without its unit: null when the variation or its product is not live there.
 */
export function indexedHit(product: ProductDoc, grid: GridDoc, codigo_barras: string | null): Omit<ProductHit, 'unidade'> | null {
  if (!grid.live || !product.live || grid.id_produto_grade_filial === null) return null;
  return {
    id_produto_grade: grid.id_produto_grade,
    id_produto_grade_filial: grid.id_produto_grade_filial,
    id_produto: product.id_produto,
    descricao: grid.is_padrao || !grid.descricao ? product.descricao : `${product.descricao} ${grid.descricao}`,
    sku: grid.sku ?? product.sku,
    codigo_barras,
    preco_venda: grid.preco_venda ?? product.preco_venda,
    preco_atacado: grid.preco_atacado ?? product.preco_atacado,
    quantidade_atacarejo: product.quantidade_atacarejo,
    ...(product.id_categoria !== undefined ? { id_categoria: product.id_categoria } : {}),
    versao_preco: grid.data_alteracao,
  };
}

export function stockRecord(row: LocalRow): StockRecord {
  return {
    quantidade: quantityFromDecimal(num(row['quantidade']) ?? 0),
    quantidade_reserva: quantityFromDecimal(num(row['quantidade_reserva']) ?? 0),
  };
}

export function stockByAddress(rows: readonly LocalRow[]): Record<number, StockRecord> {
  const estoque: Record<number, StockRecord> = {};
  for (const row of rows) if (!row['data_exclusao']) estoque[row['id_endereco_estoque'] as number] = stockRecord(row);
  return estoque;
}

function* unitOf(t: LocalTx, product: LocalRow): TxRun<LocalRow | undefined> {
  const id = keyOf(product['id_unidade_medida']);
  return id === null ? undefined : yield* t.get('measure_unit', id);
}

function* gridAndProduct(t: LocalTx, idGrade: unknown): TxRun<[LocalRow, LocalRow] | null> {
  const key = keyOf(idGrade);
  const grid = key === null ? undefined : yield* t.get('grid', key);
  const idProduto = keyOf(grid?.['id_produto']);
  const product = idProduto === null ? undefined : yield* t.get('product', idProduto);
  return grid && product ? [grid, product] : null;
}

/**
 * catalog.ts findByBarcode once its index is built: the usable barcode row of the code with the lowest key (live,
 * situacao null included, as the index takes it), its variation and product live, with the unit and the stock per
 * address; else, as catalog.ts falls back to, the tables (findByBarcodeInTables). The code is a valid GTIN.
 */
function* barcodeLine(t: LocalTx, code: string): TxRun<ProductHit | null> {
  const rows = yield* t.where('barcode', 'codigo', code);
  const usable = rows.find((row) => barcodeDoc(row).usable);
  const found = usable ? yield* gridAndProduct(t, usable['id_produto_grade']) : null;
  const hit = found ? indexedHit(productDoc(found[1]), gridDoc(found[0]), code) : null;
  if (hit && found) {
    const unit = yield* unitOf(t, found[1]);
    const stock = yield* t.where('stock', 'id_produto_grade_filial', hit.id_produto_grade_filial);
    return { ...hit, unidade: str(unit?.['sigla']), estoque: stockByAddress(stock) };
  }
  return yield* tableBarcodeLine(t, code, rows);
}

/** catalog.ts findByBarcodeInTables: the first live barcode row of the code, its variation and product, unit, stock. */
function* tableBarcodeLine(t: LocalTx, code: string, rows?: LocalRow[]): TxRun<ProductHit | null> {
  const barcode = (rows ?? (yield* t.where('barcode', 'codigo', code))).find(live);
  const found = barcode ? yield* gridAndProduct(t, barcode['id_produto_grade']) : null;
  if (!found) return null;
  const hit = tableHit(found[1], found[0], code, yield* unitOf(t, found[1]));
  if (!hit) return null;
  const stock = yield* t.where('stock', 'id_produto_grade_filial', hit.id_produto_grade_filial);
  return { ...hit, estoque: stockByAddress(stock) };
}

/** catalog.ts hitOfGrid: the variation's line from the tables, with its first live valid GTIN and its unit. */
function* gridLine(t: LocalTx, idGrade: number): TxRun<ProductHit | null> {
  const found = yield* gridAndProduct(t, idGrade);
  if (!found) return null;
  const codes = yield* t.where('barcode', 'id_produto_grade', idGrade);
  const code = str(codes.find((c) => live(c) && isValidGtin(String(c['codigo'])))?.['codigo']);
  return tableHit(found[1], found[0], code, yield* unitOf(t, found[1]));
}

/**
 * catalog.ts findWeighed without the quantity: the live product whose SKU is one of `skus` (in that order), else the
 * product `id`, and its only live variation (or its live default one), as hitOfGrid reads it.
 */
function* weighedLine(t: LocalTx, skus: readonly string[], id: number): TxRun<ProductHit | null> {
  let product: LocalRow | undefined;
  for (const sku of skus) {
    product = (yield* t.where('product', 'sku', sku)).find(live);
    if (product) break;
  }
  product ??= yield* t.get('product', id);
  const idProduto = product ? keyOf(product['id_produto']) : null;
  if (!product || !live(product) || idProduto === null) return null;
  const grids = (yield* t.where('grid', 'id_produto', idProduto)).filter(live);
  const grid = grids.length === 1 ? grids[0] : grids.find((g) => g['is_padrao'] === true);
  const idGrade = num(grid?.['id_produto_grade']);
  return idGrade === null ? null : yield* gridLine(t, idGrade);
}

const LINE_TABLES = ['barcode', 'grid', 'product', 'measure_unit', 'stock'];

export const barcodeLineProcedure = procedure('catalog.barcodeLine', 'r', LINE_TABLES, barcodeLine);
export const tableBarcodeLineProcedure = procedure('catalog.tableBarcodeLine', 'r', LINE_TABLES, (t: LocalTx, code: string) =>
  tableBarcodeLine(t, code),
);
export const gridLineProcedure = procedure('catalog.gridLine', 'r', LINE_TABLES, gridLine);
export const weighedLineProcedure = procedure('catalog.weighedLine', 'r', LINE_TABLES, weighedLine);

// ---- the selling context ----

const offeredIn = (row: LocalRow, idFilial: number) => {
  const filiais = row['filiais'];
  return !Array.isArray(filiais) || filiais.length === 0 || filiais.some((f) => (f as LocalRow)['id_filial'] === idFilial);
};

/** catalog.ts worksIn. */
const worksIn = (row: LocalRow, idFilial: number): boolean => {
  const filiais = row['filiais'];
  return !Array.isArray(filiais) || filiais.some((f) => (f as LocalRow)['id_filial'] === idFilial);
};

function* sellers(t: LocalTx, idFilial: number): TxRun<Seller[]> {
  const own = (yield* t.all('seller')).filter(live);
  const rows = own.length > 0 ? own : (yield* t.all('user')).filter((u) => live(u) && u['is_vendedor'] === true);
  return rows
    .filter((u) => worksIn(u, idFilial))
    .map((u) => ({ id_usuario: Number(u['id_usuario']), nome: textOf(u, 'nome'), email: str(u['email']) }))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}

function* accounts(t: LocalTx): TxRun<Account[]> {
  return (yield* t.all('account'))
    .filter(live)
    .map((a) => ({ id_conta: Number(a['id_conta']), descricao: str(a['descricao']) ?? str(a['nome']) ?? `Conta ${String(a['id_conta'])}` }))
    .sort((a, b) => a.descricao.localeCompare(b.descricao, 'pt-BR'));
}

function* firstConfig(t: LocalTx, idFilial: number): TxRun<LocalRow | null> {
  return (yield* t.where('config', 'id_filial', idFilial))[0] ?? null;
}

function* paymentOptions(t: LocalTx, idFilial: number): TxRun<Pick<SaleContext, 'methods' | 'operators' | 'installments' | 'accounts'>> {
  const methods = (yield* t.all('method_payment')).filter((m) => live(m) && offeredIn(m, idFilial));
  return {
    methods: methods.sort((a, b) => String(a['descricao']).localeCompare(String(b['descricao']))),
    operators: (yield* t.all('card_operator')).filter(live),
    installments: (yield* t.all('installments')).filter(live),
    accounts: yield* accounts(t),
  };
}

function* pricing(t: LocalTx, idFilial: number): TxRun<LocalPricing> {
  const tables = yield* t.all('table_price');
  const promotions = yield* t.all('promotion');
  const branch = yield* t.get('branch', idFilial);
  const config = yield* firstConfig(t, idFilial);
  return {
    id_filial: idFilial,
    tables: new Map(tables.filter((row) => !row['data_exclusao']).map((row) => [Number(row['id_tabela_preco']), priceTableOf(row)])),
    promotions: promotions.filter((p) => !p['data_exclusao']).map(promotionOf),
    branchTable: num(branch?.['id_tabela_preco_padrao']),
    fusoHoras: num(config?.['fuso_horario']) ?? -3,
  };
}

/** The branch's sale stock address: the configuration's (id_endereco_estoque_venda) when live, else its first live one. */
function* saleAddress(t: LocalTx, idFilial: number, config: LocalRow | null): TxRun<number | null> {
  const addresses = (yield* t.where('stock_address', 'id_filial', idFilial)).filter(live);
  const preferred = num(config?.['id_endereco_estoque_venda']);
  const address = addresses.find((a) => a['id_endereco_estoque'] === preferred) ?? addresses[0];
  return num(address?.['id_endereco_estoque']);
}

function* saleContext(t: LocalTx, idFilial: number): TxRun<SaleContext> {
  const config = yield* firstConfig(t, idFilial);
  const scenarios = (yield* t.all('fiscal_scenario')).filter(live);
  const scenario = scenarios.find((s) => s['tipo'] === 'Venda' && (s['default'] || s['is_padrao'])) ?? scenarios.find((s) => s['tipo'] === 'Venda');
  const series: FiscalSeries[] = (yield* t.where('fiscal_series', 'id_filial', idFilial))
    .filter((s) => !s['data_exclusao'])
    .map((s) => ({ id_filial: idFilial, codigo_modelo: String(s['codigo_modelo']), situacao: String(s['situacao']) }));
  const branch = (yield* t.get('branch', idFilial)) ?? null;
  return {
    sellers: yield* sellers(t, idFilial),
    config,
    id_endereco_estoque: yield* saleAddress(t, idFilial, config),
    id_cenario_fiscal: num(scenario?.['id_cenario_fiscal']),
    series,
    ...(yield* paymentOptions(t, idFilial)),
    branch,
    pricing: yield* pricing(t, idFilial),
  };
}

const PAYMENT_TABLES = ['method_payment', 'card_operator', 'installments', 'account'];
const PRICING_TABLES = ['table_price', 'promotion', 'branch', 'config'];

export const saleContextProcedure = procedure(
  'catalog.saleContext',
  'r',
  ['config', 'stock_address', 'fiscal_scenario', 'fiscal_series', 'branch', 'seller', 'user', ...PAYMENT_TABLES, 'table_price', 'promotion'],
  saleContext,
);
export const saleStockAddressProcedure = procedure('catalog.saleStockAddress', 'r', ['config', 'stock_address'], function* (t: LocalTx, idFilial: number) {
  return yield* saleAddress(t, idFilial, yield* firstConfig(t, idFilial));
});
export const paymentOptionsProcedure = procedure('catalog.paymentOptions', 'r', PAYMENT_TABLES, paymentOptions);
export const sellersProcedure = procedure('catalog.sellers', 'r', ['seller', 'user'], sellers);
export const pricingProcedure = procedure('catalog.pricing', 'r', PRICING_TABLES, pricing);

export const CATALOG_PROCEDURES = [
  barcodeLineProcedure,
  tableBarcodeLineProcedure,
  gridLineProcedure,
  weighedLineProcedure,
  saleContextProcedure,
  saleStockAddressProcedure,
  paymentOptionsProcedure,
  sellersProcedure,
  pricingProcedure,
] as const;
