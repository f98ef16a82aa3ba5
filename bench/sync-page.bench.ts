/**
 * Serving list-by-changes pages of 1,000 rows (issue 3: p95 at most 50 ms; a deep page at most 1.2 times the first).
 * The baseline is the first page; the deep page is the last page of 20,000 rows. Then the catalogue's widest groups,
 * product (35 fields) and product-grid (a join per row), on the bulk catalogue of PRODUCTS products.
 *
 * Timed: the request through the app (token, caller, body check, the page's statement, the response written), without
 * the client's parse of the answer. On PGlite by default; `bash scripts/with-postgres.sh npm run bench -- sync-page`
 * runs it on a PostgreSQL server.
 */
import { fillBulkCatalog } from '../apps/server/src/seed/bulk-catalog.ts';
import { createTestApp } from '../apps/server/src/testing/app.ts';
import { usingPostgres } from '../apps/server/src/testing/database.ts';
import { median, percentile, sample, type Benchmark } from './lib.ts';

const ROWS = 20_000;
const PRODUCTS = 5_000;

export const syncPageBenchmark: Benchmark = {
  name: 'sync-page',
  async run() {
    const t = await createTestApp();
    try {
      await t.db.system((tx) =>
        tx.query(`INSERT INTO usuario (id_organization, nome, email)
                  SELECT o.id_organization, 'Vendedor ' || g, 'vendedor' || g || '@demo.com.br'
                    FROM organization o, generate_series(1, $1) g WHERE o.nome = 'Demo Moda'`, [ROWS]),
      );
      const token = await t.login('gerente@demo.com.br');
      // Walk to the last full page to know its position.
      let position = { date_change: '', offset: 0 };
      let deep = position;
      for (;;) {
        const res = await t.call('POST', '/user/list-by-changes', { ...position, limit: 1000 }, token);
        const body = res.json as { rows: unknown[]; date_change: string; offset: number; has_more: boolean };
        if (body.rows.length === 1000) deep = position;
        position = { date_change: body.date_change, offset: body.offset };
        if (!body.has_more) break;
      }
      const serve = (path: string, body: unknown) => async () => {
        const res = await t.app.inject({ method: 'POST', url: `/api${path}`, headers: { authorization: `Bearer ${token}` },
          payload: body as Record<string, unknown> });
        if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      };
      const db = usingPostgres ? 'PostgreSQL' : 'PGlite';
      const first = await sample(serve('/user/list-by-changes', { date_change: '', offset: 0, limit: 1000 }), 60);
      const last = await sample(serve('/user/list-by-changes', { ...deep, limit: 1000 }), 60);
      const p95First = percentile(first, 95);
      const p95Deep = percentile(last, 95);
      // The medians say how much of a p95 is the page and how much the machine's other work (a shared 2-core box).
      const medianFirst = median(first);

      const { rows } = await t.db.system((tx) =>
        tx.query<{ id: number }>(`SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'`),
      );
      await fillBulkCatalog(t.db, rows[0]?.id ?? 0, { products: PRODUCTS });
      const catalogue = [];
      for (const group of ['product', 'product-grid']) {
        const start = { date_change: '', offset: 0, limit: 1000 };
        const times = await sample(serve(`/${group}/list-by-changes`, start), 40);
        const p95 = percentile(times, 95);
        catalogue.push({ name: `${group} first 1,000-row page p95 (${db}, ${PRODUCTS.toLocaleString('en')} bulk products)`,
          value: p95, unit: 'ms', baseline: median(times), baselineName: 'its median', ratio: p95 / median(times),
          goal: 'p95 ≤ 50 ms', met: p95 <= 50 });
      }
      return [
        { name: `first 1,000-row page median (${db})`, value: medianFirst, unit: 'ms', baseline: p95First,
          baselineName: 'first page p95', ratio: medianFirst / p95First, goal: '—', met: null },
        { name: `first 1,000-row page p95 (${db})`, value: p95First, unit: 'ms', baseline: p95First, baselineName: 'itself',
          ratio: 1, goal: 'p95 ≤ 50 ms', met: p95First <= 50 },
        { name: `deep 1,000-row page p95 (row ${ROWS - 1000})`, value: p95Deep, unit: 'ms', baseline: p95First,
          baselineName: 'first page p95', ratio: p95Deep / p95First, goal: 'ratio ≤ 1.2', met: p95Deep / p95First <= 1.2 },
        ...catalogue,
      ];
    } finally {
      await t.close();
    }
  },
};
