import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let cashier: string;
let f: SaleFixture;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  // These tests type prices and discounts freely; the per-user caps have their own tests (service-orders.db.test.ts).
  await t.db.system((tx) => tx.query(`UPDATE usuario SET percentual_desconto_maximo = 100, perc_max_aumento_preco_produto = 999,
    perc_max_reducao_preco_produto = 100 WHERE email = 'caixa@demo.com.br'`));
  f = await loadSaleFixture(t.db);
  await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET is_liberar_pedido = false WHERE id_filial = $1', [f.id_filial]));
});
afterAll(async () => {
  await t.close();
});

type Item = { id_pedido_item: number; quantidade_retorno: number; quantidade_venda: number; situacao_consignacao: string | null };
const items = (json: Record<string, unknown>) => json['itens'] as Item[];
const step = (path: string, body: Record<string, unknown>) => t.call('POST', `/order/${path}`, body, cashier);

/** A consignment with 3 units of one product and 2 of another. */
async function consignment() {
  const created = await expectOk(t, 'orderCreate', { id_cliente: f.id_cliente, operacao: 'Consignacao' }, cashier);
  const id_pedido = Number(created.json['id_pedido']);
  for (const [p, quantidade] of [[f.product, 3], [f.second, 2]] as const) {
    const res = await expectOk(t, 'orderItemCreate', {
      id_pedido, id_produto_grade_filial: p.id_produto_grade_filial, id_endereco_estoque: p.id_endereco_estoque, quantidade, valor_unitario: 10,
    }, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }
  return { id_pedido, nsu: Number(created.json['nsu']) };
}

describe('consignment steps (000 §4.5)', () => {
  it('sends, takes part back, finishes and sells the rest as an invoice draft', async () => {
    const { id_pedido } = await consignment();
    const start = await t.call('POST', '/order/find_by_id', { id_pedido }, cashier);
    expect(items(start.json).map((i) => [i.situacao_consignacao, i.quantidade_retorno, i.quantidade_venda]))
      .toEqual([['PendenteEnvio', 0, 0], ['PendenteEnvio', 0, 0]]);
    const sent = await step('consignment_invoice_pending', { id_pedido });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    expect(sent.json['situacao']).toBe('EnviadoCliente');
    const [a, b] = items(sent.json);
    const tooMuch = await step('consignment_invoice_return', { id_pedido, itens: [{ id_pedido_item: a!.id_pedido_item, quantidade_retorno: 4 }] });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json['message']).toMatch(/^A quantidade devolvida de .* é maior que a quantidade enviada\.$/);
    const back = await expectOk(t, 'consignmentReturn', { id_pedido, itens: [
      { id_pedido_item: a!.id_pedido_item, quantidade_retorno: 1 }, { id_pedido_item: b!.id_pedido_item, quantidade_retorno: 2 }] }, cashier);
    expect(back.json['situacao']).toBe('RetornoCliente');
    expect(items(back.json).map((i) => i.situacao_consignacao)).toEqual(['Enviado', 'Retornado']);
    const finished = await expectOk(t, 'consignmentFinish', { id_pedido }, cashier);
    expect(finished.json['situacao']).toBe('AguardandoConclusao');
    expect(items(finished.json).map((i) => [i.quantidade_venda, i.situacao_consignacao])).toEqual([[2, 'AguardandoFaturamento'], [0, 'Retornado']]);
    const sold = await expectOk(t, 'consignmentSell', { id_pedido, modelo: '65' }, cashier);
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    expect(sold.json['sell']).toBe(true);
    const nf = await t.call('POST', '/invoice/find_by_id', { id_nota_fiscal: sold.json['id_nota_fiscal'] }, cashier);
    expect(nf.json['itens']).toEqual([expect.objectContaining({ quantidade: 2, valor_unitario: 10 })]);
    expect(nf.json['valor_nota_fiscal']).toBe(20);
    const after = await t.call('POST', '/order/find_by_id', { id_pedido }, cashier);
    expect(after.json['situacao']).toBe('NotaPendente');
    expect(items(after.json).map((i) => i.situacao_consignacao)).toEqual(['Faturado', 'Retornado']);
  });

  it('concludes at once when everything came back, and then nothing can be sold', async () => {
    const { id_pedido } = await consignment();
    const sent = await step('consignment_invoice_pending', { id_pedido });
    const itens = items(sent.json).map((i, n) => ({ id_pedido_item: i.id_pedido_item, quantidade_retorno: n === 0 ? 3 : 2 }));
    await step('consignment_invoice_return', { id_pedido, itens });
    const finished = await step('consignment_invoice_finish', { id_pedido });
    expect(finished.json['situacao']).toBe('Concluida');
    const sell = await step('consignment_invoice_sell', { id_pedido });
    expect(sell.status).toBe(400);
    expect(sell.json['message']).toBe('Nenhum item dessa consignação pode ser vendido');
  });

  it('refuses steps out of order, on other operations, and cancels an open consignment', async () => {
    const { id_pedido } = await consignment();
    const early = await step('consignment_invoice_finish', { id_pedido });
    expect(early.status).toBe(400);
    expect(early.json['message']).toBe('O pedido está em edição e não pode ser alterado.');
    const order = await t.call('POST', '/order/create', { id_cliente: f.id_cliente }, cashier);
    const wrong = await step('consignment_invoice_pending', { id_pedido: order.json['id_pedido'] });
    expect(wrong.json['message']).toBe('O pedido não é uma consignação.');
    const cancelled = await expectOk(t, 'consignmentCancel', { id_pedido }, cashier);
    expect(cancelled.json['situacao']).toBe('Cancelado');
    expect((await step('consignment_invoice_pending', { id_pedido })).json['message']).toBe('O pedido está cancelado e não pode ser alterado.');
  });
});
