/**
 * A server process (main.ts) on a PostgreSQL cluster of its own, ready to sell (demo data, plenty of stock), for the
 * tests that stop and start PostgreSQL under the server.
 */
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { installEventTriggers } from '../modules/realtime/triggers.ts';
import { seedDemo } from '../seed/demo.ts';
import { loadCatalog, type Catalog } from './load.ts';
import { postgresAvailable, startCluster, type PgCluster } from './pg-cluster.ts';
import { httpJson, serverProcess, type ServerProcess } from './server-process.ts';

export interface RestartRig {
  cluster: PgCluster;
  server: ServerProcess;
  catalog: Catalog;
  token: string;
  /** A short-lived connection as the owner (opened after a restart, so it is never a stale one). */
  withDb<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

export async function restartRig(): Promise<RestartRig> {
  if (!postgresAvailable()) throw new Error('PostgreSQL binaries not found (set PG_BIN)');
  const cluster = await startCluster();
  const withDb = async <T>(fn: (db: Database) => Promise<T>): Promise<T> => {
    const db = await openDatabase({ url: cluster.url, poolSize: 2 });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  };
  const catalog = await withDb(async (db) => {
    await migrate(db);
    await seedDemo(db);
    await installEventTriggers(db);
    const c = await loadCatalog(db, 10);
    await db.system(async (tx) => {
      await tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = false WHERE id_filial = $1', [c.id_filial]);
      await tx.query('UPDATE estoque SET quantidade = 100000 WHERE id_estoque = ANY($1)', [c.products.map((p) => p.id_estoque)]);
    });
    return c;
  });
  const server = await serverProcess({ databaseUrl: cluster.url, env: { SEFAZ_MODE: 'homologacao' } });
  await server.start();
  const login = await httpJson(server.url, 'POST', '/auth/login', { email: 'caixa@demo.com.br', senha: 'demo1234' });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.json)}`);
  return {
    cluster, server, catalog, token: login.json['token'] as string, withDb,
    async dispose() {
      await server.stop();
      await cluster.dispose();
    },
  };
}
