import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperacaoBody } from '@pdv/contract/operation';
import { PRICE_MESSAGES } from '@pdv/domain/price-check';
import { PRICE_RULE_MESSAGES } from '@pdv/domain/price-rules';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let f: SaleFixture;
let categoria: number;
let promocao: number;
let expirada: number;
let tabela: number;
let tabelaPadrao: number;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
const cents = (reais: number) => Math.round(reais * 100);
/** pct% off a price in reais, rounded half-up to the centavo, in reais. */
const off = (reais: number, pct: number) => Math.round((cents(reais) * (100 - pct)) / 100) / 100;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br'); // 5% maximum discount
  f = await loadSaleFixture(t.db);
  const { rows } = await t.db.system((tx) => tx.query<{ id_categoria: number; padrao: number }>(
    `SELECT p.id_categoria, f.id_tabela_preco_padrao AS padrao FROM produto_grade_filial pgf
       JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
       JOIN produto p ON p.id_organization = pg.id_organization AND p.id_produto = pg.id_produto
       JOIN filial f ON f.id_organization = pgf.id_organization AND f.id_filial = pgf.id_filial
      WHERE pgf.id_produto_grade_filial = $1`, [f.product.id_produto_grade_filial]));
  categoria = rows[0]!.id_categoria;
  tabelaPadrao = rows[0]!.padrao;
  // The line's product follows its users' limits (no limit of its own).
  await t.db.system((tx) => tx.query(
    `UPDATE produto SET percentual_desconto_maximo = NULL WHERE id_organization = (SELECT id_organization FROM categoria WHERE id_categoria = $1)
       AND id_categoria = $1`, [categoria]));
});
afterAll(async () => {
  await t.close();
});

/** One line of the fixture's product at `valor_unitario`, claiming what `claims` says, paid exactly in cash. */
function sale(valor_unitario: number, claims: { id_promocao?: number | null; id_tabela_preco?: number | null }, fields: Partial<OperacaoBody> = {}, desconto = 0) {
  const body = saleBody(f, fields);
  Object.assign(body.itens[0]!, { valor_unitario, valor_desconto_item: desconto, ...claims });
  body.pagamentos[0]!.valor_total = Math.round((valor_unitario - desconto) * 100) / 100;
  return body;
}
const stored = async (body: OperacaoBody) => (await t.db.system((tx) => tx.query<{ valor_unitario: number; id_promocao: number | null; id_tabela_preco: number | null }>(
  `SELECT i.valor_unitario::float8 AS valor_unitario, i.id_promocao, i.id_tabela_preco FROM pedido_item i
     JOIN pedido p ON p.id_organization = i.id_organization AND p.id_pedido = i.id_pedido WHERE p.id_operacao = $1`, [body.id_operacao]))).rows;

describe('the price table and promotion registers', () => {
  it('creates a promotion with its discounts by category and a table with its rules and branches, and answers them', async () => {
    const created = await expectOk(t, 'promotionCreate', {
      descricao: 'Semana da camiseta', data_inicio: day(-1), data_fim: day(1),
      categorias: [{ id_categoria: categoria, tipo: 'Percentual', venda: 10, atacado: 10 }],
    }, manager);
    promocao = Number(created.json['id_promocao']);
    expect(created.json['categorias']).toEqual([{ id_categoria: categoria, tipo: 'Percentual', venda: 10, atacado: 10,
      cashback_tipo: 'Percentual', cashback_venda: 0, cashback_atacado: 0 }]);
    const old = await expectOk(t, 'promotionCreate', {
      descricao: 'Queima do mês passado', data_inicio: day(-40), data_fim: day(-10),
      categorias: [{ id_categoria: categoria, tipo: 'Percentual', venda: 50, atacado: 50 }],
    }, manager);
    expirada = Number(old.json['id_promocao']);
    const table = await expectOk(t, 'tablePriceCreate', {
      descricao: 'Atacadistas', tipo_aplicado: 'Desconto', tipo_valor: 'Percentual', valor_varejo: 20, valor_atacado: 10,
      filiais: [f.id_filial],
    }, manager);
    tabela = Number(table.json['id_tabela_preco']);
    const updated = await expectOk(t, 'tablePriceUpdate', {
      id_tabela_preco: tabela, itens: [{ id_produto_grade_filial: f.second.id_produto_grade_filial, tipo_aplicado: 'Acrescimo', tipo_valor: 'Valor', valor_varejo: 1, valor_atacado: 0 }],
    }, manager);
    expect(updated.json['filiais']).toEqual([f.id_filial]);
    expect(updated.json['itens']).toEqual([{ id_categoria: null, id_produto_grade_filial: f.second.id_produto_grade_filial,
      tipo_aplicado: 'Acrescimo', tipo_valor: 'Valor', valor_varejo: 1, valor_atacado: 0 }]);
    const byId = await expectOk(t, 'promotionFindById', { id_promocao: promocao }, manager);
    expect(byId.json['data_fim']).toBe(day(1));
  });

  it('refuses a period that ends before it starts, a discount above 100% and a rule naming no category nor variation', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/promotion/create', { descricao: 'Invertida', data_inicio: day(2), data_fim: day(1) }, `data_fim: ${PRICE_RULE_MESSAGES.periodInverted}`],
      ['/promotion/create', { descricao: 'Demais', data_inicio: day(0), data_fim: day(1), categorias: [{ id_categoria: categoria, venda: 150 }] },
        `categorias: ${PRICE_RULE_MESSAGES.discountAbove100}`],
      ['/table_price/create', { descricao: 'Sem alvo', itens: [{ valor_varejo: 5 }] }, `itens: ${PRICE_RULE_MESSAGES.entryTarget}`],
      ['/table_price/create', { descricao: 'Categoria alheia', itens: [{ id_categoria: 999_999, valor_varejo: 5 }] }, `itens: ${PRICE_RULE_MESSAGES.categoryNotFound}`],
    ];
    const { rows: [alheia] } = await t.db.system((tx) => tx.query<{ id: number }>(
      `SELECT c.id_categoria AS id FROM categoria c JOIN organization o USING (id_organization) WHERE o.nome = 'Outra Loja' LIMIT 1`));
    // Another organization's category is not found either.
    expect(alheia).toBeDefined();
    cases.push(['/promotion/create', { descricao: 'Alheia', data_inicio: day(0), data_fim: day(1), categorias: [{ id_categoria: alheia?.id, venda: 5 }] },
      `categorias: ${PRICE_RULE_MESSAGES.categoryNotFound}`]);
    for (const [path, body, message] of cases) {
      const res = await t.call('POST', path, body, manager);
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      // Each refusal beside the field or list it names (the period is the schema's rule across fields).
      expect(res.json['erros']).toEqual([message]);
    }
  });
});

