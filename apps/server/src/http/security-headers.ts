/**
 * Browser security headers on every answer (docs/decisions.md, "Browser security headers"): @fastify/helmet with a
 * Content-Security-Policy that lets the page load only the app's own scripts, styles, images, workers and socket,
 * plus the headers helmet does not set (Permissions-Policy, HSTS only over HTTPS, no-store on API answers).
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { API_PREFIX } from '@pdv/contract/routes';

/** A Host header we may copy into the policy: a host name or address and an optional port, nothing else. */
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The Socket.IO connection of the same host as ws: and wss: (engines that do not read 'self' as covering them; wss:
 * is needed behind a proxy that ends TLS, where this server sees plain HTTP).
 */
const sameHostSocket = (scheme: 'ws' | 'wss') => (req: IncomingMessage): string => {
  const host = req.headers.host ?? '';
  return SAFE_HOST.test(host) ? `${scheme}://${host}` : "'self'";
};

/** An origin the page may call the shop's local connector at: scheme, host and a port (or any port), nothing else. */
const SAFE_ORIGIN = /^https?:\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:(\d{1,5}|\*))?$/;

/**
 * The local connector (docs/connector.md): the web app POSTs /impressao to the device's address and port. This
 * machine's loopback on any port always; a connector on another machine of the shop's network is named in
 * CONNECTOR_ORIGINS (space-separated origins; anything that is not a plain origin is ignored).
 */
export function connectorOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  const extra = (env['CONNECTOR_ORIGINS'] ?? '').split(/\s+/).filter((o) => SAFE_ORIGIN.test(o));
  return ['http://localhost:*', 'http://127.0.0.1:*', ...extra];
}

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  // Only the bundled module scripts: no inline script, no eval. WebAssembly compilation is allowed for the local
  // copy's SQLite build (it cannot run script text; 'unsafe-eval' stays out).
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'script-src-attr': ["'none'"],
  // Mantine writes <style> elements (CSS variables that follow the organization's colour, computed at run time) and
  // style attributes: neither a fixed hash nor a per-answer nonce fits a page the service worker serves offline.
  'style-src': ["'self'", "'unsafe-inline'"],
  // PDFs and photos are shown from blob: URLs made in the page; small icons may come as data: URLs.
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  // blob: reads back a PDF the page made itself (only this origin's scripts can make one).
  // and the shop's local connector (connectorOrigins).
  'connect-src': ["'self'", sameHostSocket('ws'), sameHostSocket('wss'), 'blob:', ...connectorOrigins()],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  // The PDF tabs (a blob: URL or a stored file) inherit or receive this policy: Chromium's PDF viewer is a plugin.
  'object-src': ["'self'", 'blob:'],
  'frame-src': ["'self'", 'blob:'],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  // Not here: upgrade-insecure-requests (the app is also served over plain HTTP inside a shop's network).
  'upgrade-insecure-requests': null,
};

/** Powerful features the app does not use: no page (nor an injected frame) may ask for them. */
export const PERMISSIONS_POLICY = [
  'camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'serial=()', 'hid=()', 'display-capture=()',
].join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // HSTS is added below only on answers sent over HTTPS: over plain HTTP a browser ignores it anyway, and a
    // development server on http://localhost must not pin the name to HTTPS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The app opens PDFs in tabs it keeps a handle on (window.open then location): same-origin-allow-popups.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // A stored PDF link is shared by WhatsApp or e-mail and opened from elsewhere.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    const path = request.url.split('?')[0] ?? '';
    // API answers carry the caller's data (or a token): never kept by a browser or a shared cache. Signed file links
    // set their own policy (private, revalidated).
    if ((path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
