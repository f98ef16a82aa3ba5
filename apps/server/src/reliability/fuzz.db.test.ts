/**
 * Fuzzing generated from the route table: for every route with a body, bodies generated from its zod contract
 * (valid ones, hostile ones, mutations of a known-good body, garbage; fast-check, 12 per route with a seed fixed per
 * route in npm test, 300 with fresh seeds with LONG=1 (npm run test:long); FUZZ_RUNS sets any count),
 * plus malformed JSON and oversized bodies. Every answer: never a 500, never a stack trace, a refusal has a pt-BR
 * `message`; and refused requests write nothing: the row counts of every table (and the change mark of the synced
 * tables) are the same before and after them.
 *
 * Telling refused from accepted writes: a body the contract refuses can only be refused, so those are checked in
 * batches; a body the contract accepts may legitimately write (a sale, a draft invoice), so on routes that write it
 * is bracketed by its own snapshots and only compared when the server refused it. Read-only routes (finds, lists,
 * list-by-changes) must write nothing whatever they answer: one comparison per batch.
 *
 * Reproduce a run: FUZZ_SEED=<seed printed on failure> FUZZ_ROUTE=<route name> npx vitest run --project db <this file>
 * (the fixture's database state before that route differs a little from a full run's). FUZZ_RUNS changes the count.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef, type RouteName } from '@pdv/contract/routes';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { answerProblems } from './answers.ts';
import { loadFuzzFixture, malformedCases, type FuzzFixture } from './fuzz-fixtures.ts';
import { diffSnapshots, snapshotQuery, type Snapshot } from './snapshot.ts';
import { LONG, SKIP_SECOND_RUN } from './variant.ts';
import { bodyArbitrary, serialize } from './zod-arbitrary.ts';

const RUNS = Number(process.env['FUZZ_RUNS'] || (LONG ? 300 : 12));
/** Once in npm test, on PGlite (variant.ts); FUZZ_RUNS set by hand runs it anywhere. */
const SKIP = SKIP_SECOND_RUN && !process.env['FUZZ_RUNS'];
const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : undefined;

/**
 * The default run is reproducible: each route's seed derives from its name (a new route does not move the others').
 * The long run draws fresh seeds to explore; fast-check prints the seed of a failure.
 */
function seedFor(name: string): number | undefined {
  if (SEED !== undefined) return SEED;
  if (LONG) return undefined;
  let h = 2166136261;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h | 0;
}
const ONLY = process.env['FUZZ_ROUTE'];
const TIMEOUT = LONG ? 1_800_000 : 300_000;

/** Routes that only read: whatever they answer, they must not write. */
const READ_ONLY = /(list-by-changes|\/find|\/find_by_\w+|\/list_grid|\/list_values|\/operation-find|\/nfe\/contingencia)$/;

let t: TestApp;
let manager: string;
let fixture: FuzzFixture;
let snapshot: () => Promise<Snapshot>;
const report: string[] = [];
/** Products and grid rows as the demo has them, to undo what /product/update did before the next route's turn. */
let catalogue: { produto: unknown[]; grade: unknown[] };

beforeAll(async () => {
  if (SKIP) return;
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  fixture = await loadFuzzFixture(t, manager);
  snapshot = await snapshotQuery(t.db);
  catalogue = await t.db.system(async (tx) => ({
    produto: (await tx.query('SELECT id_organization, id_produto, descricao, situacao, preco_venda, preco_atacado FROM produto')).rows,
    grade: (await tx.query('SELECT id_organization, id_produto_grade_filial, preco_venda, preco_atacado FROM produto_grade_filial')).rows,
  }));
}, 300_000);

/** Undoes what a route's valid bodies changed that the next routes depend on (not compared: between tests). */
/** The routes whose accepted bodies change what the afterEach below restores (the route of the test that just ran). */
const RESTORE_AFTER = new Set<RouteName>(['setActiveBranch', 'userSituacao', 'userUpdate', 'userResetPassword', 'productUpdate']);
let lastRoute: RouteName | undefined;

