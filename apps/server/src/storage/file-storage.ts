/** The file storage interface (storage.ts chooses the backend) and the rule for file paths. */

export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

export interface FileStorage {
  /** Where files go, for logs: `local:<folder>` or `s3:<endpoint>/<bucket>`. */
  readonly description: string;
  /** Writes (or replaces) the file. */
  put(org: number, path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(org: number, path: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  delete(org: number, path: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const MAX_SEGMENTS = 8;

/**
 * True when `path` is one to eight segments of letters, digits, `.`, `_` and `-`, none starting with a dot: no `..`,
 * no hidden names (local.ts keeps each file's content type in a hidden sibling), no absolute path.
 */
export function isValidPath(path: string): boolean {
  const segments = path.split('/');
  return segments.length <= MAX_SEGMENTS && segments.every((s) => SEGMENT.test(s));
}

/** The backend key of an organization's file; throws on an unsafe path (a bug of the caller, not user input). */
export function storageKey(org: number, path: string): string {
  if (!Number.isInteger(org) || org <= 0) throw new Error(`organização inválida para arquivo: ${org}`);
  if (!isValidPath(path)) throw new Error(`caminho de arquivo inválido: ${path}`);
  return `${org}/${path}`;
}

