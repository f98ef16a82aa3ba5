/**
 * Product, variation and barcode rows written to the local copy, announced to the product search index of every tab.
 * The sync engine calls announceRows once per written page (it runs in one tab; the index lives in the tab that
 * sells). This tab's listeners get what the search shows of each row (ids, descriptions, SKUs, prices, codes and
 * whether the row is live); the other tabs get only the keys, over a BroadcastChannel, and read the rows themselves,
 * so a tab that syncs without selling spends next to nothing on it.
 */
import type { LocalRow } from '../../../db/database.ts';
import { isValidGtin } from '@pdv/domain/gtin';
import { fromDecimal, quantityFromDecimal, type Cents, type Milli } from '@pdv/domain/money';

export interface ProductDoc {
  id_produto: number;
  descricao: string;
  sku: string | null;
  /** Active and not deleted: only live products are found. */
  live: boolean;
  preco_venda: Cents;
  preco_atacado: Cents;
  quantidade_atacarejo: Milli | null;
  /** The product's category: price tables and promotions may price by it (price-check.ts linePricing). */
  id_categoria?: number | null;
  /** The unit of measure (its abbreviation is read when a scanned line goes into the sale). */
  id_unidade_medida: number | null;
}

export interface GridDoc {
  id_produto_grade: number;
  id_produto: number;
  id_produto_grade_filial: number | null;
  descricao: string | null;
  sku: string | null;
  /** The product's default variation: its own description is not part of the name. */
  is_padrao: boolean;
  live: boolean;
  /** The branch's prices of the variation (null: the product's). */
  preco_venda: Cents | null;
  preco_atacado: Cents | null;
  /** The version of those prices: the branch grid row's data_alteracao (sent as versao_preco with a sale's line). */
  data_alteracao: string | null;
}

export interface BarcodeDoc {
  id_produto_codigo_barra: number;
  id_produto_grade: number;
  codigo: string;
  /** Live and a valid GTIN (000 §5: only valid GTINs are used as barcodes). */
  usable: boolean;
}

export type CatalogTable = 'product' | 'grid' | 'barcode';

/** Rows written in this tab: what the search needs of each. */
export type CatalogChange =
  | { table: 'product'; put: ProductDoc[]; gone: number[] }
  | { table: 'grid'; put: GridDoc[]; gone: number[] }
  | { table: 'barcode'; put: BarcodeDoc[]; gone: number[] };

/** Rows written in another tab: their keys (the listener reads them). */
export interface CatalogKeys {
  table: CatalogTable;
  keys: number[];
  gone: number[];
}

const CHANNEL_NAME = 'pdv-catalogo';

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : null);
const cents = (v: unknown): Cents | null => {
  const n = num(v);
  return n === null || Number.isNaN(n) ? null : fromDecimal(n);
};
/** Not deleted and, when the row has a situation, Ativo. */
export const isLive = (row: LocalRow) =>
  !row['data_exclusao'] && (row['situacao'] === undefined || row['situacao'] === null || row['situacao'] === 'Ativo');

export function productDoc(row: LocalRow): ProductDoc {
  const atacarejo = num(row['quantidade_atacarejo']);
  return {
    id_produto: Number(row['id_produto']),
    descricao: text(row['descricao']) ?? '',
    sku: text(row['sku']),
    live: isLive(row),
    preco_venda: cents(row['preco_venda']) ?? 0,
    preco_atacado: cents(row['preco_atacado']) ?? 0,
    quantidade_atacarejo: atacarejo ? quantityFromDecimal(atacarejo) : null,
    id_categoria: num(row['id_categoria']),
    id_unidade_medida: num(row['id_unidade_medida']),
  };
}

export function gridDoc(row: LocalRow): GridDoc {
  return {
    id_produto_grade: Number(row['id_produto_grade']),
    id_produto: Number(row['id_produto']),
    id_produto_grade_filial: num(row['id_produto_grade_filial']),
    descricao: text(row['descricao']),
    sku: text(row['sku']),
    is_padrao: row['is_padrao'] === true,
    live: isLive(row) && num(row['id_produto_grade_filial']) !== null,
    preco_venda: cents(row['preco_venda']),
    preco_atacado: cents(row['preco_atacado']),
    data_alteracao: text(row['data_alteracao']),
  };
}

export function barcodeDoc(row: LocalRow): BarcodeDoc {
  const codigo = text(row['codigo']) ?? '';
  return {
    id_produto_codigo_barra: Number(row['id_produto_codigo_barra']),
    id_produto_grade: Number(row['id_produto_grade']),
    codigo,
    usable: isLive(row) && isValidGtin(codigo),
  };
}

type Listener = (change: CatalogChange | CatalogKeys) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function sharedChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  if (channel) {
    // Node (tests) would otherwise keep the process alive for the channel.
    (channel as BroadcastChannel & { unref?: () => void }).unref?.();
    channel.onmessage = (event: MessageEvent<CatalogKeys>) => deliver(event.data);
  }
  return channel;
}

function deliver(change: CatalogChange | CatalogKeys): void {
  for (const listener of listeners) {
    try {
      listener(change);
    } catch (error) {
      console.error('Falha ao atualizar o índice de produtos', error);
    }
  }
}

export const SOURCES = {
  product: { key: 'id_produto', doc: productDoc },
  grid: { key: 'id_produto_grade', doc: gridDoc },
  barcode: { key: 'id_produto_codigo_barra', doc: barcodeDoc },
} as const;

const isCatalogTable = (table: string): table is CatalogTable => table === 'product' || table === 'grid' || table === 'barcode';

/** What the search needs of rows of a catalogue table (rows carrying data_exclusao are gone). */
export function changeOf(table: CatalogTable, rows: readonly LocalRow[]): CatalogChange {
  const source = SOURCES[table];
  const put: unknown[] = [];
  const gone: number[] = [];
  for (const row of rows) {
    if (row['data_exclusao']) gone.push(Number(row[source.key]));
    else put.push(source.doc(row));
  }
  return { table, put, gone } as CatalogChange;
}

/**
 * Rows of a local table were written (puts; rows carrying data_exclusao were deleted). Call after the write
 * committed. Tables other than product, grid and barcode are ignored.
 */
export function announceRows(table: string, rows: readonly LocalRow[]): void {
  if (rows.length === 0 || !isCatalogTable(table)) return;
  if (listeners.size > 0) deliver(changeOf(table, rows));
  const key = SOURCES[table].key;
  const keys: number[] = [];
  const gone: number[] = [];
  for (const row of rows) (row['data_exclusao'] ? gone : keys).push(Number(row[key]));
  try {
    sharedChannel()?.postMessage({ table, keys, gone } satisfies CatalogKeys);
  } catch (error) {
    console.error('Falha ao avisar as outras abas de uma mudança de produtos', error);
  }
}

/** Listens to product, variation and barcode writes made in this tab or another; answers the unsubscribe. */
export function onCatalogChange(listener: Listener): () => void {
  sharedChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
