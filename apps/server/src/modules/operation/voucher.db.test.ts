import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OperacaoBody } from '@pdv/contract/operation';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let cashier: string;
let f: SaleFixture;
let voucherProduct: number;

const count = (from: string, params: unknown[] = []) => countRows(t.db, from, params);
const stockOf = async (id_estoque: number) =>
  (await t.db.system((tx) => tx.query<{ quantidade: number }>('SELECT quantidade FROM estoque WHERE id_estoque = $1', [id_estoque]))).rows[0]!.quantidade;
const balanceOf = async (id: number) =>
  (await t.db.system((tx) => tx.query<{ saldo: number }>('SELECT saldo FROM vale_credito WHERE id_vale_credito = $1', [id]))).rows[0]!.saldo;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  f = await loadSaleFixture(t.db);
  const { rows } = await t.db.system((tx) => tx.query<{ id: number }>(
    'SELECT id_produto_grade_filial_vale_credito AS id FROM filial_configuracao WHERE id_filial = $1', [f.id_filial]));
  voucherProduct = rows[0]!.id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 10, quantidade_reserva = 0 WHERE id_estoque = $1', [f.product.id_estoque]));
});

/** The sale of a voucher of `valor` paid in cash (ValeCredito mode). */
function voucherSale(valor: number, fields: Partial<OperacaoBody> = {}): OperacaoBody {
  return saleBody(f, {
    modo_operacao: 'ValeCredito',
    itens: [{
      id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: voucherProduct, id_endereco_estoque: f.product.id_endereco_estoque,
      descricao: 'Vale Crédito', quantidade: 1, valor_unitario: valor,
    }],
    pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: valor }],
    ...fields,
  });
}

async function sellVoucher(valor: number, fields: Partial<OperacaoBody> = {}) {
  const res = await t.call('POST', '/operacao', voucherSale(valor, fields), cashier);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { id: Number(res.json['id_vale_credito']), codigo: String(res.json['codigo_vale_credito']), json: res.json };
}

/** A cash-and-voucher sale of one unit of the fixture's product: `voucher` reais from the voucher. */
function paidWithVoucher(id_vale_credito: number | null, voucher: number, method = f.methods['12']!): OperacaoBody {
  const body = saleBody(f);
  body.pagamentos = [
    { id_pagamento: randomUUID(), id_meio_pagamento: method, valor_total: voucher, id_vale_credito },
    { id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: Math.round((f.product.preco - voucher) * 100) / 100 },
  ];
  return body;
}

