/**
 * Consignment and stock (000 §4.5, §5): sending reserves the units (quantidade_reserva: still the shop's, not free to
 * sell), a return releases what came back, the sale's invoice releases and takes what the customer kept, cancelling
 * releases the rest; the till refuses to sell reserved units under negative-stock control.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let cashier: string;
let f: SaleFixture;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  f = await loadSaleFixture(t.db);
  await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET is_liberar_pedido = false, controla_estoque_negativo = true WHERE id_filial = $1',
    [f.id_filial]));
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 5, quantidade_reserva = 0 WHERE id_estoque = ANY($1)',
    [[f.product.id_estoque, f.second.id_estoque]]));
});

async function stock(id_estoque: number): Promise<{ quantidade: number; reserva: number }> {
  const { rows } = await t.db.system((tx) => tx.query<{ quantidade: string; quantidade_reserva: string }>(
    'SELECT quantidade::text, quantidade_reserva::text FROM estoque WHERE id_estoque = $1', [id_estoque]));
  return { quantidade: Number(rows[0]!.quantidade), reserva: Number(rows[0]!.quantidade_reserva) };
}

type Item = { id_pedido_item: number };

/** A consignment of 3 units of the fixture's product and 2 of the second one, sent to the customer. */
async function sentConsignment() {
  const created = await expectOk(t, 'orderCreate', { id_cliente: f.id_cliente, operacao: 'Consignacao' }, cashier);
  const id_pedido = Number(created.json['id_pedido']);
  for (const [p, quantidade] of [[f.product, 3], [f.second, 2]] as const) {
    await expectOk(t, 'orderItemCreate', {
      id_pedido, id_produto_grade_filial: p.id_produto_grade_filial, id_endereco_estoque: p.id_endereco_estoque, quantidade, valor_unitario: p.preco,
    }, cashier);
  }
  const sent = await expectOk(t, 'consignmentSend', { id_pedido }, cashier);
  return { id_pedido, itens: sent.json['itens'] as Item[] };
}

