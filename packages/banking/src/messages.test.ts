/**
 * Every validation error of the package speaks pt-BR from its catalogue: no ValidationError built from a literal,
 * and no catalogue text copied as a literal into the package's code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BANKING_MESSAGES } from './messages.ts';

const here = dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'messages.ts');

describe('banking messages', () => {
  it('builds every ValidationError from BANKING_MESSAGES', () => {
    const offenders: string[] = [];
    for (const file of sources) {
      const text = readFileSync(join(here, file), 'utf8');
      for (const m of text.matchAll(/new ValidationError\(\s*([^,)]+)/g)) if (!m[1]!.trim().startsWith('M.')) offenders.push(`${file}: ${m[0]}`);
    }
    expect(offenders).toEqual([]);
    expect(sources.length).toBeGreaterThan(8);
  });

  it('keeps its fixed texts out of the code', () => {
    const fixed = (Object.values(BANKING_MESSAGES) as unknown[]).filter((v): v is string => typeof v === 'string');
    expect(fixed.length).toBeGreaterThan(10);
    for (const file of sources) {
      const text = readFileSync(join(here, file), 'utf8');
      for (const message of fixed) expect([file, text.includes(message)]).toEqual([file, false]);
    }
  });
});