afterEach(async () => {
  if (SKIP || lastRoute === undefined || !RESTORE_AFTER.has(lastRoute)) return;
  await t.db.system(async (tx) => {
    await tx.query(`UPDATE usuario SET situacao = 'Ativo', is_login = true, solicitar_nova_senha = false
      WHERE situacao <> 'Ativo' OR NOT is_login OR solicitar_nova_senha`);
    await tx.query(`UPDATE produto p SET descricao = r.descricao, situacao = r.situacao, preco_venda = r.preco_venda, preco_atacado = r.preco_atacado
      FROM jsonb_to_recordset($1::jsonb) AS r(id_organization int, id_produto int, descricao text, situacao text, preco_venda numeric, preco_atacado numeric)
      WHERE p.id_organization = r.id_organization AND p.id_produto = r.id_produto
        AND (p.descricao, p.situacao, p.preco_venda, p.preco_atacado) IS DISTINCT FROM (r.descricao, r.situacao, r.preco_venda, r.preco_atacado)`,
    [JSON.stringify(catalogue.produto)]);
    await tx.query(`UPDATE produto_grade_filial g SET preco_venda = r.preco_venda, preco_atacado = r.preco_atacado
      FROM jsonb_to_recordset($1::jsonb) AS r(id_organization int, id_produto_grade_filial int, preco_venda numeric, preco_atacado numeric)
      WHERE g.id_organization = r.id_organization AND g.id_produto_grade_filial = r.id_produto_grade_filial
        AND (g.preco_venda, g.preco_atacado) IS DISTINCT FROM (r.preco_venda, r.preco_atacado)`,
    [JSON.stringify(catalogue.grade)]);
  });
  // The manager's active branch (branch-scoped routes read it): back to the sale's branch.
  const back = await t.call('POST', '/user/set_active_branch', { id_filial: fixture.sale.id_filial }, manager);
  if (back.status !== 200) throw new Error(`could not restore the active branch: ${JSON.stringify(back.json)}`);
});

afterAll(async () => {
  if (report.length > 0) console.log(`fuzz (${RUNS} generated bodies per route):\n${report.join('\n')}`);
  await t?.close();
});

/** A malformed case that the body parser lets through (JSON, small enough), so the route's validation sees it. */
function reachesTheRoute(c: { payload: string | Buffer; contentType: string | null }): boolean {
  if (c.contentType !== 'application/json' || typeof c.payload !== 'string' || c.payload.length > 50_000) return false;
  try {
    JSON.parse(c.payload);
    return true;
  } catch {
    return false;
  }
}

