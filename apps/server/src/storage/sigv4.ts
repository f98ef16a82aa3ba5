/**
 * AWS Signature Version 4 for S3 requests (header form): canonical request, string to sign, the derived signing key
 * and the Authorization header. Written from the published algorithm; sigv4.test.ts checks it against AWS's own
 * S3 example and s3.db.test.ts against a fake S3 server that recomputes the signature on its side.
 */
import { createHash, createHmac } from 'node:crypto';

export interface SigningInput {
  method: string;
  /** Absolute path as sent (already URI-encoded per segment, see encodeKey). */
  path: string;
  /** Query parameters (names and values not yet encoded). */
  query?: Record<string, string>;
  /** Headers to sign (host included); names in any case. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the payload (or UNSIGNED-PAYLOAD). */
  payloadHash: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** YYYYMMDDTHHMMSSZ */
  amzDate: string;
}

export const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ percent-encoded, upper-case hex. */
export function uriEncode(value: string): string {
  return Array.from(new TextEncoder().encode(value), (byte) => {
    const c = String.fromCharCode(byte);
    return /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/** An object key as a URL path: each segment encoded, slashes kept. */
export function encodeKey(key: string): string {
  return key.split('/').map(uriEncode).join('/');
}

/** 2013-05-24T00:00:00.000Z -> 20130524T000000Z */
export function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function canonicalRequest(input: SigningInput): { text: string; signedHeaders: string } {
  const headers = Object.entries(input.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = Object.entries(input.query ?? {})
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const signedHeaders = headers.map(([name]) => name).join(';');
  const text = [
    input.method.toUpperCase(),
    input.path,
    query,
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  return { text, signedHeaders };
}

export function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
}

/** The Authorization header value of the request. */
export function authorization(input: SigningInput): string {
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const { text, signedHeaders } = canonicalRequest(input);
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(text)].join('\n');
  const signature = createHmac('sha256', signingKey(input.secretAccessKey, day, input.region, input.service))
    .update(stringToSign)
    .digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
