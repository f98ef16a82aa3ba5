import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@pdv/domain/operation-state';
import { HttpError } from '../../http/errors.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';
import { changeOrderStatus, settleInvoicedOrder } from './status.ts';

let t: TestApp;
let cashier: string;
let f: SaleFixture;
let org: number;
let id_usuario: number;

const system = (sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query(sql, params));

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  f = await loadSaleFixture(t.db);
  const { rows } = await system(`SELECT id_organization AS org, id_usuario FROM usuario WHERE email = 'caixa@demo.com.br'`);
  const user = rows[0] as { org: number; id_usuario: number };
  org = user.org;
  id_usuario = user.id_usuario;
});
afterAll(async () => {
  await t.close();
});

/** An order made in the point of sale's order mode: released at once (Edicao → Liberado through changeOrderStatus). */
async function releasedOrder(): Promise<number> {
  const sold = await t.call('POST', '/operacao', saleBody(f, { modo_operacao: 'Pedido', id_cliente: f.id_cliente, pagamentos: [] }), cashier);
  expect(sold.status, JSON.stringify(sold.json)).toBe(200);
  return Number(sold.json['id_pedido']);
}

async function statusOf(id_pedido: number) {
  const { rows } = await system('SELECT situacao, id_usuario_alteracao, data_situacao FROM pedido WHERE id_pedido = $1', [id_pedido]);
  return rows[0] as { situacao: string; id_usuario_alteracao: number | null; data_situacao: Date };
}

const change = (id_pedido: number, to: OrderStatus) =>
  t.db.tenant({ id_organization: org }, (tx) => changeOrderStatus(tx, org, id_pedido, to, id_usuario));

describe('changeOrderStatus', () => {
  it('moves an order along the transition table, dated and signed by the user', async () => {
    const id = await releasedOrder();
    expect((await statusOf(id)).situacao).toBe('Liberado');
    await system(`UPDATE pedido SET data_situacao = now() - interval '1 day', id_usuario_alteracao = NULL WHERE id_pedido = $1`, [id]);
    await change(id, 'Edicao');
    const after = await statusOf(id);
    expect(after).toMatchObject({ situacao: 'Edicao', id_usuario_alteracao: id_usuario });
    expect(Date.now() - new Date(after.data_situacao).getTime()).toBeLessThan(3_600_000);
  });

  it("refuses a transition the table does not allow, with the domain's message, and leaves the order as it was", async () => {
    const id = await releasedOrder();
    const refused = await change(id, 'Concluida').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 400, message: 'Não é possível alterar a situação do pedido de liberado para concluído.' });
    expect((await statusOf(id)).situacao).toBe('Liberado');

    await system(`UPDATE pedido SET situacao = 'Faturado' WHERE id_pedido = $1`, [id]);
    await expect(change(id, 'Liberado')).rejects.toMatchObject({
      status: 400, message: 'Não é possível alterar a situação do pedido de faturado para liberado.',
    });
    expect((await statusOf(id)).situacao).toBe('Faturado');
  });

  it('refuses an order of another organization as not found', async () => {
    const id = await releasedOrder();
    const otherOrg = org + 1000;
    await expect(
      t.db.tenant({ id_organization: otherOrg }, (tx) => changeOrderStatus(tx, otherOrg, id, 'Edicao', id_usuario)),
    ).rejects.toMatchObject({ status: 400, message: 'Não foi possível localizar o pedido' });
    expect((await statusOf(id)).situacao).toBe('Liberado');
  });
});

describe('settleInvoicedOrder', () => {
  it('makes the order of an authorized invoice Faturado only while it waits for it (NotaPendente)', async () => {
    const id = await releasedOrder();
    const res = await t.call('POST', '/order/order-invoice-list', { list_orders: [id], modelo: '65' }, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const id_nota_fiscal = (res.json['notas'] as Array<{ id_nota_fiscal: number }>)[0]?.id_nota_fiscal ?? -1;
    expect((await statusOf(id)).situacao).toBe('NotaPendente');

    const settle = () => t.db.tenant({ id_organization: org }, (tx) => settleInvoicedOrder(tx, org, id_nota_fiscal, id_usuario));
    await system(`UPDATE pedido SET situacao = 'Cancelado' WHERE id_pedido = $1`, [id]);
    await settle();
    expect((await statusOf(id)).situacao).toBe('Cancelado');

    await system(`UPDATE pedido SET situacao = 'NotaPendente' WHERE id_pedido = $1`, [id]);
    await settle();
    expect((await statusOf(id)).situacao).toBe('Faturado');
  });
});
