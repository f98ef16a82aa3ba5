/**
 * Register lists on big tables (issue 18: "find with search, filter and sort over 100,000 rows answers p95 at most
 * 100 ms"): 100,000 brands of the demo organization on the embedded database, POST /brand/find (the generic register
 * route built from the brand descriptor: session, permission, body, the page and its count) as its list screen calls
 * it (the first page, a search, a filter, sorted by a listed column both ways, a deep page), against a raw indexed
 * SELECT of one page of the same table.
 */
import { createTestApp } from '../apps/server/src/testing/app.ts';
import { percentile, sample, type Benchmark } from './lib.ts';

const ROWS = Number(process.env['REGISTERS_BENCH_ROWS'] || 100_000);

export const registersBenchmark: Benchmark = {
  name: 'registers',
  async run() {
    const t = await createTestApp();
    try {
      const token = await t.login('gerente@demo.com.br');
      const org = await t.db.system(async (tx) => {
        const id = (await tx.query<{ id: number }>(`SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'`)).rows[0]!.id;
        await tx.query(
          `INSERT INTO marca (id_organization, descricao, situacao)
           SELECT $1, 'Marca ' || lpad(g::text, 6, '0') || ' ' || md5(g::text), CASE WHEN g % 7 = 0 THEN 'Inativo' ELSE 'Ativo' END
             FROM generate_series(1, $2::int) g`,
          [id, ROWS],
        );
        await tx.query('ANALYZE marca');
        return id;
      });
      const bodies = [
        {},
        { search: '04217' },
        { search: 'a1b' },
        { filter: { situacao: 'Inativo' }, column: 'descricao', order: 'DESC' },
        { column: 'descricao', order: 'DESC', skip: 5000 },
        { filter: { situacao: 'Ativo' }, search: 'marca 0999' },
      ];
      let i = 0;
      const find = await sample(async () => {
        const res = await t.call('POST', '/brand/find', bodies[i++ % bodies.length], token);
        if (res.status !== 200) throw new Error(`/brand/find answered ${res.status}`);
      }, 200);
      const raw = await sample(
        () => t.db.system((tx) => tx.query('SELECT * FROM marca WHERE id_organization = $1 ORDER BY id_marca LIMIT 20', [org])),
        200,
      );
      const value = percentile(find, 95);
      const baseline = percentile(raw, 95);
      return [{
        name: `POST /brand/find over ${ROWS} rows: search, filter, sort (p95, PGlite)`, value, unit: 'ms', baseline,
        baselineName: 'raw indexed SELECT of one page', ratio: value / baseline, goal: 'p95 ≤ 100 ms', met: value <= 100,
      }];
    } finally {
      await t.close();
    }
  },
};
