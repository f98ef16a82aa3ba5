/**
 * Commission groups (register commissionGroup, its hooks) and the commission report per seller and period
 * (/commission/find_report): two sellers sell, one sale is partly returned, and the report's figures are the domain
 * rule's on those sales; scoped to the caller's organization and branch, guarded by its permission.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperacaoBody } from '@pdv/contract/operation';
import { COMMISSION_MESSAGES as M } from '@pdv/domain/commission';
import { PRICE_RULE_MESSAGES } from '@pdv/domain/price-rules';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let other: string;
let f: SaleFixture;
let gerente: number;
let caixa: number;
let categoria: number;
let grupo: number;

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(text, params))).rows;
const cents = (reais: number) => Math.round(reais * 100);
/** bp basis points of an amount in centavos, half up. */
const pct = (c: number, bp: number) => Math.round((c * bp) / 10_000);
const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  other = await t.login('outra@demo.com.br');
  f = await loadSaleFixture(t.db);
  const users = await sql<{ id_usuario: number; email: string }>(
    "SELECT id_usuario, email FROM usuario WHERE email IN ('gerente@demo.com.br', 'caixa@demo.com.br')");
  gerente = users.find((u) => u.email.startsWith('gerente'))!.id_usuario;
  caixa = users.find((u) => u.email.startsWith('caixa'))!.id_usuario;
  categoria = (await sql<{ id_categoria: number }>(
    `SELECT p.id_categoria FROM produto_grade_filial pgf
       JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
       JOIN produto p ON p.id_organization = pg.id_organization AND p.id_produto = pg.id_produto
      WHERE pgf.id_produto_grade_filial = $1`, [f.product.id_produto_grade_filial]))[0]!.id_categoria;
  await sql('UPDATE estoque SET quantidade = 100, quantidade_reserva = 0 WHERE id_estoque = ANY($1::int[])', [[f.product.id_estoque, f.second.id_estoque]]);
});
afterAll(async () => {
  await t.close();
});

describe('the commission group register', () => {
  it('creates a group with its sellers, rates, goal ranges and payment methods, considering returns and not financial by default', async () => {
    const created = await expectOk(t, 'commissionGroupCreate', {
      descricao: 'Vendas da loja',
      vendedores: [{ id_usuario: gerente, percentual: 2 }, { id_usuario: caixa, percentual: 3 }],
      categorias: [{ id_categoria: categoria, percentual: 5 }],
      produtos: [{ id_produto_grade_filial: f.second.id_produto_grade_filial, percentual: 10 }],
      faixas: [{ valor_inicio_faixa: f.product.preco, valor_final_faixa: f.product.preco + 0.01, percentual: 7 }],
    }, manager);
    grupo = Number(created.json['id_grupo_comissao']);
    expect(created.json).toMatchObject({
      descricao: 'Vendas da loja', tipo: 'Geral', descontar_valores: true, financeiro: false, situacao: 'Ativo',
      vendedores: [{ id_usuario: Math.min(gerente, caixa) }, { id_usuario: Math.max(gerente, caixa) }],
      categorias: [{ id_categoria: categoria, percentual: 5 }],
      produtos: [{ id_produto_grade_filial: f.second.id_produto_grade_filial, percentual: 10 }],
      faixas: [{ valor_inicio_faixa: f.product.preco, valor_final_faixa: f.product.preco + 0.01, percentual: 7 }],
      meios_pagamento: [],
    });
    const found = await expectOk(t, 'commissionGroupFindById', { id_grupo_comissao: grupo }, manager);
    expect(found.json['categorias']).toEqual([{ id_categoria: categoria, percentual: 5 }]);
  });

  it('refuses a seller of another group, overlapping ranges and a category of another organization, writing nothing', async () => {
    const before = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM grupo_comissao')).map((r) => r.n)[0];
    const seller = await t.call('POST', '/commission_group/create', { descricao: 'Outro grupo', vendedores: [{ id_usuario: caixa, percentual: 1 }] }, manager);
    expect(seller.status).toBe(400);
    expect(seller.json['message']).toBe(M.sellerInOtherGroup);
    const ranges = await t.call('POST', '/commission_group/create', {
      descricao: 'Faixas erradas',
      faixas: [{ valor_inicio_faixa: 0, valor_final_faixa: 1000, percentual: 1 }, { valor_inicio_faixa: 500, valor_final_faixa: null, percentual: 2 }],
    }, manager);
    expect(ranges.status).toBe(400);
    expect(ranges.json['message']).toBe(M.rangeOverlap);
    const foreign = (await sql<{ id: number }>(
      "SELECT c.id_categoria AS id FROM categoria c JOIN organization o USING (id_organization) WHERE o.nome <> 'Demo Moda' LIMIT 1"))[0];
    if (foreign) {
      const res = await t.call('POST', '/commission_group/create', { descricao: 'Categoria alheia', categorias: [{ id_categoria: foreign.id, percentual: 1 }] }, manager);
      expect(res.status).toBe(400);
      expect(res.json['message']).toBe(PRICE_RULE_MESSAGES.categoryNotFound);
    }
    const pctTooHigh = await t.call('POST', '/commission_group/create', { descricao: 'Cem por cento', vendedores: [{ id_usuario: gerente, percentual: 101 }] }, manager);
    expect(pctTooHigh.status).toBe(400);
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM grupo_comissao')).map((r) => r.n)[0]).toBe(before);
  });
});

