/**
 * One interface over the two databases we run on: embedded PGlite (default) and a PostgreSQL server (DATABASE_URL).
 * Every request runs in one transaction. Tenant work runs as the unprivileged role `pdv_app` with the caller's
 * organization in `app.id_organization`, so row-level security is a second wall behind the scoped queries.
 */
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Tx {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface TenantContext {
  id_organization: number;
  /** The user of the request, when there is one: recorded by triggers that log who changed a row (preco_historico). */
  id_usuario?: number | undefined;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** A transaction as the application role, scoped to one organization by row-level security. */
  tenant<T>(ctx: TenantContext, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** A transaction as the owner (migrations, demo seed, the platform-level login lookup). */
  system<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Listens to a NOTIFY channel (notifications arrive only after the sending transaction commits). On a PostgreSQL
   * server the listening connection is re-made with backoff after the server restarts.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tar (a prepared copy that tests start from; see testing/template.ts). */
  dumpDataDir?(): Promise<Blob>;
}

export const APP_ROLE = 'pdv_app';

async function enterTenant(tx: Tx, ctx: TenantContext): Promise<void> {
  await tx.query(`SET LOCAL ROLE ${APP_ROLE}`);
  await tx.query(`SELECT set_config('app.id_organization', $1, true), set_config('app.id_usuario', $2, true)`,
    [String(ctx.id_organization), ctx.id_usuario === undefined ? '' : String(ctx.id_usuario)]);
}

/** PGlite is one connection in one process: transactions are serialized onto it by a queue. */
class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: PGlite) {}

  private serialize<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private run<T>(fn: (tx: Tx) => Promise<T>, ctx?: TenantContext): Promise<T> {
    return this.serialize(() =>
      this.db.transaction(async (raw) => {
        const tx: Tx = {
          async query<R>(sql: string, params?: readonly unknown[]) {
            const result = await raw.query<R>(sql, params ? [...params] : undefined);
            return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
          },
          async exec(sql: string) {
            await raw.exec(sql);
          },
        };
        if (ctx) await enterTenant(tx, ctx);
        return fn(tx);
      }),
    );
  }

  tenant<T>(ctx: TenantContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.run(fn, ctx);
  }

  system<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.run(fn);
  }

  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    const unsubscribe = await this.serialize(() => this.db.listen(channel, onMessage));
    return () => this.serialize(() => unsubscribe());
  }

  async close(): Promise<void> {
    await this.serialize(() => this.db.close());
  }

  dumpDataDir(): Promise<Blob> {
    return this.serialize(() => this.db.dumpDataDir('none'));
  }
}

// numeric -> number (money numeric(15,2) and quantities numeric(15,3) fit a double exactly at these scales),
// bigint -> number (counts), timestamptz kept as Date by default.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  private closed = false;
  constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
  ) {}

  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    let client: pg.Client | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (delay: number): Promise<void> => {
      const next = new pg.Client({ connectionString: this.url });
      next.on('notification', (msg) => {
        if (msg.channel === channel && msg.payload !== undefined) onMessage(msg.payload);
      });
      const reconnect = () => {
        if (stopped || this.closed || client !== next) return;
        client = undefined;
        next.removeAllListeners('error');
        next.on('error', () => undefined);
        retry = setTimeout(() => void connect(Math.min(delay * 2, 5000)), delay);
      };
      next.on('error', reconnect);
      next.on('end', reconnect);
      client = next;
      try {
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch {
        reconnect();
      }
    };
    await connect(250);
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    };
  }

  private async run<T>(fn: (tx: Tx) => Promise<T>, ctx?: TenantContext): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    // pg-pool listens for 'error' only on idle clients: PostgreSQL going away under a running request would be an
    // unhandled 'error' event that ends the process (found by reliability/pg-restart.pg.test.ts, under load). The
    // query itself rejects; the connection is dropped from the pool.
    const onError = () => {
      broken = true;
    };
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const tx: Tx = {
        async query<R>(sql: string, params?: readonly unknown[]) {
          const result = await client.query(sql, params ? [...params] : undefined);
          return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
        },
        async exec(sql: string) {
          await client.query(sql);
        },
      };
      if (ctx) await enterTenant(tx, ctx);
      const value = await fn(tx);
      await client.query('COMMIT');
      return value;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true; // the connection is gone: drop it from the pool
      }
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  tenant<T>(ctx: TenantContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.run(fn, ctx);
  }

  system<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.run(fn);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool.end();
  }
}

export interface DatabaseOptions {
  /** postgres://... to use a PostgreSQL server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** PGlite: start from this data directory (a tar made by dumpDataDir) instead of an empty cluster. */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle client losing its server (restart) must not crash the process.
    pool.on('error', () => undefined);
    return new PostgresDatabase(pool, options.url);
  }
  const { NUMERIC, INT8 } = { NUMERIC: 1700, INT8: 20 };
  const db = await PGlite.create(options.dataDir ?? 'memory://', {
    parsers: { [NUMERIC]: (v: string) => Number(v), [INT8]: (v: string) => Number(v) },
    // Trigram indexes for the registers' search (migration 019), as PostgreSQL's contrib pg_trgm on a server.
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return new PgliteDatabase(db);
}
