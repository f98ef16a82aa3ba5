/** Steps shared by the reliability specs (e2e/reliability-*.spec.ts), on top of checkout-steps.ts. */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { api, finish, gtinValid, pay, scan, serverStock } from './checkout-steps.ts';
import { localRows, type Row } from './support.ts';

/** mulberry32: a small seeded generator (in [0, 1)), so a failing run can be repeated with its printed seed. */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A new page of the context at /checkout, once its product search shows. */
export async function openCheckout(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/checkout');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible({ timeout: 30_000 });
  return page;
}

export interface Stocked {
  barcode: string;
  id_estoque: unknown;
  /** Units free to sell (quantity less reserve) in the local copy. */
  free: number;
}

/**
 * Products with stock at the branch's sale address and a valid GTIN, most stocked first, until they add up to
 * `units` sellable units (a branch that refuses negative stock sells at most what there is).
 */
export async function stockedProducts(page: Page, units: number): Promise<Stocked[]> {
  const [config] = await localRows(page, 'config');
  const addresses = await localRows(page, 'stock_address');
  const address = config?.['id_endereco_estoque_venda'] ?? addresses.find((a) => a['id_filial'] === config?.['id_filial'])?.['id_endereco_estoque'];
  const grids = await localRows(page, 'grid');
  const barcodes = await localRows(page, 'barcode');
  const stocks = (await localRows(page, 'stock'))
    .filter((s) => s['id_endereco_estoque'] === address)
    .map((s) => ({ s, free: Number(s['quantidade']) - Number(s['quantidade_reserva'] ?? 0) - 1 }))
    .filter((x) => x.free >= 1)
    .sort((a, b) => b.free - a.free);
  const out: Stocked[] = [];
  let total = 0;
  for (const { s, free } of stocks) {
    const grid = grids.find((g) => g['id_produto_grade_filial'] === s['id_produto_grade_filial']);
    const code = barcodes.find((b) => b['id_produto_grade'] === grid?.['id_produto_grade'] && b['id_produto_unidade_logistica'] == null
      && gtinValid(String(b['codigo'])));
    if (!grid || !code) continue;
    out.push({ barcode: String(code['codigo']), id_estoque: s['id_estoque'], free });
    total += free;
    if (total >= units) break;
  }
  expect(total, `products with ${units} units to sell`).toBeGreaterThanOrEqual(units);
  return out;
}

/** The next product to sell: the first with units left (taking one). */
export function takeUnit(products: Stocked[]): Stocked {
  const next = products.find((p) => p.free > 0);
  if (!next) throw new Error('no units left to sell');
  next.free -= 1;
  return next;
}

/** The branch's orders on the server (POST /order/find: this month to today), as counted there. */
export async function orderCount(page: Page): Promise<number> {
  const res = await api(page, '/order/find', { take: 1 });
  expect(res.status).toBe(200);
  return Number(res.json['count']);
}

/** The branch's order count and the server stock of `products`, before a run of trials. */
export async function serverBefore(page: Page, products: Stocked[]): Promise<{ orders: number; stock: number }> {
  const stock = await serverStock(page);
  return { orders: await orderCount(page), stock: products.reduce((sum, p) => sum + (stock.get(p.id_estoque) ?? NaN), 0) };
}

/**
 * After a run of trials, through the API: the orders of the operation UUIDs `ids` (distinct ones, and the UUIDs with
 * none: lost), how many orders the branch gained since `before`, and the server stock of `products` now.
 */
export async function serverTally(
  page: Page,
  ids: readonly string[],
  products: Stocked[],
  before: { orders: number },
): Promise<{ distinct: number; lost: number; added: number; stock: number }> {
  const orders: unknown[] = [];
  let lost = 0;
  for (const id of ids) {
    const found = await api(page, '/order/operation-find', { id });
    if (found.status === 200) orders.push(found.json['id_pedido']);
    else lost += 1;
  }
  const after = await serverBefore(page, products);
  return { distinct: new Set(orders).size, lost, added: after.orders - before.orders, stock: after.stock };
}

/**
 * One sale up to Enter on 'Confirmar': an empty sale, one unit of the next product scanned, paid in cash and finished
 * without the receipt. Answers the UUID of its operation (the one draft in the local copy before the finish).
 */
export async function cashSaleFinished(page: Page, products: Stocked[]): Promise<string> {
  const lines = page.getByRole('table', { name: 'Itens da venda' }).getByRole('row');
  await expect(lines).toHaveCount(0);
  await scan(page, takeUnit(products).barcode);
  await expect(lines).toHaveCount(2);
  const editing = (await localRows(page, 'operation')).filter((op) => op['situacao'] === 'EmEdicao');
  expect(editing).toHaveLength(1);
  const id = String(editing[0]!['id_operacao']);
  await pay(page, 'Dinheiro');
  await finish(page, false);
  return id;
}

/**
 * A sale whose finish never reached the local copy, on the page that shows it again as the draft (its one line): paid
 * in cash if its payment did not stay, and finished again without the receipt (the seller asked for when it has none).
 */
export async function finishDraftAgain(page: Page, id: string): Promise<void> {
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  const paid = (await localRows(page, 'payment')).some((p) => p['id_operacao'] === id);
  if (!paid) await pay(page, 'Dinheiro');
  const op = await localOperation(page, id);
  await finish(page, false, 'pre', op?.['id_usuario_vendedor'] == null);
}

export async function localOperation(page: Page, id: string): Promise<Row | undefined> {
  return (await localRows(page, 'operation')).find((op) => op['id_operacao'] === id);
}

/**
 * Every object store of every IndexedDB database of the page's origin, as JSON text per "database/store", and every
 * table of the local copy in SQLite as "sqlite/table" (read through the app's probe, appStart.tsx).
 */
export async function dumpIndexedDb(page: Page): Promise<Record<string, string>> {
  return page.evaluate<Record<string, string>>(`(async () => {
    const out = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => resolve(open.result);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        out[name + '/' + store] = JSON.stringify(rows);
      }
      db.close();
    }
    const probe = window.__pdvLocalCopy;
    if (probe && probe.store === 'sqlite') {
      for (const table of await probe.tables()) out['sqlite/' + table] = JSON.stringify(await probe.rows(table));
    }
    return out;
  })()`);
}

/** The UUID of the sale being edited once a line of it is stored (the draft is saved right after it is drawn). */
export async function editedSale(page: Page): Promise<string> {
  let ids: string[] = [];
  await expect
    .poll(async () => {
      const items = await localRows(page, 'item');
      ids = (await localRows(page, 'operation'))
        .filter((op) => op['situacao'] === 'EmEdicao' && items.some((i) => i['id_operacao'] === op['id_operacao']))
        .map((op) => String(op['id_operacao']));
      return ids.length;
    }, { timeout: 10_000, message: 'one sale being edited, with its line stored' })
    .toBe(1);
  return ids[0]!;
}
