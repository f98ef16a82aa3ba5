/**
 * Load (issue 7): 50 simulated cashiers selling for 60 s against a real server process (apps/server/src/main.ts) on
 * PostgreSQL, over loopback HTTP, bounded in time and in count. Prints throughput and p50/p95/p99 latency against
 * one cashier alone (measured first, in the same run), errors, whether stock balances are conserved (every stock row
 * equals its initial quantity plus its movements, every sale exactly one document, no orphan rows), and the login
 * throttle (failed attempts until 429, per account and per address).
 *
 * PostgreSQL: a new database on the server of TEST_DATABASE_URL when set, else a throwaway cluster of its own
 * (PG_BIN, default /usr/lib/postgresql/15/bin). LOAD_SECONDS and LOAD_CASHIERS change the defaults (60, 50):
 *   LOAD_SECONDS=10 npm run bench -- load
 */
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openDatabase, type Database } from '../apps/server/src/db/database.ts';
import { DEFAULT_THROTTLE } from '../apps/server/src/modules/auth/throttle.ts';
import { installEventTriggers } from '../apps/server/src/modules/realtime/triggers.ts';
import { checkBalances, countByOperation, markStock, nonZero, orphanReport } from '../apps/server/src/reliability/ledger.ts';
import { loadCatalog, runLoad, type LoadReport, type Send } from '../apps/server/src/reliability/load.ts';
import { postgresAvailable, startCluster, type PgCluster } from '../apps/server/src/reliability/pg-cluster.ts';
import { httpJson, serverProcess } from '../apps/server/src/reliability/server-process.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { createTestDatabase, type TestDatabase } from '../apps/server/src/testing/database.ts';
import type { Benchmark, BenchResult } from './lib.ts';

const SECONDS = Number(process.env['LOAD_SECONDS'] || 60);
const CASHIERS = Number(process.env['LOAD_CASHIERS'] || 50);
/** Bounds besides the time: at most this many operations per cashier. */
const MAX_PER_CASHIER = 5_000;

