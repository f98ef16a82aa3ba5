/**
 * Every message lives once (ARCHITECTURE.md: "Messages quoted in the spec are used verbatim and live in one catalogue
 * in packages/domain"). This guard collects every text of the domain's message catalogues (each exported
 * `*_MESSAGES` / `MESSAGES` object of packages/domain/src) and fails when the same text is written as a string
 * literal in the source of an app or of another package (tests, test helpers and e2e specs aside): such a copy must
 * import the catalogue instead, or it drifts the day the catalogue's text changes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');

/** Texts shorter than this are words ('Aviso'), not messages: a screen may well say them on its own. */
const MIN_LENGTH = 12;

async function catalogueTexts(): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const files = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  for (const file of files) {
    const module = (await import(/* @vite-ignore */ `./${file}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!/(^|_)MESSAGES$/.test(name) || typeof value !== 'object' || value === null) continue;
      for (const [key, text] of Object.entries(value)) {
        if (typeof text === 'string' && text.length >= MIN_LENGTH && !texts.has(text)) texts.set(text, `${name}.${key}`);
      }
    }
  }
  return texts;
}

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'testing', 'e2e', 'coverage']);
const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file) || /[-.]testing\.tsx?$/.test(file);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* sourceFiles(join(dir, entry.name));
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(entry.name)) {
      yield join(dir, entry.name);
    }
  }
}

/** The source trees checked: every app's src and every package's src but the domain's. */
function checkedTrees(): string[] {
  const trees: string[] = [];
  for (const parent of ['apps', 'packages']) {
    for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) {
      if (!entry.isDirectory() || (parent === 'packages' && entry.name === 'domain')) continue;
      trees.push(join(root, parent, entry.name, 'src'));
    }
  }
  return trees.filter((t) => {
    try {
      return readdirSync(t).length >= 0;
    } catch {
      return false;
    }
  });
}

/**
 * String literals and comments, left to right (so a '//' inside a string is not a comment, nor a quote inside a
 * comment a string): group 1 a '...' body, 2 a "..." body, 3 a `...` body; a comment matches none of them.
 */
const TOKEN = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`|\/\/[^\n]*|\/\*[\s\S]*?\*\//g;
const unescape = (s: string) => s.replace(/\\(['"`\\])/g, '$1');

/** The texts of a source's string literals (interpolated templates aside), with their lines. */
function* literals(source: string): Generator<{ text: string; line: number }> {
  for (const match of source.matchAll(TOKEN)) {
    const body = match[1] ?? match[2] ?? match[3];
    if (body === undefined || (match[3] !== undefined && body.includes('${'))) continue;
    yield { text: unescape(body), line: source.slice(0, match.index).split('\n').length };
  }
}

describe('message catalogue', () => {
  it('reads string literals and skips comments and interpolated templates', () => {
    const found = [...literals(`// 'in a comment'\nconst a = 'it\\'s' + "two" + \`three\` + \`x\${a}\`; /* 'no' */ const u = 'http://x';`)];
    expect(found.map((f) => f.text)).toEqual(["it's", 'two', 'three', 'http://x']);
    expect(found[0]?.line).toBe(2);
  });

  it('finds the catalogues and their texts', async () => {
    const texts = await catalogueTexts();
    expect([...texts.values()].some((k) => k.startsWith('MESSAGES.'))).toBe(true);
    expect([...texts.values()].some((k) => k.startsWith('ORDER_MESSAGES.'))).toBe(true);
    expect([...texts.values()].some((k) => k.startsWith('FISCAL_MESSAGES.'))).toBe(true);
  });

  it('is the only place where its texts are written: apps and other packages import them', async () => {
    const texts = await catalogueTexts();
    const copies: string[] = [];
    for (const tree of checkedTrees()) {
      for (const file of sourceFiles(tree)) {
        for (const { text, line } of literals(readFileSync(file, 'utf8'))) {
          const key = texts.get(text);
          if (key !== undefined) copies.push(`${relative(root, file)}:${line} repeats ${key}`);
        }
      }
    }
    expect(copies).toEqual([]);
  });
});
