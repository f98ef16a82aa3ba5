/**
 * Cashback in POST /api/operacao and its history (issue 30; domain cashback.ts): a customer's sale under a cashback
 * promotion accrues per line (checked against what the till claims), blocked for the branch's days; a Programa de
 * Fidelidade payment redeems only the available balance from the branch's minimum on; cancelling or returning reverses
 * it; the synced people row carries the balance and the blocked entries.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperacaoBody } from '@pdv/contract/operation';
import { CASHBACK_MESSAGES as M } from '@pdv/domain/cashback';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let f: SaleFixture;
let categoria: number;
let cashbackMethod: number;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
const cents = (reais: number) => Math.round(reais * 100);

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  f = await loadSaleFixture(t.db);
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 1000 WHERE id_estoque = $1', [f.product.id_estoque]));
  const { rows } = await t.db.system((tx) => tx.query<{ id_categoria: number }>(
    `SELECT p.id_categoria FROM produto_grade_filial pgf
       JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
       JOIN produto p ON p.id_organization = pg.id_organization AND p.id_produto = pg.id_produto
      WHERE pgf.id_produto_grade_filial = $1`, [f.product.id_produto_grade_filial]));
  categoria = rows[0]!.id_categoria;
  cashbackMethod = f.methods['19']!;
  expect(cashbackMethod).toBeGreaterThan(0);
  await expectOk(t, 'promotionCreate', {
    descricao: 'Cashback de teste', data_inicio: day(-1), data_fim: day(1), is_desconto: false, is_cashback: true,
    categorias: [{ id_categoria: categoria, tipo: 'Percentual', venda: 0, atacado: 0, cashback_tipo: 'Percentual', cashback_venda: 10, cashback_atacado: 5 }],
  }, manager);
});
afterAll(async () => {
  await t.close();
});

async function customer(): Promise<number> {
  const res = await expectOk(t, 'personCreate', { nome: `Cliente ${randomUUID().slice(0, 8)}`, is_cliente: true }, manager);
  return Number(res.json['id_pessoa']);
}

async function branchCashback(minimo: number, dias: number): Promise<void> {
  await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET valor_resgate_cashback = $2, dias_bloqueio_cashback = $3 WHERE id_filial = $1',
    [f.id_filial, minimo, dias]));
}

/** One unit sold to `id_cliente`, claiming `valor_cashback` when given; paid in cash, or partly with cashback. */
function sale(id_cliente: number | null, opts: { valor_cashback?: number; resgate?: number } = {}): OperacaoBody {
  const body = saleBody(f, id_cliente === null ? {} : { id_cliente });
  if (opts.valor_cashback !== undefined) Object.assign(body.itens[0]!, { valor_cashback: opts.valor_cashback });
  if (opts.resgate) {
    body.pagamentos = [
      { id_pagamento: randomUUID(), id_meio_pagamento: cashbackMethod, valor_total: opts.resgate },
      { id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: Math.round((f.product.preco - opts.resgate) * 100) / 100 },
    ];
  }
  return body;
}

const history = async (id_pessoa: number) => (await expectOk(t, 'peopleCashbackHistory', { id_pessoa }, manager)).json;
const tenPercent = () => Math.floor(cents(f.product.preco) / 10) / 100;

