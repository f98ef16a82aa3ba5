/**
 * The HTTP calls of the bank clients, on node:http/https so mutual TLS (the PSP's requirement for the API Pix: the
 * client presents the certificate the bank issued to the account holder) is a plain option: cert, key, ca, passphrase.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface TlsOptions {
  /** Client certificate (PEM) for mutual TLS. */
  cert?: string | Buffer;
  key?: string | Buffer;
  passphrase?: string;
  /** CA of the bank's server when it is not a public one. */
  ca?: string | Buffer;
}

/** A JSON value as text: strings and numbers as they are, anything else empty. */
export function text(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

export interface BankHttpResponse { status: number; body: unknown; text: string }

/** Raised on a bank's refusal or when it cannot be reached; `message` is pt-BR, `detail` the bank's own text. */
export class BankApiError extends Error {
  constructor(message: string, readonly status: number, readonly detail: string) { super(message); }
}

export const BANK_UNAVAILABLE = 'Não foi possível comunicar com o banco.';

export function bankRequest(
  url: string, init: { method: string; headers?: Record<string, string>; body?: string; timeoutMs?: number; tls?: TlsOptions },
): Promise<BankHttpResponse> {
  const u = new URL(url);
  const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
  return new Promise((resolve, reject) => {
    const req = send(u, { method: init.method, headers, timeout: init.timeoutMs ?? 15_000, ...(u.protocol === 'https:' ? init.tls ?? {} : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = null;
        try { body = text ? JSON.parse(text) : null; } catch { body = null; }
        resolve({ status: res.statusCode ?? 0, body, text });
      });
      res.on('error', (e) => reject(new BankApiError(BANK_UNAVAILABLE, 0, e.message)));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => reject(new BankApiError(BANK_UNAVAILABLE, 0, e.message)));
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/** The bank's own words of a refusal: RFC 7807 (API Pix), BB's erros[], or the login's error_message. */
export function refusalText(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const b = body as Record<string, unknown>;
  if (typeof b['error_message'] === 'string') return b['error_message'];
  if (Array.isArray(b['erros'])) return b['erros'].map((e) => text((e as Record<string, unknown>)['mensagem'])).filter(Boolean).join('; ');
  if (typeof b['detail'] === 'string') return b['detail'];
  if (typeof b['title'] === 'string') return b['title'];
  if (typeof b['error'] === 'string') return b['error'];
  return '';
}
