/**
 * Inventory processing (issue 22: "Processing an inventory of 10,000 counted lines: one transaction, at most 60 s, and
 * at least 0.3 of raw SQL writing the same movements"): INVENTORY_BENCH_LINES variations of the demo's branch 1, each
 * with stock at its first address and a counted line one above the stock it saw, processed by POST /inventory/process
 * as the demo manager (lock, read every line, net them in the domain, one multi-row statement through the stock owner,
 * mark processed), against one raw statement writing the same stock changes and movements (INSERT ... ON CONFLICT DO
 * UPDATE into estoque, then the movements) as the application role, in the same process, on the same database, just
 * before.
 */
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../apps/server/src/testing/app.ts';
import type { Benchmark } from './lib.ts';

const LINES = Number(process.env['INVENTORY_BENCH_LINES'] || 10_000);

export const inventoryBenchmark: Benchmark = {
  name: 'inventory',
  async run() {
    const t = await createTestApp();
    try {
      const token = await t.login('gerente@demo.com.br');
      const ctx = await t.db.system(async (tx) => (await tx.query<{ org: number; filial: number; unit: number; user: number; address: number }>(
        `SELECT u.id_organization AS org, u.id_filial_ativa AS filial, u.id_usuario AS user,
                (SELECT id_unidade_medida FROM unidade_medida m WHERE m.id_organization = u.id_organization ORDER BY id_unidade_medida LIMIT 1) AS unit,
                (SELECT id_endereco_estoque FROM endereco_estoque e WHERE e.id_filial = u.id_filial_ativa ORDER BY id_endereco_estoque LIMIT 1) AS address
           FROM usuario u WHERE u.email = 'gerente@demo.com.br'`)).rows[0]!);

      // Setup (not timed): the variations, their stock, and an inventory of one counted line each.
      const grades = await t.db.system(async (tx) => {
        const { rows } = await tx.query<{ ids: number[] }>(
          `WITH p AS (
             INSERT INTO produto (id_organization, descricao, sku, id_unidade_medida, tipo_produto)
             SELECT $1, 'Inventário bench ' || i, 'INVB' || i, $3, 'Grade' FROM generate_series(1, $4::int) i RETURNING id_produto, sku
           ), g AS (
             INSERT INTO produto_grade (id_organization, id_produto, descricao, sku) SELECT $1, id_produto, 'Única', sku FROM p RETURNING id_produto_grade
           ), gf AS (
             INSERT INTO produto_grade_filial (id_organization, id_produto_grade, id_filial) SELECT $1, id_produto_grade, $2 FROM g
             RETURNING id_produto_grade_filial
           )
           SELECT array_agg(id_produto_grade_filial ORDER BY id_produto_grade_filial) AS ids FROM gf`,
          [ctx.org, ctx.filial, ctx.unit, LINES]);
        const ids = rows[0]!.ids;
        await tx.query(
          `INSERT INTO estoque (id_organization, id_filial, id_endereco_estoque, id_produto_grade_filial, quantidade)
           SELECT $1, $2, $3, g, (g % 7) FROM unnest($4::int[]) g`, [ctx.org, ctx.filial, ctx.address, ids]);
        return ids;
      });
      const create = await t.call('POST', '/inventory/create', { descricao: 'Bench de inventário' }, token);
      if (create.status !== 200) throw new Error(`create answered ${create.status}`);
      const inventory = Number(create.json['id_inventario']);
      await t.db.system((tx) => tx.query(
        `INSERT INTO inventario_item (id_organization, id_filial, id_inventario, id_produto_grade_filial, id_endereco_estoque, quantidade, quantidade_estoque, id_usuario)
         SELECT e.id_organization, e.id_filial, $2, e.id_produto_grade_filial, e.id_endereco_estoque, e.quantidade + 1, e.quantidade, $3
           FROM estoque e WHERE e.id_organization = $1 AND e.id_produto_grade_filial = ANY($4::int[]) AND e.id_endereco_estoque = $5`,
        [ctx.org, inventory, ctx.user, grades, ctx.address]));

      // Baseline: the same 10,000 stock changes (+1 each) and movements, one raw statement in one transaction.
      const rawStart = performance.now();
      const rawMoves = await t.db.tenant({ id_organization: ctx.org }, async (tx) => (await tx.query<{ n: number }>(
        `WITH l AS (SELECT g, 1::numeric AS q FROM unnest($4::int[]) g),
         s AS (
           INSERT INTO estoque AS e (id_organization, id_filial, id_endereco_estoque, id_produto_grade_filial, quantidade)
           SELECT $1, $2, $3, l.g, l.q FROM l ORDER BY l.g
           ON CONFLICT (id_organization, id_produto_grade_filial, id_endereco_estoque) DO UPDATE SET quantidade = e.quantidade + excluded.quantidade
           RETURNING e.id_estoque, e.id_produto_grade_filial, e.quantidade
         ), m AS (
           INSERT INTO movimentacao_estoque (id_organization, id_filial, id_estoque, id_endereco_estoque, id_produto_grade_filial, quantidade,
             quantidade_anterior, quantidade_posterior, origem, id_usuario)
           SELECT $1, $2, s.id_estoque, $3, s.id_produto_grade_filial, 1, s.quantidade - 1, s.quantidade, 'Bench', $5 FROM s RETURNING 1
         ) SELECT count(*)::int AS n FROM m`,
        [ctx.org, ctx.filial, ctx.address, grades, ctx.user])).rows[0]!.n);
      const rawMs = performance.now() - rawStart;

      const start = performance.now();
      const processed = await t.call('POST', '/inventory/process', { id_inventario: inventory }, token);
      const processMs = performance.now() - start;
      if (processed.status !== 200) throw new Error(`process answered ${processed.status} ${JSON.stringify(processed.json)}`);
      const moves = Number(processed.json['movimentacoes']);
      if (moves !== LINES || rawMoves !== LINES) throw new Error(`movements: process ${moves}, raw ${rawMoves}, expected ${LINES}`);

      const rate = LINES / (processMs / 1000);
      const rawRate = LINES / (rawMs / 1000);
      process.stdout.write(`inventory: process ${processMs.toFixed(0)} ms, raw ${rawMs.toFixed(0)} ms, ratio ${(rate / rawRate).toFixed(3)} (${t.db.kind})\n`);
      return [
        {
          name: `processing an inventory of ${LINES} counted lines via /inventory/process, ${t.db.kind}`, value: rate, unit: 'lines/s',
          baseline: rawRate, baselineName: 'one raw statement writing the same stock changes and movements', ratio: rate / rawRate,
          goal: 'ratio ≥ 0.3', met: rate / rawRate >= 0.3,
        },
        {
          name: `processing an inventory of ${LINES} counted lines, one transaction (${t.db.kind})`, value: processMs / 1000, unit: 's',
          baseline: rawMs / 1000, baselineName: 'raw statement', ratio: processMs / rawMs, goal: '≤ 60 s', met: processMs <= 60_000,
        },
      ];
    } finally {
      await t.close();
    }
  },
};
