import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '@pdv/documents/pdf-text';
import { formatMoney } from '@pdv/domain/money';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';
import { createLocalStorage } from '../../storage/local.ts';
import { useFileStorage } from '../../storage/storage.ts';
import { createS3Storage } from '../../storage/s3.ts';
import { startFakeS3, type FakeS3 } from '../../storage/fake-s3.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let cashier: string;
let manager: string;
let other: string;
let f: SaleFixture;
let root: string;
let local: FileStorage;
let cnpj: string;
let org: number;

const system = (sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query(sql, params));

beforeAll(async () => {
  t = await createTestApp();
  root = mkdtempSync(join(tmpdir(), 'pdv-order-pdf-'));
  local = createLocalStorage(root);
  useFileStorage(local);
  cashier = await t.login('caixa@demo.com.br');
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  f = await loadSaleFixture(t.db);
  await system('UPDATE filial_configuracao SET is_liberar_pedido = false WHERE id_filial = $1', [f.id_filial]);
  const { rows } = await system('SELECT cnpj, id_organization FROM filial WHERE id_filial = $1', [f.id_filial]);
  cnpj = String(rows[0]!['cnpj']);
  org = Number(rows[0]!['id_organization']);
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

/** An order (or quote) of the customer with one line of 2 units at the product's price, paid in full by PIX. */
async function order(operacao = 'Pedido', fields: Record<string, unknown> = {}): Promise<{ id_pedido: number; nsu: number; total: number }> {
  const created = await t.call('POST', '/order/create', { id_cliente: f.id_cliente, operacao, ...fields }, cashier);
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const id_pedido = Number(created.json['id_pedido']);
  const item = await t.call('POST', '/order_item/create', {
    id_pedido, id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque,
    quantidade: 2,
  }, cashier);
  expect(item.status, JSON.stringify(item.json)).toBe(200);
  const total = Number(item.json['valor_total_liquido']);
  const paid = await expectOk(t, 'orderPaymentCreate', { id_pedido, id_meio_pagamento: f.methods['17'], valor_total: total }, cashier);
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  return { id_pedido, nsu: Number(created.json['nsu']), total };
}

const generate = (id_pedido: unknown, token = cashier) => t.call('POST', '/order/generate-pdf', { id_pedido }, token);

async function served(url: string) {
  return t.app.inject({ method: 'GET', url });
}

describe('POST /api/order/generate-pdf', () => {
  it('stores the A4 sheet at <branch CNPJ>/pedidos/<nsu>.pdf, saves url_pdf on the order and serves it at that link', async () => {
    const { id_pedido, nsu, total } = await order('Pedido', { observacao: 'Entregar pela manhã' });
    const res = await generate(id_pedido);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      id_pedido, nsu, caminho: `${cnpj.replace(/\D/g, '')}/pedidos/${nsu}.pdf`, operacao: 'Pedido',
      cliente: { nome: expect.any(String) as string },
    });
    expect(res.json['loja']).toBeTruthy();
    const url = String(res.json['url_pdf']);
    expect(url).toMatch(new RegExp(`^/api/arquivo/${org}/${cnpj.replace(/\D/g, '')}/pedidos/${nsu}\\.pdf\\?exp=\\d+&sig=`));

    const stored = await local.get(org, String(res.json['caminho']));
    expect(stored?.contentType).toBe('application/pdf');
    const text = pdfText(stored!.bytes);
    expect(text).toContain('PEDIDO');
    expect(text).toContain(`Nº ${nsu}`);
    expect(text).toContain('Entregar pela manhã');
    expect(text).toContain('Situação: Em edição');
    expect(text).toContain('Documento sem valor fiscal');
    expect(text).toContain(`TOTAL | ${formatMoney(Math.round(total * 100))}`);

    const { rows } = await system('SELECT url_pdf FROM pedido WHERE id_pedido = $1', [id_pedido]);
    expect(rows[0]!['url_pdf']).toBe(url);

    const pdf = await served(url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="${nsu}.pdf"`);
    expect(pdfText(pdf.rawPayload)).toContain(`Nº ${nsu}`);
  });

  it('replaces the stored file when generated again, so the link shows the order as it is now', async () => {
    const { id_pedido } = await order();
    const first = await generate(id_pedido);
    await t.call('PUT', '/order/update', { id_pedido, observacao: 'Observação nova' }, cashier);
    const second = await generate(id_pedido);
    expect(second.json['caminho']).toBe(first.json['caminho']);
    const text = pdfText((await served(String(second.json['url_pdf']))).rawPayload);
    expect(text).toContain('Observação nova');
    // The first link names the same file: it serves the new content too.
    expect(pdfText((await served(String(first.json['url_pdf']))).rawPayload)).toContain('Observação nova');
  });

  it('prints a quote as ORÇAMENTO with its validity', async () => {
    const { id_pedido } = await order('Orcamento', { data_validade: '2030-01-15' });
    const res = await generate(id_pedido);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const text = pdfText((await local.get(org, String(res.json['caminho'])))!.bytes);
    expect(text).toContain('ORÇAMENTO');
    expect(text).toContain('Validade');
  });

  it("answers another organization's order and an unknown one as not found, and stores nothing", async () => {
    const { id_pedido, nsu } = await order();
    const res = await generate(id_pedido, other);
    expect(res.status).toBe(404);
    expect(res.json['message']).toBe('Não foi possível localizar o pedido');
    expect(await local.get(org, `${cnpj.replace(/\D/g, '')}/pedidos/${nsu}.pdf`)).toBeNull();
    expect((await generate(99_999_999)).status).toBe(404);
  });

  it("answers an order of another branch of the same organization as not found", async () => {
    const { id_pedido } = await order();
    const session = await t.call('GET', '/user/session', undefined, manager);
    const usuario = session.json['usuario'] as { filiais: { id_filial: number }[]; filial: { id_filial: number } };
    const second = usuario.filiais.find((b) => b.id_filial !== f.id_filial)!;
    expect((await t.call('POST', '/user/set_active_branch', { id_filial: second.id_filial }, manager)).status).toBe(200);
    try {
      const res = await generate(id_pedido, manager);
      expect(res.status).toBe(404);
      const { rows } = await system('SELECT url_pdf FROM pedido WHERE id_pedido = $1', [id_pedido]);
      expect(rows[0]!['url_pdf']).toBeNull();
    } finally {
      await t.call('POST', '/user/set_active_branch', { id_filial: f.id_filial }, manager);
    }
  });

  it('refuses a body without a valid id with 400 and a pt-BR message', async () => {
    const res = await t.call('POST', '/order/generate-pdf', { id_pedido: 'abc' }, cashier);
    expect(res.status).toBe(400);
    expect(String(res.json['message'])).toMatch(/[a-zà-ú]/i);
  });
});

describe('GET /api/arquivo/...', () => {
  it('answers 404 to a forged, expired or other-organization link, and to a path outside the rule', async () => {
    const { id_pedido } = await order();
    const url = String((await generate(id_pedido)).json['url_pdf']);
    expect((await served(url.replace(/sig=[^&]+/, 'sig=AAAA'))).statusCode).toBe(404);
    expect((await served(url.replace(/exp=\d+/, 'exp=1000'))).statusCode).toBe(404);
    expect((await served(url.replace(`/api/arquivo/${org}/`, `/api/arquivo/${org + 1}/`))).statusCode).toBe(404);
    expect((await served(`/api/arquivo/${org}/../../etc/passwd?exp=99999999999&sig=x`)).statusCode).toBe(404);
    const body = (await served(url.replace(/sig=[^&]+/, 'sig=AAAA'))).json<{ message: string }>();
    expect(body.message).toBe('Arquivo não encontrado.');
  });
});

describe('order PDF on S3-compatible storage', () => {
  let fake: FakeS3;
  beforeAll(async () => {
    fake = await startFakeS3({ bucket: 'pdv', accessKeyId: 'AKIDPDV', secretAccessKey: 'segredo-s3' });
    useFileStorage(createS3Storage({ endpoint: fake.endpoint, bucket: 'pdv', region: 'sa-east-1', accessKeyId: 'AKIDPDV', secretAccessKey: 'segredo-s3' }));
  });
  afterAll(async () => {
    useFileStorage(local);
    await fake.close();
  });

  it('uploads the sheet to the bucket under <org>/<CNPJ>/pedidos/<nsu>.pdf with a valid signature and serves it back', async () => {
    const { id_pedido, nsu } = await order();
    const res = await generate(id_pedido);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const key = `${org}/${cnpj.replace(/\D/g, '')}/pedidos/${nsu}.pdf`;
    expect(fake.objects.get(key)?.contentType).toBe('application/pdf');
    expect(fake.requests.every((r) => r.signed)).toBe(true);
    const pdf = await served(String(res.json['url_pdf']));
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain(`Nº ${nsu}`);
  });

  it('answers 503 with the reason when the bucket refuses the upload, and leaves url_pdf as it was', async () => {
    const { id_pedido } = await order();
    useFileStorage(createS3Storage({ endpoint: fake.endpoint, bucket: 'pdv', region: 'sa-east-1', accessKeyId: 'AKIDPDV', secretAccessKey: 'errado' }));
    try {
      const res = await generate(id_pedido);
      expect(res.status).toBe(503);
      expect(res.json['message']).toBe('Não foi possível gravar o PDF do pedido.');
      expect(String(res.json['complement'])).toContain('SignatureDoesNotMatch');
      const { rows } = await system('SELECT url_pdf FROM pedido WHERE id_pedido = $1', [id_pedido]);
      expect(rows[0]!['url_pdf']).toBeNull();
    } finally {
      useFileStorage(createS3Storage({ endpoint: fake.endpoint, bucket: 'pdv', region: 'sa-east-1', accessKeyId: 'AKIDPDV', secretAccessKey: 'segredo-s3' }));
    }
  });
});