describe('cashback accrual', () => {
  it('accrues 10% of the line to an identified customer, blocked for the branch days, and keeps it on the sale and line', async () => {
    await branchCashback(0, 7);
    const id = await customer();
    const body = sale(id, { valor_cashback: tenPercent() });
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json['valor_cashback']).toBe(tenPercent());
    const h = await history(id);
    expect(h).toMatchObject({ saldo: tenPercent(), disponivel: 0, bloqueado: tenPercent() });
    const [entry] = h['lancamentos'] as Array<Record<string, unknown>>;
    expect(entry).toMatchObject({ tipo: 'Acumulo', valor: tenPercent() });
    const blockedDays = (Date.parse(String(entry!['disponivel_em'])) - Date.parse(body.data_fim ?? body.data_inicio)) / 86_400_000;
    expect(Math.round(blockedDays)).toBe(7);
    const stored = await t.db.system((tx) => tx.query<{ cab: number; linha: number }>(
      `SELECT p.valor_cashback::float8 AS cab, i.valor_cashback::float8 AS linha FROM pedido p
         JOIN pedido_item i ON i.id_organization = p.id_organization AND i.id_pedido = p.id_pedido WHERE p.id_operacao = $1`, [body.id_operacao]));
    expect(stored.rows).toEqual([{ cab: tenPercent(), linha: tenPercent() }]);
    // A resend accrues nothing more.
    const again = await t.call('POST', '/operacao', body, cashier);
    expect(again.status).toBe(200);
    expect(await countRows(t.db, 'pessoa_cashback_lancamento WHERE id_pessoa = $1', [id])).toBe(1);
  });

  it('accrues nothing without a customer and refuses a claimed cashback other than the rule gives, writing nothing', async () => {
    const anonymous = sale(null);
    expect((await t.call('POST', '/operacao', anonymous, cashier)).status).toBe(200);
    const id = await customer();
    const before = await countRows(t.db, 'pedido');
    const greedy = await t.call('POST', '/operacao', sale(id, { valor_cashback: tenPercent() + 1 }), cashier);
    expect(greedy.status).toBe(400);
    expect(greedy.json['message']).toBe(M.cashbackMismatch(f.product.descricao, cents(tenPercent()), cents(tenPercent() + 1)));
    expect(await countRows(t.db, 'pedido')).toBe(before);
    const none = await t.call('POST', '/operacao', sale(null, { valor_cashback: 1 }), cashier);
    expect(none.status).toBe(400);
  });

  it('carries the balance and the blocked entries in the synced people row', async () => {
    await branchCashback(0, 3);
    const id = await customer();
    expect((await t.call('POST', '/operacao', sale(id), cashier)).status).toBe(200);
    const page = await t.call('POST', '/people/list-by-changes', { date_change: '', limit: 5000 }, cashier);
    const row = (page.json['rows'] as Array<Record<string, unknown>>).find((r) => r['id_pessoa'] === id)!;
    expect(Number(row['cashback_saldo'])).toBe(tenPercent());
    expect(row['cashback_bloqueios']).toEqual([expect.objectContaining({ valor: tenPercent() })]);
  });
});

describe('cashback redemption', () => {
  it('refuses a redemption while the accrual is blocked, and redeems once it is available', async () => {
    await branchCashback(0, 7);
    const id = await customer();
    expect((await t.call('POST', '/operacao', sale(id), cashier)).status).toBe(200);
    const blocked = await t.call('POST', '/operacao', sale(id, { resgate: 0.5 }), cashier);
    expect(blocked.status).toBe(400);
    expect(blocked.json['message']).toBe(M.noneAvailable);
    // The block days pass.
    await t.db.system((tx) => tx.query(`UPDATE pessoa_cashback_lancamento SET disponivel_em = now() - interval '1 minute' WHERE id_pessoa = $1`, [id]));
    const above = await t.call('POST', '/operacao', sale(id, { resgate: tenPercent() + 0.01 }), cashier);
    expect(above.status).toBe(400);
    expect(above.json['message']).toBe(M.aboveAvailable(cents(tenPercent())));
    const body = sale(id, { resgate: 0.5 });
    const ok = await t.call('POST', '/operacao', body, cashier);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json['valor_cashback_resgatado']).toBe(0.5);
    const h = await history(id);
    // The new sale accrued its own (blocked) cashback too.
    expect(h).toMatchObject({ disponivel: Math.round((tenPercent() - 0.5) * 100) / 100, bloqueado: tenPercent() });
    const receivables = await countRows(t.db, 'documento_financeiro WHERE id_operacao = $1', [body.id_operacao]);
    expect(receivables).toBe(0);
  });

  it("holds the redemption to the branch's minimum available balance", async () => {
    await branchCashback(1000, 0);
    const id = await customer();
    expect((await t.call('POST', '/operacao', sale(id), cashier)).status).toBe(200);
    const res = await t.call('POST', '/operacao', sale(id, { resgate: 0.5 }), cashier);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(M.belowMinimum(cents(tenPercent()), 100_000));
    await branchCashback(0, 0);
  });
});

