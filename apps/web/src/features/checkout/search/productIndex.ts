/**
 * The point of sale's product search index of a local database: the word index (textIndex.ts) plus what a result
 * line shows (name, SKU, first valid GTIN, prices) of every variation, in memory, so that a search reads nothing from
 * IndexedDB (where it would also queue behind the sync engine's writes). The line that goes into the sale is read
 * fresh from the local copy when the cashier picks it (catalog.ts, hitOfGrid). In the browser the index lives in its
 * own worker (indexWorker.ts) and the page asks it through productIndex(); tests use LocalProductIndex directly.
 *
 * Built from the product, grid and barcode tables the first time the point of sale opens (in chunks, so the page
 * stays responsive), then kept up to date by the rows the sync engine announces (catalogChanges.ts: the rows when it
 * runs in this tab, their keys, read here, when it runs in another), in the order announced; rows announced during a
 * build are applied after it. When the owner of the product or grid table changes (another organization or
 * branch: the sync emptied and reloads it) or the local copy was dropped, the index is built again.
 */
import { DATABASE_NAME, type LocalRow, type PdvDatabase } from '../../../db/database.ts';
import {
  barcodeDoc,
  changeOf,
  gridDoc,
  onCatalogChange,
  productDoc,
  type BarcodeDoc,
  type CatalogChange,
  type CatalogKeys,
  type GridDoc,
  type ProductDoc,
} from './catalogChanges.ts';
import type { BuildInfo, IndexReply, IndexRequest } from './indexProtocol.ts';
import { ProductTextIndex } from './textIndex.ts';

/** Rows read per chunk while building (in the worker: a long chunk blocks no page). */
const CHUNK = 10_000;
/** How often a search checks, in the background, whether the tables changed owner. */
const OWNER_CHECK_MS = 2000;
/** The User Timing measure of a build (read by bench/checkout-search.bench.ts). */
export const INDEX_BUILD_MEASURE = 'pdv:indice-produtos';

/** A result line as the search shows it (the unit is read when the line is picked). */
export interface IndexedHit {
  id_produto_grade: number;
  id_produto_grade_filial: number;
  id_produto: number;
  descricao: string;
  sku: string | null;
  codigo_barras: string | null;
  preco_venda: number;
  preco_atacado: number;
  quantidade_atacarejo: number | null;
  /** The product's category (price tables and promotions may price by it). */
  id_categoria?: number | null;
  /** The version of the prices (the branch grid row's data_alteracao). */
  versao_preco: string | null;
}

/** The line of a scanned barcode: the variation's, with the code read and its product's unit of measure. */
export interface BarcodeHit extends IndexedHit {
  id_unidade_medida: number | null;
  /** Whose rows the index holds (ownersOf): the caller checks them against the tables in the same read. */
  owners: string;
}

/** The product and grid tables to read for ownersOf. */
export const OWNER_TABLES = ['product', 'grid'];

/** Whose rows the product and grid tables hold, from their updater rows ('-' for a table not started, or dropped). */
export function ownersOf(rows: ReadonlyArray<{ owner?: string | null } | undefined>): string {
  return rows.map((row) => (row ? (row.owner ?? '') : '-')).join('|');
}

/** Every variation, product and usable barcode the search shows, as announced or read. */
class CatalogStore {
  readonly words = new ProductTextIndex();
  private readonly products = new Map<number, ProductDoc>();
  private readonly grids = new Map<number, GridDoc>();
  /** Usable codes per variation, in key order (the first is shown), and the variation of each code. */
  private readonly codes = new Map<number, Array<[number, string]>>();
  private readonly codeGrid = new Map<number, number>();
  /** The code of each usable barcode row, and the rows of each code (their keys, ascending: one key alone as is). */
  private readonly codeText = new Map<number, string>();
  private readonly byCode = new Map<string, number | number[]>();

  apply(change: CatalogChange): void {
    if (change.table === 'product') {
      for (const doc of change.put) this.putProduct(doc);
      for (const id of change.gone) this.removeProduct(id);
    } else if (change.table === 'grid') {
      for (const doc of change.put) this.putGrid(doc);
      for (const id of change.gone) this.removeGrid(id);
    } else {
      for (const doc of change.put) this.putBarcode(doc);
      for (const id of change.gone) this.removeBarcode(id);
    }
  }

