import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';
import { expectOk } from '../../testing/routes.ts';
import { startFakeSmtp, type FakeSmtp } from '../../testing/fake-smtp.ts';

let t: TestApp;
let cashier: string;
let other: string;
let f: SaleFixture;

const system = (sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query(sql, params));

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  // These tests type prices and discounts freely; the per-user caps have their own tests (service-orders.db.test.ts).
  await t.db.system((tx) => tx.query(`UPDATE usuario SET percentual_desconto_maximo = 100, perc_max_aumento_preco_produto = 999,
    perc_max_reducao_preco_produto = 100 WHERE email = 'caixa@demo.com.br'`));
  other = await t.login('outra@demo.com.br');
  f = await loadSaleFixture(t.db);
  await system('UPDATE filial_configuracao SET is_liberar_pedido = false WHERE id_filial = $1', [f.id_filial]);
});
afterAll(async () => {
  await t.close();
});

/** An order of the customer with one line of 2 units, a PIX payment and a volume; released unless told. */
async function order(operacao = 'Pedido', release = true): Promise<{ id_pedido: number; nsu: number }> {
  const created = await t.call('POST', '/order/create', { id_cliente: f.id_cliente, operacao }, cashier);
  const id_pedido = Number(created.json['id_pedido']);
  const item = await t.call('POST', '/order_item/create', {
    id_pedido, id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque,
    quantidade: 2, valor_unitario: 10,
  }, cashier);
  expect(item.status, JSON.stringify(item.json)).toBe(200);
  await t.call('POST', '/order_payment/create', { id_pedido, id_meio_pagamento: f.methods['17'], valor_total: 20 }, cashier);
  await t.call('POST', '/volume/create', { id_pedido, quantidade: 1, peso_liquido: 0.4, peso_bruto: 0.5 }, cashier);
  if (release) expect((await t.call('PUT', '/order/update', { id_pedido, situacao: 'Liberado' }, cashier)).status).toBe(200);
  return { id_pedido, nsu: Number(created.json['nsu']) };
}
const invoiceList = (list_orders: number[], token = cashier) =>
  t.call('POST', '/order/order-invoice-list', { list_orders, modelo: '65' }, token);

