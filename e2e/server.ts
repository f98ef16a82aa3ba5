/**
 * The server of one Playwright worker: the real server (apps/server/src/main.ts) on a free loopback port, with an
 * empty data directory (so the demo seed loads), its own signing key and its own SEFAZ homologation simulator port.
 * Each worker has one, so spec files run in parallel without sharing server-side state (the active branch of a demo
 * user, the login throttle, the fiscal series' numbers). scripts/e2e.sh builds the web app the servers serve.
 *
 * The server's output goes to a log file under E2E_LOG_DIR (scripts/e2e.sh prints its tail when a run fails).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, closeSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface E2EServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The simulator's switch (POST {mode: 'normal' | 'unavailable'}). */
  sefazAdminUrl: string;
  /** The worker's FAKE bank (its /fake/pix/{txid}/pagar pays a charge). */
  bankUrl: string;
  /** The key the server signs its tokens with (a spec may mint a genuinely expired one). */
  jwtSecret: string;
  logFile: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
    srv.on('error', fail);
  });
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/health`);
    if (!res.ok) return false;
    const body = (await res.json()) as { status?: string };
    return body.status === 'ok';
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
}

/**
 * Starts a server for worker `index` and waits for /api/health (migrations and the demo seed run first). `extraEnv`
 * is for a spec that needs its own server (e.g. DEMO_SAT_FILIAL: a demo branch selling on SAT, seed/sat-shop.ts).
 */
export async function startE2EServer(index: number, extraEnv: Record<string, string> = {}): Promise<E2EServer> {
  const port = await freePort();
  const sefazPort = await freePort();
  const bankPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const jwtSecret = randomBytes(32).toString('hex');
  const dataRoot = mkdtempSync(join(tmpdir(), `pdv-e2e-w${index}-`));
  const logDir = resolve(process.env['E2E_LOG_DIR'] ?? 'test-results');
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, `server-worker-${index}${Object.keys(extraEnv).length > 0 ? `-${Date.now()}` : ''}.log`);
  const log = openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env['DATABASE_URL'];
  delete env['TEST_DATABASE_URL'];
  delete env['NODE_ENV'];
  // A development server on PGlite (NODE_ENV=production would skip the demo seed); contingency documents are looked
  // at every 2 s instead of 15 s.
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(dataRoot, 'data'),
    JWT_SECRET: jwtSecret,
    SEFAZ_SIMULATOR_PORT: String(sefazPort),
    BANK_MODE: 'fake',
    BANK_FAKE_PORT: String(bankPort),
    CONTINGENCIA_INTERVALO_MS: '2000',
    ...extraEnv,
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(killer);
    }
    rmSync(dataRoot, { recursive: true, force: true });
  };
  const deadline = Date.now() + Number(process.env['E2E_HEALTH_TIMEOUT'] ?? 180) * 1000;
  while (!(await healthy(url))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the e2e server of worker ${index} exited before answering /api/health: see ${logFile}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the e2e server of worker ${index} did not answer /api/health in time: see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, sefazAdminUrl: `https://127.0.0.1:${sefazPort}/simulator/mode`, bankUrl: `http://127.0.0.1:${bankPort}`, jwtSecret, logFile, stop };
}
