import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OperacaoBody } from '@pdv/contract/operation';
import { AMOUNT_TOO_LARGE } from '@pdv/domain/money';
import { SALE_BUILD_MESSAGES } from '@pdv/domain/sale-build';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';
import { quoteValidUntil } from '@pdv/domain/quote-rules';

let t: TestApp;
let cashier: string;
let f: SaleFixture;

const stockOf = async (id_estoque: number) =>
  (await t.db.system((tx) => tx.query<{ quantidade: number }>('SELECT quantidade FROM estoque WHERE id_estoque = $1', [id_estoque]))).rows[0]!.quantidade;
const count = (from: string, params: unknown[] = []) => countRows(t.db, from, params);

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  f = await loadSaleFixture(t.db);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 10, quantidade_reserva = 0 WHERE id_estoque = ANY($1)', [[f.product.id_estoque, f.second.id_estoque]]));
});

describe('POST /api/operacao', () => {
  it('turns a pre-sale into an order with its items, payments, one stock movement per address and the change', async () => {
    const body = saleBody(f, {}, 2);
    body.itens.push({
      id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: f.second.id_produto_grade_filial,
      id_endereco_estoque: f.second.id_endereco_estoque, descricao: f.second.descricao, quantidade: 1,
      valor_unitario: f.second.preco, valor_desconto_item: 1.5,
    });
    const net = Math.round((f.product.preco * 2 + f.second.preco - 1.5) * 100) / 100;
    body.pagamentos = [
      { id_pagamento: randomUUID(), id_meio_pagamento: f.methods['03']!, valor_total: 10, id_operadora_cartao: null },
      { id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: 200 },
    ];
    // A credit card needs its operator.
    const refused = await t.call('POST', '/operacao', body, cashier);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe('Selecione a operadora de cartão');
    const operator = (await t.db.system((tx) => tx.query<{ id: number }>(
      `SELECT id_operadora_cartao AS id FROM operadora_cartao WHERE id_organization = 1 LIMIT 1`))).rows[0]!.id;
    body.pagamentos[0]!.id_operadora_cartao = operator;
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ situacao: 'Processado', duplicado: false, id_nota_fiscal: null, valor_total: net });
    expect(res.json['valor_troco']).toBeCloseTo(210 - net, 2);
    const order = await t.db.system((tx) => tx.query<Record<string, number | string>>(
      'SELECT * FROM pedido WHERE id_pedido = $1', [res.json['id_pedido']]));
    expect(order.rows[0]).toMatchObject({ nsu: res.json['nsu'], situacao: 'Edicao', valor_total_liquido: net, valor_pago: 210 });
    expect(await count('pedido_item WHERE id_pedido = $1', [res.json['id_pedido']])).toBe(2);
    expect(await count('pedido_pagamento WHERE id_pedido = $1', [res.json['id_pedido']])).toBe(2);
    expect(await stockOf(f.product.id_estoque)).toBe(8);
    expect(await stockOf(f.second.id_estoque)).toBe(9);
    expect(await count('movimentacao_estoque WHERE id_operacao = $1', [body.id_operacao])).toBe(2);
  });

  it('answers a resent operation with the first answer and writes nothing more', async () => {
    const body = saleBody(f);
    const first = await t.call('POST', '/operacao', body, cashier);
    const again = await t.call('POST', '/operacao', body, cashier);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ ...first.json, duplicado: true });
    expect(await count('pedido WHERE id_operacao = $1', [body.id_operacao])).toBe(1);
    expect(await count('movimentacao_estoque WHERE id_operacao = $1', [body.id_operacao])).toBe(1);
    expect(await stockOf(f.product.id_estoque)).toBe(9);
  });

  it('makes one receivable per installment of a crediário sale, summing exactly to the payment', async () => {
    const body = saleBody(f, { id_cliente: f.id_cliente }, 1);
    body.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['05']!, valor_total: f.product.preco, quantidade_parcelas: 3 }];
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const docs = await t.db.system((tx) => tx.query<{ valor_documento: number; sequencia: number; data_vencimento: Date }>(
      'SELECT valor_documento, sequencia, data_vencimento FROM documento_financeiro WHERE id_operacao = $1 ORDER BY sequencia', [body.id_operacao]));
    expect(docs.rows.map((d) => d.sequencia)).toEqual([1, 2, 3]);
    expect(Math.round(docs.rows.reduce((s, d) => s + d.valor_documento * 100, 0))).toBe(Math.round(f.product.preco * 100));
  });

  it('refuses a crediário sale without a customer, with the spec message, and writes nothing', async () => {
    const before = await count('pedido');
    const body = saleBody(f);
    body.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['05']!, valor_total: f.product.preco, quantidade_parcelas: 2 }];
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe('Selecione um cliente para a venda');
    expect(await count('pedido')).toBe(before);
    expect(await count('operacao WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
  });

  it('refuses payments that do not cover the total', async () => {
    const body = saleBody(f);
    body.pagamentos[0]!.valor_total = 1;
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status).toBe(400);
    expect(res.json['message']).toMatch(/^O valor pago não cobre o total da operação\. Falta pagar R\$ /);
  });

  it('in order mode creates the order and releases it; without a customer it is refused and nothing is written', async () => {
    const anonymous = saleBody(f, { modo_operacao: 'Pedido' });
    const before = await count('pedido');
    const refused = await t.call('POST', '/operacao', anonymous, cashier);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe('Cliente não informado');
    expect(await count('pedido')).toBe(before);
    expect(await count('operacao WHERE id_operacao = $1', [anonymous.id_operacao])).toBe(0);

    const body = saleBody(f, { modo_operacao: 'Pedido', id_cliente: f.id_cliente });
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const order = await t.db.system((tx) => tx.query<Record<string, unknown>>(
      'SELECT operacao, situacao, nsu FROM pedido WHERE id_pedido = $1', [res.json['id_pedido']]));
    expect(order.rows[0]).toMatchObject({ operacao: 'Pedido', situacao: 'Liberado', nsu: res.json['nsu'] });
    expect(await stockOf(f.product.id_estoque)).toBe(9);

    const invoiced = await t.call('POST', '/operacao', saleBody(f, { modo_operacao: 'Pedido', id_cliente: f.id_cliente, modelo: '65' }), cashier);
    expect(invoiced.status).toBe(400);
    expect(invoiced.json['message']).toBe('Pedidos e orçamentos não emitem nota fiscal ao finalizar: fature o pedido depois de liberado.');
  });

  it('in quote mode needs a customer, keeps the quote in Edicao, moves no stock and creates no receivable', async () => {
    const anonymous = await t.call('POST', '/operacao', saleBody(f, { modo_operacao: 'Orcamento' }), cashier);
    expect(anonymous.status).toBe(400);
    expect(anonymous.json['message']).toBe('Informe um cliente para concluir a operação de orçamento.');

    const body = saleBody(f, { modo_operacao: 'Orcamento', id_cliente: f.id_cliente }, 3);
    body.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['05']!, valor_total: f.product.preco * 3, quantidade_parcelas: 2 }];
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const quote = await t.db.system((tx) => tx.query<Record<string, unknown>>(
      'SELECT operacao, situacao, data_validade FROM pedido WHERE id_pedido = $1', [res.json['id_pedido']]));
    expect(quote.rows[0]).toMatchObject({ operacao: 'Orcamento', situacao: 'Edicao' });
    // Valid for QUOTE_VALIDITY_DAYS shop days (docs/decisions.md), printed on its sheet.
    const validade = new Date(String(quote.rows[0]!['data_validade'] instanceof Date
      ? (quote.rows[0]!['data_validade']).toISOString() : quote.rows[0]!['data_validade']));
    expect(validade.toISOString()).toBe(quoteValidUntil(new Date(), -3));
    expect(await stockOf(f.product.id_estoque)).toBe(10);
    expect(await count('movimentacao_estoque WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
    expect(await count('documento_financeiro WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
    // A quote cannot be invoiced (000 §4.4).
    const invoiced = await t.call('POST', '/order/order-invoice-list', { list_orders: [res.json['id_pedido']], modelo: '65' }, cashier);
    expect(invoiced.status, JSON.stringify(invoiced.json)).toBe(400);
    expect(JSON.stringify(invoiced.json)).toContain('Orçamento não pode ser faturado.');
  });

  it('issues an NFC-e draft of the branch series when the model is 65', async () => {
    const body = saleBody(f, { modelo: '65' });
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json['id_pedido']).toBeNull();
    const nf = await t.db.system((tx) => tx.query<{ modelo: string; situacao: string; serie: number }>(
      'SELECT modelo, situacao, serie FROM nota_fiscal WHERE id_nota_fiscal = $1', [res.json['id_nota_fiscal']]));
    expect(nf.rows[0]).toMatchObject({ modelo: '65', situacao: 'EmEdicao' });
    expect(await count('nota_fiscal_item WHERE id_nota_fiscal = $1 AND codigo_ncm IS NOT NULL', [res.json['id_nota_fiscal']])).toBe(1);
  });

  it('refuses more than the stock under negative-stock control with the current stock and the quantity, leaving nothing written', async () => {
    await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = true WHERE id_filial = $1', [f.id_filial]));
    await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade_reserva = 2 WHERE id_estoque = $1', [f.product.id_estoque]));
    const body = saleBody(f, {}, 9);
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe('Estoque insuficiente. Estoque atual: 8,000. Quantidade informada: 9,000.');
    expect(await stockOf(f.product.id_estoque)).toBe(10);
    expect(await count('operacao WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
    // The same operation goes through once the quantity fits: the refused UUID was not consumed.
    const fits = await t.call('POST', '/operacao', { ...body, itens: [{ ...body.itens[0]!, quantidade: 8 }],
      pagamentos: [{ ...body.pagamentos[0]!, valor_total: Math.round(f.product.preco * 8 * 100) / 100 }] }, cashier);
    expect(fits.status, JSON.stringify(fits.json)).toBe(200);
    expect(await stockOf(f.product.id_estoque)).toBe(2);
  });

  it('answers 404 for a branch the user does not work in and 400 for a product of another branch or organization', async () => {
    const other = await t.db.system((tx) => tx.query<{ id_filial: number }>(`SELECT id_filial FROM filial WHERE codigo_filial = '2' AND id_organization = 1`));
    const res = await t.call('POST', '/operacao', saleBody(f, { id_filial: other.rows[0]!.id_filial }), cashier);
    expect(res.status).toBe(404);
    const foreign = await t.db.system((tx) => tx.query<{ id: number }>(
      'SELECT id_produto_grade_filial AS id FROM produto_grade_filial WHERE id_organization <> 1 LIMIT 1'));
    const body = saleBody(f);
    body.itens[0]!.id_produto_grade_filial = foreign.rows[0]!.id;
    const refused = await t.call('POST', '/operacao', body, cashier);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toMatch(/^Produto não encontrado nesta filial/);
  });
});

describe('POST /api/operacao checks what it did not decide itself', () => {
  /** Refused with `message`, leaving no order, receivable, stock movement or claimed operation behind. */
  async function expectRefusedUnwritten(body: OperacaoBody, message: string) {
    const orders = await count('pedido');
    const receivables = await count('documento_financeiro');
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json['message']).toBe(message);
    expect(await count('pedido')).toBe(orders);
    expect(await count('documento_financeiro')).toBe(receivables);
    expect(await count('movimentacao_estoque WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
    expect(await count('operacao WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
    expect(await stockOf(f.product.id_estoque)).toBe(10);
  }
  const today = () => new Date().toISOString().slice(0, 10);
  const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  /** A crediário sale of one unit whose payment carries the plan `parcelas` (value, due date). */
  function crediario(parcelas: Array<[number, string]>): OperacaoBody {
    const body = saleBody(f, { id_cliente: f.id_cliente });
    body.pagamentos = [{
      id_pagamento: randomUUID(), id_meio_pagamento: f.methods['05']!, valor_total: f.product.preco, quantidade_parcelas: parcelas.length,
      parcelamento: parcelas.map(([valor, data_vencimento], index) => ({ parcela: index + 1, valor, data_vencimento })),
    }];
    return body;
  }
  const preco = () => Math.round(f.product.preco * 100);

  it('refuses installments that do not add up to the payment, of zero, or due before the sale, and takes a plan that does', async () => {
    await expectRefusedUnwritten(crediario([[0.01, daysFromToday(30)], [0.01, daysFromToday(60)]]),
      SALE_BUILD_MESSAGES.installmentsSum(2, preco()));
    const half = Math.floor(preco() / 2) / 100;
    const rest = (preco() - Math.floor(preco() / 2)) / 100;
    await expectRefusedUnwritten(crediario([[f.product.preco, daysFromToday(30)], [0, daysFromToday(60)]]),
      SALE_BUILD_MESSAGES.installmentNotPositive(2));
    await expectRefusedUnwritten(crediario([[half, daysFromToday(-1)], [rest, daysFromToday(30)]]),
      SALE_BUILD_MESSAGES.installmentBefore(1, daysFromToday(-1), today()));
    const body = crediario([[half, today()], [rest, daysFromToday(30)]]);
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const docs = await t.db.system((tx) => tx.query<{ valor_documento: number }>(
      'SELECT valor_documento FROM documento_financeiro WHERE id_operacao = $1 ORDER BY sequencia', [body.id_operacao]));
    expect(docs.rows.map((d) => Math.round(d.valor_documento * 100))).toEqual([Math.round(half * 100), Math.round(rest * 100)]);
  });

  it('answers 400 to amounts too large to hold and writes nothing', async () => {
    // The price table holds the huge prices (a line must carry the table's price).
    const priceAt = (preco: number) => t.db.system((tx) => tx.query(
      'UPDATE produto_grade_filial SET preco_venda = $2, preco_atacado = $2 WHERE id_produto_grade_filial = $1',
      [f.product.id_produto_grade_filial, preco]));
    try {
      await priceAt(999999999.99);
      const body = saleBody(f);
      body.itens[0] = { ...body.itens[0]!, quantidade: 999999.999, valor_unitario: 999999999.99, tipo_preco: 'Atacado', is_atacarejo: true };
      await expectRefusedUnwritten(body, AMOUNT_TOO_LARGE);
      // A total that is a safe integer of centavos but more than a numeric(15,2) column holds.
      await priceAt(50_000_000);
      const wide = saleBody(f);
      wide.itens[0] = { ...wide.itens[0]!, quantidade: 999999.999, valor_unitario: 50_000_000, tipo_preco: 'Atacado', is_atacarejo: true };
      wide.pagamentos = Array.from({ length: 6 }, () => ({ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: 9_999_999_999_999.99 }));
      await expectRefusedUnwritten(wide, AMOUNT_TOO_LARGE);
    } finally {
      await priceAt(f.product.preco);
      await t.db.system((tx) => tx.query('UPDATE produto_grade_filial SET preco_atacado = $2 WHERE id_produto_grade_filial = $1',
        [f.product.id_produto_grade_filial, f.product.preco_atacado]));
    }
  });

  it("refuses sellers, card operators, bank accounts and fiscal scenarios that are not the organization's, and stores its own", async () => {
    const idOf = async (sql: string) => (await t.db.system((tx) => tx.query<{ id: number }>(sql))).rows[0]!.id;
    const foreignUser = await idOf(`SELECT id_usuario AS id FROM usuario WHERE email = 'outra@demo.com.br'`);
    const ownSeller = await idOf(`SELECT id_usuario AS id FROM usuario WHERE email = 'filial2@demo.com.br'`);
    const foreignOperator = await idOf('SELECT id_operadora_cartao AS id FROM operadora_cartao WHERE id_organization <> 1 LIMIT 1');
    const ownOperator = await idOf('SELECT id_operadora_cartao AS id FROM operadora_cartao WHERE id_organization = 1 LIMIT 1');
    const foreignScenario = await idOf('SELECT id_cenario_fiscal AS id FROM cenario_fiscal WHERE id_organization <> 1 LIMIT 1');
    const ownScenario = await idOf('SELECT id_cenario_fiscal AS id FROM cenario_fiscal WHERE id_organization = 1 LIMIT 1');

    await expectRefusedUnwritten(saleBody(f, { id_usuario_vendedor: foreignUser }), SALE_BUILD_MESSAGES.sellerNotFound);
    await expectRefusedUnwritten(saleBody(f, { id_usuario_vendedor: 999_999 }), SALE_BUILD_MESSAGES.sellerNotFound);
    const itemSeller = saleBody(f);
    itemSeller.itens[0]!.id_usuario_vendedor = foreignUser;
    await expectRefusedUnwritten(itemSeller, SALE_BUILD_MESSAGES.sellerNotFound);
    const scenario = saleBody(f);
    scenario.itens[0]!.id_cenario_fiscal = foreignScenario;
    await expectRefusedUnwritten(scenario, `Cenário fiscal não encontrado para o produto ${f.product.descricao}.`);
    const card = (fields: Partial<OperacaoBody['pagamentos'][number]>) => {
      const body = saleBody(f);
      body.pagamentos = [{ ...body.pagamentos[0]!, id_meio_pagamento: f.methods['04']!, ...fields }];
      return body;
    };
    await expectRefusedUnwritten(card({ id_operadora_cartao: foreignOperator }), SALE_BUILD_MESSAGES.cardOperatorNotFound);
    await expectRefusedUnwritten(card({ id_operadora_cartao: 999_999 }), SALE_BUILD_MESSAGES.cardOperatorNotFound);
    // A bank account of another organization, or none at all, is refused (issue 19: the accounts register).
    const foreignAccount = await idOf('SELECT id_conta AS id FROM conta_bancaria WHERE id_organization <> 1 LIMIT 1');
    await expectRefusedUnwritten(card({ id_operadora_cartao: ownOperator, id_conta: foreignAccount }), SALE_BUILD_MESSAGES.accountNotFound);
    await expectRefusedUnwritten(card({ id_operadora_cartao: ownOperator, id_conta: 999_999 }), SALE_BUILD_MESSAGES.accountNotFound);

    const body = card({ id_operadora_cartao: ownOperator });
    body.id_usuario_vendedor = ownSeller;
    body.itens[0]!.id_usuario_vendedor = ownSeller;
    body.itens[0]!.id_cenario_fiscal = ownScenario;
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const order = await t.db.system((tx) => tx.query<{ id_usuario_vendedor: number }>(
      'SELECT id_usuario_vendedor FROM pedido WHERE id_pedido = $1', [res.json['id_pedido']]));
    expect(order.rows[0]!.id_usuario_vendedor).toBe(ownSeller);
    const item = await t.db.system((tx) => tx.query<{ id_usuario_vendedor: number; id_cenario_fiscal: number }>(
      'SELECT id_usuario_vendedor, id_cenario_fiscal FROM pedido_item WHERE id_pedido = $1', [res.json['id_pedido']]));
    expect(item.rows[0]).toMatchObject({ id_usuario_vendedor: ownSeller, id_cenario_fiscal: ownScenario });
  });

  it("stores the carrier named on the order or the invoice, and refuses another organization's person or a non-carrier", async () => {
    const idOf = async (sql: string) => (await t.db.system((tx) => tx.query<{ id: number }>(sql))).rows[0]!.id;
    const carrier = await idOf('SELECT id_pessoa AS id FROM pessoa WHERE id_organization = 1 AND is_transportadora ORDER BY id_pessoa LIMIT 1');
    const foreignCarrier = await idOf(
      `INSERT INTO pessoa (id_organization, tipo, nome, is_transportadora)
       SELECT id_organization, 'J', 'Transportadora de Outra Loja', true FROM organization WHERE id_organization <> 1 LIMIT 1
       RETURNING id_pessoa AS id`);
    const invoices = await count('nota_fiscal');

    await expectRefusedUnwritten(saleBody(f, { id_transportadora: foreignCarrier }), SALE_BUILD_MESSAGES.carrierNotFound);
    // A customer of the organization is a person, but not a carrier.
    await expectRefusedUnwritten(saleBody(f, { id_transportadora: f.id_cliente }), 'Transportadora não encontrada.');
    await expectRefusedUnwritten(saleBody(f, { id_transportadora: 999_999 }), SALE_BUILD_MESSAGES.carrierNotFound);
    await expectRefusedUnwritten(saleBody(f, { modelo: '65', id_transportadora: foreignCarrier }), SALE_BUILD_MESSAGES.carrierNotFound);
    expect(await count('nota_fiscal')).toBe(invoices);

    const order = await t.call('POST', '/operacao', saleBody(f, { id_transportadora: carrier, tipo_frete: 0, frete: 0 }), cashier);
    expect(order.status, JSON.stringify(order.json)).toBe(200);
    expect(await count('pedido WHERE id_pedido = $1 AND id_transportadora = $2', [order.json['id_pedido'], carrier])).toBe(1);
    const invoice = await t.call('POST', '/operacao', saleBody(f, { modelo: '65', id_transportadora: carrier }), cashier);
    expect(invoice.status, JSON.stringify(invoice.json)).toBe(200);
    expect(await count('nota_fiscal WHERE id_nota_fiscal = $1 AND id_transportadora = $2', [invoice.json['id_nota_fiscal'], carrier])).toBe(1);
    // None named: none stored.
    const none = await t.call('POST', '/operacao', saleBody(f), cashier);
    expect(await count('pedido WHERE id_pedido = $1 AND id_transportadora IS NULL', [none.json['id_pedido']])).toBe(1);
  });
});