/** A cash sale by `seller`: `qty1` of the fixture's product and `qty2` of its second product, to the fixture's customer. */
async function sell(seller: number, qty1: number, qty2: number, token = cashier): Promise<{ id_pedido: number | null; id_nota_fiscal: number | null; total: number; body: OperacaoBody }> {
  const body = saleBody(f, { id_cliente: f.id_cliente, id_usuario_vendedor: seller }, 1);
  const lines = [[f.product, qty1], [f.second, qty2]] as const;
  body.itens = lines.filter(([, q]) => q > 0).map(([p, q]) => ({
    id_item: randomUUID(), tipo_item: 'Produto' as const, id_produto_grade_filial: p.id_produto_grade_filial, id_endereco_estoque: p.id_endereco_estoque,
    descricao: p.descricao, quantidade: q, valor_unitario: p.preco, tipo_preco: 'Varejo' as const, is_atacarejo: false,
  }));
  const total = lines.reduce((s, [p, q]) => s + cents(p.preco) * q, 0);
  body.pagamentos[0]!.valor_total = total / 100;
  const res = await t.call('POST', '/operacao', body, token);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { id_pedido: (res.json['id_pedido'] as number | null) ?? null, id_nota_fiscal: (res.json['id_nota_fiscal'] as number | null) ?? null, total, body };
}