  putProduct(doc: ProductDoc): void {
    this.products.set(doc.id_produto, doc);
    this.words.putProduct(doc);
  }

  removeProduct(id: number): void {
    this.products.delete(id);
    this.words.removeProduct(id);
  }

  putGrid(doc: GridDoc): void {
    this.grids.set(doc.id_produto_grade, doc);
    this.words.putGrid(doc);
  }

  removeGrid(id: number): void {
    this.grids.delete(id);
    this.words.removeGrid(id);
  }

  putBarcode(doc: BarcodeDoc): void {
    this.removeBarcode(doc.id_produto_codigo_barra);
    if (!doc.usable) return;
    const list = this.codes.get(doc.id_produto_grade) ?? [];
    list.push([doc.id_produto_codigo_barra, doc.codigo]);
    list.sort((a, b) => a[0] - b[0]);
    this.codes.set(doc.id_produto_grade, list);
    this.codeGrid.set(doc.id_produto_codigo_barra, doc.id_produto_grade);
    this.codeText.set(doc.id_produto_codigo_barra, doc.codigo);
    const rows = this.byCode.get(doc.codigo);
    if (rows === undefined) this.byCode.set(doc.codigo, doc.id_produto_codigo_barra);
    else this.byCode.set(doc.codigo, [...(typeof rows === 'number' ? [rows] : rows), doc.id_produto_codigo_barra].sort((a, b) => a - b));
  }

  removeBarcode(id: number): void {
    const grid = this.codeGrid.get(id);
    if (grid === undefined) return;
    this.codeGrid.delete(id);
    const code = this.codeText.get(id);
    this.codeText.delete(id);
    const rows = code === undefined ? undefined : this.byCode.get(code);
    if (code !== undefined && rows !== undefined) {
      const left = (typeof rows === 'number' ? [rows] : rows).filter((row) => row !== id);
      if (left.length === 0) this.byCode.delete(code);
      else this.byCode.set(code, left.length === 1 ? (left[0] as number) : left);
    }
    const list = (this.codes.get(grid) ?? []).filter(([codeId]) => codeId !== id);
    if (list.length > 0) this.codes.set(grid, list);
    else this.codes.delete(grid);
  }

  hit(id_produto_grade: number): IndexedHit | null {
    const grid = this.grids.get(id_produto_grade);
    const product = grid && this.products.get(grid.id_produto);
    if (!grid || !product || !grid.live || !product.live || grid.id_produto_grade_filial === null) return null;
    return {
      id_produto_grade,
      id_produto_grade_filial: grid.id_produto_grade_filial,
      id_produto: product.id_produto,
      descricao: grid.is_padrao || !grid.descricao ? product.descricao : `${product.descricao} ${grid.descricao}`,
      sku: grid.sku ?? product.sku,
      codigo_barras: this.codes.get(id_produto_grade)?.[0]?.[1] ?? null,
      preco_venda: grid.preco_venda ?? product.preco_venda,
      preco_atacado: grid.preco_atacado ?? product.preco_atacado,
      quantidade_atacarejo: product.quantidade_atacarejo,
      ...(product.id_categoria !== undefined ? { id_categoria: product.id_categoria } : {}),
      versao_preco: grid.data_alteracao,
    };
  }

  /**
   * The line of a code as catalog.ts reads it from the tables: the usable barcode row of the code with the lowest key
   * (the first of the barcode.codigo index), its variation and product, live. Null when any of them is not here.
   */
  barcodeHit(code: string, owners: string): BarcodeHit | null {
    const rows = this.byCode.get(code);
    const first = typeof rows === 'number' ? rows : rows?.[0];
    const grid = first === undefined ? undefined : this.codeGrid.get(first);
    const hit = grid === undefined ? null : this.hit(grid);
    if (!hit) return null;
    return { ...hit, codigo_barras: code, id_unidade_medida: this.products.get(hit.id_produto)?.id_unidade_medida ?? null, owners };
  }
}

/** What the point of sale asks of the index. */
export interface ProductIndex {
  /** Builds the index if it was never built (the point of sale opens). */
  ready(): Promise<BuildInfo>;
  /** A page of results for the typed words (see ProductTextIndex.search). */
  search(query: string, offset: number, limit: number): Promise<{ hits: IndexedHit[]; more: boolean }>;
  /**
   * The line of a scanned code from memory, without waiting for anything: null while the index is not built (or is
   * being built again) and when the code, its variation or its product is not in it (the caller then reads the
   * tables).
   */
  byBarcode(code: string): Promise<BarcodeHit | null>;
  /** Forgets a variation the local copy no longer has (found missing when picked). */
  forget(id_produto_grade: number): void;
  /** Builds again when the product or grid table now holds another owner's rows (or was dropped). */
  checkOwners(): Promise<void>;
  close(): void;
}

