import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pdv/domain/messages';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { SALE_BUILD_MESSAGES } from '@pdv/domain/sale-build';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let cashier: string;
let other: string;
let f: SaleFixture;

const system = (sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query(sql, params));
const setConfig = (sql: string) => system(`UPDATE filial_configuracao SET ${sql} WHERE id_filial = $1`, [f.id_filial]);
const cents = (v: unknown) => Math.round(Number(v) * 100);

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  // These tests type prices and discounts freely; the per-user caps have their own tests (service-orders.db.test.ts).
  await t.db.system((tx) => tx.query(`UPDATE usuario SET percentual_desconto_maximo = 100, perc_max_aumento_preco_produto = 999,
    perc_max_reducao_preco_produto = 100 WHERE email = 'caixa@demo.com.br'`));
  other = await t.login('outra@demo.com.br');
  f = await loadSaleFixture(t.db);
  await setConfig('is_liberar_pedido = false, controla_estoque_negativo = true');
});
afterAll(async () => {
  await t.close();
});

type Json = Record<string, unknown>;
type Line = { id_pedido_item: number; valor_sub_total: number; valor_desconto_subtotal: number; valor_desconto: number; valor_total: number; is_cancelado: boolean; quantidade: number; valor_unitario: number; descricao: string; id_usuario_vendedor: number | null };
const linesOf = (order: Json) => order['itens'] as Line[];

