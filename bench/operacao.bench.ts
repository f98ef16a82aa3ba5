/**
 * POST /api/operacao of a 5-line sale (issue 4: at least 0.5 of the rate of one raw SQL transaction writing the same
 * rows; p95 at most 50 ms; replaying 1,000 offline sales at most 30 s with 0 duplicates). Runs on the PostgreSQL
 * server of TEST_DATABASE_URL when set (`bash scripts/with-postgres.sh npm run bench -- operacao`), else on PGlite.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../apps/server/src/testing/app.ts';
import { loadSaleFixture, saleBody } from '../apps/server/src/testing/sale.ts';
import { percentile, type Benchmark } from './lib.ts';

const RUNS = 200;

export const operacaoBenchmark: Benchmark = {
  name: 'operacao',
  async run() {
    const t = await createTestApp();
    const db = process.env['TEST_DATABASE_URL'] ? 'PostgreSQL' : 'PGlite';
    try {
      const token = await t.login('caixa@demo.com.br');
      const f = await loadSaleFixture(t.db);
      await t.db.system(async (tx) => {
        await tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = false');
        await tx.query('UPDATE estoque SET quantidade = 1000000');
      });
      const fiveLines = () => {
        const body = saleBody(f);
        const line = body.itens[0]!;
        body.itens = Array.from({ length: 5 }, () => ({ ...line, id_item: randomUUID() }));
        body.pagamentos[0]!.valor_total = Math.round(f.product.preco * 5 * 100) / 100;
        return body;
      };
      // Baseline: one raw transaction writing the same rows (order, 5 lines, 1 payment, 5 stock updates, 5 movements).
      const raw = async () => {
        await t.db.tenant({ id_organization: 1 }, async (tx) => {
          const nsu = (await tx.query<{ ultimo: number }>(`INSERT INTO filial_sequencia (id_organization, id_filial, nome, ultimo)
            VALUES (1, $1, 'bench', 1) ON CONFLICT (id_organization, id_filial, nome) DO UPDATE SET ultimo = filial_sequencia.ultimo + 1
            RETURNING ultimo`, [f.id_filial])).rows[0]!.ultimo;
          const id = (await tx.query<{ id: number }>(`INSERT INTO pedido (id_organization, id_filial, nsu, id_usuario, valor_total_liquido)
            VALUES (1, $1, $2 + 1000000, 1, 10) RETURNING id_pedido AS id`, [f.id_filial, nsu])).rows[0]!.id;
          for (let i = 0; i < 5; i += 1) {
            await tx.query(`INSERT INTO pedido_item (id_organization, id_pedido, descricao, quantidade, valor_unitario, valor_sub_total, valor_total)
              VALUES (1, $1, 'x', 1, 1, 1, 1)`, [id]);
            const s = (await tx.query<{ id_estoque: number; quantidade: number }>(`UPDATE estoque SET quantidade = quantidade - 1
              WHERE id_estoque = $1 RETURNING id_estoque, quantidade`, [f.product.id_estoque])).rows[0]!;
            await tx.query(`INSERT INTO movimentacao_estoque (id_organization, id_filial, id_estoque, id_endereco_estoque, id_produto_grade_filial,
              quantidade, quantidade_anterior, quantidade_posterior, origem, id_usuario) VALUES (1, $1, $2, $3, $4, -1, $5 + 1, $5, 'Bench', 1)`,
              [f.id_filial, s.id_estoque, f.product.id_endereco_estoque, f.product.id_produto_grade_filial, s.quantidade]);
          }
          await tx.query(`INSERT INTO pedido_pagamento (id_organization, id_pedido, id_meio_pagamento, meio_pagamento, descricao, valor_total)
            VALUES (1, $1, $2, '01', 'Dinheiro', 10)`, [id, f.methods['01']]);
        });
      };
      const api = async () => {
        const res = await t.call('POST', '/operacao', fiveLines(), token);
        if (res.status !== 200) throw new Error(JSON.stringify(res.json));
      };
      const time = async (fn: () => Promise<void>) => {
        const samples: number[] = [];
        for (let i = 0; i < 20; i += 1) await fn();
        const start = performance.now();
        for (let i = 0; i < RUNS; i += 1) {
          const s = performance.now();
          await fn();
          samples.push(performance.now() - s);
        }
        return { rate: RUNS / ((performance.now() - start) / 1000), samples };
      };
      const base = await time(raw);
      const mine = await time(api);
      // Replay: 1,000 sales sent, then all sent again as after a lost connection.
      const bodies = Array.from({ length: 1000 }, fiveLines);
      const replayStart = performance.now();
      for (const b of bodies) await t.call('POST', '/operacao', b, token);
      for (const b of bodies) await t.call('POST', '/operacao', b, token);
      const replay = (performance.now() - replayStart) / 1000;
      const orders = (await t.db.system((tx) => tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pedido WHERE id_operacao = ANY($1::uuid[])', [bodies.map((b) => b.id_operacao)]))).rows[0]!.n;
      const p95 = percentile(mine.samples, 95);
      return [
        { name: `5-line sale rate (${db})`, value: mine.rate, unit: 'op/s', baseline: base.rate, baselineName: 'raw SQL transaction',
          ratio: mine.rate / base.rate, goal: 'ratio ≥ 0.5', met: mine.rate / base.rate >= 0.5 },
        { name: `5-line sale p95 (${db})`, value: p95, unit: 'ms', baseline: percentile(base.samples, 95), baselineName: 'raw p95',
          ratio: p95 / percentile(base.samples, 95), goal: 'p95 ≤ 50 ms', met: p95 <= 50 },
        { name: `replay 1,000 sales twice (${db}), ${orders} orders`, value: replay, unit: 's', baseline: 1000 / base.rate,
          baselineName: '1,000 raw transactions', ratio: replay / (1000 / base.rate), goal: '≤ 30 s, 0 duplicates',
          met: replay <= 30 && orders === 1000 },
      ];
    } finally {
      await t.close();
    }
  },
};