export class LocalProductIndex implements ProductIndex {
  private lastBuild: BuildInfo = { ms: 0, variacoes: 0 };
  private store = new CatalogStore();
  private building: Promise<void> | null = null;
  /** Changes that arrived during a build, applied when it ends. */
  private pending: CatalogChange[] | null = null;
  private built = false;
  /** The owners of the build running or done. */
  private target: string | null = null;
  private checkedAt = 0;
  private generation = 0;
  /** Announcements are taken one after the other (another tab's need a read first). */
  private changes: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;

  constructor(private readonly db: PdvDatabase) {
    this.unsubscribe = onCatalogChange((change) => {
      // Never built: the build will read the rows from the tables.
      if (!this.built && !this.pending) return;
      this.changes = this.changes
        .then(async () => this.accept('keys' in change ? await this.read(change) : change))
        .catch((error: unknown) => console.error('Falha ao atualizar o índice de produtos', error));
    });
  }

  private accept(change: CatalogChange): void {
    if (this.pending) this.pending.push(change);
    else if (this.built) this.store.apply(change);
  }

  /** The rows of keys another tab announced, as they are now (a key no longer there is gone). */
  private async read({ table, keys, gone }: CatalogKeys): Promise<CatalogChange> {
    const rows = await this.db.rows(table).bulkGet(keys);
    const change = changeOf(table, rows.filter((row): row is LocalRow => row !== undefined));
    const missing = keys.filter((_, i) => rows[i] === undefined);
    return { ...change, gone: [...change.gone, ...gone, ...missing] };
  }

  async ready(): Promise<BuildInfo> {
    if (this.building === null) await this.rebuild(await this.readOwners());
    else await this.building;
    return this.lastBuild;
  }

  async search(query: string, offset: number, limit: number): Promise<{ hits: IndexedHit[]; more: boolean }> {
    await this.ready();
    await this.changes;
    this.checkOwnersLater();
    const found = this.store.words.search(query, offset, limit);
    const hits = found.ids.flatMap((id) => this.store.hit(id) ?? []);
    return { hits, more: found.more };
  }

  async byBarcode(code: string): Promise<BarcodeHit | null> {
    if (!this.built || this.pending) return null;
    await this.changes;
    this.checkOwnersLater();
    // A build for other owners may have started while the announced changes were applied.
    return this.built && !this.pending && this.target !== null ? this.store.barcodeHit(code, this.target) : null;
  }

  forget(id_produto_grade: number): void {
    this.store.removeGrid(id_produto_grade);
  }

  /** Stops following the announced changes. */
  close(): void {
    this.unsubscribe();
  }

  /** Whose rows the product and grid tables hold ('-' for a table the sync has not started, or dropped). */
  private async readOwners(): Promise<string> {
    return ownersOf(await this.db.updater.bulkGet(OWNER_TABLES));
  }

  async checkOwners(): Promise<void> {
    this.checkedAt = Date.now();
    const owners = await this.readOwners();
    if (owners !== this.target) await this.rebuild(owners);
  }

  /** checkOwners in the background, at most every OWNER_CHECK_MS (searches never wait for it). */
  private checkOwnersLater(): void {
    if (Date.now() - this.checkedAt < OWNER_CHECK_MS) return;
    this.checkOwners().catch((error: unknown) => console.error('Falha ao verificar o índice de produtos', error));
  }

  private rebuild(owners: string): Promise<void> {
    if (this.building && owners === this.target) return this.building;
    const build = this.build(owners);
    this.building = build;
    this.target = owners;
    build.catch(() => {
      if (this.building === build) this.building = null;
    });
    return build;
  }