async function newOrder(body: Json = {}): Promise<number> {
  const res = await t.call('POST', '/order/create', { id_cliente: f.id_cliente, ...body }, cashier);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return Number(res.json['id_pedido']);
}
const addItem = (id_pedido: number, body: Json = {}) => t.call('POST', '/order_item/create', {
  id_pedido, id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque, ...body,
}, cashier);
async function addOk(id_pedido: number, body: Json = {}): Promise<Json> {
  const res = await addItem(id_pedido, body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}
const setStatus = (id_pedido: number, situacao: string) => t.call('PUT', '/order/update', { id_pedido, situacao }, cashier);

/** The header adds up to its live lines and payments. */
function expectConsistent(order: Json) {
  const live = linesOf(order).filter((l) => !l.is_cancelado);
  const bruto = live.reduce((s, l) => s + cents(l.valor_sub_total), 0);
  const desconto = live.reduce((s, l) => s + cents(l.valor_desconto), 0);
  for (const l of live) expect(cents(l.valor_total)).toBe(cents(l.valor_sub_total) - cents(l.valor_desconto));
  expect(cents(order['valor_total_bruto'])).toBe(bruto);
  expect(cents(order['valor_desconto'])).toBe(desconto);
  expect(cents(order['valor_total_liquido'])).toBe(bruto - desconto + cents(order['valor_frete']) + cents(order['valor_seguro']) + cents(order['valor_outros']));
}

describe('POST /api/order_item/create', () => {
  it('copies the product and its branch price into the line and recalculates the order', async () => {
    const id = await newOrder({ valor_frete: 5 });
    const order = await addOk(id, { quantidade: 2 });
    const [line] = linesOf(order);
    expect(line!.descricao.startsWith(f.product.descricao)).toBe(true);
    expect(line).toMatchObject({ quantidade: 2, valor_unitario: Number(f.product.preco) });
    expect(cents(line!.valor_sub_total)).toBe(cents(f.product.preco) * 2);
    expect(cents(order['valor_total_liquido'])).toBe(cents(f.product.preco) * 2 + 500);
    expectConsistent(order);
  });

  it('returns a released order to Edicao when an item is added (000 §4.3)', async () => {
    const id = await newOrder();
    await addOk(id);
    expect((await setStatus(id, 'Liberado')).json['situacao']).toBe('Liberado');
    const order = await addOk(id, { id_produto_grade_filial: f.second.id_produto_grade_filial, id_endereco_estoque: f.second.id_endereco_estoque });
    expect(order['situacao']).toBe('Edicao');
    expect(linesOf(order)).toHaveLength(2);
  });

  it('refuses items on a cancelled or invoiced order and writes nothing', async () => {
    const id = await newOrder();
    await addOk(id);
    await setStatus(id, 'Cancelado');
    const before = await countRows(t.db, 'pedido_item');
    const res = await addItem(id);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe('O pedido está cancelado e não pode ser alterado.');
    const billed = await newOrder();
    await system(`UPDATE pedido SET situacao = 'Faturado' WHERE id_pedido = $1`, [billed]);
    expect((await addItem(billed)).json['message']).toBe('O pedido está faturado e não pode ser alterado.');
    await system(`UPDATE pedido SET situacao = 'Edicao', is_processando = true WHERE id_pedido = $1`, [billed]);
    expect((await addItem(billed)).json['message']).toBe(ORDER_MESSAGES.processing);
    expect(await countRows(t.db, 'pedido_item')).toBe(before);
  });

  it('answers the order item modal checks with the spec texts, all of them in erros', async () => {
    const sold = await t.call('POST', '/operacao', saleBody(f), cashier); // a pre-sale without client, in Edicao
    const res = await t.call('POST', '/order_item/create', { id_pedido: sold.json['id_pedido'], valor_unitario: 0 }, cashier);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe('Cliente do pedido não informado');
    expect(res.json['erros']).toEqual(['Cliente do pedido não informado', 'Produto não informado',
      'O valor do item tem que ser maior que 0.', 'Endereço de estoque não selecionado.']);
    const id = await newOrder();
    expect((await addItem(id, { valor_desconto_item: 9999 })).json['message']).toBe('O valor do item tem que ser maior que 0.');
  });

  it('checks the stock under negative-stock control, counting the whole order', async () => {
    const { rows } = await system('SELECT quantidade - quantidade_reserva AS livre FROM estoque WHERE id_estoque = $1', [f.product.id_estoque]);
    const free = Number(rows[0]!['livre']);
    const id = await newOrder();
    await addOk(id, { quantidade: free });
    const res = await addItem(id, { quantidade: 1 });
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(MESSAGES.stockInsufficient(free * 1000, (free + 1) * 1000));
    await setConfig('controla_estoque_negativo = false');
    try {
      await addOk(id, { quantidade: 1 });
    } finally {
      await setConfig('controla_estoque_negativo = true');
    }
  });

  it("answers another organization's order like a missing one, and refuses another organization's product", async () => {
    const id = await newOrder();
    const foreign = await t.call('POST', '/order_item/create', { id_pedido: id, quantidade: 1 }, other);
    expect(foreign.status).toBe(404);
    expect(foreign.json['message']).toBe(ORDER_MESSAGES.notFound);
    const { rows } = await system(`SELECT pgf.id_produto_grade_filial AS id FROM produto_grade_filial pgf JOIN organization o USING (id_organization)
      WHERE o.nome = 'Outra Loja' LIMIT 1`);
    if (rows[0]) {
      const res = await addItem(id, { id_produto_grade_filial: rows[0]['id'] });
      expect(res.status).toBe(400);
      expect(res.json['message']).toBe('Produto não informado');
    }
  });
});

describe('wholesale rule on order lines (000 §4.6)', () => {
  it('reprices the retail lines of a variation at the wholesale quantity and back when a line is cancelled; typed prices stay', async () => {
    const grid = f.second.id_produto_grade_filial;
    const { rows } = await system(`SELECT pg.id_produto, pgf.preco_atacado FROM produto_grade_filial pgf
      JOIN produto_grade pg USING (id_organization, id_produto_grade) WHERE pgf.id_produto_grade_filial = $1`, [grid]);
    const { id_produto, preco_atacado } = rows[0] as { id_produto: number; preco_atacado: string };
    await system('UPDATE produto SET quantidade_atacarejo = 3 WHERE id_produto = $1', [id_produto]);
    await system('UPDATE produto_grade_filial SET preco_atacado = 7 WHERE id_produto_grade_filial = $1', [grid]);
    try {
      const id = await newOrder();
      const line = { id_produto_grade_filial: grid, id_endereco_estoque: f.second.id_endereco_estoque };
      await addOk(id, { ...line, quantidade: 2 });
      await addOk(id, { ...line, quantidade: 1, valor_unitario: 50 });
      const order = await addOk(id, { ...line, quantidade: 1 });
      expect(linesOf(order).map((l) => l.valor_unitario)).toEqual([7, 50, 7]);
      expectConsistent(order);
      // The typed-price line still counts towards the threshold: 2 + 1 + 1 -> 1 + 1 once the first line goes.
      const back = await t.call('PUT', '/order_item/patch_update', { id_pedido_item: linesOf(order)[0]!.id_pedido_item, is_cancelado: true }, cashier);
      expect(linesOf(back.json).filter((l) => !l.is_cancelado).map((l) => l.valor_unitario)).toEqual([50, Number(f.second.preco)]);
      expectConsistent(back.json);
    } finally {
      await system('UPDATE produto SET quantidade_atacarejo = NULL WHERE id_produto = $1', [id_produto]);
      await system('UPDATE produto_grade_filial SET preco_atacado = $2 WHERE id_produto_grade_filial = $1', [grid, preco_atacado]);
    }
  });
});

describe('PUT /api/order_item/update and patch_update', () => {
  it('update replaces the line and takes the current price again when none is given', async () => {
    const id = await newOrder();
    const line = linesOf(await addOk(id, { valor_unitario: 1 }))[0]!;
    const res = await expectOk(t, 'orderItemUpdate', { id_pedido_item: line.id_pedido_item, quantidade: 3 }, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(linesOf(res.json)[0]).toMatchObject({ quantidade: 3, valor_unitario: Number(f.product.preco) });
    expectConsistent(res.json);
  });

  it('update of a product without price answers the spec text', async () => {
    const id = await newOrder();
    const line = linesOf(await addOk(id, { id_produto_grade_filial: f.second.id_produto_grade_filial, id_endereco_estoque: f.second.id_endereco_estoque }))[0]!;
    await system('UPDATE produto_grade_filial SET preco_venda = 0 WHERE id_produto_grade_filial = $1', [f.second.id_produto_grade_filial]);
    try {
      const res = await t.call('PUT', '/order_item/update', { id_pedido_item: line.id_pedido_item, quantidade: 1 }, cashier);
      expect(res.status).toBe(400);
      expect(res.json['message']).toBe('Não é possível editar este produto, exclua o mesmo e adicione novamente no pedido.');
    } finally {
      await system('UPDATE produto_grade_filial SET preco_venda = $2 WHERE id_produto_grade_filial = $1', [f.second.id_produto_grade_filial, f.second.preco]);
    }
  });

  it('patch changes only what it names; is_cancelado removes the line from the totals', async () => {
    const id = await newOrder();
    await addOk(id, { valor_unitario: 10 });
    const order = await addOk(id, { valor_unitario: 20, quantidade: 2, id_produto_grade_filial: f.second.id_produto_grade_filial, id_endereco_estoque: f.second.id_endereco_estoque });
    const [first, second] = linesOf(order);
    const discounted = await expectOk(t, 'orderItemPatchUpdate', { id_pedido_item: second!.id_pedido_item, desconto_percentual: 10 }, cashier);
    expect(discounted.status, JSON.stringify(discounted.json)).toBe(200);
    expect(linesOf(discounted.json)[1]).toMatchObject({ quantidade: 2, valor_unitario: 20, valor_desconto: 4, valor_total: 36 });
    expect(discounted.json['valor_total_liquido']).toBe(46);
    const cancelled = await t.call('PUT', '/order_item/patch_update', { id_pedido_item: first!.id_pedido_item, is_cancelado: true }, cashier);
    expect(cancelled.json['valor_total_liquido']).toBe(36);
    expect(linesOf(cancelled.json)[0]!.is_cancelado).toBe(true);
    expectConsistent(cancelled.json);
    const again = await t.call('PUT', '/order_item/patch_update', { id_pedido_item: first!.id_pedido_item, quantidade: 2 }, cashier);
    expect(again.status).toBe(404);
    expect(again.json['message']).toBe(ORDER_MESSAGES.itemNotFound);
  });
});

describe('subtotal discount, recalculation and seller', () => {
  it('spreads a subtotal discount over the lines in proportion, remainder on the first, and resets it', async () => {
    const id = await newOrder();
    await addOk(id, { valor_unitario: 10 });
    await addOk(id, { valor_unitario: 10 });
    await addOk(id, { valor_unitario: 10 });
    const res = await expectOk(t, 'orderItemCalculateSubtotalDiscount', { id_pedido: id, valor_desconto: 1 }, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(linesOf(res.json).map((l) => l.valor_desconto_subtotal)).toEqual([0.34, 0.33, 0.33]);
    expect(res.json).toMatchObject({ valor_desconto_subtotal: 1, valor_desconto: 1, valor_total_liquido: 29 });
    expectConsistent(res.json);
    const pct = await t.call('POST', '/order_item/calculate_subtotal_discount', { id_pedido: id, desconto_percentual: 10 }, cashier);
    expect(pct.json).toMatchObject({ valor_desconto_subtotal: 3, valor_total_liquido: 27 });
    const tooMuch = await t.call('POST', '/order_item/calculate_subtotal_discount', { id_pedido: id, valor_desconto: 31 }, cashier);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json['message']).toBe(MESSAGES.discountAboveItems);
    const reset = await t.call('POST', '/order_item/reset_sub_total_discount', { id_pedido: id }, cashier);
    expect(linesOf(reset.json).map((l) => l.valor_desconto_subtotal)).toEqual([0, 0, 0]);
    expect(reset.json).toMatchObject({ valor_desconto_subtotal: 0, valor_total_liquido: 30 });
  });

  it('recalc_order_values repairs a header that does not add up, keeping the status', async () => {
    const id = await newOrder();
    await addOk(id, { valor_unitario: 10, quantidade: 2 });
    await setStatus(id, 'Liberado');
    await system('UPDATE pedido SET valor_total_bruto = 1, valor_total_liquido = 1 WHERE id_pedido = $1', [id]);
    const res = await t.call('POST', '/order_item/recalc_order_values', { id_pedido: id }, cashier);
    expect(res.json).toMatchObject({ situacao: 'Liberado', valor_total_bruto: 20, valor_total_liquido: 20 });
  });

  it('update_user_seller sets the seller of every line, or of one; refuses a seller of another organization', async () => {
    const id = await newOrder();
    await addOk(id);
    const order = await addOk(id);
    const { rows } = await system(`SELECT id_usuario AS id FROM usuario WHERE email = 'filial2@demo.com.br'`);
    const seller = Number(rows[0]!['id']);
    const all = await t.call('POST', '/order_item/update_user_seller', { id_pedido: id, id_usuario_vendedor: seller }, cashier);
    expect(all.status, JSON.stringify(all.json)).toBe(200);
    expect(all.json['id_usuario_vendedor']).toBe(seller);
    expect(linesOf(all.json).map((l) => l.id_usuario_vendedor)).toEqual([seller, seller]);
    const one = await t.call('POST', '/order_item/update_user_seller',
      { id_pedido: id, id_usuario_vendedor: null, id_pedido_item: linesOf(order)[1]!.id_pedido_item }, cashier);
    expect(linesOf(one.json).map((l) => l.id_usuario_vendedor)).toEqual([seller, null]);
    const foreign = await system(`SELECT id_usuario AS id FROM usuario WHERE email = 'outra@demo.com.br'`);
    const res = await t.call('POST', '/order_item/update_user_seller', { id_pedido: id, id_usuario_vendedor: foreign.rows[0]!['id'] }, cashier);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe('Vendedor não encontrado.');
  });

  it('find_by_order lists the lines and find_to_print_labels one label per started unit of live lines', async () => {
    const id = await newOrder();
    await addOk(id, { quantidade: 2.5 });
    const order = await addOk(id);
    await t.call('PUT', '/order_item/patch_update', { id_pedido_item: linesOf(order)[1]!.id_pedido_item, is_cancelado: true }, cashier);
    const found = await t.call('POST', '/order_item/find_by_order', { id_pedido: id }, cashier);
    expect((found.json['rows'] as Line[]).map((l) => l.is_cancelado)).toEqual([false, true]);
    const labels = await t.call('POST', '/order_item/find_to_print_labels', { id_pedido: id }, cashier);
    expect(labels.json['rows']).toEqual([expect.objectContaining({ quantidade: 2.5, quantidade_etiquetas: 3 })]);
  });
});

describe('/api/order_payment/*', () => {
  it('adds payments against the balance with the spec texts, deletes one and all, and keeps the totals', async () => {
    const id = await newOrder();
    await addOk(id, { valor_unitario: 50 });
    const pay = (body: Json) => t.call('POST', '/order_payment/create', { id_pedido: id, ...body }, cashier);
    expect((await pay({ valor_total: 10 })).json['message']).toBe(MESSAGES.paymentMethodRequired);
    expect((await pay({ id_meio_pagamento: f.methods['17'], valor_total: 0 })).json['message']).toBe(MESSAGES.paymentValueRequired);
    expect((await pay({ id_meio_pagamento: f.methods['17'], valor_total: 60 })).json['message']).toBe(MESSAGES.paymentAboveBalance);
    expect((await pay({ id_meio_pagamento: f.methods['04'], valor_total: 10 })).json['message']).toBe(MESSAGES.cardOperatorRequired);
    const pix = await pay({ id_meio_pagamento: f.methods['17'], valor_total: 30 });
    expect(pix.status, JSON.stringify(pix.json)).toBe(200);
    const cash = await pay({ id_meio_pagamento: f.methods['01'], valor_total: 30 });
    expect(cash.json).toMatchObject({ valor_pago: 60, valor_troco: 10 });
    const payments = cash.json['pagamentos'] as Array<{ id_pedido_pagamento: number }>;
    const removed = await expectOk(t, 'orderPaymentDelete', { id_pedido_pagamento: payments[1]!.id_pedido_pagamento }, cashier);
    expect(removed.json).toMatchObject({ valor_pago: 30, valor_troco: 0 });
    expect(removed.json['pagamentos']).toHaveLength(1);
    const none = await expectOk(t, 'orderPaymentDeleteByOrder', { id_pedido: id }, cashier);
    expect(none.json).toMatchObject({ valor_pago: 0, pagamentos: [] });
    const gone = await t.call('POST', '/order_payment/delete', { id_pedido_pagamento: payments[1]!.id_pedido_pagamento }, cashier);
    expect(gone.status).toBe(404);
  });

  it('refuses a plan of installments that does not add up, holds a zero or falls due before today, and a bank account not of the organization', async () => {
    const id = await newOrder();
    await addOk(id, { valor_unitario: 39.9 });
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const pay = (parcelas: Array<[number, string]>, body: Json = {}) => t.call('POST', '/order_payment/create', {
      id_pedido: id, id_meio_pagamento: f.methods['05'], valor_total: 39.9, quantidade_parcelas: parcelas.length,
      parcelamento: parcelas.map(([valor, data_vencimento], index) => ({ parcela: index + 1, valor, data_vencimento })), ...body,
    }, cashier);
    const refused = (res: { status: number; json: Json }, message: string) => {
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json['message']).toBe(message);
    };
    refused(await pay([[0.01, day(30)], [0.01, day(60)]]), SALE_BUILD_MESSAGES.installmentsSum(2, 3990));
    refused(await pay([[39.9, day(30)], [0, day(60)]]), SALE_BUILD_MESSAGES.installmentNotPositive(2));
    refused(await pay([[19.95, day(-1)], [19.95, day(30)]]), SALE_BUILD_MESSAGES.installmentBefore(1, day(-1), day(0)));
    refused(await pay([[19.95, day(0)], [19.95, day(30)]], { id_conta: 999_999 }), SALE_BUILD_MESSAGES.accountNotFound);
    const foreignAccount = await t.db.system(async (tx) =>
      (await tx.query<{ id: number }>('SELECT id_conta AS id FROM conta_bancaria WHERE id_organization <> 1 LIMIT 1')).rows[0]!.id);
    refused(await t.call('POST', '/order_payment/create', { id_pedido: id, id_meio_pagamento: f.methods['01'], valor_total: 10, id_conta: foreignAccount }, cashier),
      SALE_BUILD_MESSAGES.accountNotFound);
    expect(await countRows(t.db, 'pedido_pagamento WHERE id_pedido = $1', [id])).toBe(0);
    const res = await pay([[19.95, day(0)], [19.95, day(30)]]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [p] = res.json['pagamentos'] as Array<{ parcelamento: Array<{ valor: number }> }>;
    expect(p!.parcelamento.map((i) => i.valor)).toEqual([19.95, 19.95]);
  });

  it('builds the installments of an instalment method and refuses payments on a cancelled order', async () => {
    const id = await newOrder();
    await addOk(id, { valor_unitario: 100 });
    const res = await t.call('POST', '/order_payment/create', { id_pedido: id, id_meio_pagamento: f.methods['05'], valor_total: 100, quantidade_parcelas: 3 }, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [p] = res.json['pagamentos'] as Array<{ parcelamento: Array<{ valor: number }> }>;
    expect(p!.parcelamento.map((i) => i.valor)).toEqual([33.33, 33.33, 33.34]); // remainder on the last (000 §5)
    await setStatus(id, 'Cancelado');
    const refused = await t.call('POST', '/order_payment/delete_by_order', { id_pedido: id }, cashier);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe('O pedido está cancelado e não pode ser alterado.');
  });
});
