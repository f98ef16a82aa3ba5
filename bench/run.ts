/**
 * `npm run bench`: runs every benchmark, prints one table (figure, baseline measured in the same run, ratio, goal)
 * and keeps the run in bench/RESULTS.md with the machine it ran on.
 */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { authBenchmark } from './auth.bench.ts';
import { boletoBenchmark } from './boleto.bench.ts';
import { checkoutSearchBenchmark } from './checkout-search.bench.ts';
import { connectorPrintBenchmark } from './connector-print.bench.ts';
import { finalizarPrintBenchmark } from './finalizar-print.bench.ts';
import { fiscalBenchmark } from './fiscal.bench.ts';
import { idbCeilingBenchmark } from './idb-ceiling.bench.ts';
import { importBenchmark } from './import.bench.ts';
import { inventoryBenchmark } from './inventory.bench.ts';
import { inventoryCountBenchmark } from './inventory-count.bench.ts';
import { loadBenchmark } from './load.bench.ts';
import { localdbBenchmark } from './localdb.bench.ts';
import { nfceOfflineBenchmark } from './nfce-offline.bench.ts';
import { operacaoBenchmark } from './operacao.bench.ts';
import { pdfBenchmark } from './pdf.bench.ts';
import { registersBenchmark } from './registers.bench.ts';
import type { Benchmark, BenchResult } from './lib.ts';
import { syncBrowserBenchmark } from './sync-browser.bench.ts';
import { syncPageBenchmark } from './sync-page.bench.ts';

const benchmarks: Benchmark[] = [authBenchmark, syncPageBenchmark, syncBrowserBenchmark, operacaoBenchmark, fiscalBenchmark, loadBenchmark,
  checkoutSearchBenchmark, idbCeilingBenchmark, pdfBenchmark, registersBenchmark, importBenchmark, inventoryBenchmark,
  connectorPrintBenchmark, finalizarPrintBenchmark, inventoryCountBenchmark, nfceOfflineBenchmark, boletoBenchmark, localdbBenchmark];
const only = process.argv.slice(2);

const rows: Array<BenchResult & { bench: string }> = [];
for (const bench of benchmarks.filter((b) => only.length === 0 || only.includes(b.name))) {
  process.stdout.write(`running ${bench.name}...\n`);
  for (const result of await bench.run()) rows.push({ ...result, bench: bench.name });
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 3 : 1) : '—');
const header = ['benchmark', 'figure', 'value', 'baseline', 'ratio', 'goal', 'met'];
const lines = rows.map((r) => [r.bench, r.name, `${fmt(r.value)} ${r.unit}`, `${fmt(r.baseline)} ${r.unit} (${r.baselineName})`,
  fmt(r.ratio), r.goal, r.met === null ? '—' : r.met ? 'sim' : 'NÃO']);
const table = [header, header.map(() => '---'), ...lines].map((cols) => `| ${cols.join(' | ')} |`).join('\n');
console.log(`\n${table}\n`);

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const machine = `${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}`;
if (only.length === 0) {
  writeFileSync(new URL('./RESULTS.md', import.meta.url),
    `# Benchmark results\n\nLast full run: ${new Date().toISOString()} on ${machine}.\n\n${table}\n`);
}
