/**
 * The point of sale's product search in headless Chromium with a large local copy (issue 4, "Speed"; issue 21, the copy
 * on SQLite: its search in the copy's worker, FTS5, nothing built at page load):
 * - reload to search usable: a fresh page at /checkout with the catalogue already local, from the navigation's start to
 *   the first search's results in the page (the bench fills the box with a word as soon as it shows; the app's 120 ms
 *   typing pause is included), BENCH_RELOADS times (default 3), the median reported; baseline: the navigation's start
 *   to the box filled (the page, the app and its copy open); goal ≤ 2 s at 100k products;
 * - text search, top 25: from the search's start (after the typing pause) to the results in the page, measured by
 *   the app itself (User Timing 'pdv:pesquisa-produto'), p95 over a mix of queries (whole words, prefixes, several
 *   words, accents, reference numbers, no result); goal p95 ≤ 20 ms (issue 21). Baseline: a linear scan in the same
 *   page over the same rows read once through the app's probe (not timed; the variations by product and the codes by
 *   variation put in maps, not timed, standing for the indexes): every product's description folded and every word
 *   looked for, the first 25 matches made into lines. (Before the SQLite copy the baseline scanned IndexedDB, and
 *   issue 4 asked for ratio ≤ 0.1 against it: the ratio is still printed, against this in-memory scan, not a goal.)
 * - barcode scan: from the keydown of Enter (a listener on window, capture phase) to the new line in the items table
 *   (a MutationObserver), and to the next frame after it (requestAnimationFrame then a task: painted); goal p95 ≤ 50 ms.
 *   Baseline: one barcode.codigo lookup through the app's probe (the query API to the copy's worker and back),
 *   median. Printed beside it: a bare text change in the same page to the next frame, timed the same way (the share of
 *   "painted" that is the browser's frame, not the app's work).
 *
 * The local copy: the demo shop synced from a real server, plus BENCH_SEARCH_PRODUCTS products (default 100,000,
 * each with 2 or 3 variations and a GTIN-13 per variation, named like the bulk catalogue of `npm run demo:data`)
 * written into the app's SQLite copy through its probe (window.__pdvLocalCopy.bulkPut, localdb/appStart.tsx: the
 * copy's worker keeps the search tables by its triggers) in chunks of 5,000 products: loading 100k products through
 * the sync is sync-browser.bench.ts's subject, not this one's. The app must open its copy in SQLite (the bench fails
 * on the Dexie fallback). Page code is passed as strings: the Node tsconfig has no DOM libs.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { percentile, median, type Benchmark, type BenchResult } from './lib.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRODUCTS = Number(process.env['BENCH_SEARCH_PRODUCTS'] ?? 100_000);
const QUERIES = Number(process.env['BENCH_SEARCH_QUERIES'] ?? 120);
const SCAN_QUERIES = Number(process.env['BENCH_SEARCH_SCANS'] ?? 15);
const RELOADS = Number(process.env['BENCH_RELOADS'] ?? 3);
const BARCODE_SCANS = Number(process.env['BENCH_BARCODE_SCANS'] ?? 100);
/** Price tables and active promotions in the local copy while scanning (issue 30's speed goal: 50 and 200). */
const PRICE_TABLES = Number(process.env['BENCH_PRICE_TABLES'] ?? 50);
const PROMOTIONS = Number(process.env['BENCH_PROMOTIONS'] ?? 200);
const CHROMIUM = '/usr/bin/chromium';
// The manager: removing lines to start a new sale every 20 scans needs no supervisor for him (the cashier is asked).
const EMAIL = 'gerente@demo.com.br';
const PASSWORD = 'demo1234';
/** Ids of the written rows start here, far from the server's. */
const BASE_ID = 50_000_000;
const SEARCH_MEASURE = 'pdv:pesquisa-produto';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startServer(env: NodeJS.ProcessEnv, logFile: string): Promise<ChildProcess> {
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const url = `http://127.0.0.1:${env['PORT']}/api/health`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    try {
      const res = await fetch(url);
      if (res.ok && ((await res.json()) as { status?: string }).status === 'ok') return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer ${url}`);
    await sleep(250);
  }
}

export async function stopServer(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string, intervalMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/**
 * Page helpers: `probe()` answers the app's probe of its local copy (window.__pdvLocalCopy, localdb/appStart.tsx),
 * failing when the app has not opened its copy yet.
 */
export const PAGE_HELPERS = `
  const probe = () => {
    if (!window.__pdvLocalCopy) throw new Error('the app has not opened its local copy');
    return window.__pdvLocalCopy;
  };
`;

/** Whether the demo's catalogue and selling tables are read to their end. */
export async function localCopyLoaded(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(`(async () => {
    const copy = window.__pdvLocalCopy;
    if (!copy) return false;
    const rows = await copy.rows('updater');
    const loaded = new Set(rows.filter((r) => r.is_loaded === 1).map((r) => r.table));
    return ['product', 'grid', 'barcode', 'stock', 'stock_address', 'config', 'measure_unit', 'method_payment'].every((t) => loaded.has(t))
      && !rows.some((r) => r.loading === 1);
  })()`);
}

/** Which store holds the page's local copy ('sqlite' or 'dexie'; null before the app opened it). */
export async function localStore(page: Page): Promise<string | null> {
  return page.evaluate<string | null>('window.__pdvLocalCopy ? window.__pdvLocalCopy.store : null');
}

/**
 * Writes `count` products (2 or 3 variations each, a GTIN-13 per variation) into the app's local copy through its probe,
 * 5,000 products a chunk (each table's chunk one bulkPut), and stock at the branch's sale address for the first
 * variation of the first `stocked` products. Answers the codes and variations of those.
 */
export async function writeCatalogue(page: Page, count: number, stocked: number): Promise<{ ms: number; grids: number; codes: string[]; grades: number[] }> {
  return page.evaluate<{ ms: number; grids: number; codes: string[]; grades: number[] }>(`(async () => {
    ${PAGE_HELPERS}
    const copy = probe();
    const BASE = ${BASE_ID};
    const KINDS = [['Camiseta', ['PP','P','M','G','GG','XG']], ['Camisa', ['PP','P','M','G','GG','XG']],
      ['Calça', ['36','38','40','42','44','46','48']], ['Bermuda', ['36','38','40','42','44','46','48']],
      ['Vestido', ['PP','P','M','G','GG','XG']], ['Blusa', ['PP','P','M','G','GG','XG']], ['Jaqueta', ['PP','P','M','G','GG','XG']],
      ['Tênis', ['34','35','36','37','38','39','40','41','42','43','44']], ['Sandália', ['34','35','36','37','38','39','40','41','42','43','44']],
      ['Bota', ['34','35','36','37','38','39','40','41','42','43','44']]];
    const LINHAS = ['Linha Verão', 'Linha Inverno', 'Coleção Urbana', 'Coleção Praia', 'Coleção Conforto', 'Edição Limitada',
      'Linha Essencial', 'Coleção Esportiva', 'Linha Casual', 'Coleção Clássica'];
    const CORES = ['Preto', 'Branco', 'Azul Marinho', 'Cinza', 'Vermelho', 'Verde', 'Bege', 'Rosa', 'Marrom', 'Amarelo', 'Vinho'];
    const gtin = (body) => { let s = 0; for (let i = 0; i < 12; i++) s += Number(body[11 - i]) * (i % 2 === 0 ? 3 : 1); return body + ((10 - (s % 10)) % 10); };
    const [config] = await copy.rows('config');
    const units = await copy.rows('measure_unit');
    const addresses = (await copy.rows('stock_address')).filter((a) => a.id_filial === config.id_filial && !a.data_exclusao);
    const address = addresses.find((a) => a.id_endereco_estoque === config.id_endereco_estoque_venda) ?? addresses[0];
    const unit = (units.find((u) => u.sigla === 'PC') ?? units[0]).id_unidade_medida;
    const started = performance.now();
    const products = [], grids = [], barcodes = [], stock = [], codes = [], scanned = [];
    let written = 0;
    const flush = async (force) => {
      if (!force && products.length < 5000) return;
      // Products first: the variation search's triggers read a variation's product.
      for (const [name, rows] of [['product', products], ['grid', grids], ['barcode', barcodes], ['stock', stock]]) {
        if (rows.length > 0) await copy.bulkPut(name, rows.slice());
        written += name === 'grid' ? rows.length : 0;
        rows.length = 0;
      }
    };
    for (let n = 1; n <= ${count}; n++) {
      const [kind, sizes] = KINDS[n % KINDS.length];
      const linha = LINHAS[Math.floor(n / KINDS.length) % LINHAS.length];
      const cor = CORES[Math.floor(n / 7) % CORES.length];
      const sku = 'BNC-' + String(n).padStart(7, '0');
      const venda = (3990 + (n % 10) * 500) / 100;
      const id_produto = BASE + n;
      products.push({ id_produto, descricao: kind + ' ' + linha + ' ' + cor + ' Ref. ' + String(n).padStart(6, '0'), sku,
        situacao: 'Ativo', id_unidade_medida: unit, quantidade_atacarejo: 6, preco_venda: venda, preco_atacado: Math.round(venda * 88) / 100,
        data_exclusao: null });
      const variations = 2 + (n % 2);
      const start = n % (sizes.length - variations + 1);
      for (let i = 0; i < variations; i++) {
        const grade = BASE + n * 3 + i;
        const code = gtin('7898' + String(n * 3 + i).padStart(8, '0'));
        grids.push({ id_produto_grade: grade, id_produto_grade_filial: grade, id_produto, id_filial: config.id_filial, descricao: sizes[start + i],
          sku: sku + '-' + sizes[start + i], is_padrao: false, situacao: 'Ativo', preco_venda: venda, preco_atacado: Math.round(venda * 88) / 100,
          data_exclusao: null });
        barcodes.push({ id_produto_codigo_barra: grade, codigo: code, id_produto_grade: grade, id_produto, situacao: 'Ativo', multiplicador: 1, data_exclusao: null });
        if (i === 0 && n <= ${stocked}) {
          stock.push({ id_estoque: grade, id_filial: config.id_filial, id_endereco_estoque: address.id_endereco_estoque,
            id_produto_grade_filial: grade, quantidade: 1000, quantidade_reserva: 0, data_exclusao: null });
          codes.push(code);
          scanned.push(grade);
        }
      }
      await flush(false);
    }
    await flush(true);
    return { ms: performance.now() - started, grids: written, codes, grades: scanned };
  })()`);
}

/**
 * Issue 30's pricing load, written into the local copy: PRICE_TABLES price tables of the branch (each with 200 entries
 * per variation, the first one the branch's default, so every scanned line is priced through a table) and PROMOTIONS
 * promotions in effect today, each on 50 variations, the scanned ones among them (so the best-promotion rule runs on
 * every scan). Answers how many table entries and promotion entries were written.
 */
async function writePricing(page: Page, tables: number, promotions: number, grades: number[]): Promise<{ entries: number; promoted: number }> {
  return page.evaluate<{ entries: number; promoted: number }>(`(async () => {
    ${PAGE_HELPERS}
    const copy = probe();
    const grades = ${JSON.stringify(grades)};
    const [config] = await copy.rows('config');
    const filial = config.id_filial;
    const today = new Date(Date.now() - 3 * 3600000).toISOString().slice(0, 10);
    const far = '2099-12-31';
    const priceTables = [], promos = [];
    let entries = 0, promoted = 0;
    for (let t = 1; t <= ${tables}; t++) {
      const itens = [];
      for (let i = 0; i < 200; i++) {
        const g = ${BASE_ID} + ((t * 997 + i * 31) % 100000) * 3;
        itens.push({ id_produto_grade_filial: g, id_categoria: null, tipo_aplicado: 'Desconto', tipo_valor: 'Percentual', valor_varejo: 2, valor_atacado: 1 });
      }
      if (t === 1) for (const g of grades) itens.push({ id_produto_grade_filial: g, id_categoria: null, tipo_aplicado: 'Desconto', tipo_valor: 'Percentual', valor_varejo: 3, valor_atacado: 2 });
      entries += itens.length;
      priceTables.push({ id_tabela_preco: 90000 + t, descricao: 'Tabela bench ' + t, situacao: 'Ativo', tipo_aplicado: 'Desconto',
        tipo_valor: 'Percentual', valor_varejo: 1, valor_atacado: 0, filiais: [{ id_filial: filial }], itens, data_exclusao: null });
    }
    for (let p = 1; p <= ${promotions}; p++) {
      const produtos = [];
      for (let i = 0; i < 50; i++) {
        const g = ${BASE_ID} + ((p * 389 + i * 53) % 100000) * 3;
        produtos.push({ id_produto_grade_filial: g, tipo: 'Percentual', venda: 5 + (p % 10), atacado: 3 });
      }
      for (const [k, g] of grades.entries()) if (k % ${Math.max(1, promotions)} === p - 1 || p <= 3) produtos.push({ id_produto_grade_filial: g, tipo: 'Percentual', venda: 4 + (p % 20), atacado: 2 });
      promoted += produtos.length;
      promos.push({ id_promocao: 90000 + p, descricao: 'Promoção bench ' + p, situacao: 'Ativo', data_inicio: today, data_fim: far,
        is_gestao: true, is_desconto: true, categorias: [], produtos, data_exclusao: null });
    }
    await copy.bulkPut('table_price', priceTables);
    await copy.bulkPut('promotion', promos);
    const [branch] = await copy.where('branch', 'id_filial', filial);
    if (branch && ${tables} > 0) await copy.bulkPut('branch', [{ ...branch, id_tabela_preco_padrao: 90001 }]);
    return { entries, promoted };
  })()`);
}

/** The search queries: whole words, prefixes, several words, accents, reference numbers and a few with no result. */
function makeQueries(count: number, products: number): string[] {
  const words = ['camiseta', 'camisa', 'calça', 'calca', 'bermuda', 'vestido', 'blusa', 'jaqueta', 'tênis', 'tenis', 'sandália', 'bota',
    'linha', 'verão', 'inverno', 'coleção', 'urbana', 'praia', 'conforto', 'edição', 'limitada', 'essencial', 'esportiva', 'casual',
    'clássica', 'preto', 'branco', 'azul', 'marinho', 'cinza', 'vermelho', 'verde', 'bege', 'rosa', 'marrom', 'amarelo', 'vinho',
    'gg', 'xg', '38', '42'];
  let seed = 20_251_121;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  const pick = () => words[random(words.length)] ?? 'camiseta';
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const kind = i % 6;
    if (kind === 0) out.push(pick());
    else if (kind === 1) out.push(pick().slice(0, 3));
    else if (kind === 2) out.push(`${pick()} ${pick()}`);
    else if (kind === 3) out.push(`${pick()} ${pick().slice(0, 4)} ${pick()}`);
    else if (kind === 4) out.push(`ref ${String(1 + random(products)).padStart(6, '0')}`);
    else out.push(i % 12 === 5 ? `${pick()} xyzw` : `${pick().toUpperCase()} ${pick()}`);
  }
  return out;
}

/**
 * The baseline of the text search, in the page: the products, variations and codes read once through the app's probe
 * (not timed), the variations by product and the first code by variation put in maps (not timed: they stand for the
 * indexes); then, timed for each query, every product's description folded and every word looked for, and the first
 * 25 matches made into lines (variations, first GTIN). Answers the time per query.
 */
async function linearScan(page: Page, queries: string[]): Promise<number[]> {
  return page.evaluate<number[]>(`(async () => {
    ${PAGE_HELPERS}
    const copy = probe();
    const fold = (t) => t.normalize('NFD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase();
    const products = await copy.rows('product');
    const gridsOf = new Map();
    for (const g of await copy.rows('grid')) {
      const list = gridsOf.get(g.id_produto);
      if (list) list.push(g); else gridsOf.set(g.id_produto, [g]);
    }
    const codeOf = new Map();
    for (const b of await copy.rows('barcode')) if (!codeOf.has(b.id_produto_grade)) codeOf.set(b.id_produto_grade, b.codigo);
    const times = [];
    for (const query of ${JSON.stringify(queries)}) {
      const started = performance.now();
      const words = fold(query).split(/\\s+/).filter(Boolean);
      const found = products.filter((p) => !p.data_exclusao && p.situacao === 'Ativo' && words.every((w) => fold(p.descricao ?? '').includes(w)));
      const hits = [];
      for (const p of found) {
        if (hits.length > 25) break;
        for (const g of gridsOf.get(p.id_produto) ?? []) {
          hits.push({ descricao: p.descricao + ' ' + g.descricao, codigo: codeOf.get(g.id_produto_grade) ?? null, preco: g.preco_venda });
        }
      }
      times.push(performance.now() - started);
    }
    return times;
  })()`);
}

/**
 * The floor of a barcode lookup: one barcode.codigo lookup through the app's probe (the query API to the local copy's
 * worker and back), median over the codes, in the page.
 */
export async function rawBarcodeLookup(page: Page, codes: string[]): Promise<number> {
  return page.evaluate<number>(`(async () => {
    ${PAGE_HELPERS}
    const copy = probe();
    const times = [];
    for (const code of ${JSON.stringify(codes)}) {
      const started = performance.now();
      await copy.where('barcode', 'codigo', code);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  })()`);
}

const ARM_SCAN = `(() => {
  const rows = () => document.querySelectorAll('table[aria-label="Itens da venda"] tbody tr').length;
  const before = rows();
  window.__scan = new Promise((resolve) => {
    let keyAt = null;
    const onKey = (event) => { if (event.key === 'Enter') { keyAt = performance.now(); window.removeEventListener('keydown', onKey, true); } };
    window.addEventListener('keydown', onKey, true);
    const observer = new MutationObserver(() => {
      if (keyAt === null || rows() <= before) return;
      const domAt = performance.now();
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve({ dom: domAt - keyAt, painted: performance.now() - keyAt }), 0));
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
})()`;

/**
 * The frame's own share of "painted": a bare text change in the page (no app code) to the next frame after it,
 * timed the same way as a scan (requestAnimationFrame then a task), `count` times 20 ms apart. Answers the times.
 */
export async function frameAfterBareChange(page: Page, count: number): Promise<number[]> {
  return page.evaluate<number[]>(`new Promise((resolve) => {
    const times = [];
    const box = document.createElement('div');
    document.body.appendChild(box);
    const one = () => {
      const started = performance.now();
      box.textContent = String(times.length);
      requestAnimationFrame(() => setTimeout(() => {
        times.push(performance.now() - started);
        if (times.length < ${count}) setTimeout(one, 20);
        else { box.remove(); resolve(times); }
      }, 0));
    };
    one();
  })`);
}

async function clearSale(page: Page): Promise<void> {
  const search = page.getByRole('textbox', { name: 'Pesquisar produto' });
  await search.fill('');
  await search.focus();
  for (let i = 0; i < 60; i += 1) {
    const count = await page.locator('table[aria-label="Itens da venda"] tbody tr').count();
    if (count === 0) return;
    await page.keyboard.press('Delete');
    await sleep(20);
  }
  throw new Error('the sale was not cleared');
}

export const checkoutSearchBenchmark: Benchmark = {
  name: 'checkout-search',
  async run() {
    const tmp = mkdtempSync(join(tmpdir(), 'pdv-bench-search-'));
    const logFile = join(tmp, 'server.log');
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env, PORT: String(port), DATA_DIR: join(tmp, 'data'), LOG: 'off', JWT_SECRET: randomBytes(32).toString('hex'),
    };
    delete env['DATABASE_URL'];
    delete env['TEST_DATABASE_URL'];
    delete env['NODE_ENV'];
    let server: ChildProcess | null = null;
    let browser: Awaited<ReturnType<typeof chromium.launch>> | null = null;
    try {
      const webBuild = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: ROOT, stdio: 'inherit' });
      if (webBuild.status !== 0) throw new Error('web build failed');
      server = await startServer(env, logFile);
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      });
      const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}`, serviceWorkers: 'block', locale: 'pt-BR' });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('E-mail').fill(EMAIL);
      await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await waitFor(() => localCopyLoaded(page), 180_000, 'the demo local copy');
      const store = await localStore(page);
      if (store !== 'sqlite') throw new Error(`the app's local copy is in ${String(store)}, not SQLite: this bench measures the SQLite copy`);

      const written = await writeCatalogue(page, PRODUCTS, BARCODE_SCANS);
      process.stdout.write(`  wrote ${PRODUCTS.toLocaleString('en')} products, ${written.grids.toLocaleString('en')} variations and barcodes `
        + `into the SQLite copy through the probe in ${(written.ms / 1000).toFixed(1)} s\n`);
      const pricing = await writePricing(page, PRICE_TABLES, PROMOTIONS, written.grades);
      process.stdout.write(`  pricing: ${PRICE_TABLES} price tables (${pricing.entries.toLocaleString('en')} entries, the first the branch's default), `
        + `${PROMOTIONS} promotions in effect (${pricing.promoted.toLocaleString('en')} entries)\n`);

      // Reload to search usable: a fresh page at /checkout (the catalogue already local), a word typed as soon as the box
      // shows; page times from the navigation's start.
      const search = page.getByRole('textbox', { name: 'Pesquisar produto' });
      const usable: number[] = [];
      const shown: number[] = [];
      for (let i = 0; i < RELOADS; i += 1) {
        await page.goto('/checkout', { waitUntil: 'commit' });
        await search.fill('camiseta', { timeout: 300_000 });
        shown.push(await page.evaluate<number>('performance.now()'));
        // Polled with evaluate: the app's Content Security Policy forbids the string eval that waitForFunction needs.
        const first = async () => page.evaluate<number | null>(`(() => {
          const m = performance.getEntriesByName('${SEARCH_MEASURE}').find((e) => e.detail && e.detail.hits > 0);
          return m ? m.startTime + m.duration : null;
        })()`);
        await waitFor(async () => (await first()) !== null, 300_000, 'the first search after the reload', 5);
        usable.push((await first()) ?? NaN);
      }
      await search.fill('');
      process.stdout.write(`  reload to search usable: ${usable.map((t) => t.toFixed(0)).join(', ')} ms (box filled at `
        + `${shown.map((t) => t.toFixed(0)).join(', ')} ms)\n`);

      // Text search through the screen, timed by the app from the search's start to its results in the page.
      const queries = makeQueries(QUERIES, PRODUCTS);
      const times: number[] = [];
      const hitCounts: number[] = [];
      for (const [i, query] of queries.entries()) {
        await search.fill('');
        const before = await page.evaluate<number>(`performance.getEntriesByName('${SEARCH_MEASURE}').length`);
        await search.fill(query);
        // Polled with evaluate: the app's Content Security Policy forbids the string eval that waitForFunction needs.
        await waitFor(async () => (await page.evaluate<number>(`performance.getEntriesByName('${SEARCH_MEASURE}').length`)) > before, 30_000, 'the search measure', 5);
        const m = await page.evaluate<{ duration: number; hits: number }>(
          `(() => { const m = performance.getEntriesByName('${SEARCH_MEASURE}').at(-1); return { duration: m.duration, hits: m.detail.hits }; })()`);
        if (process.env['BENCH_DEBUG']) process.stdout.write(`    ${JSON.stringify(query)}: ${m.duration.toFixed(1)} ms, ${m.hits} hits\n`);
        if (i >= 5) {
          times.push(m.duration);
          hitCounts.push(m.hits);
        }
      }
      await search.fill('');
      const withResults = hitCounts.filter((n) => n > 0).length;
      process.stdout.write(`  text search: ${times.length} queries (${withResults} with results), p50 ${median(times).toFixed(1)} ms, `
        + `p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms\n`);

      const scanQueries = queries.slice(5, 5 + SCAN_QUERIES);
      const scans = await linearScan(page, scanQueries);
      process.stdout.write(`  linear scan: ${scans.length} queries, p50 ${median(scans).toFixed(0)} ms, p95 ${percentile(scans, 95).toFixed(0)} ms\n`);

      // Barcode scans: a scanner types the code and Enter; distinct products, a new sale every 20 lines.
      const dom: number[] = [];
      const painted: number[] = [];
      for (const [i, code] of written.codes.entries()) {
        if (i > 0 && i % 20 === 0) await clearSale(page);
        await search.focus();
        await page.evaluate(ARM_SCAN);
        await page.keyboard.type(code);
        await page.keyboard.press('Enter');
        // A scan that adds no line (a dialog in the way, a code not found) fails the bench with a picture of the page.
        const t = await Promise.race([
          page.evaluate<{ dom: number; painted: number }>('window.__scan'),
          sleep(20_000).then(async () => {
            await page.screenshot({ path: join(tmpdir(), 'bench-scan-stuck.png') });
            throw new Error(`scan ${i + 1} (${code}) added no line in 20 s: see ${join(tmpdir(), 'bench-scan-stuck.png')}`);
          }),
        ]);
        dom.push(t.dom);
        painted.push(t.painted);
      }
      // The lines were priced by a table and a promotion (the pricing load was in use), as the draft stored them.
      const priced = await page.evaluate<{ lines: number; table: number; promotion: number }>(`(async () => {
        ${PAGE_HELPERS}
        const items = await probe().rows('item');
        return { lines: items.length, table: items.filter((i) => i.id_tabela_preco != null).length, promotion: items.filter((i) => i.id_promocao != null).length };
      })()`);
      process.stdout.write(`  lines in the draft: ${priced.lines}, priced by a table ${priced.table}, by a promotion ${priced.promotion}\n`);
      const floor = await rawBarcodeLookup(page, written.codes);
      const bare = await frameAfterBareChange(page, Math.max(dom.length, 20));
      process.stdout.write(`  barcode: ${dom.length} scans, to DOM p50 ${median(dom).toFixed(1)} ms p95 ${percentile(dom, 95).toFixed(1)} ms; `
        + `painted p50 ${median(painted).toFixed(1)} ms p95 ${percentile(painted, 95).toFixed(1)} ms; barcode lookup through the probe ${floor.toFixed(2)} ms; `
        + `a bare DOM change to the next frame: p50 ${median(bare).toFixed(1)} ms p95 ${percentile(bare, 95).toFixed(1)} ms\n`);
      // What a worker that never bulk-loaded holds after the reloads and every search and scan above (a worker grown by a
      // first load is restarted down to this: sync-browser prints both).
      const heap = await page.evaluate<number | null>('window.__pdvLocalCopy.heapBytes()');
      process.stdout.write(`  worker memory after the searches: ${heap === null ? 'unknown' : `${(heap / 1024 / 1024).toFixed(0)} MiB`}\n`);

      await context.close();

      const size = `${PRODUCTS.toLocaleString('en')} products, ${written.grids.toLocaleString('en')} variations`;
      const p95 = percentile(times, 95);
      const scanP95 = percentile(scans, 95);
      const usableMedian = median(usable);
      const shownMedian = median(shown);
      const results: BenchResult[] = [
        { name: `reload of /checkout to search usable, navigation start to the first search's results, median of ${usable.length} (${size})`,
          value: usableMedian, unit: 'ms', baseline: shownMedian, baselineName: 'navigation start to the search box filled, median',
          ratio: usableMedian / shownMedian, goal: PRODUCTS >= 100_000 ? '≤ 2,000 ms' : '≤ 2,000 ms at 100k (not this size)',
          met: PRODUCTS >= 100_000 ? usableMedian <= 2000 : null },
        { name: `text search top 25 p95, search start to results in the page (${size}, ${times.length} queries)`, value: p95, unit: 'ms',
          baseline: scanP95, baselineName: `linear scan in page memory of the same rows read once through the probe, p95 of ${scans.length}`,
          ratio: p95 / scanP95, goal: 'p95 ≤ 20 ms (issue 21, at 100k)', met: p95 <= 20 },
        { name: `barcode scan, Enter keydown to line in the DOM, p95 (${dom.length} scans; ${PRICE_TABLES} price tables, ${PROMOTIONS} promotions)`, value: percentile(dom, 95), unit: 'ms',
          baseline: floor, baselineName: 'barcode.codigo lookup through the probe (worker round trip), median', ratio: percentile(dom, 95) / floor,
          goal: 'p95 ≤ 50 ms', met: percentile(dom, 95) <= 50 },
        { name: `barcode scan, Enter keydown to the next frame (painted), p95`, value: percentile(painted, 95), unit: 'ms',
          baseline: percentile(dom, 95), baselineName: 'to line in the DOM, p95', ratio: percentile(painted, 95) / percentile(dom, 95),
          goal: 'p95 ≤ 50 ms', met: percentile(painted, 95) <= 50 },
      ];
      return results;
    } finally {
      if (browser) await browser.close().catch(() => undefined);
      await stopServer(server);
      rmSync(tmp, { recursive: true, force: true });
    }
  },
};