describe('ValeCredito mode (000 §1)', () => {
  it('issues a voucher whose balance is the value, once per operation, and answers its id and code', async () => {
    const body = voucherSale(150, { id_cliente: f.id_cliente });
    const first = await t.call('POST', '/operacao', body, cashier);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toMatchObject({ situacao: 'Processado', duplicado: false, valor_total: 150, id_nota_fiscal: null });
    expect(first.json['codigo_vale_credito']).toMatch(/^\d{12}$/);
    const again = await t.call('POST', '/operacao', body, cashier);
    expect(again.json).toMatchObject({ duplicado: true, id_vale_credito: first.json['id_vale_credito'], codigo_vale_credito: first.json['codigo_vale_credito'] });

    const card = await t.call('POST', '/gift_card/get-by-gift-card', { codigo: first.json['codigo_vale_credito'] }, cashier);
    expect(card.json).toMatchObject({ valor: 150, saldo: 150, situacao: 'Ativo', id_pessoa: f.id_cliente, id_operacao: body.id_operacao });
    expect(await count('vale_credito WHERE id_operacao = $1', [body.id_operacao])).toBe(1);
    expect(await count(`vale_credito_movimentacao WHERE id_operacao = $1 AND tipo = 'Emissao'`, [body.id_operacao])).toBe(1);
    // The order keeps the line and the payment, is concluded (never invoiced) and moves no stock.
    const order = await t.db.system((tx) => tx.query<{ situacao: string; operacao: string }>(
      'SELECT situacao, operacao FROM pedido WHERE id_pedido = $1', [first.json['id_pedido']]));
    expect(order.rows[0]).toEqual({ situacao: 'Concluida', operacao: 'Pedido' });
    expect(await count('pedido_pagamento WHERE id_pedido = $1', [first.json['id_pedido']])).toBe(1);
    expect(await count('movimentacao_estoque WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
  });

  it('issues one voucher when the same operation arrives twice at once', async () => {
    const body = voucherSale(20);
    const [a, b] = await Promise.all([t.call('POST', '/operacao', body, cashier), t.call('POST', '/operacao', body, cashier)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json['id_vale_credito']).toBe(b.json['id_vale_credito']);
    expect([a.json['duplicado'], b.json['duplicado']].sort()).toEqual([false, true]);
    expect(await count('vale_credito WHERE id_operacao = $1', [body.id_operacao])).toBe(1);
  });

  it('refuses other products, an invoice model, no value and a voucher paid with a voucher, writing nothing', async () => {
    const cases: Array<[OperacaoBody, string]> = [
      [voucherSale(10, { itens: saleBody(f).itens }), 'A operação de vale crédito aceita apenas o produto de vale crédito.'],
      [voucherSale(10, { modelo: '65' }), 'A venda de vale crédito não emite nota fiscal ao finalizar.'],
      [voucherSale(10, { itens: [], pagamentos: [] }), 'Informe o valor do vale crédito.'],
      [voucherSale(10, { pagamentos: [] }), 'O valor pago não cobre o total da operação. Falta pagar R$ 10,00.'],
    ];
    const card = await sellVoucher(30);
    cases.push([voucherSale(10, { pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['12']!, valor_total: 10, id_vale_credito: card.id }] }),
      'Um vale crédito não pode ser pago com outro vale crédito.']);
    for (const [body, message] of cases) {
      const res = await t.call('POST', '/operacao', body, cashier);
      expect(res.status, message).toBe(400);
      expect(res.json['message']).toBe(message);
      expect(await count('operacao WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
      expect(await count('vale_credito WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
    }
  });
});

describe('paying with a voucher (000 §3.4 id_vale_credito)', () => {
  it('takes the payment from the balance once per operation and links it to the payment', async () => {
    const card = await sellVoucher(100);
    const body = paidWithVoucher(card.id, 30);
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await balanceOf(card.id)).toBe(70);
    const again = await t.call('POST', '/operacao', body, cashier);
    expect(again.json['duplicado']).toBe(true);
    expect(await balanceOf(card.id)).toBe(70);
    expect(await count(`vale_credito_movimentacao WHERE id_vale_credito = $1 AND tipo = 'Resgate'`, [card.id])).toBe(1);
    expect(await count('pedido_pagamento WHERE id_pedido = $1 AND id_vale_credito = $2', [res.json['id_pedido'], card.id])).toBe(1);
    const looked = await expectOk(t, 'giftCardGetByCode', { codigo: card.codigo }, cashier);
    expect(looked.json['saldo']).toBe(70);
  });

  it('adds up two payments with the same voucher and refuses what the balance does not cover, writing nothing', async () => {
    const card = await sellVoucher(20);
    const body = saleBody(f);
    const rest = Math.round((f.product.preco - 25) * 100) / 100;
    body.pagamentos = [
      { id_pagamento: randomUUID(), id_meio_pagamento: f.methods['12']!, valor_total: 15, id_vale_credito: card.id },
      { id_pagamento: randomUUID(), id_meio_pagamento: f.methods['12']!, valor_total: 10, id_vale_credito: card.id },
      { id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: rest },
    ];
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe('Saldo do vale crédito insuficiente. Saldo disponível: R$ 20,00.');
    expect(await balanceOf(card.id)).toBe(20);
    expect(await stockOf(f.product.id_estoque)).toBe(10);
    expect(await count('operacao WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
  });

  it('refuses unknown and cancelled vouchers, a voucher method without a code and a code on another method', async () => {
    const cancelled = await sellVoucher(10);
    const cancel = await expectOk(t, 'giftCardCancel', { id_vale_credito: cancelled.id, motivo_cancelamento: 'Teste' }, cashier);
    expect(cancel.status).toBe(200);
    const card = await sellVoucher(10);
    const cases: Array<[OperacaoBody, string]> = [
      [paidWithVoucher(999_999, 5), 'Vale crédito não encontrado.'],
      [paidWithVoucher(cancelled.id, 5), 'Vale crédito cancelado.'],
      [paidWithVoucher(null, 5), 'Informe o código do vale crédito.'],
      [paidWithVoucher(card.id, 5, f.methods['17']), 'O pagamento com vale crédito deve usar o meio de pagamento Vale Crédito.'],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('POST', '/operacao', body, cashier);
      expect(res.status, message).toBe(400);
      expect(res.json['message']).toBe(message);
    }
    expect(await balanceOf(card.id)).toBe(10);
  });

  it('is not usable by another organization nor in another branch', async () => {
    const card = await sellVoucher(50);
    // Branch 2 of the same organization.
    const f2 = await loadSaleFixture(t.db, '2');
    const other = saleBody(f2);
    other.pagamentos = [
      { id_pagamento: randomUUID(), id_meio_pagamento: f2.methods['12']!, valor_total: 5, id_vale_credito: card.id },
      { id_pagamento: randomUUID(), id_meio_pagamento: f2.methods['01']!, valor_total: Math.round((f2.product.preco - 5) * 100) / 100 },
    ];
    const branch2 = await t.call('POST', '/operacao', { ...other, id_usuario_vendedor: null }, await t.login('filial2@demo.com.br'));
    expect(branch2.status).toBe(400);
    expect(branch2.json['message']).toBe('Vale crédito emitido por outra filial.');
    // Another organization: its own branch, product and methods, our voucher's id.
    const foreign = await t.db.system(async (tx) => {
      const { rows } = await tx.query<{ id_filial: number; id_pgf: number; id_end: number; preco: number; cash: number; voucher: number }>(
        `SELECT f.id_filial, e.id_produto_grade_filial AS id_pgf, e.id_endereco_estoque AS id_end, pgf.preco_venda AS preco,
                (SELECT id_meio_pagamento FROM meio_pagamento m WHERE m.id_organization = o.id_organization AND meio_pagamento = '01') AS cash,
                (SELECT id_meio_pagamento FROM meio_pagamento m WHERE m.id_organization = o.id_organization AND meio_pagamento = '12') AS voucher
           FROM organization o JOIN filial f USING (id_organization)
           JOIN estoque e ON e.id_organization = f.id_organization AND e.id_filial = f.id_filial AND e.quantidade >= 1
           JOIN produto_grade_filial pgf ON pgf.id_organization = e.id_organization AND pgf.id_produto_grade_filial = e.id_produto_grade_filial
          WHERE o.nome = 'Outra Loja' AND pgf.preco_venda > 5 ORDER BY e.id_estoque LIMIT 1`);
      return rows[0]!;
    });
    const res = await t.call('POST', '/operacao', {
      id_operacao: randomUUID(), modo_operacao: 'Venda', modelo: null, id_filial: foreign.id_filial, data_inicio: new Date().toISOString(),
      itens: [{ id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: foreign.id_pgf, id_endereco_estoque: foreign.id_end,
        descricao: 'Produto', quantidade: 1, valor_unitario: foreign.preco }],
      pagamentos: [
        { id_pagamento: randomUUID(), id_meio_pagamento: foreign.voucher, valor_total: 5, id_vale_credito: card.id },
        { id_pagamento: randomUUID(), id_meio_pagamento: foreign.cash, valor_total: Math.round((foreign.preco - 5) * 100) / 100 },
      ],
    }, await t.login('outra@demo.com.br'));
    expect(res.status).toBe(400);
    expect(res.json['message'], JSON.stringify(res.json)).toBe('Vale crédito não encontrado.');
    expect(await balanceOf(card.id)).toBe(50);
  });

  it('issues the next free code when a custom code took the next code of the series, instead of failing', async () => {
    const current = Number((await t.call('POST', '/gift_card/generate-next-code', {}, cashier)).json['codigo']);
    const code = (n: number) => String(n).padStart(12, '0');
    const manager = await t.login('gerente@demo.com.br');
    const custom = await t.call('POST', '/gift_card/sell-in-checkout',
      { codigo: code(current + 1), valor: 5, observacao: 'Código combinado com o cliente' }, manager);
    expect(custom.status, JSON.stringify(custom.json)).toBe(200);
    // Twice: the taken code is skipped for good, not retried by the next operation.
    const first = await sellVoucher(20);
    const second = await sellVoucher(30);
    expect([first.codigo, second.codigo]).toEqual([code(current + 2), code(current + 3)]);
    expect(await balanceOf(first.id)).toBe(20);
    const next = await t.call('POST', '/gift_card/generate-next-code', {}, cashier);
    expect(next.json['codigo']).toBe(code(current + 4));
  });

  it('serves the voucher PDF with its code to its organization only', async () => {
    const card = await sellVoucher(75);
    const res = await t.call('POST', '/gift_card/imprimir', { id_vale_credito: card.id }, cashier);
    expect(res.status, JSON.stringify(res.json).slice(0, 200)).toBe(200);
    expect(res.json['codigo']).toBe(card.codigo);
    const pdf = Buffer.from(String(res.json['pdf_base64']), 'base64').toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain(card.codigo);
    const foreign = await t.call('POST', '/gift_card/imprimir', { id_vale_credito: card.id }, await t.login('outra@demo.com.br'));
    expect(foreign.status).toBe(404);
  });
});

describe('Consignacao mode (000 §4.5)', () => {
  const consignment = (fields: Partial<OperacaoBody> = {}) => saleBody(f, { modo_operacao: 'Consignacao', pagamentos: [], id_cliente: f.id_cliente, ...fields }, 3);

  it('creates a consignment order whose items start pending send with zero quantities, moving no stock', async () => {
    const body = consignment();
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const full = await t.call('POST', '/order/find_by_id', { id_pedido: res.json['id_pedido'] }, cashier);
    expect(full.json).toMatchObject({ operacao: 'Consignacao', situacao: 'Edicao', id_cliente: f.id_cliente });
    const itens = full.json['itens'] as Array<Record<string, unknown>>;
    expect(itens.map((i) => [i['quantidade'], i['situacao_consignacao'], i['quantidade_retorno'], i['quantidade_venda']]))
      .toEqual([[3, 'PendenteEnvio', 0, 0]]);
    expect(await stockOf(f.product.id_estoque)).toBe(10);
    expect(await count('documento_financeiro WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
    // The order module's steps take it from there.
    const sent = await expectOk(t, 'consignmentSend', { id_pedido: res.json['id_pedido'] }, cashier);
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    expect(sent.json['situacao']).toBe('EnviadoCliente');
  });

  it('needs a customer and takes no payment nor invoice model', async () => {
    const cases: Array<[OperacaoBody, string]> = [
      [consignment({ id_cliente: null }), 'Informe um cliente para concluir a operação de consignação.'],
      [consignment({ pagamentos: saleBody(f).pagamentos }), 'A consignação não recebe pagamentos ao finalizar: eles entram no faturamento do que o cliente ficar.'],
      [consignment({ modelo: '65' }), 'A consignação não emite nota fiscal ao finalizar: fature o que o cliente ficar nas etapas da consignação.'],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('POST', '/operacao', body, cashier);
      expect(res.status, message).toBe(400);
      expect(res.json['message']).toBe(message);
      expect(await count('pedido WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
    }
  });
});
