import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperacaoBody } from '@pdv/contract/operation';
import { AUTHORIZATION_MESSAGES } from '@pdv/domain/authorization';
import { MESSAGES } from '@pdv/domain/messages';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let cashier: string;
let manager: string;
let f: SaleFixture;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br'); // 5% maximum discount
  manager = await t.login('gerente@demo.com.br'); // 20%
  f = await loadSaleFixture(t.db);
  // The line's product follows its users' limits (no limit of its own).
  await t.db.system((tx) => tx.query(
    `UPDATE produto SET percentual_desconto_maximo = NULL WHERE id_produto =
       (SELECT pg.id_produto FROM produto_grade_filial pgf JOIN produto_grade pg ON pg.id_produto_grade = pgf.id_produto_grade
         WHERE pgf.id_produto_grade_filial = $1)`, [f.product.id_produto_grade_filial]));
});
afterAll(async () => {
  await t.close();
});

/** A sale of one 39,90 line with the discounts given, paid in cash exactly. */
function discounted(item: number, subtotal: number, fields: Partial<OperacaoBody> = {}): OperacaoBody {
  const body = saleBody(f, { valor_desconto_subtotal: subtotal, ...fields });
  const line = body.itens[0]!;
  line.valor_unitario = 39.9;
  line.valor_desconto_item = item;
  body.pagamentos[0]!.valor_total = Math.round((39.9 - item - subtotal) * 100) / 100;
  return body;
}
const written = (body: OperacaoBody) => countRows(t.db, 'pedido WHERE id_operacao = $1', [body.id_operacao]);
async function grant(): Promise<number> {
  const res = await expectOk(t, 'validateUserCredential',
    { email: 'gerente@demo.com.br', password: 'demo1234', permission: SUPERVISOR_PERMISSIONS.discountAboveLimit }, cashier);
  return Number(res.json['id_autorizacao']);
}

describe('POST /api/operacao: discounts within the user limits (001 §5)', () => {
  it("refuses the cashier's 35,00 item discount and 39,89 subtotal discount on a 39,90 line, writing nothing", async () => {
    for (const body of [discounted(35, 0), discounted(0, 39.89), discounted(39.9, 0)]) {
      const res = await t.call('POST', '/operacao', body, cashier);
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json['message']).toBe(MESSAGES.discountValueAboveMax(199, 500));
      expect(await written(body)).toBe(0);
      expect(await countRows(t.db, 'movimentacao_estoque WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
    }
  });

  it('passes the cashier within 5% and the manager within his 20%', async () => {
    const cashierSale = discounted(1.99, 0);
    expect((await t.call('POST', '/operacao', cashierSale, cashier)).status).toBe(200);
    const managerSale = discounted(4, 3.9); // 4,00 of 39,90 and 3,90 of the 35,90 left: both within 20%
    const res = await t.call('POST', '/operacao', managerSale, manager);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json['valor_total']).toBe(32);
    expect(await written(managerSale)).toBe(1);
  });

  it("passes the cashier's discount above the limit once with a supervisor's authorization, not twice", async () => {
    const id_autorizacao_limite = await grant();
    const first = discounted(35, 0, { id_autorizacao_limite });
    const res = await t.call('POST', '/operacao', first, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json['valor_total']).toBe(4.9);
    const again = discounted(0, 39.89, { id_autorizacao_limite });
    const refused = await t.call('POST', '/operacao', again, cashier);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe(AUTHORIZATION_MESSAGES.notGranted);
    expect(await written(again)).toBe(0);
  });

  it("applies the product's own lower limit to its line: 2% of the product refuses the manager's 4,00 and passes 0,79", async () => {
    const own = (limit: number | null) => t.db.system((tx) => tx.query(
      `UPDATE produto SET percentual_desconto_maximo = $2 WHERE id_produto =
         (SELECT pg.id_produto FROM produto_grade_filial pgf JOIN produto_grade pg ON pg.id_produto_grade = pgf.id_produto_grade
           WHERE pgf.id_produto_grade_filial = $1)`, [f.product.id_produto_grade_filial, limit]));
    await own(2);
    try {
      const above = discounted(4, 0); // within the manager's 20%, above the product's 2% (0,79 of 39,90)
      const refused = await t.call('POST', '/operacao', above, manager);
      expect(refused.status, JSON.stringify(refused.json)).toBe(400);
      expect(refused.json['message']).toBe(MESSAGES.discountValueAboveMax(79, 200));
      expect(await written(above)).toBe(0);
      // The subtotal discount stays within the user's limit: 3,90 of the 39,10 left passes.
      const within = discounted(0.79, 3.9);
      const res = await t.call('POST', '/operacao', within, manager);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(await written(within)).toBe(1);
    } finally {
      await own(null);
    }
  });

  it('does not spend an authorization a discount within the limit does not need', async () => {
    const id_autorizacao_limite = await grant();
    expect((await t.call('POST', '/operacao', discounted(1, 0, { id_autorizacao_limite }), cashier)).status).toBe(200);
    expect((await t.call('POST', '/operacao', discounted(30, 0, { id_autorizacao_limite }), cashier)).status).toBe(200);
  });
});
