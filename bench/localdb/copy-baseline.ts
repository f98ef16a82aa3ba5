/**
 * The baseline of sync-browser.bench.ts, run in the web app's own page (imported there from /bench/copy-baseline.js,
 * served with the app): the rows the app's local copy holds, read through its probe (window.__pdvLocalCopy, not
 * timed), inserted raw into the raw SQLite worker (raw-worker.ts: one (key, JSON) table per catalogue table, no index,
 * no search table, one transaction per page, on its own opfs-sahpool directory) in pages of `pageRows` rows sent by
 * postMessage, as the app's sync sends its pages to its worker. Each table is dropped once timed (not timed).
 */
import type { LocalCopyProbe } from '../../apps/web/src/localdb/appStart.tsx';
import type { RawInsert } from './figures.ts';
import { rawCall } from './raw-client.ts';

/** `tables`: table → its key field. `workerUrl`: the bundled raw-worker.ts. */
export async function rawInsertOfCopy(tables: Record<string, string>, pageRows: number, workerUrl: string): Promise<RawInsert> {
  const probe = (globalThis as { __pdvLocalCopy?: LocalCopyProbe }).__pdvLocalCopy;
  if (!probe) throw new Error('the app has not opened its local copy (no window.__pdvLocalCopy)');
  const worker = new Worker(workerUrl, { type: 'module' });
  try {
    await rawCall(worker, { op: 'open' });
    const counts: Record<string, number> = {};
    let rows = 0;
    let ms = 0;
    for (const [table, key] of Object.entries(tables)) {
      const all = await probe.rows(table);
      counts[table] = all.length;
      rows += all.length;
      const start = performance.now();
      for (let i = 0; i < all.length; i += pageRows) await rawCall(worker, { op: 'load', table, key, rows: all.slice(i, i + pageRows) });
      ms += performance.now() - start;
      await rawCall(worker, { op: 'drop', table });
    }
    return { rows, ms, counts };
  } finally {
    worker.terminate();
  }
}
