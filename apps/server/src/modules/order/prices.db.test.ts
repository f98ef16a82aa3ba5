/**
 * Back-office order lines (000 §7.3 /order_item/*) are priced by the same rule as the point of sale (issue 30): the
 * branch price, then the order customer's default price table (else the branch's), then the best promotion in effect
 * today (price-check.ts linePricing through operation/prices.ts currentLinePrices), server-side; the wholesale rule
 * moves lines between the table's retail and wholesale prices; tipo_preco_alterar false refuses another price type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_MESSAGES } from '@pdv/domain/price-check';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let f: SaleFixture;
let tabela: number;
let categoria: number;
/** A customer without a default table (the branch's table applies: the demo's is neutral). */
let semTabela: number;

const system = (sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query(sql, params));
const select = <T extends object>(sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query<T>(sql, params));
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
const cents = (v: unknown) => Math.round(Number(v) * 100);
/** pct% off `c` centavos, half-up. */
const off = (c: number, pct: number) => Math.round((c * (100 - pct)) / 100);
type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  // Typed prices are allowed up to double here; the caps have their own tests (service-orders.db.test.ts).
  await system(`UPDATE usuario SET perc_max_aumento_preco_produto = 100 WHERE email = 'caixa@demo.com.br'`);
  f = await loadSaleFixture(t.db);
  await system(`UPDATE filial_configuracao SET is_liberar_pedido = false, controla_estoque_negativo = false WHERE id_filial = $1`, [f.id_filial]);
  // The fixture's product: a wholesale price of 80% of retail from 3 units.
  await system(`UPDATE produto_grade_filial SET preco_atacado = round(preco_venda * 0.8, 2) WHERE id_produto_grade_filial = $1`,
    [f.product.id_produto_grade_filial]);
  const { rows } = await select<{ id_categoria: number; atacado: number }>(`SELECT p.id_categoria, pgf.preco_atacado::float8 AS atacado FROM produto_grade_filial pgf
      JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
      JOIN produto p ON p.id_organization = pg.id_organization AND p.id_produto = pg.id_produto
     WHERE pgf.id_produto_grade_filial = $1`, [f.product.id_produto_grade_filial]);
  categoria = rows[0]!.id_categoria;
  f.product.preco_atacado = rows[0]!.atacado;
  await system(`UPDATE produto SET quantidade_atacarejo = 3 WHERE id_produto = (SELECT pg.id_produto FROM produto_grade_filial pgf
      JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
     WHERE pgf.id_produto_grade_filial = $1)`, [f.product.id_produto_grade_filial]);
  const table = await expectOk(t, 'tablePriceCreate', {
    descricao: 'Clientes atacadistas', tipo_aplicado: 'Desconto', tipo_valor: 'Percentual', valor_varejo: 20, valor_atacado: 10,
    filiais: [f.id_filial],
  }, manager);
  tabela = Number(table.json['id_tabela_preco']);
  await system('UPDATE pessoa SET id_tabela_preco_padrao = $2 WHERE id_pessoa = $1', [f.id_cliente, tabela]);
  const { rows: others } = await select<{ id_pessoa: number }>(`SELECT p.id_pessoa FROM pessoa p WHERE p.id_organization = (SELECT id_organization FROM pessoa WHERE id_pessoa = $1)
      AND p.id_pessoa <> $1 AND p.data_exclusao IS NULL AND p.id_tabela_preco_padrao IS NULL ORDER BY p.id_pessoa LIMIT 1`, [f.id_cliente]);
  semTabela = others[0]!.id_pessoa;
});
afterAll(async () => {
  await t.close();
});

async function newOrder(id_cliente: number): Promise<number> {
  const res = await t.call('POST', '/order/create', { id_cliente }, cashier);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return Number(res.json['id_pedido']);
}
const addItem = (id_pedido: number, body: Json = {}) => t.call('POST', '/order_item/create', {
  id_pedido, id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque, quantidade: 1, ...body,
}, cashier);
const stored = async (id_pedido: number) => (await system(
  `SELECT valor_unitario::float8 AS valor_unitario, tipo_preco, is_atacarejo, is_preco_alterado, id_tabela_preco, id_promocao
     FROM pedido_item WHERE id_pedido = $1 AND NOT is_cancelado ORDER BY id_pedido_item`, [id_pedido])).rows;

