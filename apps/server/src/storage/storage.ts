/**
 * File storage of the server (order PDFs, service-order images, ...): a small interface with two backends chosen by
 * environment. Local disk under DATA_DIR/arquivos is the default; S3_ENDPOINT + S3_BUCKET (+ S3_REGION,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) switch to an S3-compatible bucket (s3.ts, AWS Signature V4 over fetch).
 *
 * Files are kept per organization: the key of `put(org, path, ...)` is `<org>/<path>`, so two organizations never
 * share a file even when their paths (e.g. `<CNPJ>/pedidos/<nsu>.pdf`) are equal. A path is one to eight segments of
 * letters, digits, `.`, `_` and `-`, none starting with a dot (no `..`, no hidden names, no absolute paths).
 *
 * Links: a browser tab (or a customer's phone) opened on a file carries no bearer token, so `storage.url` answers a
 * link to the server (`/api/arquivo/<org>/<path>?exp=&sig=`, files.ts) signed with an HMAC of (organization, path,
 * expiry). Both backends are served through it: the bucket stays private and need not be reachable from outside.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isValidPath, storageKey, type FileStorage } from './file-storage.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage, s3ConfigFromEnv } from './s3.ts';

/** The backend chosen by the environment: S3 when S3_ENDPOINT is set, else the local folder DATA_DIR/arquivos. */
export function storageFromEnv(env: NodeJS.ProcessEnv = process.env): FileStorage {
  const s3 = s3ConfigFromEnv(env);
  if (s3) return createS3Storage(s3);
  // Under vitest without DATA_DIR, a temporary folder: test runs never write into the working tree.
  const dataDir = env['DATA_DIR'] || (env['VITEST'] ? mkdtempSync(join(tmpdir(), 'pdv-arquivos-')) : 'data');
  return createLocalStorage(join(resolve(dataDir), 'arquivos'));
}

let current: FileStorage | null = null;

/** The process's storage (from the environment on first use). */
export function fileStorage(): FileStorage {
  current ??= storageFromEnv();
  return current;
}

/** Replaces the process's storage (tests; a server wiring its own). Answers the previous one. */
export function useFileStorage(next: FileStorage): FileStorage | null {
  const previous = current;
  current = next;
  return previous;
}

/** Links to stored files live 30 days: long enough for a customer to open a quote sent by WhatsApp or e-mail. */
export const FILE_LINK_TTL_SECONDS = 30 * 24 * 3600;

function mac(secret: string, org: number, path: string, exp: number): string {
  return createHmac('sha256', secret).update(`arquivo\n${org}\n${path}\n${exp}`).digest('base64url');
}

/** The signed link (relative to the server) that serves the file until `now + ttl`. */
export function fileLink(secret: string, org: number, path: string, now: Date, ttlSeconds = FILE_LINK_TTL_SECONDS): string {
  storageKey(org, path);
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
  return `/api/arquivo/${org}/${path}?exp=${exp}&sig=${mac(secret, org, path, exp)}`;
}

export function verifyFileLink(secret: string, org: number, path: string, exp: number, sig: string, now: Date): boolean {
  if (!Number.isInteger(exp) || exp < Math.floor(now.getTime() / 1000) || !isValidPath(path)) return false;
  const expected = Buffer.from(mac(secret, org, path, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The one function set other modules call: `storage.put(org, path, bytes, contentType)`, `storage.get(org, path)`,
 * `storage.delete(org, path)` and `storage.url(secret, org, path)` (the signed link; `deps.fiscal.linkSecret` is the
 * server's link key).
 */
export const storage = {
  put: (org: number, path: string, bytes: Uint8Array, contentType: string) => fileStorage().put(org, path, bytes, contentType),
  get: (org: number, path: string) => fileStorage().get(org, path),
  delete: (org: number, path: string) => fileStorage().delete(org, path),
  url: (secret: string, org: number, path: string, now: Date = new Date()) => fileLink(secret, org, path, now),
};
