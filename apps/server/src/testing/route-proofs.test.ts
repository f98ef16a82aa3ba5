/**
 * Every route of the table has a test that sees it succeed. A proof is a call `expectOk(<app>, '<routeName>', ...)`
 * (testing/routes.ts, which asserts the 2xx) in a *.db.test.ts or *.pg.test.ts file under apps/, found by parsing the
 * file with the TypeScript compiler: a route name in a comment, a string elsewhere or a plain `t.call` does not count.
 * Calls with a computed name are allowed only in the generated suites of GENERATED_PROOFS, which prove the routes listed
 * there. A route that no test can see succeed is listed in CANNOT_SUCCEED with its reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { routes, type RouteName } from '@pdv/contract/routes';
import { CANNOT_SUCCEED, GENERATED_PROOFS } from './route-proofs.ts';

const ROOT = join(import.meta.dirname, '../../../..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.(db|pg)\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

interface Proof {
  file: string;
  /** The route named by a literal, or null for a computed name. */
  name: string | null;
}

/** The expectOk calls of a source text. */
export function proofsIn(file: string, text: string): Proof[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: Proof[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'expectOk') {
      const arg = node.arguments[1];
      const literal = arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) ? arg.text : null;
      found.push({ file, name: literal });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const proofs = testFiles(join(ROOT, 'apps')).flatMap((path) => proofsIn(relative(ROOT, path), readFileSync(path, 'utf8')));
const names = Object.keys(routes) as RouteName[];

describe('every route of the table is seen succeeding by a db test', () => {
  it('reads expectOk calls, not names in comments or other strings', () => {
    const text = [
      "// expectOk(t, 'health')",
      "/* expectOk(t, 'version') */",
      "const s = \"expectOk(t, 'login')\";",
      "await t.call('GET', '/user/session');",
      "await expectOk(t, 'isActive', undefined, token);",
      'await expectOk(t, name, body, token);',
    ].join('\n');
    expect(proofsIn('x.db.test.ts', text)).toEqual([{ file: 'x.db.test.ts', name: 'isActive' }, { file: 'x.db.test.ts', name: null }]);
  });

  it('finds the test files', () => {
    expect(proofs.length).toBeGreaterThan(names.length / 2);
  });

  it('names only routes of the table', () => {
    const unknown = proofs.filter((p) => p.name !== null && !(p.name in routes)).map((p) => `${p.file}: ${p.name}`);
    expect(unknown).toEqual([]);
  });

  it('uses computed route names only in the generated suites, and each of them does', () => {
    const computed = [...new Set(proofs.filter((p) => p.name === null).map((p) => p.file))].sort();
    expect(computed).toEqual(Object.keys(GENERATED_PROOFS).sort());
  });

  it('has a success test for every route, or the reason why none can exist', () => {
    const proved = new Set<string>([
      ...proofs.flatMap((p) => (p.name ? [p.name] : [])),
      ...Object.values(GENERATED_PROOFS).flat(),
    ]);
    const missing = names.filter((n) => !proved.has(n) && CANNOT_SUCCEED[n] === undefined);
    expect(missing).toEqual([]);
    // A route listed as unprovable that a test does prove must leave the list.
    expect(names.filter((n) => proved.has(n) && CANNOT_SUCCEED[n] !== undefined)).toEqual([]);
  });
});
