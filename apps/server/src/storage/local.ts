/**
 * Local disk backend: `<root>/<org>/<path>`, the content type in a hidden sibling (`.<name>.type`; paths never have
 * hidden segments, so it cannot clash with a file). A write goes to a temporary file renamed over the old one, so a
 * reader sees the previous file or the new one, never half of one.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { storageKey, type FileStorage } from './file-storage.ts';

const typeFile = (file: string) => join(dirname(file), `.${basename(file)}.type`);

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'ENOENT';
}

export function createLocalStorage(root: string): FileStorage {
  const fileOf = (org: number, path: string) => join(root, ...storageKey(org, path).split('/'));
  return {
    description: `local:${root}`,
    async put(org, path, bytes, contentType) {
      const file = fileOf(org, path);
      await mkdir(dirname(file), { recursive: true });
      const temp = join(dirname(file), `.${randomUUID()}.tmp`);
      await writeFile(temp, bytes);
      await writeFile(typeFile(file), contentType);
      await rename(temp, file);
    },
    async get(org, path) {
      const file = fileOf(org, path);
      try {
        const bytes = await readFile(file);
        const contentType = await readFile(typeFile(file), 'utf8').catch((error: unknown) => {
          if (isMissing(error)) return 'application/octet-stream';
          throw error;
        });
        return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(org, path) {
      const file = fileOf(org, path);
      await rm(file, { force: true });
      await rm(typeFile(file), { force: true });
    },
  };
}
