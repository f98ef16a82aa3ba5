/**
 * Data import (issue 20: "100,000 product rows (with their variations, barcodes and prices) in at most 5 minutes on
 * this machine and at least 0.3 of a raw multi-row INSERT of the same rows"): a CSV of IMPORT_BENCH_ROWS products,
 * each with a named variation, a GTIN-13 and sale, wholesale and cost prices, sent to POST /data-import/start as the
 * demo manager and followed with /data-import/status to the end (read, checked row by row, duplicates looked up,
 * written in batches of 2,000 through the catalogue's bulk writer), against the same rows written by plain multi-row
 * INSERT ... VALUES statements (produto, produto_grade, produto_codigo_barra, produto_grade_filial; 2,000 rows per
 * transaction, as the application role) in the same process, on the same database, just before.
 */
import { performance } from 'node:perf_hooks';
import { withGtinCheckDigit } from '../packages/domain/src/gtin.ts';
import { createTestApp } from '../apps/server/src/testing/app.ts';
import type { Tx } from '../apps/server/src/db/database.ts';
import type { Benchmark } from './lib.ts';

const ROWS = Number(process.env['IMPORT_BENCH_ROWS'] || 100_000);
const BATCH = 2000;

interface BenchRow {
  sku: string;
  descricao: string;
  variacao: string;
  codigo: string;
  venda: string;
  atacado: string;
  custo: string;
}

function rows(prefix: string, gtinPrefix: string): BenchRow[] {
  return Array.from({ length: ROWS }, (_, i) => ({
    sku: `${prefix}${i}`, descricao: `Produto ${prefix} ${i}`, variacao: i % 2 ? 'Azul M' : 'Preto G',
    codigo: withGtinCheckDigit(`${gtinPrefix}${String(i).padStart(10, '0')}`),
    venda: `${(i % 500) + 10}.90`, atacado: `${(i % 500) + 9}.50`, custo: `${(i % 300) + 5}.10`,
  }));
}

const values = (n: number, cols: number, from = 1) =>
  Array.from({ length: n }, (_, r) => `(${Array.from({ length: cols }, (_, c) => `$${from + r * cols + c}`).join(', ')})`).join(', ');

/** The raw baseline: plain multi-row INSERT ... VALUES per table, ids taken from RETURNING in order. */
async function rawBatch(tx: Tx, org: number, filial: number, unit: number, batch: BenchRow[]): Promise<void> {
  const p = await tx.query<{ id_produto: number }>(
    `INSERT INTO produto (id_organization, descricao, sku, id_unidade_medida, tipo_produto, preco_compra, preco_custo, preco_venda, preco_atacado)
     VALUES ${values(batch.length, 9)} RETURNING id_produto`,
    batch.flatMap((r) => [org, r.descricao, r.sku, unit, 'Grade', r.custo, r.custo, r.venda, r.atacado]));
  const g = await tx.query<{ id_produto_grade: number }>(
    `INSERT INTO produto_grade (id_organization, id_produto, descricao, sku) VALUES ${values(batch.length, 4)} RETURNING id_produto_grade`,
    batch.flatMap((r, i) => [org, p.rows[i]!.id_produto, r.variacao, r.sku]));
  await tx.query(`INSERT INTO produto_codigo_barra (id_organization, id_produto, id_produto_grade, codigo) VALUES ${values(batch.length, 4)}`,
    batch.flatMap((r, i) => [org, p.rows[i]!.id_produto, g.rows[i]!.id_produto_grade, r.codigo]));
  await tx.query(`INSERT INTO produto_grade_filial (id_organization, id_produto_grade, id_filial, preco_venda, preco_atacado) VALUES ${values(batch.length, 5)}`,
    batch.flatMap((r, i) => [org, g.rows[i]!.id_produto_grade, filial, r.venda, r.atacado]));
}