  /** A build made stale by a later one (the owners changed again) is dropped, whichever ends first. */
  private async build(owners: string): Promise<void> {
    const generation = ++this.generation;
    const started = performance.now();
    const store = new CatalogStore();
    const pending: CatalogChange[] = [];
    this.pending = pending;
    try {
      // The three tables are read side by side (a variation may come before its product: the store links them).
      await Promise.all([
        this.readAll('product', 'id_produto', (row) => store.putProduct(productDoc(row))),
        this.readAll('grid', 'id_produto_grade', (row) => store.putGrid(gridDoc(row))),
        this.readAll('barcode', 'id_produto_codigo_barra', (row) => store.putBarcode(barcodeDoc(row))),
      ]);
      if (generation !== this.generation) return;
      for (const change of pending) store.apply(change);
      // The first search does not pay for sorting the words.
      store.words.mergeNewWords();
      this.store = store;
      this.built = true;
    } finally {
      if (generation === this.generation) this.pending = null;
    }
    this.lastBuild = { ms: performance.now() - started, variacoes: store.words.size };
    performance.measure(INDEX_BUILD_MEASURE, { start: started, detail: { variacoes: store.words.size, owners } });
  }

  /** Every row of a table, in key order, CHUNK rows per read. */
  private async readAll(name: string, key: string, each: (row: LocalRow) => void): Promise<void> {
    const table = this.db.rows(name);
    let rows = await table.limit(CHUNK).toArray();
    for (;;) {
      for (const row of rows) each(row);
      const last = rows.at(-1)?.[key];
      if (rows.length < CHUNK || last === undefined) return;
      rows = await table
        .where(':id')
        .above(last as number)
        .limit(CHUNK)
        .toArray();
    }
  }
}

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** The index in its worker: each call is a message, answered in order. */
class WorkerProductIndex implements ProductIndex {
  private readonly worker: Worker;
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (reply: IndexReply & { ok: true }) => void; reject: (error: Error) => void }>();
  private readyCall: Promise<BuildInfo> | null = null;

  constructor() {
    this.worker = new Worker(new URL('./indexWorker.ts', import.meta.url), { type: 'module', name: 'pdv-indice' });
    this.worker.onmessage = (event: MessageEvent<IndexReply>) => {
      const reply = event.data;
      const call = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (!call) return;
      if (reply.ok) call.resolve(reply);
      else call.reject(new Error(reply.message));
    };
    this.worker.onerror = (event) => {
      const error = new Error(`Falha no índice de produtos: ${event.message}`);
      for (const call of this.waiting.values()) call.reject(error);
      this.waiting.clear();
    };
  }

  private ask(request: WithoutId<IndexRequest>): Promise<IndexReply & { ok: true }> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  ready(): Promise<BuildInfo> {
    if (!this.readyCall) {
      const started = performance.now();
      const call = this.ask({ op: 'ready' }).then((reply) => {
        const built = reply.built ?? { ms: 0, variacoes: 0 };
        // On the page's timeline, from the first ask to the index answering (the worker's own build time in detail).
        performance.measure(INDEX_BUILD_MEASURE, { start: started, detail: { variacoes: built.variacoes, worker_ms: built.ms } });
        return built;
      });
      call.catch(() => {
        if (this.readyCall === call) this.readyCall = null;
      });
      this.readyCall = call;
    }
    return this.readyCall;
  }

  async search(query: string, offset: number, limit: number): Promise<{ hits: IndexedHit[]; more: boolean }> {
    const reply = await this.ask({ op: 'search', query, offset, limit });
    return reply.result ?? { hits: [], more: false };
  }

  async byBarcode(code: string): Promise<BarcodeHit | null> {
    const reply = await this.ask({ op: 'barcode', code });
    return reply.barcode ?? null;
  }

  forget(id_produto_grade: number): void {
    this.ask({ op: 'forget', id_produto_grade }).catch((error: unknown) => console.error('Falha no índice de produtos', error));
  }

  async checkOwners(): Promise<void> {
    await this.ask({ op: 'checkOwners' });
  }

  close(): void {
    this.worker.terminate();
  }
}

const indexes = new WeakMap<PdvDatabase, ProductIndex>();

/**
 * The product index of a database, one per database and page: in a worker for the page's own database when the
 * browser has workers, in this thread otherwise (tests, test databases).
 */
export function productIndex(db: PdvDatabase): ProductIndex {
  let index = indexes.get(db);
  if (!index) {
    index = typeof Worker !== 'undefined' && db.name === DATABASE_NAME ? new WorkerProductIndex() : new LocalProductIndex(db);
    indexes.set(db, index);
  }
  return index;
}
