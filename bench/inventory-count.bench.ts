/**
 * Counting an inventory on a phone with a large local copy (issue 22, "Speed": a scan to a counted line p95 at most
 * 50 ms with a 100k-product local copy), in headless Chromium at a phone's size (390 × 844):
 * - the local copy: the demo shop synced from a real server, plus BENCH_COUNT_PRODUCTS products (default 100,000, 2 or
 *   3 variations each, a GTIN-13 per variation) written into the app's local copy through its probe as
 *   checkout-search.bench.ts does (its writeCatalogue: the SQLite copy's bulkPut), with stock at the branch's sale
 *   address for the scanned variations;
 * - an inventory made through the API, its counting screen (/inventory/count/:id) opened;
 * - one scan not timed (it builds the product index the lookups use, as a shift's first scan does), then
 *   BENCH_COUNT_SCANS distinct codes (default 100) scanned with the network off (the counting's own path: the lines
 *   stay on the device; the bench's products exist only in the local copy, so the server would refuse their lines and
 *   no sync is timed): the code put in the field at once (a scanner's burst) and Enter; timed from the keydown of
 *   Enter (a listener on window, capture phase) to the counted line in the list ('Itens contados (n)' one more, a
 *   MutationObserver) and to the next frame after it (requestAnimationFrame then a task: painted);
 * - the baseline, in the same page and run: the floor of a scan's lookup, one barcode.codigo lookup through the app's
 *   probe (checkout-search.bench.ts rawBarcodeLookup: the copy's worker and back; median), and a bare DOM change to the
 *   next frame (the browser's own share of "painted").
 * Run with `npx tsx bench/run.ts inventory-count`; not part of npm test.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import {
  frameAfterBareChange, freePort, localCopyLoaded, rawBarcodeLookup, startServer, stopServer, waitFor, writeCatalogue,
} from './checkout-search.bench.ts';
import { median, percentile, type Benchmark, type BenchResult } from './lib.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRODUCTS = Number(process.env['BENCH_COUNT_PRODUCTS'] ?? 100_000);
const SCANS = Number(process.env['BENCH_COUNT_SCANS'] ?? 100);
const CHROMIUM = '/usr/bin/chromium';
const EMAIL = 'gerente@demo.com.br';
const PASSWORD = 'demo1234';

/** Arms the timer of one scan: Enter's keydown to the list showing one more counted place, and to the next frame. */
const ARM_COUNT = `(() => {
  const counted = () => {
    const label = [...document.querySelectorAll('p')].find((p) => /^Itens contados \\(\\d+\\)$/.test(p.textContent ?? ''));
    return label ? Number(/\\((\\d+)\\)/.exec(label.textContent)[1]) : -1;
  };
  const before = counted();
  window.__count = new Promise((resolve) => {
    let keyAt = null;
    const onKey = (event) => { if (event.key === 'Enter') { keyAt = performance.now(); window.removeEventListener('keydown', onKey, true); } };
    window.addEventListener('keydown', onKey, true);
    const observer = new MutationObserver(() => {
      if (keyAt === null || counted() <= before) return;
      const domAt = performance.now();
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve({ dom: domAt - keyAt, painted: performance.now() - keyAt }), 0));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
})()`;

/** Scans the codes one after the other on the counting screen; answers the times. */
async function scanAll(page: Page, codes: readonly string[], label: string): Promise<{ dom: number[]; painted: number[] }> {
  const input = page.getByRole('textbox', { name: 'Código de barras ou SKU' });
  const dom: number[] = [];
  const painted: number[] = [];
  for (const [i, code] of codes.entries()) {
    // The code goes in at once (a scanner's burst), then Enter: the timer starts at Enter, as the goal says.
    await input.fill(code);
    await page.evaluate(ARM_COUNT);
    await input.press('Enter');
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const shot = join(tmpdir(), 'bench-count-stuck.png');
        void page.screenshot({ path: shot }).finally(() => reject(new Error(`${label} scan ${i + 1} (${code}) counted no line in 20 s: see ${shot}`)));
      }, 20_000);
    });
    const t = await Promise.race([page.evaluate<{ dom: number; painted: number }>('window.__count'), stuck]).finally(() => clearTimeout(timer));
    dom.push(t.dom);
    painted.push(t.painted);
    // The screen empties the code field once the line is counted: the next scan waits for it, as a person would.
    await waitFor(async () => (await input.inputValue()) === '', 5_000, 'the code field to empty', 5);
  }
  return { dom, painted };
}