export const loadBenchmark: Benchmark = {
  name: 'load',
  async run(): Promise<BenchResult[]> {
    let cluster: PgCluster | undefined;
    let testDb: TestDatabase | undefined;
    let url: string;
    if (process.env['TEST_DATABASE_URL']) {
      testDb = await createTestDatabase();
      url = testDb.url!;
    } else {
      if (!postgresAvailable()) {
        return [{ name: 'not run: no PostgreSQL binaries (PG_BIN) and no TEST_DATABASE_URL', value: NaN, unit: '', baseline: NaN,
          baselineName: '—', ratio: NaN, goal: '0 errors, balances conserved', met: false }];
      }
      cluster = await startCluster();
      url = cluster.url;
    }
    const db: Database = testDb?.db ?? (await openDatabase({ url, poolSize: 4 }));
    const server = await serverProcess({ databaseUrl: url, env: { SEFAZ_MODE: 'homologacao' } });
    try {
      await migrate(db);
      await seedDemo(db);
      await installEventTriggers(db);
      const catalog = await loadCatalog(db, 20);
      await db.system(async (tx) => {
        await tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = true WHERE id_filial = $1', [catalog.id_filial]);
        await tx.query('UPDATE estoque SET quantidade = 10000000, quantidade_reserva = 0 WHERE id_estoque = ANY($1)',
          [catalog.products.map((p) => p.id_estoque)]);
      });
      await server.start();
      const tokens: string[] = [];
      for (const email of ['caixa@demo.com.br', 'gerente@demo.com.br']) {
        const res = await httpJson(server.url, 'POST', '/auth/login', { email, senha: 'demo1234' });
        if (res.status !== 200) throw new Error(`login of ${email} failed: ${JSON.stringify(res.json)}`);
        tokens.push(res.json['token'] as string);
      }
      const send: Send = (body, token) => httpJson(server.url, 'POST', '/operacao', body, token);

      const mark = await markStock(db);
      const alone = await runLoad({ send, tokens, catalog, cashiers: 1, durationMs: Math.min(10, Math.max(3, SECONDS / 6)) * 1000,
        maxOperations: MAX_PER_CASHIER, seed: 1 });
      const load: LoadReport = await runLoad({ send, tokens, catalog, cashiers: CASHIERS, durationMs: SECONDS * 1000,
        maxOperations: CASHIERS * MAX_PER_CASHIER, seed: 2, resendRate: 0.05 });

      const balances = await checkBalances(db, mark);
      const ids = [...alone.okIds, ...load.okIds];
      const counts = await countByOperation(db, ids);
      const notOnce = ids.filter((id) => {
        const c = counts.get(id);
        return !c || c.claims !== 1 || c.orders + c.invoices !== 1 || c.movements === 0;
      }).length;
      const orphans = Object.values(nonZero(await orphanReport(db))).reduce((a, b) => a + b, 0);
      const broken = balances.mismatches.length + balances.brokenChains.length + notOnce + orphans + alone.errors;

      // Login throttle: wrong passwords on one account, then unknown accounts, from this one address, until 429.
      let accountFailures = 0;
      for (; accountFailures < 100; accountFailures += 1) {
        const res = await httpJson(server.url, 'POST', '/auth/login', { email: 'caixa@demo.com.br', senha: 'errada' });
        if (res.status === 429) break;
      }
      let addressFailures = accountFailures;
      for (let i = 0; addressFailures < 500; i += 1) {
        const res = await httpJson(server.url, 'POST', '/auth/login', { email: `ninguem${i}@demo.com.br`, senha: 'errada' });
        if (res.status === 429) break;
        addressFailures += 1;
      }

      const ms = (name: string, value: number, base: number, goal = '—'): BenchResult => ({
        name, value, unit: 'ms', baseline: base, baselineName: '1 cashier alone', ratio: value / base, goal, met: null,
      });
      console.log(`load: ${load.operations} operations by ${CASHIERS} cashiers in ${(load.durationMs / 1000).toFixed(1)} s, ` +
        `${load.ok} sold, ${load.duplicatesOk} resends answered as duplicates, ${load.errors} errors ${load.errorSamples.slice(0, 3).join(' | ')}; ` +
        `${balances.touched} stock rows, ${balances.movements} movements, ${balances.mismatches.length} mismatches, ${notOnce} sales not exactly once, ${orphans} orphans`);
      return [
        { name: `throughput, ${CASHIERS} cashiers × ${SECONDS} s (PostgreSQL, loopback HTTP), ${load.ok} sales`, value: load.throughput, unit: 'sales/s',
          baseline: alone.throughput, baselineName: '1 cashier alone', ratio: load.throughput / alone.throughput, goal: '—', met: null },
        ms(`p50 latency (${CASHIERS} cashiers)`, load.p50, alone.p50),
        ms(`p95 latency (${CASHIERS} cashiers)`, load.p95, alone.p95),
        ms(`p99 latency (${CASHIERS} cashiers)`, load.p99, alone.p99),
        { name: `errors (${load.operations} operations, ${load.duplicatesOk} resends)`, value: load.errors, unit: 'errors', baseline: 0,
          baselineName: 'goal', ratio: NaN, goal: '0 errors', met: load.errors === 0 },
        { name: `balances: stock vs movements, one document per sale, orphans (${balances.touched} stock rows, ${balances.movements} movements)`,
          value: broken, unit: 'mismatches', baseline: 0, baselineName: 'goal', ratio: NaN, goal: 'balances conserved', met: broken === 0 },
        { name: 'login throttle: failed attempts on one account until 429', value: accountFailures, unit: 'attempts',
          baseline: DEFAULT_THROTTLE.account.max, baselineName: 'configured limit', ratio: accountFailures / DEFAULT_THROTTLE.account.max,
          goal: `429 after ${DEFAULT_THROTTLE.account.max} / ${DEFAULT_THROTTLE.account.windowMs / 60_000} min`, met: accountFailures === DEFAULT_THROTTLE.account.max },
        { name: 'login throttle: failed attempts from one address (any account) until 429', value: addressFailures, unit: 'attempts',
          baseline: DEFAULT_THROTTLE.address.max, baselineName: 'configured limit', ratio: addressFailures / DEFAULT_THROTTLE.address.max,
          goal: `429 after ${DEFAULT_THROTTLE.address.max} / ${DEFAULT_THROTTLE.address.windowMs / 60_000} min`, met: addressFailures === DEFAULT_THROTTLE.address.max },
      ];
    } finally {
      await server.stop();
      if (testDb) await testDb.drop();
      else await db.close();
      await cluster?.dispose();
    }
  },
};
