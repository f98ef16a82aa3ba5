/**
 * Two server processes on one PostgreSQL database: a change made through one reaches a socket connected to the
 * other, once. Also: the listening connection survives the loss of its backend.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';

const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
let testDb: TestDatabase;
const processes: ChildProcess[] = [];
const ports: number[] = [];
const sockets: Socket[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer(url: string): Promise<number> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url, LOG: 'off', JWT_SECRET: 'cluster-test-secret-with-more-than-32-chars' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processes.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const end = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return port;
    } catch {
      // not up yet
    }
    if (Date.now() > end || child.exitCode !== null) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function login(port: number, email: string): Promise<{ token: string; usuario: { filial: { id_filial: number } } }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, senha: 'demo1234' }),
  });
  return (await res.json()) as { token: string; usuario: { filial: { id_filial: number } } };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.db.close();
  if (!testDb.url) throw new Error('needs TEST_DATABASE_URL');
  // Both start together: migrations and the seed are serialized by advisory locks.
  ports.push(...(await Promise.all([startServer(testDb.url), startServer(testDb.url)])));
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const child of processes) child.kill('SIGTERM');
  await Promise.all(processes.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
  await testDb.dropOnly();
});

describe('two server processes on one database', () => {
  it('deliver a change made through one to a socket on the other, exactly once', async () => {
    const [a, b] = ports as [number, number];
    const watcher = await login(a, 'caixa@demo.com.br');
    const socket = connect(`http://127.0.0.1:${a}`, { path: '/socket.io', auth: { token: watcher.token }, transports: ['websocket'] });
    sockets.push(socket);
    const events: string[] = [];
    socket.onAny((e: string) => events.push(e));
    await new Promise<void>((resolve) => socket.on('connect', () => socket.emit('login', {}, () => resolve())));

    const manager = await login(b, 'gerente@demo.com.br');
    const res = await fetch(`http://127.0.0.1:${b}/api/user/set_active_branch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${manager.token}` },
      body: JSON.stringify({ id_filial: manager.usuario.filial.id_filial }),
    });
    expect(res.status).toBe(200);
    const end = Date.now() + 5000;
    while (!events.includes('user') && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    expect(events.filter((e) => e === 'user')).toHaveLength(1);
  });

  it('keep listening after the listening backend is killed', async () => {
    const [a, b] = ports as [number, number];
    const admin = new pg.Client({ connectionString: testDb.url });
    await admin.connect();
    const killed = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`);
    await admin.end();
    expect(killed.rowCount).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 1500));

    const watcher = await login(a, 'caixa@demo.com.br');
    const socket = connect(`http://127.0.0.1:${a}`, { path: '/socket.io', auth: { token: watcher.token }, transports: ['websocket'] });
    sockets.push(socket);
    const events: string[] = [];
    socket.onAny((e: string) => events.push(e));
    await new Promise<void>((resolve) => socket.on('connect', () => socket.emit('login', {}, () => resolve())));
    const manager = await login(b, 'gerente@demo.com.br');
    await fetch(`http://127.0.0.1:${b}/api/user/set_active_branch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${manager.token}` },
      body: JSON.stringify({ id_filial: manager.usuario.filial.id_filial }),
    });
    const end = Date.now() + 5000;
    while (!events.includes('user') && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(events).toContain('user');
  });

  it('disconnect a disabled user on every node, and count login attempts together', async () => {
    const [a, b] = ports as [number, number];
    const watcher = await login(a, 'filial2@demo.com.br');
    const socket = connect(`http://127.0.0.1:${a}`, { path: '/socket.io', auth: { token: watcher.token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.on('connect', () => socket.emit('login', {}, () => resolve())));
    const manager = await login(b, 'gerente@demo.com.br');
    const post = (port: number, path: string, body: unknown, token?: string) => fetch(`http://127.0.0.1:${port}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const admin = new pg.Client({ connectionString: testDb.url });
    await admin.connect();
    const id_usuario = (await admin.query<{ id: number }>(`SELECT id_usuario AS id FROM usuario WHERE email = 'filial2@demo.com.br'`)).rows[0]?.id;
    await admin.end();
    try {
      expect((await post(b, '/user/enable-disable', { id_usuario, situacao: 'Inativo' }, manager.token)).status).toBe(200);
      const end = Date.now() + 5000;
      while (socket.connected && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      expect(socket.connected).toBe(false);
    } finally {
      await post(b, '/user/enable-disable', { id_usuario, situacao: 'Ativo' }, manager.token);
    }
    // 10 wrong passwords for one account, split over the two nodes at once: the limit of 5 holds for the pair.
    const statuses = await Promise.all(Array.from({ length: 10 }, async (_, i) =>
      (await post(i % 2 === 0 ? a : b, '/auth/login', { email: 'caixa@demo.com.br', senha: 'errada' })).status));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  });
});
