/**
 * Imports between the server's modules (apps/server/src/modules/<name>) point one way: no two modules import each
 * other, directly or through others. A cycle means two areas cannot change or be understood apart; what both need
 * goes into a module below them (the owners: stock, finance, credit, giftcard) or into one of the two.
 * Tests are not scanned (a test may reach into any module it exercises).
 */
import { dirname, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverSources } from '../testing/sources.ts';

/**
 * Known cycles, each the sorted list of its modules, left to be broken by work in progress. Each entry must still
 * exist (the test fails when it is gone, so the entry is removed with it). None today.
 */
const KNOWN_CYCLES: ReadonlyArray<readonly string[]> = [];

type Graph = Map<string, Map<string, string[]>>;

const IMPORT = /(?:\bimport|\bexport)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

/** module -> module it imports -> the importing lines ('order/credit.ts -> credit/service.ts'). */
function moduleGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of serverSources('modules')) {
    const [from] = posix.relative('modules', file.path).split('/');
    if (from === undefined || !file.path.startsWith(`modules/${from}/`)) continue; // files directly in modules/
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const m of file.text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (spec === undefined || !spec.startsWith('.')) continue;
      const target = posix.normalize(posix.join(dirname(file.path), spec));
      const [top, to] = target.split('/');
      if (top !== 'modules' || to === undefined || to === from || !target.startsWith(`modules/${to}/`)) continue;
      const lines = edges.get(to) ?? [];
      lines.push(`${posix.relative('modules', file.path)} -> ${posix.relative('modules', target)}`);
      edges.set(to, lines);
    }
  }
  return graph;
}

/** The strongly connected components of more than one node (Tarjan), each sorted, in sorted order. */
function cycles(edges: ReadonlyMap<string, Iterable<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) ?? 0);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a.join().localeCompare(b.join()));
}

describe('imports between server modules', () => {
  it('finds cycles of two or more modules and nothing else', () => {
    const g = (o: Record<string, string[]>) => new Map(Object.entries(o));
    expect(cycles(g({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
    expect(cycles(g({ a: ['b'], b: ['a'], c: ['a'] }))).toEqual([['a', 'b']]);
    expect(cycles(g({ a: ['b'], b: ['c'], c: ['a'], d: ['e'], e: ['d'] }))).toEqual([['a', 'b', 'c'], ['d', 'e']]);
  });

  const graph = moduleGraph();
  const found = cycles(new Map([...graph].map(([from, to]) => [from, [...to.keys()]])));
  const known = KNOWN_CYCLES.map((c) => [...c].sort().join(' <-> '));

  it('point one way (no import cycle between modules, except the known ones)', () => {
    const unknown = found.filter((c) => !known.includes(c.join(' <-> '))).map((c) => {
      const lines = c.flatMap((from) => [...(graph.get(from) ?? [])].filter(([to]) => c.includes(to)).flatMap(([, l]) => l));
      return `${c.join(' <-> ')}: ${lines.join('; ')}`;
    });
    expect(unknown).toEqual([]);
  });

  it('still has each known cycle (remove an entry of KNOWN_CYCLES once its cycle is broken)', () => {
    expect(known.filter((k) => !found.some((c) => c.join(' <-> ') === k))).toEqual([]);
  });

  it('sees the imports (the owners are imported by the areas that move balances)', () => {
    expect([...(graph.get('operation')?.keys() ?? [])].sort()).toEqual(expect.arrayContaining(['credit', 'finance', 'giftcard', 'stock']));
    expect(graph.get('operation')?.has('order')).toBe(true);
  });
});
