import type { Database } from './database.ts';
import { migrations as all, type Migration } from './migrations/index.ts';

/**
 * Applies pending migrations in one transaction each, under an advisory lock so two server processes starting
 * together on one PostgreSQL do not race. Returns the versions applied.
 */
export async function migrate(db: Database, migrations: Migration[] = all): Promise<number[]> {
  const applied: number[] = [];
  for (const migration of migrations) {
    await db.system(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(724001)');
      await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.rows.length > 0) return;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    });
  }
  return applied;
}
