/**
 * PDF rendering against responsiveness: GET /api/health p95 while PDFs render, against /api/health alone (measured
 * first, in the same run). A real server process (apps/server/src/main.ts) on PGlite, over loopback HTTP:
 *
 * - 100 concurrent downloads of the signed DANFE link of an authorized NF-e (GET /api/nfe/arquivo/pdf/...);
 * - 60 voucher prints (POST /gift_card/imprimir) and 40 order sheets (POST /order/generate-pdf) at once.
 *
 * While a burst runs, one client asks /api/health again and again, one request at a time. Besides the p95 the bench
 * prints how the PDF requests were answered (200, 503 when the render queue is full) and how long the burst took.
 * The server's PDF_WORKERS and PDF_QUEUE come from the environment: `PDF_WORKERS=2 npm run bench -- pdf`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { httpJson, serverProcess } from '../apps/server/src/reliability/server-process.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../apps/server/src/testing/sale.ts';
import { percentile, type Benchmark, type BenchResult } from './lib.ts';

const DANFE_DOWNLOADS = 100;
const VOUCHER_PRINTS = 60;
const ORDER_SHEETS = 40;
const HEALTH_ALONE = 300;

interface Fixture {
  sale: SaleFixture;
  serie55: number;
  customerWithAddress: number;
  voucherProduct: number;
}

/** The ids the bench needs, read before the server opens the same PGlite folder (one process at a time). */
async function prepare(dataDir: string): Promise<Fixture> {
  const db = await openDatabase({ dataDir });
  try {
    await migrate(db);
    await seedDemo(db);
    const sale = await loadSaleFixture(db);
    return await db.system(async (tx) => {
      const one = async (sql: string, params: unknown[]) => {
        const { rows } = await tx.query<{ id: number }>(sql, params);
        const [row] = rows;
        if (!row) throw new Error(`no row for ${sql}`);
        return row.id;
      };
      return {
        sale,
        serie55: await one(`SELECT id_serie_fiscal AS id FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '55'`, [sale.id_filial]),
        customerWithAddress: await one(
          `SELECT p.id_pessoa AS id FROM pessoa p JOIN pessoa_endereco e USING (id_organization, id_pessoa)
             JOIN organization o USING (id_organization)
            WHERE o.nome = 'Demo Moda' AND e.id_cidade IS NOT NULL ORDER BY p.id_pessoa LIMIT 1`, []),
        voucherProduct: await one(
          'SELECT id_produto_grade_filial_vale_credito AS id FROM filial_configuracao WHERE id_filial = $1', [sale.id_filial]),
      };
    });
  } finally {
    await db.close();
  }
}

async function call(base: string, path: string, body: unknown, token: string): Promise<Record<string, unknown>> {
  const res = await httpJson(base, 'POST', path, body, token, 120_000);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
  return res.json;
}

/** One sequential client asking /api/health until `until` settles; its latencies in ms. */
async function healthWhile(base: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const out: number[] = [];
  while (!done) {
    const start = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    out.push(performance.now() - start);
  }
  return out;
}

interface Burst {
  health: number[];
  statuses: Map<number, number>;
  ms: number;
}

async function burst(base: string, requests: Array<() => Promise<Response>>): Promise<Burst> {
  const statuses = new Map<number, number>();
  const start = performance.now();
  const all = Promise.all(requests.map(async (send) => {
    const res = await send().catch(() => null);
    if (res) await res.arrayBuffer();
    const status = res?.status ?? 0;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }));
  const health = await healthWhile(base, all);
  await all;
  return { health, statuses, ms: performance.now() - start };
}

