/**
 * A fresh database per test file: PGlite in memory, or a new database on the PostgreSQL server named by
 * TEST_DATABASE_URL (CI starts one from the machine's binaries; see scripts/with-postgres.sh).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.ts';
import { adminQuery, prepareDatabase, readTemplateTar, templateLocation, testServerUrl } from './template.ts';

export const usingPostgres = Boolean(process.env['TEST_DATABASE_URL']);

export interface TestDatabase {
  db: Database;
  /** The URL of the test database when on PostgreSQL (for raw connections in tests). */
  url: string | undefined;
  drop(): Promise<void>;
  /** Drops the database without closing `db` (when the test closed it itself). */
  dropOnly(): Promise<void>;
}

/**
 * An empty database, or with `prepared` one migrated, seeded with the demo data and with the event triggers: a copy
 * of the run's template when the global setup made one (testing/template.ts), otherwise prepared here.
 */
export async function createTestDatabase(options: { prepared?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = testServerUrl();
  const template = options.prepared ? templateLocation() : undefined;
  if (!serverUrl) {
    const db = await openDatabase(template ? { loadDataDir: await readTemplateTar(template) } : {});
    if (options.prepared && !template) await prepareDatabase(db);
    return { db, url: undefined, drop: () => db.close(), dropOnly: () => Promise.resolve() };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), poolSize: 60 });
  if (options.prepared && !template) await prepareDatabase(db);
  const dropOnly = async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
  };
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await dropOnly();
    },
    dropOnly,
  };
}