describe('the commission report per seller and period', () => {
  it("matches the sales made: each seller's lines at their rates, the return subtracted, the goal range raising the rate", async () => {
    // The fixture's products must not be wholesale at these quantities (retail prices are used).
    const p1 = cents(f.product.preco);
    const p2 = cents(f.second.preco);
    // The manager: 1 of product 1 and 1 of product 2, then 1 more of product 1; the cashier: 1 of product 1.
    const a = await sell(gerente, 1, 1);
    await sell(gerente, 1, 0);
    await sell(caixa, 1, 0);
    // One unit of product 1 of the manager's first sale comes back.
    const origin = a.id_pedido !== null
      ? { id_pedido_origem: a.id_pedido, line: (await sql<{ id: number }>('SELECT id_pedido_item AS id FROM pedido_item WHERE id_pedido = $1 AND id_produto_grade_filial = $2', [a.id_pedido, f.product.id_produto_grade_filial]))[0]!.id }
      : { id_nota_fiscal_origem: a.id_nota_fiscal!, line: (await sql<{ id: number }>('SELECT id_nota_fiscal_item AS id FROM nota_fiscal_item WHERE id_nota_fiscal = $1 AND id_produto_grade_filial = $2', [a.id_nota_fiscal, f.product.id_produto_grade_filial]))[0]!.id };
    const { line, ...originIds } = origin;
    const ret = await t.call('POST', '/operacao', {
      id_operacao: randomUUID(), modo_operacao: 'Devolucao', modelo: null, id_filial: f.id_filial, id_cliente: f.id_cliente, data_inicio: new Date().toISOString(),
      itens: [{ id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque,
        descricao: f.product.descricao, quantidade: 1, valor_unitario: f.product.preco, id_item_origem: line }],
      pagamentos: [], ...originIds,
    }, cashier);
    expect(ret.status, JSON.stringify(ret.json)).toBe(200);

    const report = await expectOk(t, 'commissionReport', { data_inicio: today(), data_fim: today() }, manager);
    const rows = report.json['rows'] as Array<Record<string, unknown>>;
    // Product 1 at its category's 5%; product 2 at its own 10% (the product beats its category).
    const rate1 = 500;
    const rate2 = 1000;
    const gerenteVendas = 2 * p1 + p2;
    const gerenteBase = gerenteVendas - p1;
    // The manager's base (product 1 and product 2) is above the range's end: no range.
    expect(gerenteBase).toBeGreaterThan(p1 + 1);
    const gerenteComissao = pct(p1, rate1) + pct(p2, rate2);
    // The cashier's total is exactly the range's start: product 1's 5% is raised to 7%.
    const caixaComissao = pct(p1, 700);
    expect(rows.map((r) => r['id_usuario'])).toEqual([gerente, caixa]);
    expect(rows.find((r) => r['id_usuario'] === gerente)).toMatchObject({
      nome: 'Marina Souza', id_grupo_comissao: grupo, grupo: 'Vendas da loja', quantidade_vendas: 2,
      total_vendas: gerenteVendas / 100, total_devolucoes: p1 / 100, base_comissao: gerenteBase / 100, valor_comissao: gerenteComissao / 100,
    });
    expect(rows.find((r) => r['id_usuario'] === caixa)).toMatchObject({
      nome: 'Carlos Lima', quantidade_vendas: 1, total_vendas: p1 / 100, total_devolucoes: 0, base_comissao: p1 / 100, percentual_faixa: 7,
      valor_comissao: caixaComissao / 100,
    });
    expect(report.json['totais']).toMatchObject({ total_vendas: (gerenteVendas + p1) / 100, valor_comissao: (gerenteComissao + caixaComissao) / 100 });

    // One seller only; and returns not considered once the group says so.
    const one = await expectOk(t, 'commissionReport', { data_inicio: today(), data_fim: today(), id_usuario: caixa }, manager);
    expect((one.json['rows'] as unknown[]).length).toBe(1);
    await expectOk(t, 'commissionGroupUpdate', { id_grupo_comissao: grupo, descontar_valores: false }, manager);
    const noReturns = await expectOk(t, 'commissionReport', { data_inicio: today(), data_fim: today(), id_usuario: gerente }, manager);
    expect((noReturns.json['rows'] as Array<Record<string, unknown>>)[0]).toMatchObject({ total_devolucoes: 0, base_comissao: gerenteVendas / 100 });
    await expectOk(t, 'commissionGroupUpdate', { id_grupo_comissao: grupo, descontar_valores: true }, manager);
  });

  it('counts only the paid part when the group is financial: a sale on a receivable counts nothing until received', async () => {
    const prazo = f.methods['05'] ?? f.methods['15'];
    if (prazo === undefined) throw new Error('the demo has no receivable payment method (05 or 15)');
    await expectOk(t, 'commissionGroupUpdate', { id_grupo_comissao: grupo, financeiro: true }, manager);
    const before = await expectOk(t, 'commissionReport', { data_inicio: today(), data_fim: today(), id_usuario: caixa }, manager);
    const body = saleBody(f, { id_cliente: f.id_cliente, id_usuario_vendedor: caixa }, 1);
    body.pagamentos[0]!.id_meio_pagamento = prazo;
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = await expectOk(t, 'commissionReport', { data_inicio: today(), data_fim: today(), id_usuario: caixa }, manager);
    expect((after.json['rows'] as Array<Record<string, unknown>>)[0]!['total_vendas']).toBe((before.json['rows'] as Array<Record<string, unknown>>)[0]!['total_vendas']);
    await expectOk(t, 'commissionGroupUpdate', { id_grupo_comissao: grupo, financeiro: false }, manager);
    const all = await expectOk(t, 'commissionReport', { data_inicio: today(), data_fim: today(), id_usuario: caixa }, manager);
    expect((all.json['rows'] as Array<Record<string, unknown>>)[0]!['total_vendas'])
      .toBe(((before.json['rows'] as Array<Record<string, number>>)[0]!['total_vendas']! * 100 + cents(f.product.preco)) / 100);
  });

  it("another organization's manager sees none of these sellers, a seller without the permission is refused, a bad period is a 400", async () => {
    const theirs = await t.call('POST', '/commission/find_report', { data_inicio: today(), data_fim: today() }, other);
    expect(theirs.status).toBe(200);
    expect((theirs.json['rows'] as Array<Record<string, unknown>>).map((r) => r['id_usuario'])).not.toContain(gerente);
    const forbidden = await t.call('POST', '/commission/find_report', { data_inicio: today(), data_fim: today() }, cashier);
    expect(forbidden.status).toBe(403);
    const inverted = await t.call('POST', '/commission/find_report', { data_inicio: '2026-11-02', data_fim: '2026-11-01' }, manager);
    expect(inverted.status).toBe(400);
    expect(inverted.json['complement']).toBe(`data_fim: ${M.periodOrder}`);
    for (const data_fim of ['3000-00-00', '2026-02-30']) {
      const impossible = await t.call('POST', '/commission/find_report', { data_inicio: '2026-01-01', data_fim }, manager);
      expect(impossible.status).toBe(400);
      expect(impossible.json['complement']).toBe('data_fim: Data inválida (use AAAA-MM-DD).');
    }
    const lastYear = await t.call('POST', '/commission/find_report', { data_inicio: '2020-01-01', data_fim: '2020-01-31' }, manager);
    expect(lastYear.json).toEqual({ rows: [], totais: { total_vendas: 0, total_devolucoes: 0, base_comissao: 0, valor_comissao: 0 } });
  });
});