const statusText = (s: Map<number, number>) => [...s].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${v}× ${k}`).join(', ');

export const pdfBenchmark: Benchmark = {
  name: 'pdf',
  async run(): Promise<BenchResult[]> {
    const dataDir = mkdtempSync(join(tmpdir(), 'pdv-bench-pdf-'));
    // The SEFAZ homologation simulator authorizes the NF-e whose DANFE is downloaded.
    const server = await serverProcess({ dataDir, env: { SEFAZ_MODE: 'simulator' } });
    try {
      const f = await prepare(dataDir);
      await server.start();
      const base = server.url;
      const login = async (email: string) =>
        String((await call(base, '/auth/login', { email, senha: 'demo1234' }, ''))['token']);
      const manager = await login('gerente@demo.com.br');
      const cashier = await login('caixa@demo.com.br');

      // An authorized NF-e and the signed link of its DANFE (rendered from the stored XML: a draft's DANFE would also
      // rebuild its XML, and decrypt the branch's certificate, on the main thread at every download).
      const { sale } = f;
      const invoice = await call(base, '/invoice/post', {
        modelo: '55', id_serie_fiscal: f.serie55, natureza_operacao: 'Venda de mercadoria', id_cliente: f.customerWithAddress,
        itens: [{ id_produto_grade_filial: sale.product.id_produto_grade_filial, id_endereco_estoque: sale.product.id_endereco_estoque,
          quantidade: 2, valor_unitario: sale.product.preco }],
        pagamentos: [{ id_meio_pagamento: sale.methods['01'], valor_total: Math.round(sale.product.preco * 200) / 100 }],
      }, manager);
      const sent = await call(base, '/nfe/transmitir', { id_nota_fiscal: invoice['id_nota_fiscal'] }, manager);
      if (sent['success'] !== true) throw new Error(`NF-e not authorized: ${JSON.stringify(sent).slice(0, 300)}`);
      const printed = await call(base, '/nfe/imprimir', { id_nota_fiscal: invoice['id_nota_fiscal'] }, manager);
      const danfeUrl = `${base}${String(printed['url_pdf'])}`;

      // A voucher (sold in cash) and an order of two units paid by PIX.
      const voucherSale = await call(base, '/operacao', saleBody(sale, {
        modo_operacao: 'ValeCredito',
        itens: [{ id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: f.voucherProduct,
          id_endereco_estoque: sale.product.id_endereco_estoque, descricao: 'Vale Crédito', quantidade: 1, valor_unitario: 50 }],
        pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: sale.methods['01']!, valor_total: 50 }],
      }), cashier);
      const id_vale_credito = voucherSale['id_vale_credito'];
      const order = await call(base, '/order/create', { id_cliente: sale.id_cliente, operacao: 'Pedido' }, cashier);
      const id_pedido = order['id_pedido'];
      const item = await call(base, '/order_item/create', { id_pedido, id_produto_grade_filial: sale.product.id_produto_grade_filial,
        id_endereco_estoque: sale.product.id_endereco_estoque, quantidade: 2 }, cashier);
      await call(base, '/order_payment/create', { id_pedido, id_meio_pagamento: sale.methods['17'], valor_total: item['valor_total_liquido'] }, cashier);

      const post = (path: string, body: unknown) => () => fetch(`${base}/api${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${cashier}` }, body: JSON.stringify(body),
      });
      // Warm-up: one of each (the first render loads pdfmake and its fonts, in the server or in its worker).
      for (const send of [() => fetch(danfeUrl), post('/gift_card/imprimir', { id_vale_credito }), post('/order/generate-pdf', { id_pedido })]) {
        const res = await send();
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`warm-up ${res.url}: ${res.status}`);
      }

      const alone: number[] = [];
      for (let i = 0; i < HEALTH_ALONE + 30; i += 1) {
        const start = performance.now();
        await (await fetch(`${base}/api/health`)).arrayBuffer();
        if (i >= 30) alone.push(performance.now() - start);
      }
      const danfe = await burst(base, Array.from({ length: DANFE_DOWNLOADS }, () => () => fetch(danfeUrl)));
      const mixed = await burst(base, [
        ...Array.from({ length: VOUCHER_PRINTS }, () => post('/gift_card/imprimir', { id_vale_credito })),
        ...Array.from({ length: ORDER_SHEETS }, () => post('/order/generate-pdf', { id_pedido })),
      ]);

      const workers = process.env['PDF_WORKERS'] ? `PDF_WORKERS=${process.env['PDF_WORKERS']}` : 'default workers';
      const p95Alone = percentile(alone, 95);
      const row = (what: string, b: Burst): BenchResult => {
        const p95 = percentile(b.health, 95);
        return {
          name: `/api/health p95 during ${what} (${workers}; ${b.health.length} health calls, p99 ${percentile(b.health, 99).toFixed(0)} ms, ` +
            `max ${Math.max(...b.health).toFixed(0)} ms; ` +
            `PDFs ${statusText(b.statuses)} in ${(b.ms / 1000).toFixed(1)} s)`,
          value: p95, unit: 'ms', baseline: p95Alone, baselineName: '/api/health alone p95', ratio: p95 / p95Alone, goal: '—', met: null,
        };
      };
      return [
        row(`${DANFE_DOWNLOADS} concurrent DANFE downloads`, danfe),
        row(`${VOUCHER_PRINTS} voucher prints + ${ORDER_SHEETS} order sheets`, mixed),
      ];
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
