/**
 * The PDF routes under the render pool's limits: a full queue is a 503 with a pt-BR message (not a 500, not a wait
 * without end), a document that fails to render is a 500 with the product's message, and the pool keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../testing/sale.ts';
import { PDF_MESSAGES } from './renderer.ts';

let t: TestApp;
let cashier: string;
let manager: string;
let f: SaleFixture;
let voucherId: number;
const saved = { workers: process.env['PDF_WORKERS'], queue: process.env['PDF_QUEUE'] };

beforeAll(async () => {
  // One worker, two jobs waiting: read when the app is built (the pool is made then).
  process.env['PDF_WORKERS'] = '1';
  process.env['PDF_QUEUE'] = '2';
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  manager = await t.login('gerente@demo.com.br');
  f = await loadSaleFixture(t.db);
  const { rows } = await t.db.system((tx) => tx.query<{ id: number }>(
    'SELECT id_produto_grade_filial_vale_credito AS id FROM filial_configuracao WHERE id_filial = $1', [f.id_filial]));
  const voucherProduct = rows[0]!.id;
  const sold = await t.call('POST', '/operacao', saleBody(f, {
    modo_operacao: 'ValeCredito',
    itens: [{ id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: voucherProduct,
      id_endereco_estoque: f.product.id_endereco_estoque, descricao: 'Vale Crédito', quantidade: 1, valor_unitario: 40 }],
    pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: 40 }],
  }), cashier);
  expect(sold.status, JSON.stringify(sold.json)).toBe(200);
  voucherId = Number(sold.json['id_vale_credito']);
}, 120_000);
afterAll(async () => {
  await t.close();
  for (const [name, value] of [['PDF_WORKERS', saved.workers], ['PDF_QUEUE', saved.queue]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const printVoucher = () => t.call('POST', '/gift_card/imprimir', { id_vale_credito: voucherId }, cashier);

describe('PDF routes under the render pool', () => {
  it('answers 503 with a pt-BR message and retry-after when the render queue is full, and renders the jobs it took', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, printVoucher));
    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 503);
    expect(ok.length + busy.length, JSON.stringify(answers.map((a) => a.status))).toBe(8);
    // One rendering and two waiting at most at any time; the rest refused at once.
    expect(ok.length).toBeGreaterThanOrEqual(3);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const answer of busy) {
      expect(answer.json).toEqual({ message: PDF_MESSAGES.busy });
      expect(answer.headers['retry-after']).toBe('5');
    }
    for (const answer of ok) {
      expect(Buffer.from(String(answer.json['pdf_base64']), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    }
    // The queue drained: the next print is rendered.
    expect((await printVoucher()).status).toBe(200);
  });

  it('answers 500 with the product message for a document that cannot be rendered, and the next one still renders', async () => {
    const { rows } = await t.db.system((tx) => tx.query<{ serie: number; cliente: number }>(
      `SELECT (SELECT id_serie_fiscal FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '55') AS serie,
              (SELECT p.id_pessoa FROM pessoa p JOIN pessoa_endereco e USING (id_organization, id_pessoa)
                 JOIN organization o USING (id_organization)
                WHERE o.nome = 'Demo Moda' AND e.id_cidade IS NOT NULL ORDER BY p.id_pessoa LIMIT 1) AS cliente`, [f.id_filial]));
    const ids = rows[0]!;
    const invoice = await t.call('POST', '/invoice/post', {
      modelo: '55', id_serie_fiscal: ids.serie, natureza_operacao: 'Venda de mercadoria', id_cliente: ids.cliente,
      itens: [{ id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque,
        quantidade: 1, valor_unitario: f.product.preco }],
      pagamentos: [{ id_meio_pagamento: f.methods['01'], valor_total: f.product.preco }],
    }, manager);
    expect(invoice.status, JSON.stringify(invoice.json)).toBe(200);
    const id_nota_fiscal = Number(invoice.json['id_nota_fiscal']);
    const printed = await t.call('POST', '/nfe/imprimir', { id_nota_fiscal }, manager);
    const url = String(printed.json['url_pdf']);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    // A stored XML the DANFE cannot be read from.
    await t.db.system((tx) => tx.query(`UPDATE nota_fiscal SET xml_assinado = '<NFe><quebrado' WHERE id_nota_fiscal = $1`, [id_nota_fiscal]));
    const broken = await t.app.inject({ method: 'GET', url });
    expect(broken.statusCode).toBe(500);
    const body = broken.json<Record<string, unknown>>();
    expect(body['message']).toBe(PDF_MESSAGES.failed);
    expect(body['complement']).toMatch(/^XML da NF-e inválido/);

    expect((await printVoucher()).status).toBe(200);
  });
});
