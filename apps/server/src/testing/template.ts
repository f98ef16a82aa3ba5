/**
 * One prepared database per test run: migrated, seeded with the demo data and with the event triggers installed,
 * made once by the db and pg projects' global setup (vitest.config.ts) instead of once per test file. Each file's
 * database is then a copy of it: `CREATE DATABASE ... TEMPLATE` on a PostgreSQL server, a data directory loaded from
 * a tar on PGlite. Migrating and seeding took 5-9 s per file on PGlite, about a sixth of the server suite's time.
 *
 * The template is made fresh at every run from the code under test, so it never goes stale. Outside a vitest run
 * (the benches) nothing is prepared and createTestApp migrates and seeds as before.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { installEventTriggers } from '../modules/realtime/triggers.ts';
import { seedDemo } from '../seed/demo.ts';

/** Where the run's template is: a database name (PostgreSQL) or a tar file (PGlite). Set by the global setup. */
export const TEMPLATE_ENV = 'PDV_TEST_TEMPLATE';

/** What every test app's database holds before its test starts. */
export async function prepareDatabase(db: Database): Promise<void> {
  await migrate(db);
  await seedDemo(db);
  await installEventTriggers(db);
}

/** The PostgreSQL servers of the run (scripts/with-postgres.sh starts one per vitest worker), or none. */
export function testServerUrls(): string[] {
  const all = (process.env['TEST_DATABASE_URLS'] ?? '').split(/\s+/).filter(Boolean);
  if (all.length > 0) return all;
  const one = process.env['TEST_DATABASE_URL'];
  return one ? [one] : [];
}

/**
 * The PostgreSQL server this worker's databases go to: its own when there are enough. Two test files on one cluster
 * are not independent: a snapshot's xmin is cluster-wide, so one file's open transactions hold back the sync of the
 * other's rows (sync reads only below that xmin).
 */
export function testServerUrl(): string | undefined {
  const all = testServerUrls();
  if (all.length === 0) return undefined;
  const worker = Math.max(1, Number(process.env['VITEST_POOL_ID'] ?? 1) || 1);
  return all[(worker - 1) % all.length];
}

/** Makes the run's template (on every test server) and answers how to remove it. */
export async function makeTemplate(): Promise<{ location: string; remove(): Promise<void> }> {
  const servers = testServerUrls();
  if (servers.length > 0) {
    const name = `tmpl_${randomBytes(6).toString('hex')}`;
    await Promise.all(servers.map(async (serverUrl) => {
      await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const db = await openDatabase({ url: url.toString(), poolSize: 4 });
      try {
        await prepareDatabase(db);
      } finally {
        await db.close();
      }
    }));
    return {
      location: name,
      remove: async () => {
        await Promise.all(servers.map((serverUrl) => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
      },
    };
  }
  const db = await openDatabase({});
  let tar: Blob;
  try {
    await prepareDatabase(db);
    tar = await db.dumpDataDir!();
  } finally {
    await db.close();
  }
  const file = join(tmpdir(), `pdv-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  await writeFile(file, Buffer.from(await tar.arrayBuffer()));
  return { location: file, remove: () => rm(file, { force: true }) };
}

/** The run's template, when the global setup made one. */
export function templateLocation(): string | undefined {
  return process.env[TEMPLATE_ENV] || undefined;
}

/** PGlite: the template's data directory. */
export async function readTemplateTar(file: string): Promise<Blob> {
  return new Blob([await readFile(file)]);
}

export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  // CREATE DATABASE ... TEMPLATE fails while another session is connected to the template; copies made at the same
  // moment by two workers can meet that briefly, so the copy is retried.
  for (let attempt = 0; ; attempt++) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(sql);
      return;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 100 + 100 * attempt));
  }
}