describe('cashback reversal and history', () => {
  it('reverses the accrual and gives back the redemption when the order is cancelled, once', async () => {
    await branchCashback(0, 0);
    const id = await customer();
    expect((await t.call('POST', '/operacao', sale(id), cashier)).status).toBe(200);
    const body = sale(id, { resgate: 0.3 });
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const before = await history(id);
    expect(before['saldo']).toBe(Math.round((2 * tenPercent() - 0.3) * 100) / 100);
    const id_pedido = Number(res.json['id_pedido']);
    const cancelled = await t.call('PUT', '/order/update', { id_pedido, situacao: 'Cancelado' }, manager);
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    const after = await history(id);
    expect(after['saldo']).toBe(tenPercent());
    const kinds = (after['lancamentos'] as Array<Record<string, unknown>>).map((e) => e['tipo']);
    expect(kinds.filter((k) => k === 'Estorno')).toHaveLength(2);
    // Cancelling again (idempotent reversal): nothing more.
    await t.db.system(async (tx) => {
      const { reverseSaleCashback } = await import('./service.ts');
      const org = (await tx.query<{ o: number }>('SELECT id_organization AS o FROM pedido WHERE id_pedido = $1', [id_pedido])).rows[0]!.o;
      const user = (await tx.query<{ u: number }>('SELECT id_usuario AS u FROM pedido WHERE id_pedido = $1', [id_pedido])).rows[0]!.u;
      await reverseSaleCashback(tx, { org, id_usuario: user, id_pedido });
    });
    expect(await countRows(t.db, `pessoa_cashback_lancamento WHERE id_pessoa = $1 AND tipo = 'Estorno'`, [id])).toBe(2);
  });

  it("takes back the returned lines' share of the accrual, once per return", async () => {
    await branchCashback(0, 7);
    const id = await customer();
    const body = saleBody(f, { id_cliente: id }, 2);
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const id_pedido = Number(res.json['id_pedido']);
    const { rows } = await t.db.system((tx) => tx.query<{ id: number; vc: string }>(
      'SELECT id_pedido_item AS id, valor_cashback::text AS vc FROM pedido_item WHERE id_pedido = $1', [id_pedido]));
    const line = rows[0]!;
    const earnedCents = cents(Number(line.vc));
    expect(earnedCents).toBeGreaterThan(0);
    const devolucao: OperacaoBody = {
      id_operacao: randomUUID(), modo_operacao: 'Devolucao', modelo: null, id_filial: f.id_filial, id_cliente: id,
      data_inicio: new Date().toISOString(), id_pedido_origem: id_pedido,
      itens: [{ id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: f.product.id_produto_grade_filial,
        id_endereco_estoque: f.product.id_endereco_estoque, descricao: f.product.descricao, quantidade: 1,
        valor_unitario: f.product.preco, id_item_origem: line.id }],
      pagamentos: [],
    };
    const returned = await t.call('POST', '/operacao', devolucao, cashier);
    expect(returned.status, JSON.stringify(returned.json)).toBe(200);
    expect(await t.call('POST', '/operacao', devolucao, cashier)).toMatchObject({ status: 200 });
    const h = await history(id);
    const left = earnedCents - Math.round(earnedCents / 2);
    expect(h).toMatchObject({ saldo: left / 100, bloqueado: left / 100, disponivel: 0 });
    expect((h['lancamentos'] as Array<Record<string, unknown>>).filter((e) => e['tipo'] === 'Estorno')).toHaveLength(1);
  });

  it('answers 404 for a person of another organization or none', async () => {
    const res = await t.call('POST', '/people_cashback/history', { id_pessoa: 999_999 }, manager);
    expect(res.status).toBe(404);
  });
});
