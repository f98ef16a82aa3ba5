/** GET /api/ready: 200 while the node serves and reaches its database, 503 in pt-BR while stopping or without it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pdv/domain/messages';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { createTestApp, RELAXED_THROTTLE, type TestApp } from '../testing/app.ts';
import { expectOk } from '../testing/routes.ts';
import { checkReady, Lifecycle } from './lifecycle.ts';

let t: TestApp;
const lifecycle = new Lifecycle();

beforeAll(async () => {
  t = await createTestApp({ app: { lifecycle } });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/ready', () => {
  it('answers ready when the database runs a query, while /api/health stays the liveness check', async () => {
    expect((await expectOk(t, 'ready')).json).toEqual({ status: 'ready' });
    expect((await expectOk(t, 'health')).json).toEqual({ status: 'ok' });
  });

  it('answers 503 with a pt-BR message once the node is stopping; health still answers', async () => {
    lifecycle.stopping = true;
    try {
      const res = await t.call('GET', '/ready');
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ message: MESSAGES.serverStopping });
      expect((await t.call('GET', '/health')).status).toBe(200);
    } finally {
      lifecycle.stopping = false;
    }
  });

  it('answers 503 with the database message when the database fails or does not answer in time', async () => {
    // The real database behind a connection that is gone (what pg reports after the server went away).
    const gone: Database = {
      kind: t.db.kind,
      tenant: (ctx, fn) => t.db.tenant(ctx, fn),
      system: () => Promise.reject(Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' })),
      listen: (channel, onMessage) => t.db.listen(channel, onMessage),
      close: () => Promise.resolve(),
    };
    const app = await buildApp({ db: gone, tokens: t.tokens, throttle: RELAXED_THROTTLE });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: MESSAGES.databaseUnavailable });
    } finally {
      await app.close();
    }
    const stuck: Database = { ...gone, system: () => new Promise(() => undefined) };
    await expect(checkReady(stuck, new Lifecycle(), 50)).rejects.toMatchObject({ status: 503, message: MESSAGES.databaseUnavailable });
  });
});