describe('POST /api/order/order-invoice-list', () => {
  it('makes one invoice draft per released order, with its lines, payments and volumes, and leaves the orders NotaPendente', async () => {
    const a = await order();
    const b = await order();
    const res = await invoiceList([b.id_pedido, a.id_pedido]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const notas = res.json['notas'] as Array<{ id_pedido: number; id_nota_fiscal: number }>;
    expect(notas.map((n) => n.id_pedido)).toEqual([a.id_pedido, b.id_pedido]);
    const nf = await t.call('POST', '/invoice/find_by_id', { id_nota_fiscal: notas[0]!.id_nota_fiscal }, cashier);
    expect(nf.json).toMatchObject({ situacao: 'EmEdicao', modelo: '65', id_pedido: a.id_pedido, valor_nota_fiscal: 20 });
    expect(nf.json['itens']).toEqual([expect.objectContaining({ quantidade: 2, valor_unitario: 10 })]);
    expect(nf.json['pagamentos']).toEqual([expect.objectContaining({ valor_total: 20 })]);
    expect(nf.json['volumes']).toEqual([expect.objectContaining({ quantidade: 1, peso_bruto: 0.5 })]);
    const found = await t.call('POST', '/order/find_by_id', { id_pedido: a.id_pedido }, cashier);
    expect(found.json).toMatchObject({ situacao: 'NotaPendente', id_nota_fiscal: notas[0]!.id_nota_fiscal });
    const twice = await invoiceList([a.id_pedido]);
    expect(twice.status).toBe(400);
    expect(twice.json['message']).toBe(`Pedido ${a.nsu}: O pedido está com nota pendente e não pode ser alterado.`);
  });

  it('invoices all or none: an order in edition or a quote in the list refuses the whole list with one line each', async () => {
    const good = await order();
    const editing = await order('Pedido', false);
    // A quote is never released (it stays in Edicao): its refusal is still the quote's own.
    const quote = await order('Orcamento', false);
    const before = await countRows(t.db, 'nota_fiscal');
    const res = await invoiceList([good.id_pedido, editing.id_pedido, quote.id_pedido]);
    expect(res.status).toBe(400);
    expect(res.json['erros']).toEqual([
      `Pedido ${editing.nsu}: Somente Pedidos liberados podem ser faturados.`,
      `Pedido ${quote.nsu}: Orçamento não pode ser faturado.`,
    ]);
    expect(await countRows(t.db, 'nota_fiscal')).toBe(before);
    expect((await t.call('POST', '/order/find_by_id', { id_pedido: good.id_pedido }, cashier)).json['situacao']).toBe('Liberado');
  });

  it("answers another organization's orders as not found", async () => {
    const mine = await order();
    const res = await invoiceList([mine.id_pedido], other);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(`Não foi possível localizar o pedido (${mine.id_pedido}).`);
  });
});

describe('POST /api/order/send-release-mail through a local SMTP server', () => {
  let smtp: FakeSmtp;
  const received = () => smtp.received;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    process.env['SMTP_URL'] = `smtp://127.0.0.1:${smtp.port}`;
    process.env['SMTP_FROM'] = 'Loja Demo <loja@demo.com.br>';
  });
  afterAll(async () => {
    delete process.env['SMTP_URL'];
    delete process.env['SMTP_FROM'];
    await smtp.close();
  });

  it("sends the released order to the customer's e-mail and records it", async () => {
    const { id_pedido, nsu } = await order();
    const { rows } = await system('SELECT email FROM pessoa WHERE id_pessoa = $1', [f.id_cliente]);
    const email = String(rows[0]!['email']);
    const res = await expectOk(t, 'orderSendReleaseMail', { id_pedido }, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ message: 'E-mail enviado com sucesso.', email });
    const mail = received().at(-1)!;
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('loja@demo.com.br');
    expect(mail.data).toContain(`Subject: Pedido ${nsu} liberado - Loja Centro`);
    expect(mail.data).toContain('Ol=C3=A1'); // "Olá", pt-BR in UTF-8
    expect(mail.data).toMatch(/R\$\s*20,00/);
    expect(await countRows(t.db, 'pedido WHERE id_pedido = $1 AND email_enviado_para = $2 AND data_envio_email IS NOT NULL', [id_pedido, email])).toBe(1);
  });

  it('sends to the address given, and refuses an order in edition', async () => {
    const released = await order();
    const res = await t.call('POST', '/order/send-release-mail', { id_pedido: released.id_pedido, email: 'outro@exemplo.com.br' }, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(received().at(-1)!.to).toEqual(['outro@exemplo.com.br']);
    const editing = await order('Pedido', false);
    const refused = await t.call('POST', '/order/send-release-mail', { id_pedido: editing.id_pedido }, cashier);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe('Somente Pedidos liberados podem ser enviados por e-mail.');
  });

  it('answers 400 with the reason and records nothing when the SMTP server cannot be reached', async () => {
    const { id_pedido } = await order();
    process.env['SMTP_URL'] = 'smtp://127.0.0.1:1';
    try {
      const res = await t.call('POST', '/order/send-release-mail', { id_pedido }, cashier);
      expect(res.status).toBe(400);
      expect(String(res.json['message'])).toMatch(/^Não foi possível enviar o e-mail: /);
    } finally {
      process.env['SMTP_URL'] = `smtp://127.0.0.1:${smtp.port}`;
    }
    expect(await countRows(t.db, 'pedido WHERE id_pedido = $1 AND data_envio_email IS NULL', [id_pedido])).toBe(1);
  });
});