describe('consignment stock (000 §4.5)', () => {
  it('reserves the units on sending without moving the stock', async () => {
    const movements = await countRows(t.db, 'movimentacao_estoque');
    await sentConsignment();
    expect(await stock(f.product.id_estoque)).toEqual({ quantidade: 5, reserva: 3 });
    expect(await stock(f.second.id_estoque)).toEqual({ quantidade: 5, reserva: 2 });
    expect(await countRows(t.db, 'movimentacao_estoque')).toBe(movements);
  });

  it('follows a sent line changed or removed from the order screen, and sending again reserves only what was added', async () => {
    const { id_pedido, itens } = await sentConsignment();
    const patched = await t.call('PUT', '/order_item/patch_update', { id_pedido_item: itens[0]!.id_pedido_item, quantidade: 4 }, cashier);
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);
    expect(await stock(f.product.id_estoque)).toEqual({ quantidade: 5, reserva: 4 });
    const removed = await t.call('PUT', '/order_item/patch_update', { id_pedido_item: itens[1]!.id_pedido_item, is_cancelado: true }, cashier);
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect(await stock(f.second.id_estoque)).toEqual({ quantidade: 5, reserva: 0 });
    // Above the free stock under negative-stock control: refused, the reservation as it was.
    const tooMany = await t.call('PUT', '/order_item/patch_update', { id_pedido_item: itens[0]!.id_pedido_item, quantidade: 6 }, cashier);
    expect(tooMany.status).toBe(400);
    expect(await stock(f.product.id_estoque)).toEqual({ quantidade: 5, reserva: 4 });
    // A new line waits for the next send; sending again reserves it and nothing twice.
    await expectOk(t, 'orderItemCreate', {
      id_pedido, id_produto_grade_filial: f.second.id_produto_grade_filial, id_endereco_estoque: f.second.id_endereco_estoque, quantidade: 1, valor_unitario: f.second.preco,
    }, cashier);
    expect(await stock(f.second.id_estoque)).toEqual({ quantidade: 5, reserva: 0 });
    await expectOk(t, 'consignmentSend', { id_pedido }, cashier);
    expect(await stock(f.product.id_estoque)).toEqual({ quantidade: 5, reserva: 4 });
    expect(await stock(f.second.id_estoque)).toEqual({ quantidade: 5, reserva: 1 });
  });

  it('refuses to send more than the free stock under negative-stock control, reserving nothing', async () => {
    await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade_reserva = 4 WHERE id_estoque = $1', [f.product.id_estoque]));
    const created = await expectOk(t, 'orderCreate', { id_cliente: f.id_cliente, operacao: 'Consignacao' }, cashier);
    const id_pedido = Number(created.json['id_pedido']);
    await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = false WHERE id_filial = $1', [f.id_filial]));
    await expectOk(t, 'orderItemCreate', {
      id_pedido, id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque, quantidade: 3, valor_unitario: f.product.preco,
    }, cashier);
    await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = true WHERE id_filial = $1', [f.id_filial]));
    const refused = await t.call('POST', '/order/consignment_invoice_pending', { id_pedido }, cashier);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe('Estoque insuficiente. Estoque atual: 1,000. Quantidade informada: 3,000.');
    expect(await stock(f.product.id_estoque)).toEqual({ quantidade: 5, reserva: 4 });
  });

  it('releases what came back, keeps what the customer kept reserved, and the invoice takes it', async () => {
    const { id_pedido, itens } = await sentConsignment();
    await expectOk(t, 'consignmentReturn', { id_pedido, itens: [
      { id_pedido_item: itens[0]!.id_pedido_item, quantidade_retorno: 1 }, { id_pedido_item: itens[1]!.id_pedido_item, quantidade_retorno: 2 }] }, cashier);
    expect(await stock(f.product.id_estoque)).toEqual({ quantidade: 5, reserva: 2 });
    expect(await stock(f.second.id_estoque)).toEqual({ quantidade: 5, reserva: 0 });
    // A second return step corrects the first: only the difference moves.
    await expectOk(t, 'consignmentReturn', { id_pedido, itens: [{ id_pedido_item: itens[0]!.id_pedido_item, quantidade_retorno: 0 }] }, cashier);
    expect(await stock(f.product.id_estoque)).toEqual({ quantidade: 5, reserva: 3 });
    await expectOk(t, 'consignmentReturn', { id_pedido, itens: [{ id_pedido_item: itens[0]!.id_pedido_item, quantidade_retorno: 1 }] }, cashier);
    await expectOk(t, 'consignmentFinish', { id_pedido }, cashier);
    expect(await stock(f.product.id_estoque)).toEqual({ quantidade: 5, reserva: 2 });
    const sold = await expectOk(t, 'consignmentSell', { id_pedido, modelo: '65' }, cashier);
    expect(await stock(f.product.id_estoque)).toEqual({ quantidade: 3, reserva: 0 });
    expect(await stock(f.second.id_estoque)).toEqual({ quantidade: 5, reserva: 0 });
    const { rows } = await t.db.system((tx) => tx.query<{ quantidade: string; id_pedido: number }>(
      'SELECT quantidade::text, id_pedido FROM movimentacao_estoque WHERE id_nota_fiscal = $1', [sold.json['id_nota_fiscal']]));
    expect(rows).toEqual([{ quantidade: '-2.000', id_pedido }]);
  });

  it('releases the rest when the consignment is cancelled, once', async () => {
    const { id_pedido, itens } = await sentConsignment();
    await expectOk(t, 'consignmentReturn', { id_pedido, itens: [{ id_pedido_item: itens[0]!.id_pedido_item, quantidade_retorno: 1 }] }, cashier);
    await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade_reserva = quantidade_reserva + 1 WHERE id_estoque = $1', [f.product.id_estoque]));
    await expectOk(t, 'consignmentCancel', { id_pedido }, cashier);
    // The 1 reserved by someone else stays.
    expect(await stock(f.product.id_estoque)).toEqual({ quantidade: 5, reserva: 1 });
    expect(await stock(f.second.id_estoque)).toEqual({ quantidade: 5, reserva: 0 });
    await t.call('POST', '/order/consignment_cancel', { id_pedido }, cashier);
    expect(await stock(f.product.id_estoque)).toEqual({ quantidade: 5, reserva: 1 });
  });

  it("gives the consignment's sale invoice its payment and the instalment method's receivables", async () => {
    const { id_pedido, itens } = await sentConsignment();
    await expectOk(t, 'consignmentReturn', { id_pedido, itens: [
      { id_pedido_item: itens[0]!.id_pedido_item, quantidade_retorno: 1 }, { id_pedido_item: itens[1]!.id_pedido_item, quantidade_retorno: 2 }] }, cashier);
    await expectOk(t, 'consignmentFinish', { id_pedido }, cashier);
    const total = Math.round(f.product.preco * 2 * 100) / 100;
    const crediario = f.methods['05']!;
    const wrong = await t.call('POST', '/order/consignment_invoice_sell', { id_pedido, modelo: '55',
      pagamentos: [{ id_meio_pagamento: crediario, valor_total: total - 1, quantidade_parcelas: 2 }] }, cashier);
    expect(wrong.status).toBe(400);
    expect(wrong.json['message']).toMatch(/^Os pagamentos \(R\$ .*\) devem somar o total da venda da consignação \(R\$ .*\)\.$/);
    expect(await stock(f.product.id_estoque)).toEqual({ quantidade: 5, reserva: 2 });
    // One payment without a value pays the whole sale.
    const sold = await expectOk(t, 'consignmentSell', { id_pedido, modelo: '55',
      pagamentos: [{ id_meio_pagamento: crediario, quantidade_parcelas: 2 }] }, cashier);
    const id_nota_fiscal = sold.json['id_nota_fiscal'];
    const nf = await t.call('POST', '/invoice/find_by_id', { id_nota_fiscal }, cashier);
    expect(nf.json['pagamentos']).toEqual([expect.objectContaining({ id_meio_pagamento: crediario, valor_total: total })]);
    const { rows } = await t.db.system((tx) => tx.query<{ valor: string; id_pessoa: number; id_pedido: number }>(
      'SELECT valor_documento::text AS valor, id_pessoa, id_pedido FROM documento_financeiro WHERE id_nota_fiscal = $1 ORDER BY sequencia', [id_nota_fiscal]));
    expect(rows.map((r) => Number(r.valor)).reduce((a, b) => a + b, 0)).toBeCloseTo(total, 2);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.id_pessoa === f.id_cliente && r.id_pedido === id_pedido)).toBe(true);
  });

  it("refuses the till's sale of reserved units under negative-stock control, and sells the free ones", async () => {
    await sentConsignment();
    const orders = await countRows(t.db, 'pedido');
    const refused = await t.call('POST', '/operacao', saleBody(f, {}, 3), cashier);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe('Estoque insuficiente. Estoque atual: 2,000. Quantidade informada: 3,000.');
    expect(await countRows(t.db, 'pedido')).toBe(orders);
    expect(await stock(f.product.id_estoque)).toEqual({ quantidade: 5, reserva: 3 });
    const sold = await t.call('POST', '/operacao', saleBody(f, {}, 2), cashier);
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    expect(await stock(f.product.id_estoque)).toEqual({ quantidade: 3, reserva: 3 });
  });
});