describe('POST /api/operacao prices by the table in use and the best promotion', () => {
  it('stores the sale at 10% off with the promotion and the branch table on the line', async () => {
    const body = sale(off(f.product.preco, 10), { id_promocao: promocao, id_tabela_preco: tabelaPadrao });
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await stored(body)).toEqual([{ valor_unitario: off(f.product.preco, 10), id_promocao: promocao, id_tabela_preco: tabelaPadrao }]);
  });

  it('refuses the full price on a line that claims the promotion, writing nothing', async () => {
    const body = sale(f.product.preco, { id_promocao: promocao });
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(PRICE_MESSAGES.priceMismatch(f.product.descricao, cents(off(f.product.preco, 10)), cents(f.product.preco)));
    expect(await countRows(t.db, 'pedido WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
  });

  it('takes the price before the promotion from a till that did not know it yet, and no lower price without the claim', async () => {
    // Offline, or the promotion began a moment ago: the till charged the price it knew; the sale is never lost for it.
    const body = sale(f.product.preco, { id_promocao: null });
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await stored(body))[0]).toMatchObject({ valor_unitario: f.product.preco, id_promocao: null });
    // The promotion's price without naming it: not a price the till could have given.
    const unclaimed = sale(off(f.product.preco, 10), { id_promocao: null });
    const refused = await t.call('POST', '/operacao', unclaimed, cashier);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe(PRICE_MESSAGES.priceMismatch(f.product.descricao, cents(f.product.preco), cents(off(f.product.preco, 10))));
  });

  it('refuses a dishonest cashier claiming a promotion that does not exist or has expired, or a table not assigned', async () => {
    for (const body of [
      sale(off(f.product.preco, 10), { id_promocao: 999_999 }),
      sale(off(f.product.preco, 50), { id_promocao: expirada }),
      sale(off(f.product.preco, 28), { id_promocao: promocao, id_tabela_preco: tabela }),
    ]) {
      const res = await t.call('POST', '/operacao', body, cashier);
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      const claimed = body.itens[0]!;
      expect(res.json['message']).toBe(claimed.id_tabela_preco === tabela
        ? PRICE_MESSAGES.tableNotInUse(f.product.descricao)
        : PRICE_MESSAGES.promotionNotInEffect(f.product.descricao));
      expect(await countRows(t.db, 'pedido WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
    }
  });

  it("gives a customer with a price table its price, the promotion on top, and stores both on the line", async () => {
    await t.db.system((tx) => tx.query('UPDATE pessoa SET id_tabela_preco_padrao = $2 WHERE id_pessoa = $1', [f.id_cliente, tabela]));
    const price = off(off(f.product.preco, 20), 10);
    const body = sale(price, { id_promocao: promocao, id_tabela_preco: tabela }, { id_cliente: f.id_cliente });
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await stored(body)).toEqual([{ valor_unitario: price, id_promocao: promocao, id_tabela_preco: tabela }]);
    // The same price for a sale without the customer is below the branch's: refused.
    const anonymous = sale(price, {});
    expect((await t.call('POST', '/operacao', anonymous, cashier)).status).toBe(400);
  });

  it("does not count the promotion against the cashier's 5% limit, but counts the manual discount", async () => {
    await t.db.system((tx) => tx.query('UPDATE pessoa SET id_tabela_preco_padrao = NULL WHERE id_pessoa = $1', [f.id_cliente]));
    const price = off(f.product.preco, 10);
    const within = sale(price, { id_promocao: promocao }, {}, Math.floor(cents(price) * 0.05) / 100);
    expect((await t.call('POST', '/operacao', within, cashier)).status).toBe(200);
    const above = sale(price, { id_promocao: promocao }, {}, Math.floor(cents(price) * 0.06) / 100);
    const res = await t.call('POST', '/operacao', above, cashier);
    expect(res.status).toBe(400);
  });
});
