/**
 * Issue 15, "A cashier can create value from nothing": a dishonest cashier with a valid token sends POST /api/operacao
 * bodies with unit prices of their own. The server rebuilds each line's price with the point of sale's rules (domain
 * price-check.ts): the price table at the version the till priced from (72 hours), the wholesale rule per product, the
 * price-change limits for typed prices, and refuses the rest with nothing written.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperacaoBody } from '@pdv/contract/operation';
import { AUTHORIZATION_MESSAGES } from '@pdv/domain/authorization';
import { MESSAGES } from '@pdv/domain/messages';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { PRICE_MESSAGES } from '@pdv/domain/price-check';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let cashier: string;
let manager: string;
let f: SaleFixture;
type Line = OperacaoBody['itens'][number];

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br'); // price reduction up to 5%, increase up to 100%
  manager = await t.login('gerente@demo.com.br');
  f = await loadSaleFixture(t.db);
  // Stock for every sale below (the branch controls negative stock).
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 1000 WHERE id_filial = $1', [f.id_filial]));
});
afterAll(async () => {
  await t.close();
});

/** A cash sale of the given lines of the fixture's product, paid exactly. */
function sale(lines: Array<Partial<Line>>, fields: Partial<OperacaoBody> = {}): OperacaoBody {
  const body = saleBody(f, fields);
  const base = body.itens[0]!;
  body.itens = lines.map((l) => ({ ...base, id_item: randomUUID(), ...l }));
  const total = body.itens.reduce((sum, l) => sum + Math.round(l.valor_unitario * 100) * l.quantidade, 0);
  body.pagamentos[0]!.valor_total = Math.round(total) / 100;
  return body;
}