function accepts(def: RouteDef, text: string): boolean {
  try {
    return def.body.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

const fuzzed = (Object.entries(routes) as Array<[RouteName, RouteDef]>).filter(
  ([name, def]) => def.method !== 'GET' && (!ONLY || ONLY === name),
);

describe.skipIf(SKIP)('fuzzing generated from the route table', () => {
  it('covers every route with a body', () => {
    expect(fuzzed.length).toBeGreaterThanOrEqual(ONLY ? 1 : 40);
  });

  for (const [name, def] of fuzzed) {
    it(`${def.method} ${def.path}: ${RUNS} bodies from its contract plus malformed and oversized ones answer no 500, refuse in pt-BR and refused ones write nothing`, async () => {
      lastRoute = name;
      const writes = !READ_ONLY.test(def.path);
      const token = def.auth === 'session' ? manager : undefined;
      const statuses = new Map<number, number>();
      let contractValid = 0;
      let snapshots = 0;
      const acceptedAgainstContract: string[] = [];

      const send = async (payload: string | Buffer, contentType: string | null) => {
        const headers: Record<string, string> = {};
        if (token) headers['authorization'] = `Bearer ${token}`;
        if (contentType) headers['content-type'] = contentType;
        const res = await t.app.inject({ method: def.method, url: `/api${def.path}`, headers, payload } as InjectOptions);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        return res;
      };
      const take = async () => {
        snapshots += 1;
        return snapshot();
      };
      let base = await take();
      let since: string[] = [];
      /** Compares the database with the last snapshot: only refused requests (or reads) happened since. */
      const flush = async () => {
        if (since.length === 0) return;
        const now = await take();
        const diff = diffSnapshots(base, now);
        if (diff.length > 0) {
          throw new Error(`${def.path}: requests that were refused (or only read) changed the database: ${diff.join('; ')}\n` +
            `requests since the last snapshot:\n${since.map((s) => `  ${s.slice(0, 300)}`).join('\n')}`);
        }
        base = now;
        since = [];
      };

      // Malformed and oversized bodies: one batch. What the body parser refuses before any handler runs (not JSON,
      // another content type, oversized) is refused the same way for every route: the fast variant sends those to
      // every tenth route and POST /operacao, and to every route the JSON of the wrong shape (null, a number, an
      // array, prototype keys...), which reaches the route's own validation; LONG=1 sends everything everywhere.
      const allCases = LONG || name === 'operacao' || fuzzed.findIndex(([n]) => n === name) % 10 === 0;
      for (const c of malformedCases().filter((m) => allCases || reachesTheRoute(m))) {
        const res = await send(c.payload, c.contentType);
        const problems = answerProblems(res.statusCode, res.body);
        expect(problems, `${def.path} with ${c.name}: ${res.statusCode} ${res.body.slice(0, 300)}`).toEqual([]);
        if (res.statusCode < 300 && writes) throw new Error(`${def.path} accepted a malformed body (${c.name}): ${res.body.slice(0, 300)}`);
        since.push(`[malformed] ${c.name}`);
      }
      await flush();

      // Generated bodies.
      const baseBody = fixture.bases[name] as Record<string, unknown> | undefined;
      let arbitrary = bodyArbitrary(def.body, {
        hints: fixture.hints, boundaryArrayMax: LONG ? 1000 : 50, ...(baseBody ? { base: baseBody } : {}),
      });
      if (name === 'operacao') {
        // A known-good sale resent with its own UUID would only be a duplicate: give each its own operation.
        arbitrary = fc.tuple(arbitrary, fc.uuid({ version: 4 })).map(([body, uuid]) =>
          body && typeof body === 'object' && (body as Record<string, unknown>)['id_operacao'] === baseBody?.['id_operacao']
            ? { ...(body as Record<string, unknown>), id_operacao: uuid } : body);
      }
      await fc.assert(
        fc.asyncProperty(arbitrary, async (body) => {
          const text = serialize(body);
          const valid = accepts(def, text);
          if (valid) contractValid += 1;
          if (writes && valid) await flush();
          const res = await send(text, 'application/json');
          const problems = answerProblems(res.statusCode, res.body);
          if (problems.length > 0) {
            throw new Error(`${def.path}: ${problems.join(', ')}\nanswer ${res.statusCode}: ${res.body.slice(0, 500)}\nbody: ${text.slice(0, 1000)}`);
          }
          if (res.statusCode < 300) {
            if (!valid) acceptedAgainstContract.push(text.slice(0, 300));
            if (writes) {
              base = await take();
              since = [];
            }
          } else {
            since.push(`${res.statusCode} ${text}`);
            if (writes && valid) await flush();
          }
        }),
        // Stop (and fail) before the test's own time-out: a property still running would write under the next test.
        { numRuns: RUNS, interruptAfterTimeLimit: TIMEOUT - 30_000, markInterruptAsFailure: true, ...(seedFor(name) !== undefined ? { seed: seedFor(name) } : {}) },
      );
      await flush();
      expect(acceptedAgainstContract, 'bodies the contract refuses were answered 2xx').toEqual([]);
      const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
      report.push(`  ${def.method} ${def.path}${writes ? '' : ' (read-only)'}: ${byStatus}; ${contractValid} of ${RUNS} generated bodies valid per the contract; ${snapshots} row-count snapshots`);
    }, TIMEOUT);
  }
});
