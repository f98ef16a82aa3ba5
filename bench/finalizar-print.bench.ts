/**
 * Finalizar to the receipt's last byte at a spool-folder printer through the connector (issue 27, "Speed": p95 at most
 * 1 s on loopback, against writing the same bytes straight to the spool). connector-print.bench.ts times the connector
 * call alone; this one starts where the cashier does, in the browser:
 *
 * - the real server (e2e/server.ts: apps/server/src/main.ts on PGlite with the demo seed) and the web app it serves
 *   (apps/web/dist: build it first, `node scripts/start.mjs --build-only`, as scripts/e2e.sh does), in headless
 *   Chromium (/usr/bin/chromium); the connector (apps/connector) in this process on a loopback port with a spool-folder
 *   receipt printer, registered by the manager as the device of Loja Centro (/device/create) and chosen on this
 *   machine as the branch's receipt printer (what the Impressoras modal stores);
 * - the cashier at /checkout: one product scanned, paid in cash (F8), F10, the seller, Pré-venda with the receipt;
 *   the clock starts at the Enter on 'Confirmar (Enter)' and stops when the receipt's file is renamed into the spool
 *   folder (the connector writes it whole, then renames it: its last byte is there). In between, all the web app's own
 *   work: the operation written to the local copy (IndexedDB), sent to the server (runFinish waits for it up to 4 s
 *   when online), the receipt built from it (receiptData, receiptText), POST /impressao, ESC/POS with the cut and the
 *   drawer kick, the file written.
 * - baseline, in turns with each sale: the same bytes (read back from the printed file) written and renamed into the
 *   spool folder straight from this process.
 *
 * BENCH_FINALIZAR_RUNS sets the number of sales (default 30). No wall-clock assertion: the table shows the figure,
 * the baseline, their ratio and whether the goal was met.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { connectorConfig } from '../apps/connector/src/config.ts';
import { createConnector, listen } from '../apps/connector/src/server.ts';
import { pay, scan, sellables } from '../e2e/checkout-steps.ts';
import { startE2EServer } from '../e2e/server.ts';
import { expect, resetActiveBranch, setStorageItem, signIn, storageItem, USERS, waitForLocalCopy, type Row } from '../e2e/support.ts';
import { percentile, type Benchmark, type BenchResult } from './lib.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env['BENCH_FINALIZAR_RUNS'] ?? 30);
const GOAL_MS = 1000;
const CHROMIUM = '/usr/bin/chromium';

/** Resolves with the moment (performance.now()) the next `.prn` file is renamed into `dir`. */
function nextJob(dir: string): { done: Promise<{ at: number; file: string }>; stop: () => void } {
  const before = new Set(readdirSync(dir));
  let stop = () => undefined as void;
  const done = new Promise<{ at: number; file: string }>((resolve) => {
    const watcher = watch(dir, () => {
      const file = readdirSync(dir).find((f) => f.endsWith('.prn') && !before.has(f));
      if (!file) return;
      const at = performance.now();
      watcher.close();
      resolve({ at, file });
    });
    stop = () => watcher.close();
  });
  return { done, stop };
}

