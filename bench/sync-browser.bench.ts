/**
 * The local copy in headless Chromium (issue 3, "Scale and speed"; issue 21, the copy on SQLite): the first full load of
 * the catalogue (products, grids, barcodes, stock, prices) after login against a real server on loopback, into the
 * app's SQLite copy (opfs-sahpool, in the local copy's worker), versus a raw SQLite insert of the same rows in the same
 * page (bench/localdb/raw-worker.ts driven by bench/localdb/copy-baseline.ts: the rows read back through the app's
 * probe, not timed, then inserted in 5,000-row pages, the app's first-load page size, one transaction per page, no
 * index, on the copy's page size: engine.ts PAGE_SIZE) (goal: at least 0.6 of the raw rate; 100k products in at most 60 s, with the download); an incremental sync of
 * 1,000 changed price rows (goal: at most 1 s); the longest main-thread task during the first load and during the
 * incremental sync (Long Tasks API; goal: none over 50 ms). On the SQLite copy the sync fetches its pages on the
 * page's main thread and hands each page's rows to the worker as the server's JSON text, in one call
 * (features/sync/runtime.ts, pageText.ts), so those long tasks are the app's. A table's first load of more than one
 * page runs in the engine's bulk mode (pullTable.ts: its indexes and searches built once at its end), so "loaded"
 * here includes them.
 *
 * The bench reads the copy through the app's probe (window.__pdvLocalCopy, localdb/appStart.tsx): the SQLite file is
 * held by the owner tab's worker, IndexedDB no longer holds the copy. Those reads run on the page's main thread; the
 * ones made while long tasks are counted are small (the updater rows, one price row per poll).
 *
 * BENCH_PRODUCTS sets the catalogue size (default 20,000; the second size, 100,000, takes minutes to fill).
 * PGlite is single-process: the server runs once to migrate and seed, stops, the bulk loader fills the catalogue, and
 * the server starts again. Page code is passed as strings: the Node tsconfig has no DOM libs.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import type { Benchmark, BenchResult } from './lib.ts';
import type { RawInsert } from './localdb/figures.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRODUCTS = Number(process.env['BENCH_PRODUCTS'] ?? 20_000);
/**
 * BENCH_DB=postgres (under scripts/with-postgres.sh, which sets TEST_DATABASE_URL): the server runs on that PostgreSQL
 * server, and the incremental sync is timed live, with the server up: from the commit of the 1,000 price changes in
 * another process to the last row in the local copy (the socket event, the pull and the write).
 */
const PG_URL = process.env['BENCH_DB'] === 'postgres' ? process.env['TEST_DATABASE_URL'] : undefined;
if (process.env['BENCH_DB'] === 'postgres' && !PG_URL) throw new Error('BENCH_DB=postgres needs TEST_DATABASE_URL (run under scripts/with-postgres.sh)');
const CHROMIUM = '/usr/bin/chromium';
const EMAIL = 'caixa@demo.com.br';
const PASSWORD = 'demo1234';
const CHANGED_ROWS = 1000;
const E2E_LOCK = '/tmp/e2e.lock';
/** The raw baseline's page size: the app's first-load page (features/sync/tables.ts FIRST_LOAD_PAGE_SIZE). */
const RAW_PAGE_ROWS = 5000;

/**
 * The synced catalogue tables, as apps/web/src/db/schema.ts declares them (version 40): primary key first, then the
 * indexes (idb-ceiling.bench.ts makes IndexedDB stores of them; the raw SQLite baseline here uses the key only).
 */
export const TABLES: Record<string, string> = {
  product: 'id_produto, sku, codigo_ncm, id_categoria, id_marca, id_unidade_medida, situacao',
  grid: 'id_produto_grade, id_produto, id_produto_grade_filial, sku',
  barcode: 'id_produto_codigo_barra, codigo, id_produto_grade, id_produto',
  stock: 'id_estoque, id_endereco_estoque, id_produto_grade_filial',
  price: 'id_preco, id_produto_grade_filial, id_tabela_preco',
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's environment: PGlite under dataDir, the demo seed (no NODE_ENV=production), no logging. */
function serverEnv(dataDir: string, port: number, secret: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG: 'off', JWT_SECRET: secret };
  delete env['DATABASE_URL'];
  delete env['TEST_DATABASE_URL'];
  if (PG_URL) env['DATABASE_URL'] = PG_URL;
  delete env['NODE_ENV'];
  return env;
}

interface Server {
  child: ChildProcess;
  log: string;
}

