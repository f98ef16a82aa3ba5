/**
 * The shop's local connector (apps/connector) for a spec, started the way e2e/server.ts starts the server: its own
 * process (`node --import tsx apps/connector/src/main.ts`) on a free loopback port, its configuration in a temporary
 * file (CONNECTOR_CONFIG), its output in a log under E2E_LOG_DIR; ready once GET /status answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './server.ts';

export interface E2EConnector {
  url: string;
  port: number;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
}

/** Starts a connector with `config` (its porta_connect: `port`, or a free one). */
export async function startConnector(config: Record<string, unknown>, port?: number): Promise<E2EConnector> {
  const chosen = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'pdv-e2e-connector-'));
  const configFile = join(dir, 'conector.json');
  writeFileSync(configFile, JSON.stringify({ endereco: '127.0.0.1', ...config, porta_connect: chosen }));
  const logDir = resolve(process.env['E2E_LOG_DIR'] ?? 'test-results');
  mkdirSync(logDir, { recursive: true });
  const log = openSync(join(logDir, `connector-${chosen}.log`), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/connector/src/main.ts'], {
    env: { ...process.env, CONNECTOR_CONFIG: configFile },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${chosen}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited(child);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ok = await fetch(`${url}/status`).then((r) => r.ok, () => false);
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the connector on port ${chosen} did not start`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, port: chosen, stop };
}

export interface TcpPrinter {
  port: number;
  /** Each job as received, once the sender closed it. */
  jobs: Buffer[];
  close(): Promise<void>;
}

/** A raw TCP 9100 printer on 127.0.0.1: keeps each connection's bytes as one job. */
export async function tcpPrinter(): Promise<TcpPrinter> {
  const jobs: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks));
      socket.end();
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as { port: number }).port,
    jobs,
    close: () => new Promise((r) => {
      sockets.forEach((s) => s.destroy());
      server.close(() => r());
    }),
  };
}
