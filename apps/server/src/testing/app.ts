import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import type { Database } from '../db/database.ts';
import type { ThrottleOptions } from '../modules/auth/throttle.ts';
import { createTokenService, type TokenService } from '../modules/auth/token.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { setupFiscal, type FiscalSetup } from '../modules/fiscal/setup.ts';
import { isLoopbackHost, smtpMail } from '../modules/branch/smtp.ts';

export const TEST_SECRET = new TextEncoder().encode('test-secret-of-at-least-thirty-two-characters!');

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  tokens: TokenService;
  testDb: TestDatabase;
  /** The SEFAZ homologation simulator and fiscal wiring, when the app was made with `sefaz: true`. */
  fiscal: FiscalSetup | null;
  /** Signs in a demo user and answers its bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** Calls an /api route as JSON, with a token when given. */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token?: string, extra?: Partial<InjectOptions>): Promise<{
    status: number;
    json: Record<string, unknown>;
    headers: Record<string, unknown>;
  }>;
  close(): Promise<void>;
}

/** Generous limits so suites that sign in often are not throttled, unless a test asks for the real ones. */
export const RELAXED_THROTTLE: ThrottleOptions = {
  account: { max: 1000, windowMs: 60_000 },
  address: { max: 1000, windowMs: 60_000 },
};

export async function createTestApp(options: {
  throttle?: ThrottleOptions; webDir?: string; sefaz?: boolean; app?: Pick<AppOptions, 'requestTimeoutMs' | 'trustProxy' | 'lifecycle' | 'bank'>;
} = {}): Promise<TestApp> {
  const testDb = await createTestDatabase({ prepared: true });
  const { db } = testDb;
  const tokens = createTokenService(TEST_SECRET, 3600);
  // The product's SEFAZ time-out (10 s): 3 s failed authorizations as 'SEFAZ indisponível' on a loaded machine.
  const fiscal = options.sefaz ? await setupFiscal({ mode: 'simulator', timeoutMs: 10_000, log: () => undefined }) : null;
  const app = await buildApp({
    db, tokens, throttle: options.throttle ?? RELAXED_THROTTLE, ...(options.webDir ? { webDir: options.webDir } : {}),
    ...(fiscal ? { fiscal: fiscal.deps } : {}),
    // A test never sends e-mail outside this machine (the fuzz suite creates accounts with made-up servers).
    mail: smtpMail({ allowHost: isLoopbackHost, timeoutMs: 3000 }),
    ...options.app,
  });
  await app.ready();

  const call: TestApp['call'] = async (method, path, body, token, extra = {}) => {
    const response = await app.inject({
      method,
      url: `/api${path}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(extra.headers ?? {}) },
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    });
    let json: Record<string, unknown> = {};
    try {
      json = response.json();
    } catch {
      json = { raw: response.body };
    }
    return { status: response.statusCode, json, headers: response.headers };
  };

  return {
    app,
    db,
    tokens,
    testDb,
    fiscal,
    call,
    async login(email, password = DEMO_PASSWORD) {
      const res = await call('POST', '/auth/login', { email, senha: password });
      if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.json)}`);
      return res.json['token'] as string;
    },
    async close() {
      await app.close();
      await fiscal?.close();
      await testDb.drop();
    },
  };
}