function csv(list: BenchRow[]): Buffer {
  const lines = ['Descrição;SKU;Variação;Código de barras;Preço de venda;Preço de atacado;Preço de custo'];
  for (const r of list) lines.push(`${r.descricao};${r.sku};${r.variacao};${r.codigo};${r.venda.replace('.', ',')};${r.atacado.replace('.', ',')};${r.custo.replace('.', ',')}`);
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

export const importBenchmark: Benchmark = {
  name: 'import',
  async run() {
    const t = await createTestApp();
    try {
      const token = await t.login('gerente@demo.com.br');
      const ctx = await t.db.system(async (tx) => (await tx.query<{ org: number; filial: number; unit: number }>(
        `SELECT u.id_organization AS org, u.id_filial_ativa AS filial,
                (SELECT id_unidade_medida FROM unidade_medida m WHERE m.id_organization = u.id_organization ORDER BY is_padrao DESC, id_unidade_medida LIMIT 1) AS unit
           FROM usuario u WHERE u.email = 'gerente@demo.com.br'`)).rows[0]!);

      const raw = rows('RAW', '21');
      const rawStart = performance.now();
      for (let i = 0; i < raw.length; i += BATCH) {
        await t.db.tenant({ id_organization: ctx.org }, (tx) => rawBatch(tx, ctx.org, ctx.filial, ctx.unit, raw.slice(i, i + BATCH)));
      }
      const rawMs = performance.now() - rawStart;

      const file = csv(rows('IMP', '22'));
      const start = performance.now();
      const preview = await t.call('POST', '/data-import/preview', { tipo: 'produto', nome_arquivo: 'bench.csv', conteudo_base64: file.toString('base64') }, token);
      if (preview.status !== 200) throw new Error(`preview answered ${preview.status} ${JSON.stringify(preview.json)}`);
      const started = await t.call('POST', '/data-import/start', {
        tipo: 'produto', nome_arquivo: 'bench.csv', conteudo_base64: file.toString('base64'), mapeamento: preview.json['mapeamento'],
      }, token);
      if (started.status !== 200) throw new Error(`start answered ${started.status} ${JSON.stringify(started.json)}`);
      let status: Record<string, unknown> = started.json;
      let polls = 0;
      const seen = new Set<unknown>();
      while (status['situacao'] === 'Processando') {
        await new Promise((r) => setTimeout(r, 250));
        status = (await t.call('POST', '/data-import/status', { id_importacao: started.json['id_importacao'] }, token)).json;
        polls += 1;
        seen.add(status['processadas']);
        if (polls % 40 === 0) process.stdout.write(`  import ${String(status['processadas'])} / ${String(status['total'])}\n`);
      }
      const importMs = performance.now() - start;
      if (status['situacao'] !== 'Concluida' || status['gravadas'] !== ROWS) throw new Error(`import ended ${JSON.stringify({ ...status, erros: (status['erros'] as unknown[]).slice(0, 3) })}`);
      const rate = ROWS / (importMs / 1000);
      const rawRate = ROWS / (rawMs / 1000);
      process.stdout.write(`import ${(importMs / 1000).toFixed(1)} s, raw ${(rawMs / 1000).toFixed(1)} s, ratio ${(rate / rawRate).toFixed(3)} (${t.db.kind})\n`);
      return [
        {
          name: `import of ${ROWS} product rows (variation, GTIN, 3 prices) via /data-import, ${t.db.kind}`, value: rate, unit: 'rows/s',
          baseline: rawRate, baselineName: 'raw multi-row INSERT ... VALUES, 2,000 rows per transaction', ratio: rate / rawRate,
          goal: 'ratio ≥ 0.3', met: rate / rawRate >= 0.3,
        },
        {
          name: `import of ${ROWS} product rows, upload to last batch (${t.db.kind}; ${polls} status polls saw ${seen.size} progress values)`, value: importMs / 1000, unit: 's', baseline: rawMs / 1000,
          baselineName: 'raw INSERT of the same rows', ratio: importMs / rawMs, goal: '≤ 300 s', met: importMs <= 300_000,
        },
      ];
    } finally {
      await t.close();
    }
  },
};
