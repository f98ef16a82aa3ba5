/**
 * What every answer carries whatever the route: the browser security headers, the product's error body (never the
 * framework's), and a time-out for a request whose body never arrives.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pdv/domain/messages';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { connectorOrigins } from './security-headers.ts';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'pdv-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>PDV</title><script type="module" src="/assets/app.js"></script>');
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (typeof header === 'string' ? header : '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

describe('browser security headers', () => {
  it('the app page gets a policy with only its own scripts, no inline script and no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/checkout', headers: { host: 'loja.exemplo:3000' } });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://loja.exemplo:3000', 'wss://loja.exemplo:3000', 'blob:',
      'http://localhost:*', 'http://127.0.0.1:*']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    // Inline is allowed for styles only (Mantine's <style> elements), never for scripts.
    expect(csp.get('style-src')).toContain("'unsafe-inline'");
    expect(String(res.headers['content-security-policy'])).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
    // Served over plain HTTP: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("lets the page call the local connector on loopback and on the origins of CONNECTOR_ORIGINS, nothing else", () => {
    expect(connectorOrigins({ CONNECTOR_ORIGINS: "http://192.168.0.10:9201 https://caixa1.loja:* http://x;script-src javascript:alert(1)" }))
      .toEqual(['http://localhost:*', 'http://127.0.0.1:*', 'http://192.168.0.10:9201', 'https://caixa1.loja:*']);
  });

  it('a Host header that is not a plain host name is not copied into the policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: "evil; script-src 'unsafe-inline'" } });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", "'self'", "'self'", 'blob:', 'http://localhost:*', 'http://127.0.0.1:*']);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it('API answers carry the headers too, and an authenticated answer is never stored', async () => {
    const token = await t.login('gerente@demo.com.br');
    const session = await t.call('GET', '/user/session', undefined, token);
    expect(session.status).toBe(200);
    expect(session.headers['cache-control']).toBe('no-store');
    expect(session.headers['content-security-policy']).toBeDefined();
    expect(session.headers['x-content-type-options']).toBe('nosniff');
    const login = await t.call('POST', '/auth/login', { email: 'gerente@demo.com.br', senha: 'demo1234' });
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await t.call('GET', '/user/session');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS only when the answer goes over HTTPS', async () => {
    // Not trusted by default: a client cannot claim HTTPS with a header.
    const plain = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await createTestApp({ app: { trustProxy: true } });
    try {
      const https = await behindProxy.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const http = await behindProxy.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });
});

describe('every error body is the product\'s', () => {
  const cases: Array<{ name: string; method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string; status: number; message: string }> = [
    { name: 'a URL with bad percent-encoding under /api', method: 'GET', url: '/api/%zz', status: 400, message: MESSAGES.badUrl },
    { name: 'a URL with bad percent-encoding elsewhere', method: 'GET', url: '/%E0%A4%A', status: 400, message: MESSAGES.badUrl },
    { name: 'an unknown API route', method: 'POST', url: '/api/nao/existe', headers: { 'content-type': 'application/json' }, payload: '{}', status: 404, message: MESSAGES.routeNotFound },
    { name: 'malformed JSON', method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":', status: 400, message: MESSAGES.malformedJson },
    { name: 'a body over the limit', method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: `{"email":"${'a'.repeat(1_100_000)}"}`, status: 413, message: MESSAGES.bodyTooLarge },
    { name: 'a content type that is not JSON', method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a', status: 415, message: MESSAGES.unsupportedMediaType },
    { name: 'a Content-Length that does not match the body', method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json', 'content-length': '2' }, payload: '{"email":"a@b.c"}', status: 400, message: MESSAGES.badRequest },
  ];
  for (const c of cases) {
    it(`${c.name} answers ${c.status} with {message} in pt-BR`, async () => {
      const res = await t.app.inject({ method: c.method, url: c.url, headers: c.headers ?? {}, ...(c.payload !== undefined ? { payload: c.payload } : {}) });
      expect(res.statusCode).toBe(c.status);
      expect(res.json()).toEqual({ message: c.message });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
  }
});

/** Sends `request` on a raw socket and answers what came back and when the socket closed. */
function rawExchange(port: number, request: string, limitMs: number): Promise<{ text: string; elapsedMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const guard = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${limitMs} ms; received so far: ${JSON.stringify(text)}`));
    }, limitMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => { text += chunk; });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(guard);
      resolve({ text, elapsedMs: Date.now() - started });
    });
    socket.write(request);
  });
}

describe('a request whose body never arrives', () => {
  it('answers 408 with a pt-BR message once the request time-out passes, and closes the connection', async () => {
    const slow = await createTestApp({ app: { requestTimeoutMs: 800 } });
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const address = slow.app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const { text, elapsedMs } = await rawExchange(address.port,
        'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 64\r\n\r\n{"email":', 10_000);
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      const body = text.slice(text.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body)).toEqual({ message: MESSAGES.requestTimeout });
      expect(elapsedMs).toBeGreaterThanOrEqual(700);
      expect(elapsedMs).toBeLessThan(5_000);
    } finally {
      await slow.close();
    }
  });
});
