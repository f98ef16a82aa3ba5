/**
 * S3-compatible backend (AWS S3, MinIO, Cloudflare R2, Backblaze B2, DigitalOcean Spaces, ...): PUT, GET and DELETE
 * Object with path-style URLs (`<endpoint>/<bucket>/<key>`), signed with AWS Signature V4 (sigv4.ts) over fetch.
 * Configured by S3_ENDPOINT, S3_BUCKET, S3_REGION (default us-east-1), S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.
 */
import { amzDate, authorization, encodeKey, sha256Hex } from './sigv4.ts';
import { storageKey, type FileStorage } from './file-storage.ts';

export interface S3Config {
  /** http(s)://host[:port] of the S3 API, without the bucket. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Time-out of one request (default 30 s). */
  timeoutMs?: number;
  /** Clock of the signatures (tests). */
  now?: () => Date;
}

/** The S3 settings of the environment, or null when S3_ENDPOINT is not set; incomplete settings throw at start. */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3Config | null {
  const endpoint = env['S3_ENDPOINT'];
  if (!endpoint) return null;
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`S3_ENDPOINT definido sem ${missing.join(', ')}.`);
  if (!/^https?:\/\/[^/]+\/?$/.test(endpoint)) throw new Error(`S3_ENDPOINT deve ser http(s)://host[:porta] (recebido: ${endpoint}).`);
  return {
    endpoint: endpoint.replace(/\/$/, ''),
    bucket: env['S3_BUCKET'] ?? '',
    region: env['S3_REGION'] || 'us-east-1',
    accessKeyId: env['S3_ACCESS_KEY_ID'] ?? '',
    secretAccessKey: env['S3_SECRET_ACCESS_KEY'] ?? '',
  };
}

export class S3Error extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
    this.name = 'S3Error';
  }
}

/** The <Code> and <Message> of an S3 error body. */
function describeError(status: number, body: string): S3Error {
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? `HTTP ${status}`;
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1] ?? body.slice(0, 200);
  return new S3Error(status, code, `Armazenamento S3 respondeu ${status} ${code}: ${message}`);
}

export interface S3Client {
  putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  getObject(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  deleteObject(key: string): Promise<void>;
}

export function createS3Client(config: S3Config): S3Client {
  const base = new URL(config.endpoint);
  const now = config.now ?? (() => new Date());

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Uint8Array, contentType?: string): Promise<Response> {
    const path = `/${encodeKey(config.bucket)}/${encodeKey(key)}`;
    const payloadHash = sha256Hex(body ?? new Uint8Array());
    const date = amzDate(now());
    const headers: Record<string, string> = {
      host: base.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': date,
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const auth = authorization({
      method, path, headers, payloadHash, region: config.region, service: 's3',
      accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, amzDate: date,
    });
    // fetch sets Host itself (from the URL, the same value we signed).
    const { host: _host, ...sent } = headers;
    return fetch(new URL(path, base), {
      method,
      headers: { ...sent, authorization: auth },
      // A copy in its own ArrayBuffer: fetch's BodyInit does not take a view of a shared buffer.
      ...(body ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
    });
  }

  return {
    async putObject(key, bytes, contentType) {
      const res = await send('PUT', key, bytes, contentType);
      if (!res.ok) throw describeError(res.status, await res.text());
      await res.arrayBuffer();
    },
    async getObject(key) {
      const res = await send('GET', key);
      if (!res.ok) {
        const error = describeError(res.status, await res.text());
        // A missing object is an answer; a missing bucket (NoSuchBucket, also 404) is a broken configuration.
        if (error.code === 'NoSuchKey') return null;
        throw error;
      }
      return {
        bytes: new Uint8Array(await res.arrayBuffer()),
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async deleteObject(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw describeError(res.status, await res.text());
      await res.arrayBuffer();
    },
  };
}

export function createS3Storage(config: S3Config): FileStorage {
  const client = createS3Client(config);
  return {
    description: `s3:${config.endpoint}/${config.bucket}`,
    put: async (org, path, bytes, contentType) => client.putObject(storageKey(org, path), bytes, contentType),
    get: async (org, path) => client.getObject(storageKey(org, path)),
    delete: async (org, path) => client.deleteObject(storageKey(org, path)),
  };
}
