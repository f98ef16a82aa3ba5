/**
 * The graceful stop (http/lifecycle.ts) of an app listening on a real port: a sale in flight when the stop begins is
 * answered, new connections are refused meanwhile (readiness turned 503: lifecycle.db.test.ts), and the stop ends without cutting anything.
 * The compiled server on SIGTERM: reliability/production.pg.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpJson } from '../reliability/server-process.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../testing/sale.ts';
import { gracefulStop, Lifecycle } from './lifecycle.ts';

let t: TestApp;
let url: string;
let fixture: SaleFixture;
let cashier: string;
const lifecycle = new Lifecycle();

beforeAll(async () => {
  t = await createTestApp({ app: { lifecycle } });
  fixture = await loadSaleFixture(t.db);
  cashier = await t.login('caixa@demo.com.br');
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  // The stop closed the app and the database; only the test database is left to drop.
  await t.testDb.dropOnly();
});

describe('graceful stop', () => {
  it('answers the sale in flight, refuses new connections meanwhile and ends without cutting anything', async () => {
    expect((await httpJson(url, 'GET', '/ready')).status).toBe(200);

    // Hold the stock table: the sale waits for this transaction (on PGlite, for the one connection).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const held = t.db.system(async (tx) => {
      await tx.query('LOCK TABLE estoque IN EXCLUSIVE MODE');
      locked();
      await gate;
    });
    await isLocked;
    const arrived = new Promise<void>((resolve) => t.app.server.once('request', () => resolve()));
    const body = saleBody(fixture);
    const sale = httpJson(url, 'POST', '/operacao', body, cashier);
    await arrived;
    await new Promise((r) => setTimeout(r, 100));

    const stopped = gracefulStop({ app: t.app, lifecycle, db: t.db, closeSockets: () => Promise.resolve(), closeOthers: [], graceMs: 20_000 });
    expect(lifecycle.stopping).toBe(true);
    let refused = false;
    const end = Date.now() + 5_000;
    while (!refused && Date.now() < end) {
      refused = (await httpJson(url, 'GET', '/health', undefined, undefined, 1_000)).status === 0;
      if (!refused) await new Promise((r) => setTimeout(r, 20));
    }
    expect(refused).toBe(true);

    release();
    await held;
    const sold = await sale;
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    expect(sold.json['id_operacao']).toBe(body.id_operacao);
    await expect(stopped).resolves.toEqual({ forced: false });
  });
});
