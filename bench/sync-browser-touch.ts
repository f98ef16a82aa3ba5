/**
 * Helper of sync-browser.bench.ts, run as its own process: `npx tsx bench/sync-browser-touch.ts <id_preco,...>` with the
 * server's DATA_DIR (while the server is stopped: PGlite is single-process) or DATABASE_URL (while it runs) raises
 * preco_venda of those price rows by 1 in one transaction, so that their sync triggers move them to the end of the
 * change stream, and prints when that transaction committed (epoch milliseconds).
 */
import { readConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';

const ids = (process.argv[2] ?? '').split(',').filter(Boolean).map(Number);
const config = readConfig();
const db = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
try {
  const { rows } = await db.system((tx) =>
    tx.query<{ n: number }>(
      `WITH u AS (UPDATE preco SET preco_venda = preco_venda + 1 WHERE id_preco = ANY($1::integer[]) RETURNING 1)
       SELECT count(*)::int AS n FROM u`,
      [ids],
    ),
  );
  console.log(`touched ${rows[0]?.n ?? 0} price rows, committed at ${(performance.timeOrigin + performance.now()).toFixed(1)}`);
} finally {
  await db.close();
}