/** Answered 400 with `message`, and nothing of the operation written (no order, no stock movement, no claim). */
async function expectRefused(body: OperacaoBody, message: string, token = cashier): Promise<void> {
  const res = await t.call('POST', '/operacao', body, token);
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json['message']).toBe(message);
  expect(await countRows(t.db, 'pedido WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
  expect(await countRows(t.db, 'movimentacao_estoque WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
  expect(await countRows(t.db, 'operacao WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
}

async function expectSold(body: OperacaoBody, token = cashier): Promise<void> {
  const res = await t.call('POST', '/operacao', body, token);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(await countRows(t.db, 'pedido WHERE id_operacao = $1', [body.id_operacao])).toBe(1);
}

const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(text, params))).rows;

/** The grid row's data_alteracao as the sync sends it (the version a till holds). */
async function versionOf(id_produto_grade_filial: number): Promise<string> {
  const rows = await sql<{ v: string }>(
    `SELECT to_char(data_alteracao AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS v FROM produto_grade_filial
      WHERE id_produto_grade_filial = $1`, [id_produto_grade_filial]);
  return rows[0]!.v;
}

describe('POST /api/operacao: unit prices from the price table', () => {
  it('refuses the 39,90 product sold at 0,01 with the expected and received prices, writing nothing', async () => {
    expect(f.product.preco).toBe(39.9);
    await expectRefused(sale([{ quantidade: 1, valor_unitario: 0.01 }]),
      PRICE_MESSAGES.priceMismatch(f.product.descricao, 3990, 1));
    expect(PRICE_MESSAGES.priceMismatch(f.product.descricao, 3990, 1)).toBe(
      `O preço de ${f.product.descricao} não confere com a tabela de preços (esperado R$ 39,90, recebido R$ 0,01).`);
    // Marked as a typed price it is held to the cashier's 5% reduction.
    await expectRefused(sale([{ quantidade: 1, valor_unitario: 0.01, is_preco_alterado: true }]), MESSAGES.priceReductionAboveMax(500));
  });

  it('passes a typed price within the limit and refuses one above it', async () => {
    const typed = sale([{ quantidade: 1, valor_unitario: 37.91, is_preco_alterado: true }]); // 39,90 less 1,99
    await expectSold(typed);
    // The order line keeps the mark (the wholesale rule leaves a typed price alone when the order changes later).
    expect(await sql(`SELECT i.valor_unitario::float8 AS v, i.is_preco_alterado AS typed FROM pedido_item i
      JOIN pedido p ON p.id_pedido = i.id_pedido WHERE p.id_operacao = $1`, [typed.id_operacao])).toEqual([{ v: 37.91, typed: true }]);
    await expectRefused(sale([{ quantidade: 1, valor_unitario: 37, is_preco_alterado: true }]), MESSAGES.priceReductionAboveMax(500));
  });

  it("passes a typed price above the limit once with a supervisor's authorization, not twice", async () => {
    const grant = await expectOk(t, 'validateUserCredential',
      { email: 'gerente@demo.com.br', password: 'demo1234', permission: SUPERVISOR_PERMISSIONS.discountAboveLimit }, cashier);
    const id_autorizacao_limite = Number(grant.json['id_autorizacao']);
    await expectSold(sale([{ quantidade: 1, valor_unitario: 30, is_preco_alterado: true }], { id_autorizacao_limite }));
    await expectRefused(sale([{ quantidade: 1, valor_unitario: 30, is_preco_alterado: true }], { id_autorizacao_limite }),
      AUTHORIZATION_MESSAGES.notGranted);
    // An authorization never lets a line that is not a typed price leave the table.
    const other = Number((await expectOk(t, 'validateUserCredential',
      { email: 'gerente@demo.com.br', password: 'demo1234', permission: SUPERVISOR_PERMISSIONS.discountAboveLimit }, cashier)).json['id_autorizacao']);
    await expectRefused(sale([{ quantidade: 1, valor_unitario: 30 }], { id_autorizacao_limite: other }),
      PRICE_MESSAGES.priceMismatch(f.product.descricao, 3990, 3000));
  });

  it('sells 5 G + 1 M of one product at the wholesale price and refuses them at retail', async () => {
    // Another variation of the fixture's product in the branch, with stock.
    const [m] = await sql<{ id_produto_grade_filial: number; id_endereco_estoque: number }>(
      `SELECT e.id_produto_grade_filial, e.id_endereco_estoque FROM estoque e
         JOIN produto_grade_filial pgf ON pgf.id_produto_grade_filial = e.id_produto_grade_filial
         JOIN produto_grade pg ON pg.id_produto_grade = pgf.id_produto_grade
        WHERE e.id_filial = $1 AND e.quantidade >= 1 AND e.id_produto_grade_filial <> $2
          AND pg.id_produto = (SELECT g.id_produto FROM produto_grade_filial x JOIN produto_grade g ON g.id_produto_grade = x.id_produto_grade
                                WHERE x.id_produto_grade_filial = $2)
        ORDER BY 1 LIMIT 1`, [f.id_filial, f.product.id_produto_grade_filial]);
    expect(m).toBeDefined();
    expect([f.product.quantidade_atacarejo, f.product.preco_atacado]).toEqual([6, 34.9]);
    const wholesale = { valor_unitario: 34.9, tipo_preco: 'Atacado' as const, is_atacarejo: true };
    await expectSold(sale([{ quantidade: 5, ...wholesale }, { quantidade: 1, ...wholesale, ...m!, descricao: 'Camiseta M' }]));
    await expectRefused(sale([{ quantidade: 5 }, { quantidade: 1, ...m!, descricao: 'Camiseta M' }]),
      PRICE_MESSAGES.priceMismatch(f.product.descricao, 3490, 3990));
  });
});

describe('POST /api/operacao: price versions within 72 hours', () => {
  const grid = () => f.product.id_produto_grade_filial;

  it('accepts the version the till priced from after the price changed, records who changed it, and checks no version against the current price', async () => {
    const before = await versionOf(grid());
    await expectOk(t, 'productUpdate', { id_produto: (await sql<{ id: number }>(
      `SELECT pg.id_produto AS id FROM produto_grade_filial pgf JOIN produto_grade pg ON pg.id_produto_grade = pgf.id_produto_grade
        WHERE pgf.id_produto_grade_filial = $1`, [grid()]))[0]!.id, preco_venda: 45.9 }, manager);
    const after = await versionOf(grid());
    expect(after > before).toBe(true);

    await expectSold(sale([{ quantidade: 1, valor_unitario: 39.9, versao_preco: before }]));
    await expectRefused(sale([{ quantidade: 1, valor_unitario: 39.9 }]), PRICE_MESSAGES.priceMismatch(f.product.descricao, 4590, 3990));
    await expectRefused(sale([{ quantidade: 1, valor_unitario: 39.9, versao_preco: after }]),
      PRICE_MESSAGES.priceMismatch(f.product.descricao, 4590, 3990));
    await expectSold(sale([{ quantidade: 1, valor_unitario: 45.9, versao_preco: after }]));

    // The price tab's history: oldest first, the change with the manager who made it.
    const history = await expectOk(t, 'priceHistoryList', { id_produto_grade_filial: grid() }, manager);
    const rows = history.json['rows'] as Array<{ preco_venda: number; data_alteracao: string; usuario_nome: string | null }>;
    expect(rows.map((r) => r.preco_venda)).toEqual([39.9, 45.9]);
    expect(rows[1]!.data_alteracao).toBe(after);
    expect(rows[0]!.usuario_nome).toBeNull();
    expect(rows[1]!.usuario_nome).not.toBeNull();
  });

  it('checks a version whose price stopped being current more than 72 hours ago against the current price', async () => {
    // The 39,90 price ended 73 hours ago (the 45,90 one took effect then).
    await sql(`UPDATE preco_historico SET vigente_desde = now() - interval '100 hours' WHERE id_produto_grade_filial = $1 AND preco_venda = 39.9`, [grid()]);
    await sql(`UPDATE preco_historico SET vigente_desde = now() - interval '73 hours' WHERE id_produto_grade_filial = $1 AND preco_venda = 45.9`, [grid()]);
    const old = (await sql<{ v: string }>(`SELECT to_char((now() - interval '90 hours') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS v`))[0]!.v;
    await expectRefused(sale([{ quantidade: 1, valor_unitario: 39.9, versao_preco: old }]),
      PRICE_MESSAGES.priceMismatch(f.product.descricao, 4590, 3990));
    await expectSold(sale([{ quantidade: 1, valor_unitario: 45.9, versao_preco: old }]));
    // Ended 71 hours ago: still accepted.
    await sql(`UPDATE preco_historico SET vigente_desde = now() - interval '71 hours' WHERE id_produto_grade_filial = $1 AND preco_venda = 45.9`, [grid()]);
    await expectSold(sale([{ quantidade: 1, valor_unitario: 39.9, versao_preco: old }]));
  });

  it('refuses an operation dated in the future or begun more than 72 hours ago, and allows a clock 5 minutes ahead', async () => {
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const line = { quantidade: 1, valor_unitario: 45.9 };
    await expectRefused(sale([line], { data_inicio: at(60 * 60 * 1000) }), PRICE_MESSAGES.operationInFuture);
    await expectRefused(sale([line], { data_fim: at(60 * 60 * 1000) }), PRICE_MESSAGES.operationInFuture);
    await expectRefused(sale([line], { data_inicio: at(-73 * 60 * 60 * 1000) }), PRICE_MESSAGES.operationTooOld);
    await expectSold(sale([line], { data_inicio: at(5 * 60 * 1000) }));
    await expectSold(sale([line], { data_inicio: at(-71 * 60 * 60 * 1000) }));
  });
});
