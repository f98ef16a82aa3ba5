/**
 * A throwaway PostgreSQL cluster of our own (like scripts/with-postgres.sh, but owned by one test so it can be
 * stopped and started under load without disturbing the other tests' server). Binaries from PG_BIN
 * (default /usr/lib/postgresql/15/bin); as root the server runs as the OS user `postgres`.
 *
 * fsync is off (the machine does not crash in a test) but synchronous_commit stays on: a commit the server
 * acknowledged must survive an immediate stop, or a "nothing lost" check would measure the configuration.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.ts';

const run = promisify(execFile);
export const PG_BIN = process.env['PG_BIN'] || '/usr/lib/postgresql/15/bin';

export function postgresAvailable(): boolean {
  return ['initdb', 'pg_ctl', 'postgres'].every((tool) => existsSync(join(PG_BIN, tool)));
}

export interface PgCluster {
  readonly url: string;
  readonly port: number;
  start(): Promise<void>;
  /** fast: clients are disconnected, a clean shutdown; immediate: the postmaster quits at once, recovery on start. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  log(): string;
  dispose(): Promise<void>;
}

function runuser(): string | null {
  for (const candidate of ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser']) if (existsSync(candidate)) return candidate;
  return null;
}

export async function startCluster(): Promise<PgCluster> {
  const asRoot = process.getuid?.() === 0;
  const ru = asRoot ? runuser() : null;
  if (asRoot && !ru) throw new Error('pg-cluster: running as root but runuser was not found');
  const exec = (tool: string, args: string[]) =>
    ru ? run(ru, ['-u', 'postgres', '--', join(PG_BIN, tool), ...args]) : run(join(PG_BIN, tool), args);

  const dir = mkdtempSync(join(process.env['TMPDIR'] || tmpdir(), 'pg-reliability-'));
  const data = join(dir, 'data');
  const sock = join(dir, 'sock');
  const logFile = join(dir, 'server.log');
  mkdirSync(sock);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    for (const p of [dir, sock]) chownSync(p, Number(stdout.trim()), Number(gid.trim()));
  }
  await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = [
    `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories='${sock}'`,
    '-c fsync=off -c full_page_writes=off -c max_connections=200',
  ];
  let running = false;
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await exec('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '60', '-s', ...options.flatMap((o) => ['-o', o]), 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      await exec('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', '-s', 'stop']);
      running = false;
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    async dispose() {
      if (running) {
        await cluster.stop('fast').catch(() => cluster.stop('immediate').catch(() => undefined));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
