/** What the sync tests share: the demo's ids, waiting for older transactions, and a transaction held open. */
import type { Database } from '../db/database.ts';

export interface DemoIds {
  demo: number;
  other: number;
  branch1: number;
  branch2: number;
  /** id_usuario of each demo e-mail asked for. */
  users: Record<string, number>;
}

/** The demo organizations, Demo Moda's branches 1 and 2, and the users of `emails`, read as the owner. */
export async function demoIds(db: Database, emails: readonly string[] = []): Promise<DemoIds> {
  return db.system(async (tx) => {
    const one = async (sql: string, params: unknown[] = []) => {
      const { rows } = await tx.query<{ id: number }>(sql, params);
      if (rows[0] === undefined) throw new Error(`${sql} ${JSON.stringify(params)}`);
      return rows[0].id;
    };
    const demo = await one(`SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'`);
    const other = await one(`SELECT id_organization AS id FROM organization WHERE nome = 'Outra Loja'`);
    const branch = (code: string) => one(`SELECT id_filial AS id FROM filial WHERE id_organization = $1 AND codigo_filial = $2`, [demo, code]);
    const users: Record<string, number> = {};
    for (const email of emails) users[email] = await one(`SELECT id_usuario AS id FROM usuario WHERE email = $1`, [email]);
    return { demo, other, branch1: await branch('1'), branch2: await branch('2'), users };
  });
}

/**
 * On a PostgreSQL server, rows only show once every transaction older than them has ended, in any database of the
 * cluster (pg_snapshot_xmin): waits until the transactions running now are over.
 */
export async function settle(db: Database): Promise<void> {
  const { rows } = await db.system((tx) => tx.query<{ x: string }>('SELECT pg_current_xact_id()::text AS x'));
  const mark = rows[0]?.x ?? '0';
  for (const end = Date.now() + 30_000; Date.now() < end; ) {
    const done = await db.system((tx) =>
      tx.query<{ ok: boolean }>('SELECT pg_snapshot_xmin(pg_current_snapshot()) > $1::xid8 AS ok', [mark]),
    );
    if (done.rows[0]?.ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('transactions older than the test did not end');
}

/**
 * Opens a transaction that holds a transaction id and stays open until `release` (PostgreSQL only: PGlite runs one
 * transaction at a time, so another would wait for it forever). `ended` settles once it has committed.
 */
export async function holdTransaction(db: Database): Promise<{ release: () => void; ended: Promise<void> }> {
  let release!: () => void;
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const ended = db.system(async (tx) => {
    await tx.query('SELECT pg_current_xact_id()');
    started();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await running;
  return { release, ended };
}