export const finalizarPrintBenchmark: Benchmark = {
  name: 'finalizar-print',
  async run(): Promise<BenchResult[]> {
    if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
      throw new Error('finalizar-print needs the built web app: run `node scripts/start.mjs --build-only` first');
    }
    process.chdir(ROOT);
    const server = await startE2EServer(0);
    const spool = mkdtempSync(join(tmpdir(), 'pdv-bench-finalizar-'));
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
    let connector: ReturnType<typeof createConnector> | null = null;
    try {
      const context = await browser.newContext({ baseURL: server.url });
      const page = await context.newPage();

      // The manager registers this machine as a device of Loja Centro with its receipt printer.
      const token = await resetActiveBranch(page, USERS.gerente);
      const created = await page.request.post('/api/device/create', {
        headers: { authorization: `Bearer ${token ?? ''}` },
        data: { descricao: 'Caixa bench', tipo: 'Caixa', endereco: '127.0.0.1', porta_connect: 1,
          perifericos: [{ descricao: 'Térmica 80 mm', tipo: 'ImpressoraComprovante' }] },
      });
      const device = (await created.json()) as Row;
      if (created.status() !== 200) throw new Error(`/device/create: ${JSON.stringify(device)}`);
      // The same product is sold RUNS + 1 times: the branch lets the stock go negative (the demo has 10 of each),
      // which the bench does not measure.
      const headers = { authorization: `Bearer ${token ?? ''}` };
      const configs = (await (await page.request.post('/api/branch-config/find', { data: {}, headers })).json()) as { rows: Row[] };
      const configured = await page.request.put('/api/branch-config/update', {
        headers, data: { id_filial_configuracao: configs.rows[0]?.['id_filial_configuracao'], controla_estoque_negativo: false },
      });
      if (configured.status() !== 200) throw new Error(`/branch-config/update: ${await configured.text()}`);
      const id_dispositivo = Number(device['id_dispositivo']);
      const id_periferico = Number((device['perifericos'] as Row[])[0]?.['id_periferico']);
      const config = connectorConfig.parse({ dispositivo: id_dispositivo, endereco: '127.0.0.1', porta_connect: 0,
        perifericos: [{ id_periferico, driver: 'spool', pasta: spool }] });
      connector = createConnector(config, () => undefined);
      const port = await listen(connector, config);

      // The cashier, with the printer chosen for the branch on this machine.
      await signIn(page, USERS.caixa);
      await waitForLocalCopy(page);
      const usuario = JSON.parse((await storageItem(page, 'pdv_usuario')) ?? '{}') as { id_filial_ativa: number };
      await setStorageItem(page, 'pdv_perifericos', JSON.stringify({
        [usuario.id_filial_ativa]: { impressora_comprovante: { id_periferico, descricao: 'Térmica 80 mm', tipo: 'ImpressoraComprovante',
          dispositivo: { id_dispositivo, descricao: 'Caixa bench', endereco: '127.0.0.1', porta_connect: port } } },
      }));
      const [product] = await sellables(page, 1);
      await page.goto('/checkout');
      const items = page.getByRole('table', { name: 'Itens da venda' }).getByRole('row');

      /** One sale up to the Enter on Confirmar; answers the time from that Enter to the receipt's last byte. */
      const sale = async (): Promise<{ ms: number; file: string }> => {
        await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
        await expect(items).toHaveCount(0, { timeout: 30_000 });
        await scan(page, product?.barcode ?? '');
        // The first sale may meet the catalogue still loading (the line then comes once it is there).
        await expect(items).toHaveCount(2, { timeout: 30_000 });
        await pay(page, 'Dinheiro');
        await page.keyboard.press('F10');
        const seller = page.getByRole('dialog', { name: 'Vendedor (F7)' });
        await expect(seller.getByRole('textbox', { name: 'Nome do vendedor' })).toBeFocused();
        await page.keyboard.press('Enter');
        const modal = page.getByRole('dialog', { name: 'Finalizar operação (F10)' });
        const label = (await modal.locator('label').filter({ hasText: /Pré-venda/ }).first().textContent()) ?? '';
        await page.keyboard.press(label.trim().charAt(0));
        await expect(modal.getByRole('radio', { name: /Pré-venda/ })).toBeChecked();
        await expect(modal.getByRole('checkbox')).toBeChecked();
        const job = nextJob(spool);
        const confirm = modal.getByRole('button', { name: 'Confirmar (Enter)' });
        await confirm.focus();
        const start = performance.now();
        await page.keyboard.press('Enter');
        const timeout = setTimeout(() => job.stop(), 30_000);
        const { at, file } = await job.done;
        clearTimeout(timeout);
        return { ms: at - start, file };
      };

      // Warm-up: the first sale loads the lazy chunks (receipt text) and the connector's path.
      const first = await sale();
      const bytes = readFileSync(join(spool, first.file));
      const viaConnector: number[] = [];
      const direct: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        viaConnector.push((await sale()).ms);
        const start = performance.now();
        const temporary = join(spool, `.direct-${i}.tmp`);
        await writeFile(temporary, bytes);
        await rename(temporary, join(spool, `direct-${i}.bin`));
        direct.push(performance.now() - start);
      }
      const value = percentile(viaConnector, 95);
      const baseline = percentile(direct, 95);
      return [{
        name: `Finalizar (Enter on Confirmar, Pré-venda, cash) to the receipt's last byte (${bytes.length} B ESC/POS) in a spool folder through the connector, browser and server included, p95 (${RUNS} sales; median ${percentile(viaConnector, 50).toFixed(0)} ms)`,
        value, unit: 'ms', baseline, baselineName: 'same bytes written to the spool, p95', ratio: value / baseline,
        goal: `p95 ≤ ${GOAL_MS} ms`, met: value <= GOAL_MS,
      }];
    } finally {
      await browser.close();
      if (connector) {
        connector.closeAllConnections();
        await new Promise((r) => connector?.close(r));
      }
      await server.stop();
      rmSync(spool, { recursive: true, force: true });
    }
  },
};