describe('back-office order lines priced by the price table and the promotions', () => {
  const retail = () => cents(f.product.preco);
  const wholesale = () => cents(f.product.preco_atacado);

  it("an order for a customer with a price table gets the table's price, naming the table", async () => {
    const id = await newOrder(f.id_cliente);
    const res = await addItem(id);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await stored(id)).toEqual([{ valor_unitario: off(retail(), 20) / 100, tipo_preco: 'Varejo', is_atacarejo: false,
      is_preco_alterado: false, id_tabela_preco: tabela, id_promocao: null }]);
    // Three units reach the wholesale quantity: the table's wholesale price (10% off the wholesale price).
    const line = (res.json['itens'] as Json[])[0]!;
    const grown = await t.call('PUT', '/order_item/update', { id_pedido_item: line['id_pedido_item'], quantidade: 3 }, cashier);
    expect(grown.status, JSON.stringify(grown.json)).toBe(200);
    expect((await stored(id)).map((r) => [r['valor_unitario'], r['is_atacarejo']])).toEqual([[off(wholesale(), 10) / 100, true]]);
  });

  it("a customer without a table gets the branch's price; the old branch price typed for a table customer is a price change", async () => {
    const id = await newOrder(semTabela);
    expect((await addItem(id)).status).toBe(200);
    expect((await stored(id)).map((r) => r['valor_unitario'])).toEqual([retail() / 100]);
    const other = await newOrder(f.id_cliente);
    const typed = await addItem(other, { valor_unitario: f.product.preco });
    // Above the table price by 25% (the cashier may raise prices here): a price change measured from the table price.
    expect(typed.status, JSON.stringify(typed.json)).toBe(200);
    expect((await stored(other)).map((r) => [r['valor_unitario'], r['is_preco_alterado'], r['id_promocao']])).toEqual([[retail() / 100, true, null]]);
  });

  it("another customer on the order prices its lines again by that customer's table; a typed price stays; back again", async () => {
    await system(`UPDATE usuario SET percentual_desconto_maximo = 50 WHERE email = 'caixa@demo.com.br'`);
    const id = await newOrder(semTabela);
    expect((await addItem(id, { desconto_percentual: 10 })).status).toBe(200);
    const typed = (retail() + 100) / 100;
    expect((await addItem(id, { valor_unitario: typed })).status).toBe(200);
    const before = await stored(id);
    expect(before.map((r) => [r['valor_unitario'], r['is_preco_alterado']])).toEqual([[retail() / 100, false], [typed, true]]);
    const branchTable = before[0]!['id_tabela_preco'];
    expect(branchTable).not.toBe(tabela);
    const moved = await t.call('PUT', '/order/update', { id_pedido: id, id_cliente: f.id_cliente }, cashier);
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    // The managed line at the table's price, its 10% discount still 10% of it; the typed line kept, naming the table.
    expect((await stored(id)).map((r) => [r['valor_unitario'], r['is_preco_alterado'], r['id_tabela_preco'], r['id_promocao']])).toEqual([
      [off(retail(), 20) / 100, false, tabela, null], [typed, true, tabela, null]]);
    const { rows } = await select<{ valor_desconto_item: number; liquido: number }>(
      `SELECT i.valor_desconto_item::float8 AS valor_desconto_item, p.valor_total_liquido::float8 AS liquido
         FROM pedido_item i JOIN pedido p ON p.id_pedido = i.id_pedido WHERE i.id_pedido = $1 ORDER BY i.id_pedido_item`, [id]);
    // The discount keeps its share of the gross (the 10% given on the branch price, scaled to the table price).
    const discount = Math.round((Math.round(retail() / 10) * off(retail(), 20)) / retail());
    expect(cents(rows[0]!.valor_desconto_item)).toBe(discount);
    // The header adds up to the repriced lines.
    expect(cents(rows[0]!.liquido)).toBe(off(retail(), 20) - discount + retail() + 100);
    // Back to the customer without a table: the branch's price again (the branch's neutral table named).
    expect((await t.call('PUT', '/order/update', { id_pedido: id, id_cliente: semTabela }, cashier)).status).toBe(200);
    expect((await stored(id)).map((r) => [r['valor_unitario'], r['is_preco_alterado'], r['id_tabela_preco']])).toEqual([
      [retail() / 100, false, branchTable], [typed, true, branchTable]]);
    // Another header change without a new customer prices nothing again: a price set meanwhile stays.
    await system('UPDATE pedido_item SET valor_unitario = valor_unitario + 1 WHERE id_pedido = $1 AND NOT is_preco_alterado', [id]);
    expect((await t.call('PUT', '/order/update', { id_pedido: id, observacao: 'sem troca de cliente' }, cashier)).status).toBe(200);
    expect((await stored(id))[0]!['valor_unitario']).toBe(retail() / 100 + 1);
  });

  it('a customer change on an order whose items are locked keeps its prices', async () => {
    const id = await newOrder(semTabela);
    expect((await addItem(id)).status).toBe(200);
    await system(`UPDATE pedido SET situacao = 'Faturado' WHERE id_pedido = $1`, [id]);
    const res = await t.call('PUT', '/order/update', { id_pedido: id, id_cliente: f.id_cliente }, cashier);
    // A locked order's header does not change either (orderEditError); its prices are what they were.
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect((await stored(id)).map((r) => r['valor_unitario'])).toEqual([retail() / 100]);
  });

  it('a promotion in effect applies after the table, naming the promotion; an ended one does not', async () => {
    const promo = await expectOk(t, 'promotionCreate', {
      descricao: 'Semana do pedido', data_inicio: day(-1), data_fim: day(1),
      categorias: [{ id_categoria: categoria, tipo: 'Percentual', venda: 10, atacado: 10 }],
    }, manager);
    const id_promocao = Number(promo.json['id_promocao']);
    await expectOk(t, 'promotionCreate', {
      descricao: 'Acabou', data_inicio: day(-30), data_fim: day(-2),
      categorias: [{ id_categoria: categoria, tipo: 'Percentual', venda: 50, atacado: 50 }],
    }, manager);
    const id = await newOrder(f.id_cliente);
    expect((await addItem(id)).status).toBe(200);
    expect(await stored(id)).toEqual([{ valor_unitario: off(off(retail(), 20), 10) / 100, tipo_preco: 'Varejo', is_atacarejo: false,
      is_preco_alterado: false, id_tabela_preco: tabela, id_promocao }]);
    // The customer without a table: the promotion over the branch price.
    const plain = await newOrder(semTabela);
    expect((await addItem(plain)).status).toBe(200);
    expect((await stored(plain)).map((r) => [r['valor_unitario'], r['id_promocao']])).toEqual([[off(retail(), 10) / 100, id_promocao]]);
  });

  it('tipo_preco_alterar false: a wholesale line in a retail branch is refused, nothing written', async () => {
    await system('UPDATE filial_configuracao SET tipo_preco_padrao = $2, tipo_preco_alterar = false WHERE id_filial = $1', [f.id_filial, 'Varejo']);
    try {
      const id = await newOrder(semTabela);
      const res = await addItem(id, { tipo_preco: 'Atacado' });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(JSON.stringify(res.json)).toContain(PRICE_MESSAGES.priceTypeNotAllowed('', 'Varejo').slice(10, 40));
      expect(await stored(id)).toEqual([]);
    } finally {
      await system('UPDATE filial_configuracao SET tipo_preco_alterar = true WHERE id_filial = $1', [f.id_filial]);
    }
  });
});
