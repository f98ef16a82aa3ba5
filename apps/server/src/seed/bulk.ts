/**
 * npm run demo:data -- --products 100000 [--batch 2000]
 *
 * Fills the configured database (DATABASE_URL, or PGlite under DATA_DIR, default ./data: the server's settings) with a
 * large catalogue for the demo organization. Migrates first, and loads the demo data when the database is empty.
 * With PGlite, stop the server first: one process at a time may open its data directory.
 */
import { mkdirSync } from 'node:fs';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { BULK_TABLES, fillBulkCatalog } from './bulk-catalog.ts';
import { seedDemo } from './demo.ts';

const DEMO_ORGANIZATION = 'Demo Moda';

function intOption(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  const raw = i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} deve ser um número inteiro positivo (recebido: ${raw}).`);
  return n;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const products = intOption(args, 'products', 10_000);
  const batchSize = intOption(args, 'batch', 2000);
  const config = readConfig();
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  console.log(`Banco: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`}`);
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  try {
    await migrate(db);
    if (await seedDemo(db)) console.log('Dados de demonstração carregados.');
    const { rows } = await db.system((tx) =>
      tx.query<{ id: number }>('SELECT id_organization AS id FROM organization WHERE nome = $1', [DEMO_ORGANIZATION]),
    );
    const id_organization = rows[0]?.id;
    if (id_organization === undefined) throw new Error(`Organização "${DEMO_ORGANIZATION}" não encontrada neste banco.`);

    const started = performance.now();
    const tty = process.stdout.isTTY;
    let lastShown = -1;
    const result = await fillBulkCatalog(db, id_organization, {
      products,
      batchSize,
      onProgress(done, total) {
        const percent = Math.floor((done * 100) / total);
        if (!tty && percent < 100 && percent - lastShown < 10) return;
        lastShown = percent;
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const line = `  ${String(percent).padStart(3)}%  ${done.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} produtos  (${seconds} s)`;
        if (tty) process.stdout.write(`\r${line}${done === total ? '\n' : ''}`);
        else console.log(line);
      },
    });
    // PGlite has no autovacuum: fresh statistics keep the sync and search plans on their indexes.
    await db.system((tx) => tx.exec(`ANALYZE ${BULK_TABLES.join(', ')}`));
    const seconds = (performance.now() - started) / 1000;
    const n = (v: number) => v.toLocaleString('pt-BR');
    console.log(
      `Criados ${n(result.products)} produtos, ${n(result.grades)} grades, ${n(result.gridRows)} grades por filial, ` +
        `${n(result.grades)} códigos de barras, ${n(result.stockRows)} saldos de estoque e ${n(result.prices)} preços em ${seconds.toFixed(1)} s.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
