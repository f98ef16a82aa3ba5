/** The server's own source files, read for the structure tests (owners.test.ts, module-cycles.test.ts). */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server/src */
export const SERVER_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface SourceFile {
  /** Relative to apps/server/src, with forward slashes: 'modules/stock/service.ts'. */
  path: string;
  text: string;
}

/** Every .ts file under apps/server/src/`under` except tests (*.test.ts). */
export function serverSources(under = ''): SourceFile[] {
  const root = join(SERVER_SRC, under);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()
    .map((f) => {
      const path = join(under, f).split(sep).join('/');
      return { path, text: readFileSync(join(root, f), 'utf8') };
    });
}
