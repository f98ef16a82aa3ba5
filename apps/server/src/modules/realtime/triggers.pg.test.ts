/**
 * The change-event triggers at start-up (triggers.ts) on a PostgreSQL server: a server joining a database whose
 * triggers are in place creates none and takes no lock on a synced table, so it cannot deadlock with a writer (CI saw
 * two servers starting together fail with "deadlock detected" while one re-created the triggers and the other wrote
 * the demo seed). A trigger whose statement changed is created again.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { installEventTriggers } from './triggers.ts';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase({ prepared: true });
});

afterAll(async () => {
  await testDb.drop();
});

describe('installEventTriggers on a database that has them', () => {
  it('creates nothing, even while another connection holds a write lock on a synced table', async () => {
    if (!testDb.url) throw new Error('needs TEST_DATABASE_URL');
    const writer = new pg.Client({ connectionString: testDb.url });
    await writer.connect();
    try {
      await writer.query('BEGIN');
      // What a sale or the seed holds on the tables it writes: CREATE TRIGGER on them would wait for its commit.
      await writer.query('LOCK TABLE produto, estoque, pessoa IN ROW EXCLUSIVE MODE');
      // Resolves while the lock is still held (before the fix it waited for the writer, so this never resolved).
      expect(await installEventTriggers(testDb.db)).toBe(0);
    } finally {
      await writer.query('ROLLBACK');
      await writer.end();
    }
  }, 30_000);

  it('creates again a trigger that is not the one its statement makes, and only it', async () => {
    const { rows } = await testDb.db.system((tx) =>
      tx.query<{ tgname: string; rel: string }>(
        `SELECT t.tgname, c.relname AS rel FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
          WHERE t.tgname LIKE 'sync\\_notify\\_%' ORDER BY t.tgname LIMIT 1`,
      ),
    );
    const [one] = rows;
    if (!one) throw new Error('no sync trigger installed');
    await testDb.db.system((tx) => tx.query(`COMMENT ON TRIGGER ${one.tgname} ON ${one.rel} IS NULL`));
    expect(await installEventTriggers(testDb.db)).toBe(1);
    expect(await installEventTriggers(testDb.db)).toBe(0);
  });
});
