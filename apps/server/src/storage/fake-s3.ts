/**
 * A FAKE S3 server for tests (not S3): PUT, GET and DELETE Object on path-style URLs, objects kept in memory. It
 * checks every request's AWS Signature V4 for real: it rebuilds the canonical request from what arrived on the wire
 * (method, raw path, query, the headers named in SignedHeaders, the body's SHA-256), derives the key from the secret
 * it was given, and answers 403 SignatureDoesNotMatch like S3 when the signatures differ. The signing here is written
 * separately from sigv4.ts on purpose, so a test against it does not check the client with its own code.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request: method, path, and whether its signature matched. */
  requests: { method: string; path: string; signed: boolean }[];
  close(): Promise<void>;
}

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const mac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** Percent-encoding of a query name or value, per RFC 3986 (the fake's own copy). */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function expectedSignature(req: IncomingMessage, body: Buffer, secret: string, signedHeaders: string[], scope: string[]): string | null {
  const [day, region, service] = scope;
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!day || !region || !service || !amzDate.startsWith(day)) return null;
  const claimedHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (claimedHash !== 'UNSIGNED-PAYLOAD' && claimedHash !== hex(body)) return null;
  const url = new URL(req.url ?? '/', 'http://fake');
  const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .sort()
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonical = `${req.method ?? ''}\n${rawPath}\n${query}\n${canonicalHeaders}\n${signedHeaders.join(';')}\n${claimedHash}`;
  const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope.join('/')}\n${hex(canonical)}`;
  const key = mac(mac(mac(mac(`AWS4${secret}`, day), region), service), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

function xmlError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/** Starts the fake on a free local port, for one bucket and one key pair. */
export async function startFakeS3(options: { bucket: string; accessKeyId: string; secretAccessKey: string }): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/
        .exec(String(req.headers.authorization ?? ''));
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const signedHeaders = auth?.[3]?.split(';') ?? [];
      const valid = auth !== null && auth[1] === options.accessKeyId && signedHeaders.includes('host')
        && signedHeaders.includes('x-amz-date')
        && expectedSignature(req, body, options.secretAccessKey, signedHeaders, (auth[2] ?? '').split('/')) === auth[4];
      requests.push({ method: req.method ?? '', path, signed: valid });
      if (!auth || auth[1] !== options.accessKeyId) return xmlError(res, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
      if (!valid) return xmlError(res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
      const prefix = `/${options.bucket}/`;
      if (!path.startsWith(prefix)) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      const key = decodeURIComponent(path.slice(prefix.length));
      switch (req.method) {
        case 'PUT':
          objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
          res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
          return res.end();
        case 'GET': {
          const object = objects.get(key);
          if (!object) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
          res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
          return res.end(object.body);
        }
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        default:
          return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