export const inventoryCountBenchmark: Benchmark = {
  name: 'inventory-count',
  async run() {
    const tmp = mkdtempSync(join(tmpdir(), 'pdv-bench-count-'));
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
      const context = await browser.newContext({
        baseURL: `http://127.0.0.1:${port}`, serviceWorkers: 'block', locale: 'pt-BR', viewport: { width: 390, height: 844 }, hasTouch: true,
      });
      const page = await context.newPage();
      if (process.env['BENCH_DEBUG']) {
        page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') process.stdout.write(`    [page ${m.type()}] ${m.text()}\n`); });
        page.on('pageerror', (e) => process.stdout.write(`    [page error] ${e.message}\n`));
      }
      await page.goto('/login');
      await page.getByLabel('E-mail').fill(EMAIL);
      await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await waitFor(() => localCopyLoaded(page), 180_000, 'the demo local copy');

      const written = await writeCatalogue(page, PRODUCTS, SCANS + 1);
      process.stdout.write(`  wrote ${PRODUCTS.toLocaleString('en')} products, ${written.grids.toLocaleString('en')} variations and barcodes `
        + `into the local copy through the probe in ${(written.ms / 1000).toFixed(1)} s\n`);

      // An inventory of the branch, made through the API with the page's session.
      const token = await page.evaluate<string | null>(`localStorage.getItem('pdv_token')`);
      const made = await page.request.post('/api/inventory/create', {
        data: { descricao: 'Bench contagem no celular' }, headers: { authorization: `Bearer ${token ?? ''}` },
      });
      if (made.status() !== 200) throw new Error(`inventory/create answered ${made.status()}: ${await made.text()}`);
      const id = ((await made.json()) as { id_inventario: number }).id_inventario;

      await page.goto(`/inventory/count/${id}`);
      const input = page.getByRole('textbox', { name: 'Código de barras ou SKU' });
      await input.waitFor({ timeout: 120_000 });
      await waitFor(async () => (await page.locator('select option').count()) > 0, 60_000, 'the stock addresses');
      // The screen uses the first address; the scanned stock is at the sale address: choose it when it is another.
      const sale = await page.evaluate<number | null>(`(async () => {
        const [config] = window.__pdvLocalCopy ? await window.__pdvLocalCopy.rows('config') : [];
        return config?.id_endereco_estoque_venda ?? null;
      })()`);
      if (sale !== null && (await page.locator(`select option[value="${sale}"]`).count()) > 0) {
        await page.getByRole('combobox', { name: 'Endereço de estoque' }).selectOption(String(sale));
      }

      // A first scan (not timed) builds the product index the lookups use, as the first scan of a shift does.
      const warm = await scanAll(page, written.codes.slice(SCANS, SCANS + 1), 'warm-up');
      process.stdout.write(`  first scan (index built on demand): ${warm.dom[0]?.toFixed(0)} ms\n`);
      // Counted with the network off: the lines stay on the device (the bench's products exist only in the local copy,
      // so the server would refuse them: no sync is timed here).
      await context.setOffline(true);
      await waitFor(async () => (await page.getByTestId('count-connection').textContent()) === 'Sem conexão', 10_000, 'the screen to see the network off');
      const offline = await scanAll(page, written.codes.slice(0, SCANS), 'offline');
      await page.screenshot({ path: join(tmpdir(), 'bench-inventory-count.png') });

      const floor = await rawBarcodeLookup(page, written.codes.slice(0, SCANS));
      const bare = await frameAfterBareChange(page, Math.max(SCANS, 20));
      const show = (name: string, t: { dom: number[]; painted: number[] }) =>
        process.stdout.write(`  ${name}: ${t.dom.length} scans, to the counted line p50 ${median(t.dom).toFixed(1)} ms p95 ${percentile(t.dom, 95).toFixed(1)} ms; `
          + `painted p50 ${median(t.painted).toFixed(1)} ms p95 ${percentile(t.painted, 95).toFixed(1)} ms\n`);
      show('network off', offline);
      // Does a scan slow down as the list of counted lines grows? The first and the second half apart.
      const half = Math.floor(offline.dom.length / 2);
      process.stdout.write(`  to the counted line, scans 1-${half}: p50 ${median(offline.dom.slice(0, half)).toFixed(1)} ms p95 `
        + `${percentile(offline.dom.slice(0, half), 95).toFixed(1)} ms; scans ${half + 1}-${offline.dom.length}: p50 `
        + `${median(offline.dom.slice(half)).toFixed(1)} ms p95 ${percentile(offline.dom.slice(half), 95).toFixed(1)} ms\n`);
      process.stdout.write(`  barcode lookup through the probe (median) ${floor.toFixed(2)} ms; a bare DOM change to the next frame p50 ${median(bare).toFixed(1)} ms `
        + `p95 ${percentile(bare, 95).toFixed(1)} ms\n`);
      await context.close();

      const size = `${PRODUCTS.toLocaleString('en')} products, ${written.grids.toLocaleString('en')} variations`;
      const row = (name: string, samples: number[], baseline: number, baselineName: string): BenchResult => {
        const p95 = percentile(samples, 95);
        return { name, value: p95, unit: 'ms', baseline, baselineName, ratio: p95 / baseline, goal: 'p95 ≤ 50 ms', met: p95 <= 50 };
      };
      return [
        row(`count scan, network off, Enter keydown to the counted line in the list, p95 (${offline.dom.length} scans; ${size})`, offline.dom,
          floor, 'barcode.codigo lookup through the probe (worker round trip), median'),
        row('count scan, network off, Enter keydown to the next frame (painted), p95', offline.painted, percentile(bare, 95),
          'a bare DOM change to the next frame, p95'),
      ];
    } finally {
      if (browser) await browser.close().catch(() => undefined);
      await stopServer(server);
      rmSync(tmp, { recursive: true, force: true });
    }
  },
};