async function startServer(env: NodeJS.ProcessEnv, logFile: string): Promise<Server> {
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT, env, stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const url = `http://127.0.0.1:${env['PORT']}/api/health`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    try {
      const res = await fetch(url);
      if (res.ok && ((await res.json()) as { status?: string }).status === 'ok') return { child, log: logFile };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer ${url}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    await sleep(250);
  }
}

async function stopServer(server: Server | null): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise<void>((r) => server.child.once('exit', () => r()));
  server.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((r) => { timer = setTimeout(() => r('timeout'), 15_000); });
  const outcome = await Promise.race([exited, timeout]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    server.child.kill('SIGKILL');
    await exited;
  }
}

function runTsx(args: string[], env: NodeJS.ProcessEnv): string {
  const out = spawnSync('npx', ['tsx', ...args], { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (out.status !== 0) throw new Error(`npx tsx ${args.join(' ')} failed (${out.status}):\n${out.stdout}\n${out.stderr}`);
  return out.stdout;
}

/**
 * Bundles the raw SQLite baseline (bench/localdb/raw-worker.ts, bench/localdb/copy-baseline.ts) into `webDir`/bench/,
 * beside the web app the server serves, with SQLite's WebAssembly: the app's page imports it from its own origin (its
 * Content Security Policy allows only the app's own scripts and workers).
 */
async function bundleBaseline(webDir: string): Promise<void> {
  const out = join(webDir, 'bench');
  await esbuild({
    entryPoints: { raw: join(ROOT, 'bench/localdb/raw-worker.ts'), 'copy-baseline': join(ROOT, 'bench/localdb/copy-baseline.ts') },
    outdir: out, bundle: true, format: 'esm', platform: 'browser', target: 'es2022', logLevel: 'error',
  });
  copyFileSync(join(ROOT, 'node_modules/@sqlite.org/sqlite-wasm/dist/sqlite3.wasm'), join(out, 'sqlite3.wasm'));
}

/**
 * Answers `body` run in the page with `copy`, the app's probe of its local copy (window.__pdvLocalCopy), or null
 * while the app has not opened its copy.
 */
function withCopy<T>(page: Page, body: string): Promise<T | null> {
  return page.evaluate<T | null>(`(async () => {
    const copy = window.__pdvLocalCopy;
    if (!copy) return null;
    ${body}
  })()`);
}

/** Whether every catalogue table is read to its end and no table is loading. */
async function catalogueLoaded(page: Page): Promise<boolean> {
  const loaded = await withCopy<boolean>(page, `
    const rows = await copy.rows('updater');
    const done = new Set(rows.filter((r) => r.is_loaded === 1).map((r) => r.table));
    return ${JSON.stringify(Object.keys(TABLES))}.every((t) => done.has(t)) && !rows.some((r) => r.loading === 1);`);
  return loaded === true;
}

/** The raw SQLite insert of the copy's catalogue rows, in the app's page (bench/localdb/copy-baseline.ts). */
function rawInsert(page: Page): Promise<RawInsert> {
  const keys = Object.fromEntries(Object.entries(TABLES).map(([table, spec]) => [table, spec.split(',')[0]?.trim() ?? '']));
  return page.evaluate<RawInsert>(`import('/bench/copy-baseline.js')
    .then((m) => m.rawInsertOfCopy(${JSON.stringify(keys)}, ${RAW_PAGE_ROWS}, '/bench/raw.js'))`);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const safe = () => check().catch(() => false); // a navigation may destroy the page's context mid-check
  while (!(await safe())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

const LONGTASK_INIT = `(() => {
  window.__longtasks = [];
  window.__frames = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) { window.__longtasks = null; }
  // Long animation frames say which scripts a long task ran (to find what to move off the page's thread).
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__frames.push({ start: e.startTime, duration: e.duration,
        scripts: (e.scripts || []).map((s) => ({ duration: Math.round(s.duration), invoker: s.invoker,
          fn: s.sourceFunctionName, url: (s.sourceURL || '').split('/').pop(), at: s.sourceCharPosition })) });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch (e) { window.__frames = null; }
})()`;

interface Frame {
  start: number;
  duration: number;
  scripts: Array<{ duration: number; invoker: string; fn: string; url: string; at: number }>;
}

/** Prints the longest animation frames between two page times with the scripts they ran. */
async function printLongFrames(page: Page, from: number, to: number, what: string): Promise<void> {
  const frames = ((await page.evaluate<Frame[] | null>('window.__frames')) ?? []).filter((f) => f.start >= from && f.start <= to);
  const longest = [...frames].sort((a, b) => b.duration - a.duration).slice(0, 5);
  for (const f of longest) {
    const scripts = f.scripts.filter((s) => s.duration >= 5).map((s) => `${s.invoker} ${s.fn || '?'}@${s.url}:${s.at} ${s.duration} ms`);
    process.stdout.write(`  long frame (${what}) at ${(f.start - from).toFixed(0)} ms: ${f.duration.toFixed(0)} ms; ${scripts.join('; ') || 'no script over 5 ms'}\n`);
  }
}

export const syncBrowserBenchmark: Benchmark = {
  name: 'sync-browser',
  async run() {
    const tmp = mkdtempSync(join(tmpdir(), 'pdv-bench-sync-'));
    const dataDir = join(tmp, 'data');
    const logFile = join(tmp, 'server.log');
    const webDir = join(tmp, 'web');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = serverEnv(dataDir, port, randomBytes(32).toString('hex'));
    let server: Server | null = null;
    let browser: Awaited<ReturnType<typeof chromium.launch>> | null = null;
    try {
      // The web app the server serves (a no-op when apps/web/dist is fresh), as scripts/e2e.sh does, under the e2e
      // lock (other sessions' e2e runs build the same folder); the server serves a copy of it, so the lock is held
      // only while building.
      const build = spawnSync('flock', [E2E_LOCK, 'sh', '-c', `"$0" scripts/start.mjs --build-only && cp -r apps/web/dist "$1"`,
        process.execPath, webDir], { cwd: ROOT, stdio: 'inherit' });
      if (build.status !== 0) throw new Error('web build failed');
      await bundleBaseline(webDir);
      env['WEB_DIR'] = webDir;

      process.stdout.write(`  seeding (first server start), then ${PRODUCTS.toLocaleString('en')} extra products...\n`);
      server = await startServer(env, logFile);
      await stopServer(server);
      server = null;
      const fillStart = performance.now();
      runTsx(['apps/server/src/seed/bulk.ts', '--products', String(PRODUCTS)], env);
      process.stdout.write(`  bulk fill: ${((performance.now() - fillStart) / 1000).toFixed(1)} s\n`);
      server = await startServer(env, logFile);

      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
          '--disable-sync', '--no-first-run'],
      });
      const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block' });
      await context.addInitScript({ content: LONGTASK_INIT });
      const page = await context.newPage();

      // 1. First full load: from the login click until every catalogue table is read to its end.
      await page.goto('/login');
      await page.getByLabel('E-mail').fill(EMAIL);
      await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
      const loginAt = await page.evaluate<number>('performance.now()');
      const started = performance.now();
      await page.getByRole('button', { name: 'Entrar' }).click();
      await waitFor(() => catalogueLoaded(page), 15 * 60_000, 'the first load', 100);
      const loadMs = performance.now() - started;
      const loadEndAt = await page.evaluate<number>('performance.now()');
      const store = await page.evaluate<string | null>('window.__pdvLocalCopy ? window.__pdvLocalCopy.store : null');
      if (store !== 'sqlite') throw new Error(`the app's local copy is in ${String(store)}, not SQLite: this bench measures the SQLite copy`);
      const tasks = await page.evaluate<Array<{ start: number; duration: number }> | null>('window.__longtasks');
      const during = (tasks ?? []).filter((t) => t.start >= loginAt && t.start <= loadEndAt);
      const maxTask = during.reduce((m, t) => Math.max(m, t.duration), 0);
      const over50 = during.filter((t) => t.duration > 50).length;
      await printLongFrames(page, loginAt, loadEndAt, 'first load');

      // The worker's memory after the load, and once the owner tab has restarted it (tabs.ts: after 3 s without a call,
      // so it is read every 4 s, a read being a call).
      const heapAfterLoad = await page.evaluate<number | null>('window.__pdvLocalCopy.heapBytes()');
      const restartFrom = performance.now();
      let heapAfterRestart: number | null = heapAfterLoad;
      // (A worker under 64 MiB after the load is not restarted: engine.ts RESTART_HEAP_BYTES.)
      while (heapAfterRestart !== null && heapAfterRestart === heapAfterLoad && heapAfterLoad > 64 * 1024 * 1024
        && performance.now() - restartFrom < 30_000) {
        await new Promise((resolve) => setTimeout(resolve, 4_000));
        heapAfterRestart = await page.evaluate<number | null>('window.__pdvLocalCopy.heapBytes()');
      }
      const mib = (bytes: number | null) => (bytes === null ? 'unknown' : `${(bytes / 1024 / 1024).toFixed(0)} MiB`);
      process.stdout.write(`  worker memory: ${mib(heapAfterLoad)} after the load, ${mib(heapAfterRestart)} ${
        (performance.now() - restartFrom).toFixed(0)} ms later (restarted when idle)\n`);

      // 2. Baseline: the same rows (read back from the app's copy) inserted raw into SQLite in the same page.
      const raw = await rawInsert(page);
      const total = raw.rows;
      const loadRate = total / (loadMs / 1000);
      const rawRate = raw.rows / (raw.ms / 1000);
      process.stdout.write(`  first load: ${(loadMs / 1000).toFixed(2)} s, rows ${JSON.stringify(raw.counts)}\n`);
      process.stdout.write(`  raw SQLite insert: ${raw.rows} rows in ${raw.ms.toFixed(0)} ms\n`);

      const results: BenchResult[] = [
        { name: `first load rate (${PRODUCTS.toLocaleString('en')} bulk products, ${total} rows in 5 tables)`,
          value: loadRate, unit: 'rows/s', baseline: rawRate, baselineName: `raw SQLite insert, same page, ${RAW_PAGE_ROWS.toLocaleString('en')}-row transactions`,
          ratio: loadRate / rawRate, goal: 'ratio ≥ 0.6', met: loadRate / rawRate >= 0.6 },
        { name: `first load time, login to loaded (${PRODUCTS.toLocaleString('en')} bulk products)`, value: loadMs / 1000,
          unit: 's', baseline: raw.ms / 1000, baselineName: 'raw SQLite insert of the same rows', ratio: loadMs / raw.ms,
          goal: PRODUCTS >= 100_000 ? '≤ 60 s' : '≤ 60 s at 100k (not this size)',
          met: PRODUCTS >= 100_000 ? loadMs <= 60_000 : null },
        { name: `longest main-thread task during the first load (${during.length} long tasks, ${over50} over 50 ms)`,
          value: tasks === null ? NaN : maxTask, unit: 'ms', baseline: 50, baselineName: 'Long Tasks threshold',
          ratio: maxTask / 50, goal: 'none over 50 ms', met: tasks === null ? null : over50 === 0 },
      ];

      // 3. Incremental sync of 1,000 changed price rows. The API has no route that changes prices: a separate process
      // updates the rows. On PGlite (single-process) the server stops first and starts again on the same port, and the
      // open page's socket reconnects and asks which tables changed: timed from the connection indicator turning
      // 'Online' again to the last changed row in the local copy. On PostgreSQL (BENCH_DB=postgres) the server stays up:
      // timed from the update's commit to the last changed row in the local copy.
      const sample = (await withCopy<Array<{ id: number; v: unknown }>>(page, `
        const rows = (await copy.rows('price')).slice(0, ${CHANGED_ROWS});
        return rows.map((r) => ({ id: r.id_preco, v: r.preco_venda }));`)) ?? [];
      if (sample.length === CHANGED_ROWS) {
        const online = page.getByRole('status', { name: 'Online', exact: true });
        if (!PG_URL) {
          await stopServer(server);
          server = null;
          await waitFor(async () => !(await online.isVisible()), 30_000, 'the page to notice the server is down', 50);
        }
        const before = JSON.stringify(Object.fromEntries(sample.map((s) => [s.id, s.v])));
        // A page is written in one transaction: once the last sampled row has changed, the others are checked once,
        // one row per call of the probe (the whole table read at once would be a long task of the bench's own in the
        // page; polling all 1,000 rows every 20 ms would queue the worker against the sync's own write).
        const last = sample[sample.length - 1] as { id: number; v: unknown };
        const lastChanged = async () => (await withCopy<boolean>(page, `
          const [row] = await copy.where('price', 'id_preco', ${last.id});
          return !!row && String(row.preco_venda) !== ${JSON.stringify(String(last.v))};`)) === true;
        const allChanged = async () => (await withCopy<number>(page, `
          const before = ${before};
          let n = 0;
          for (const id of Object.keys(before)) {
            const [row] = await copy.where('price', 'id_preco', Number(id));
            if (row && String(row.preco_venda) !== String(before[id])) n += 1;
          }
          return n;`)) === CHANGED_ROWS;
        const calls: string[] = [];
        let upAt = performance.now();
        const onRequest = (request: { url(): string }) => {
          const path = new URL(request.url()).pathname;
          if (path.startsWith('/api/') || path.startsWith('/socket.io')) calls.push(`${(performance.now() - upAt).toFixed(0)} ms ${path}`);
        };
        // How long each API answer took, from the request's start to its last byte (server, loopback, no client work).
        const answered: string[] = [];
        const onFinished = (request: { url(): string; timing(): { responseEnd: number } }) => {
          const path = new URL(request.url()).pathname;
          if (path.startsWith('/api/')) answered.push(`${path} ${request.timing().responseEnd.toFixed(0)} ms (done at ${(performance.now() - upAt).toFixed(0)} ms)`);
        };
        context.on('requestfinished', onFinished);
        let startEpoch = NaN;
        let incStartAt: number;
        let touched: Promise<string> | null = null;
        if (PG_URL) {
          context.on('request', onRequest);
          upAt = performance.now();
          incStartAt = await page.evaluate<number>('performance.now()');
          // Polled while the update runs in its own process: the end is seen when it happens, not after that process
          // exits; the start is the commit time the process prints.
          const child = spawn('npx', ['tsx', 'bench/sync-browser-touch.ts', sample.map((s) => s.id).join(',')], { cwd: ROOT, env });
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
          child.stderr.on('data', (chunk: Buffer) => { out += chunk.toString(); });
          touched = new Promise<string>((resolve, reject) =>
            child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`touch failed (${code}): ${out}`)))));
        } else {
          process.stdout.write(`  ${runTsx(['bench/sync-browser-touch.ts', sample.map((s) => s.id).join(',')], env).trim()}\n`);
          context.on('request', onRequest);
          server = await startServer(env, logFile);
          upAt = performance.now();
          await waitFor(() => online.isVisible(), 30_000, 'the socket to reconnect', 20);
          startEpoch = Date.now();
          incStartAt = await page.evaluate<number>('performance.now()');
        }
        const onlineAt = performance.now();
        // The end is when the last row is seen changed; the check of all 1,000 that follows is not timed (it reads them
        // one by one, and a page is written in one transaction: if they are not all there yet, polling goes on).
        let doneEpoch = NaN;
        await waitFor(async () => {
          if (!(await lastChanged())) return false;
          const seen = Date.now();
          if (!(await allChanged())) return false;
          doneEpoch = seen;
          return true;
        }, 60_000, 'the incremental sync', 20);
        const incEndAt = await page.evaluate<number>('performance.now()');
        if (touched) {
          const out = (await touched).trim();
          process.stdout.write(`  ${out}\n`);
          startEpoch = Number(/committed at ([\d.]+)/.exec(out)?.[1] ?? NaN);
          if (!Number.isFinite(startEpoch)) throw new Error(`the price update did not say when it committed: ${out}`);
        }
        const incMs = doneEpoch - startEpoch;
        await printLongFrames(page, incStartAt, incEndAt, 'incremental');
        const incTasks = ((await page.evaluate<Array<{ start: number; duration: number }> | null>('window.__longtasks')) ?? [])
          .filter((t) => t.start >= incStartAt && t.start <= incEndAt);
        const incMax = incTasks.reduce((m, t) => Math.max(m, t.duration), 0);
        context.off('request', onRequest);
        context.off('requestfinished', onFinished);
        process.stdout.write(PG_URL
          ? `  incremental (live, PostgreSQL): rows local ${incMs.toFixed(0)} ms after the commit\n`
          : `  incremental: reconnect ${(onlineAt - upAt).toFixed(0)} ms after health, rows local ${incMs.toFixed(0)} ms after (seen at ${(onlineAt - upAt + incMs).toFixed(0)} ms)\n`);
        process.stdout.write(`  requests after ${PG_URL ? 'the update started' : 'health'} (first 40): ${calls.slice(0, 40).join(', ')}\n`);
        process.stdout.write(`  API answers (request start to last byte): ${answered.join(', ')}\n`);
        results.push({ name: PG_URL
            ? `incremental sync of ${CHANGED_ROWS} changed price rows, live on PostgreSQL (commit to last row local)`
            : `incremental sync of ${CHANGED_ROWS} changed price rows (socket back online to last row local)`,
          value: incMs, unit: 'ms', baseline: loadMs, baselineName: 'first load', ratio: incMs / loadMs,
          goal: '≤ 1,000 ms', met: incMs <= 1000 });
        results.push({ name: `longest main-thread task during the incremental sync (${incTasks.length} long tasks)`,
          value: tasks === null ? NaN : incMax, unit: 'ms', baseline: 50, baselineName: 'Long Tasks threshold',
          ratio: incMax / 50, goal: 'none over 50 ms', met: tasks === null ? null : incTasks.every((t) => t.duration <= 50) });
      } else {
        process.stdout.write(`  incremental sync skipped: only ${sample.length} price rows in the local copy\n`);
      }
      await context.close();
      return results;
    } finally {
      if (browser) await browser.close().catch(() => undefined);
      await stopServer(server);
      rmSync(tmp, { recursive: true, force: true });
    }
  },
};
