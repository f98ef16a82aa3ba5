/**
 * What the point of sale reads from the local copy: products by barcode, SKU or description, their stock, and the
 * branch's selling context (configuration, sale stock address, default fiscal scenario, series, payment methods,
 * card operators, installment plans, customers). Rows are as the server sent them (sources.ts): amounts decimal.
 */
import type { PdvDatabase, LocalRow } from '../../db/database.ts';
import { isValidGtin } from '@pdv/domain/gtin';
import { fromDecimal, quantityFromDecimal, type Cents, type Milli } from '@pdv/domain/money';
import type { FiscalSeries } from '@pdv/domain/sale-validation';

export const PAGE_SIZE = 25;

export interface ProductHit {
  id_produto_grade_filial: number;
  id_produto: number;
  descricao: string;
  sku: string | null;
  codigo_barras: string | null;
  unidade: string | null;
  preco_venda: Cents;
  preco_atacado: Cents;
  quantidade_atacarejo: Milli | null;
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

async function unitOf(db: PdvDatabase, product: LocalRow): Promise<string | null> {
  const id = num(product['id_unidade_medida']);
  if (id === null) return null;
  return str((await db.rows('measure_unit').get(id))?.['sigla']);
}

async function hitOf(db: PdvDatabase, product: LocalRow, grid: LocalRow, barcode: string | null): Promise<ProductHit | null> {
  const id = num(grid['id_produto_grade_filial']);
  if (id === null || !live(grid)) return null;
  const gridName = str(grid['descricao']);
  const name = str(product['descricao']) ?? '';
  const quantidade = num(product['quantidade_atacarejo']);
  return {
    id_produto_grade_filial: id,
    id_produto: num(product['id_produto']) ?? 0,
    descricao: grid['is_padrao'] || !gridName ? name : `${name} ${gridName}`,
    sku: str(grid['sku']) ?? str(product['sku']),
    codigo_barras: barcode,
    unidade: await unitOf(db, product),
    preco_venda: cents(grid['preco_venda'] ?? product['preco_venda']),
    preco_atacado: cents(grid['preco_atacado'] ?? product['preco_atacado']),
    quantidade_atacarejo: quantidade ? quantityFromDecimal(quantidade) : null,
  };
}

/** The first valid GTIN of a variation, for the line and the receipt. */
async function gtinOf(db: PdvDatabase, idGrade: unknown): Promise<string | null> {
  const codes = await db.rows('barcode').where('id_produto_grade').equals(idGrade as number).toArray();
  return str(codes.find((c) => live(c) && isValidGtin(String(c['codigo'])))?.['codigo']);
}

/** 000 §5: a barcode is used only when it is a valid GTIN. */
export async function findByBarcode(db: PdvDatabase, code: string): Promise<ProductHit | null> {
  if (!isValidGtin(code)) return null;
  const barcode = (await db.rows('barcode').where('codigo').equals(code).toArray()).find(live);
  if (!barcode) return null;
  const grids = await db.rows('grid').where('id_produto_grade').equals(barcode['id_produto_grade'] as number).toArray();
  const grid = grids.find(live);
  const product = grid && (await db.rows('product').get(grid['id_produto'] as number));
  if (!grid || !product || !live(product)) return null;
  return hitOf(db, product, grid, code);
}

async function hitsOfProducts(db: PdvDatabase, products: LocalRow[]): Promise<ProductHit[]> {
  const hits: ProductHit[] = [];
  for (const product of products) {
    const grids = await db.rows('grid').where('id_produto').equals(product['id_produto'] as number).toArray();
    for (const grid of grids) {
      const hit = await hitOf(db, product, grid, await gtinOf(db, grid['id_produto_grade']));
      if (hit) hits.push(hit);
    }
  }
  return hits;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * A page of variations for what was typed: an exact barcode, a SKU prefix (indexed), or words of the description
 * (every word must appear). Returns PAGE_SIZE hits and whether more follow.
 */
export async function searchProducts(db: PdvDatabase, text: string, page = 0): Promise<{ hits: ProductHit[]; more: boolean }> {
  const query = text.trim();
  if (query === '') return { hits: [], more: false };
  if (/^\d{8,14}$/.test(query)) {
    const hit = await findByBarcode(db, query);
    if (hit) return { hits: [hit], more: false };
  }
  // A variation's own SKU (CAM-0001-P-BRA) names one size and colour: answer those variations first.
  if (page === 0) {
    const grids = await db.rows('grid').where('sku').startsWithIgnoreCase(query).filter(live).limit(PAGE_SIZE + 1).toArray();
    if (grids.length > 0) {
      const hits: ProductHit[] = [];
      for (const grid of grids.slice(0, PAGE_SIZE)) {
        const product = await db.rows('product').get(grid['id_produto'] as number);
        const hit = product && live(product) ? await hitOf(db, product, grid, await gtinOf(db, grid['id_produto_grade'])) : null;
        if (hit) hits.push(hit);
      }
      if (hits.length > 0) return { hits, more: grids.length > PAGE_SIZE };
    }
  }
  const bySku = await db.rows('product').where('sku').startsWithIgnoreCase(query).filter(live).limit(PAGE_SIZE).toArray();
  const words = fold(query).split(/\s+/);
  const seen = new Set(bySku.map((p) => p['id_produto']));
  const byText = await db
    .rows('product')
    .filter((p) => live(p) && !seen.has(p['id_produto']) && words.every((w) => fold(textOf(p, 'descricao')).includes(w)))
    .toArray();
  const products = [...bySku, ...byText];
  const hits = await hitsOfProducts(db, products.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE + 1));
  return { hits: hits.slice(0, PAGE_SIZE), more: products.length > (page + 1) * PAGE_SIZE || hits.length > PAGE_SIZE };
}

/** The stock record of a variation at an address (quantities in thousandths), or null. */
export async function stockOf(
  db: PdvDatabase,
  idGradeFilial: number,
  idEndereco: number,
): Promise<{ quantidade: Milli; quantidade_reserva: Milli } | null> {
  const rows = await db.rows('stock').where('id_produto_grade_filial').equals(idGradeFilial).toArray();
  const row = rows.find((r) => r['id_endereco_estoque'] === idEndereco && !r['data_exclusao']);
  if (!row) return null;
  return {
    quantidade: quantityFromDecimal(num(row['quantidade']) ?? 0),
    quantidade_reserva: quantityFromDecimal(num(row['quantidade_reserva']) ?? 0),
  };
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
}

const offeredIn = (row: LocalRow, idFilial: number) => {
  const filiais = row['filiais'];
  return !Array.isArray(filiais) || filiais.length === 0 || filiais.some((f) => (f as LocalRow)['id_filial'] === idFilial);
};

export async function loadSaleContext(db: PdvDatabase, idFilial: number): Promise<SaleContext> {
  const config = (await db.rows('config').where('id_filial').equals(idFilial).first()) ?? null;
  const addresses = (await db.rows('stock_address').where('id_filial').equals(idFilial).toArray()).filter(live);
  const preferred = num(config?.['id_endereco_estoque_venda']);
  const address = addresses.find((a) => a['id_endereco_estoque'] === preferred) ?? addresses[0];
  const scenarios = (await db.rows('fiscal_scenario').toArray()).filter(live);
  const scenario = scenarios.find((s) => s['tipo'] === 'Venda' && (s['default'] || s['is_padrao'])) ?? scenarios.find((s) => s['tipo'] === 'Venda');
  const series = (await db.rows('fiscal_series').where('id_filial').equals(idFilial).toArray())
    .filter((s) => !s['data_exclusao'])
    .map((s) => ({ id_filial: idFilial, codigo_modelo: String(s['codigo_modelo']), situacao: String(s['situacao']) }));
  const methods = (await db.rows('method_payment').toArray()).filter((m) => live(m) && offeredIn(m, idFilial));
  const operators = (await db.rows('card_operator').toArray()).filter(live);
  const installments = (await db.rows('installments').toArray()).filter(live);
  const branch = (await db.rows('branch').get(idFilial)) ?? null;
  return {
    config,
    id_endereco_estoque: num(address?.['id_endereco_estoque']),
    id_cenario_fiscal: num(scenario?.['id_cenario_fiscal']),
    series,
    methods: methods.sort((a, b) => String(a['descricao']).localeCompare(String(b['descricao']))),
    operators,
    installments,
    branch,
  };
}

/** Customers by name, CPF or CNPJ (first 10). */
export async function searchPeople(db: PdvDatabase, text: string): Promise<LocalRow[]> {
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
