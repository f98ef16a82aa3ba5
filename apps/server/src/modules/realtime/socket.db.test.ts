import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { startRealtime, type Realtime } from './socket.ts';

let t: TestApp;
let realtime: Realtime;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  realtime = await startRealtime(t.app.server, t.db, t.tokens);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await realtime.close();
  await t.close();
});

async function join(email: string): Promise<{ socket: Socket; events: string[] }> {
  const token = await t.login(email);
  const socket = connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  const events: string[] = [];
  socket.onAny((event: string) => events.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect_error', reject);
    socket.on('connect', () => socket.emit('login', {}, () => resolve()));
  });
  return { socket, events };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for the event');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('socket events', () => {
  it('refuses a connection without a valid token', async () => {
    const socket = connect(url, { path: '/socket.io', auth: { token: 'x' }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe('unauthorized');
  });

  it("announces a committed change to the organization's sockets only, and never a rolled-back one", async () => {
    const manager = await join('gerente@demo.com.br');
    const other = await join('outra@demo.com.br');
    await expect(
      t.db.system(async (tx) => {
        await tx.query(`UPDATE filial SET apelido = 'rollback' WHERE codigo_filial = '1'`);
        throw new Error('rollback on purpose');
      }),
    ).rejects.toThrow('rollback on purpose');
    await t.db.system((tx) =>
      tx.query(`UPDATE filial SET apelido = 'Centro' FROM organization o
                 WHERE o.id_organization = filial.id_organization AND o.nome = 'Demo Moda' AND codigo_filial = '1'`),
    );
    await until(() => manager.events.includes('branch'));
    await new Promise((r) => setTimeout(r, 200));
    expect(manager.events.filter((e) => e === 'branch')).toHaveLength(1);
    expect(other.events).not.toContain('branch');
  });

  it('announces changes made through the API (a user row) to the same organization', async () => {
    const cashier = await join('caixa@demo.com.br');
    const token = await t.login('gerente@demo.com.br');
    const session = await t.call('GET', '/user/session', undefined, token);
    const id = (session.json['usuario'] as { filial: { id_filial: number } }).filial.id_filial;
    expect((await t.call('POST', '/user/set_active_branch', { id_filial: id }, token)).status).toBe(200);
    await until(() => cashier.events.includes('user'));
  });

  it('disconnects the open sockets of a user who is disabled, and only theirs', async () => {
    const cashier = await join('caixa@demo.com.br');
    const manager = await join('gerente@demo.com.br');
    const token = await t.login('gerente@demo.com.br');
    const id_usuario = (await t.db.system((tx) => tx.query<{ id: number }>(`SELECT id_usuario AS id FROM usuario WHERE email = 'caixa@demo.com.br'`))).rows[0]?.id;
    try {
      const res = await t.call('POST', '/user/enable-disable', { id_usuario, situacao: 'Inativo' }, token);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      await until(() => cashier.socket.disconnected);
      manager.events.length = 0;
      const before = cashier.events.length;
      await t.db.system((tx) =>
        tx.query(`UPDATE filial SET apelido = 'Depois' FROM organization o
                   WHERE o.id_organization = filial.id_organization AND o.nome = 'Demo Moda' AND codigo_filial = '1'`),
      );
      await until(() => manager.events.includes('branch'));
      expect(manager.socket.connected).toBe(true);
      expect(cashier.events.length).toBe(before);
    } finally {
      await t.call('POST', '/user/enable-disable', { id_usuario, situacao: 'Ativo' }, token);
    }
  });
});
