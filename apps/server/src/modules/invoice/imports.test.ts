/**
 * The fiscal module builds on the invoice module (summaries, links, drafts), never the other way round: an import of
 * fiscal/ from here would close a cycle between the two.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const sources = readdirSync(here).filter((name) => /\.tsx?$/.test(name));
const importsOf = (file: string) => [...readFileSync(join(here, file), 'utf8').matchAll(/\bfrom\s+'([^']+)'/g)].map((m) => m[1] ?? '');

describe('invoice module imports', () => {
  it('reads the module files', () => {
    expect(sources).toEqual(expect.arrayContaining(['service.ts', 'parts.ts', 'routes.ts']));
  });

  it('imports nothing of the fiscal module', () => {
    const offending = sources.flatMap((file) => importsOf(file).filter((p) => p.includes('/fiscal/')).map((p) => `${file}: ${p}`));
    expect(offending).toEqual([]);
  });
});
