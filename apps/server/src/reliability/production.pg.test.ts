/**
 * The production path (docs/deployment.md): the server bundled by scripts/build-server.mjs, run as plain JavaScript
 * (`node main.js`, no TypeScript loader), two nodes on one PostgreSQL database. Through both: sales, an NFC-e
 * validated against the official schema and authorized (the schema worker of the bundle), its DANFE (the PDF render
 * worker of the bundle), a sale's socket event reaching a client of the other node, the login throttle counting the
 * failures of both nodes together, and a graceful stop that finishes the request in flight.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_REQUIRES } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../testing/sale.ts';
import { freePort, httpJson } from './server-process.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');
const SECRET = 'production-test-secret-with-more-than-32-characters';

interface Node {
  port: number;
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

let testDb: TestDatabase;
let dist: string;
let dataDir: string;
let fixture: SaleFixture;
const nodes: Node[] = [];
const sockets: Socket[] = [];

function run(env: Record<string, string | undefined>, port: number): Node {
  const child = spawn(process.execPath, [join(dist, 'main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { port, url: `http://127.0.0.1:${port}`, child, output: () => out, exited };
}

/** A node of the compiled server; resolves once /api/ready answers 200. */
async function startNode(url: string): Promise<Node> {
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    PATH: process.env['PATH'], HOME: process.env['HOME'], TMPDIR: process.env['TMPDIR'],
    PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url, DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG: process.env['PROD_TEST_LOG'] ?? 'off',
    CONTINGENCIA_INTERVALO_MS: '3600000', PDF_WORKERS: '1', SHUTDOWN_GRACE_MS: '20000',
  };
  const node = run(env, port);
  nodes.push(node);
  const end = Date.now() + 90_000;
  for (;;) {
    const ready = await httpJson(node.url, 'GET', '/ready', undefined, undefined, 2_000);
    if (ready.status === 200) return node;
    if (node.child.exitCode !== null) throw new Error(`node exited while starting:\n${node.output()}`);
    if (Date.now() > end) throw new Error(`node not ready within 90 s:\n${node.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function login(node: Node, email: string, senha = 'demo1234') {
  return httpJson(node.url, 'POST', '/auth/login', { email, senha });
}

async function tokenOf(node: Node, email: string): Promise<string> {
  const res = await login(node, email);
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json['token'] as string;
}

beforeAll(async () => {
  // Inside the repository (.tmp/ is ignored), so that the bundle's external packages resolve from node_modules; not
  // apps/server/dist, which `npm run build` may be rewriting meanwhile.
  dist = join(ROOT, '.tmp', `server-dist-${process.pid}`);
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', dist], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build:server failed:\n${built.stdout}\n${built.stderr}`);
  dataDir = mkdtempSync(join(tmpdir(), 'pdv-prod-files-'));

  testDb = await createTestDatabase();
  await testDb.db.close();
  if (!testDb.url) throw new Error('needs TEST_DATABASE_URL (bash scripts/with-postgres.sh ...)');
  // Both start together on an empty database: migrations and the demo seed are serialized by advisory locks.
  await Promise.all([startNode(testDb.url), startNode(testDb.url)]);
  const db = await openDatabase({ url: testDb.url });
  try {
    fixture = await loadSaleFixture(db);
  } finally {
    await db.close();
  }
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGTERM');
  await Promise.all(nodes.map((n) => n.exited));
  await testDb?.dropOnly();
  rmSync(dist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('refuses to start in production without JWT_SECRET and a named database, with exit code 1', async () => {
    const node = run({ PATH: process.env['PATH'], NODE_ENV: 'production', PORT: String(await freePort()) }, 0);
    expect(await node.exited).toBe(1);
    expect(node.output()).toContain(`Configuração inválida: ${PRODUCTION_REQUIRES.jwtSecret} ${PRODUCTION_REQUIRES.database}`);
    expect(node.output()).not.toMatch(/\n\s+at /);
  });

  it('sells through both nodes, and a sale on one reaches a socket connected to the other', async () => {
    const [a, b] = nodes as [Node, Node];
    const cashier = await tokenOf(a, 'caixa@demo.com.br');
    const socket = connect(b.url, { path: '/socket.io', auth: { token: cashier }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const processed: string[] = [];
    socket.on('process', (payload: { id_operacao?: string }) => processed.push(String(payload.id_operacao)));
    await new Promise<void>((done) => socket.on('connect', () => socket.emit('login', {}, () => done())));

    const onA = saleBody(fixture);
    const soldA = await httpJson(a.url, 'POST', '/operacao', onA, cashier);
    expect(soldA.status, JSON.stringify(soldA.json)).toBe(200);
    // The same token on the other node: one JWT_SECRET for the cluster.
    const onB = saleBody(fixture);
    const soldB = await httpJson(b.url, 'POST', '/operacao', onB, cashier);
    expect(soldB.status, JSON.stringify(soldB.json)).toBe(200);

    const end = Date.now() + 5_000;
    while (!(processed.includes(onA.id_operacao) && processed.includes(onB.id_operacao)) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(processed).toContain(onA.id_operacao);
    expect(processed).toContain(onB.id_operacao);
  });

  it('validates and authorizes an NFC-e and renders its DANFE in the bundle\'s workers', async () => {
    const [a, b] = nodes as [Node, Node];
    const manager = await tokenOf(b, 'gerente@demo.com.br');
    expect((await httpJson(b.url, 'POST', '/user/set_active_branch', { id_filial: fixture.id_filial }, manager)).status).toBe(200);
    const sold = await httpJson(a.url, 'POST', '/operacao', saleBody(fixture, { modelo: '65' }), manager);
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    const id_nota_fiscal = sold.json['id_nota_fiscal'] as number;

    const sent = await httpJson(b.url, 'POST', '/nfe/transmitir', { id_nota_fiscal }, manager);
    expect(sent.json['success'], JSON.stringify(sent.json)).toBe(true);
    expect((sent.json['nota_fiscal'] as Record<string, unknown>)['situacao']).toBe('Autorizada');

    const printed = await httpJson(b.url, 'POST', '/nfe/imprimir', { id_nota_fiscal }, manager);
    expect(printed.status, JSON.stringify(printed.json)).toBe(200);
    const pdf = await fetch(`${a.url}${String(printed.json['url_pdf'])}`);
    expect(pdf.status, `${await pdf.clone().text()}\n${a.output().slice(-3000)}`).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 4).toString()).toBe('%PDF');
  });

  it('counts wrong logins of both nodes together: 3 on one and 3 on the other, the sixth is throttled', async () => {
    const [a, b] = nodes as [Node, Node];
    const statuses: number[] = [];
    for (const node of [a, a, a, b, b, b]) statuses.push((await login(node, 'filial2@demo.com.br', 'senha-errada')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The right password is throttled too now, on either node.
    expect((await login(a, 'filial2@demo.com.br')).status).toBe(429);
  });

  it('on SIGTERM stops accepting, finishes the sale in flight and exits 0', async () => {
    const b = nodes[1]!;
    const cashier = await tokenOf(b, 'caixa@demo.com.br');
    const admin = new pg.Client({ connectionString: testDb.url });
    await admin.connect();
    try {
      // Hold the stock table: the sale's stock update waits for this transaction.
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE estoque IN EXCLUSIVE MODE');
      const body = saleBody(fixture);
      const inFlight = httpJson(b.url, 'POST', '/operacao', body, cashier);
      const end = Date.now() + 10_000;
      for (;;) {
        const waiting = await admin.query(`SELECT 1 FROM pg_locks WHERE NOT granted AND relation = 'estoque'::regclass`);
        if (waiting.rowCount) break;
        if (Date.now() > end) throw new Error(`the sale never waited for the lock:\n${b.output()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      b.child.kill('SIGTERM');
      // No new connections once stopping (the proxy sends them to the other node).
      const refusedEnd = Date.now() + 5_000;
      let refused = false;
      while (!refused && Date.now() < refusedEnd) {
        refused = (await httpJson(b.url, 'GET', '/health', undefined, undefined, 1_000)).status === 0;
        if (!refused) await new Promise((r) => setTimeout(r, 50));
      }
      expect(refused).toBe(true);
      expect(b.child.exitCode).toBeNull();
      await admin.query('COMMIT');
      const sold = await inFlight;
      expect(sold.status, JSON.stringify(sold.json)).toBe(200);
      expect(sold.json['id_operacao']).toBe(body.id_operacao);
      expect(await b.exited).toBe(0);
      expect(b.output()).toContain('Servidor encerrado.');
    } finally {
      await admin.query('ROLLBACK').catch(() => undefined);
      await admin.end();
    }
  });
});
