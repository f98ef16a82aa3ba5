/**
 * The real server (apps/server/src/main.ts) as a child process on 127.0.0.1, for the fault and load tests: started,
 * killed with SIGKILL at any moment, started again on the same port, its output kept for scanning.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
export const RELIABILITY_JWT_SECRET = 'reliability-test-secret-with-more-than-32-characters';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerOptions {
  /** postgres://... (a PostgreSQL server) or undefined with `dataDir` (PGlite persisted in that folder). */
  databaseUrl?: string;
  dataDir?: string;
  /** Keep the request log (pino JSON lines) in the captured output. Default: off. */
  log?: boolean;
  port?: number;
  env?: Record<string, string>;
}

export interface ServerProcess {
  readonly port: number;
  readonly url: string;
  /** Everything the processes printed (stdout and stderr), across restarts. */
  output(): string;
  /** Starts the process (again) on the same port and waits until /api/health answers. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown hook runs, in-flight requests die with the process. */
  kill(): Promise<void>;
  /** SIGTERM and wait (graceful stop). */
  stop(): Promise<void>;
  alive(): boolean;
  pid(): number | undefined;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

export async function serverProcess(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let out = '';

  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG: options.log ? 'on' : 'off',
    JWT_SECRET: RELIABILITY_JWT_SECRET,
    // The background contingency sender is not what these tests look at.
    CONTINGENCIA_INTERVALO_MS: '3600000',
    ...(options.env ?? {}),
  };
  delete env['DATABASE_URL'];
  delete env['DATA_DIR'];
  if (options.databaseUrl) env['DATABASE_URL'] = options.databaseUrl;
  if (options.dataDir) env['DATA_DIR'] = options.dataDir;

  const handle: ServerProcess = {
    port,
    url,
    output: () => out,
    alive: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    pid: () => child?.pid,
    async start() {
      if (handle.alive()) throw new Error('server already running');
      const started = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      child = started;
      started.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      started.stderr?.on('data', (d: Buffer) => (out += d.toString()));
      const end = Date.now() + 120_000;
      for (;;) {
        try {
          const res = await fetch(`${url}/api/health`);
          if (res.ok) return;
        } catch {
          // not up yet
        }
        if (started.exitCode !== null || started.signalCode !== null) {
          throw new Error(`server exited while starting (${started.exitCode ?? started.signalCode}):\n${out.slice(-4000)}`);
        }
        if (Date.now() > end) throw new Error(`server did not answer within 120 s:\n${out.slice(-4000)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async kill() {
      const current = child;
      if (!current || !handle.alive()) return;
      current.kill('SIGKILL');
      await exited(current);
    },
    async stop() {
      const current = child;
      if (!current || !handle.alive()) return;
      current.kill('SIGTERM');
      const timer = setTimeout(() => current.kill('SIGKILL'), 15_000);
      await exited(current);
      clearTimeout(timer);
    },
  };
  return handle;
}

/** JSON over loopback HTTP; a connection error answers status 0 (the caller decides whether to retry). */
export async function httpJson(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  timeoutMs = 30_000,
): Promise<{ status: number; json: Record<string, unknown>; error?: string }> {
  try {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = { raw: text };
    }
    return { status: res.status, json };
  } catch (error) {
    return { status: 0, json: {}, error: (error as Error).message };
  }
}
