/**
 * Price tables and promotions are versioned the way branch prices are (issue 30, migration 070): a till offline priced
 * with a version of the customer's or branch's table, or of a promotion, replaced (changed, disabled, deleted) less than
 * PRICE_VERSION_WINDOW_MS before the sale arrived is accepted as it priced; a version older than the window, a promotion
 * that never existed or never covered the product, an expired one, and a table the customer does not have are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperacaoBody } from '@pdv/contract/operation';
import { PRICE_MESSAGES } from '@pdv/domain/price-check';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let f: SaleFixture;
let categoria: number;
let tabelaPadrao: number;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
const cents = (reais: number) => Math.round(reais * 100);
/** pct% off a price in reais, rounded half-up to the centavo, in reais. */
const off = (reais: number, pct: number) => Math.round((cents(reais) * (100 - pct)) / 100) / 100;
const system = (sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query(sql, params));

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  f = await loadSaleFixture(t.db);
  const { rows } = await t.db.system((tx) => tx.query<{ id_categoria: number; padrao: number }>(
    `SELECT p.id_categoria, f.id_tabela_preco_padrao AS padrao FROM produto_grade_filial pgf
       JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
       JOIN produto p ON p.id_organization = pg.id_organization AND p.id_produto = pg.id_produto
       JOIN filial f ON f.id_organization = pgf.id_organization AND f.id_filial = pgf.id_filial
      WHERE pgf.id_produto_grade_filial = $1`, [f.product.id_produto_grade_filial]));
  categoria = rows[0]!.id_categoria;
  tabelaPadrao = rows[0]!.padrao;
  await system(`UPDATE produto SET percentual_desconto_maximo = NULL WHERE id_categoria = $1`, [categoria]);
  await system('UPDATE estoque SET quantidade = 100, quantidade_reserva = 0 WHERE id_estoque = $1', [f.product.id_estoque]);
});
afterAll(async () => {
  await t.close();
});

/** One line of the fixture's product at `valor_unitario`, claiming `claims`, paid exactly in cash. */
function sale(valor_unitario: number, claims: { id_promocao?: number | null; id_tabela_preco?: number | null }, fields: Partial<OperacaoBody> = {}) {
  const body = saleBody(f, fields);
  Object.assign(body.itens[0]!, { valor_unitario, valor_desconto_item: 0, ...claims });
  body.pagamentos[0]!.valor_total = valor_unitario;
  return body;
}
const send = (body: OperacaoBody) => t.call('POST', '/operacao', body, cashier);
const stored = async (body: OperacaoBody) => (await t.db.system((tx) => tx.query<{ valor_unitario: number; id_promocao: number | null; id_tabela_preco: number | null }>(
  `SELECT i.valor_unitario::float8 AS valor_unitario, i.id_promocao, i.id_tabela_preco FROM pedido_item i
     JOIN pedido p ON p.id_organization = i.id_organization AND p.id_pedido = i.id_pedido WHERE p.id_operacao = $1`, [body.id_operacao]))).rows;
async function refused(body: OperacaoBody, message: string) {
  const res = await send(body);
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json['message']).toBe(message);
  expect(await countRows(t.db, 'pedido WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
}
/** Ages every kept version of the rule past the window (73 h ago: PRICE_VERSION_WINDOW_MS is 72 h). */
const ageVersions = (id: number) => system(`UPDATE regra_preco_versao SET substituida_em = now() - interval '73 hours' WHERE id_regra = $1`, [id]);

describe('promotion versions', () => {
  let promocao: number;

  it('a change keeps the version it replaced; the old 10% is accepted from an offline till, the new 5% too', async () => {
    const created = await expectOk(t, 'promotionCreate', {
      descricao: 'Versão 1', data_inicio: day(-1), data_fim: day(1),
      categorias: [{ id_categoria: categoria, tipo: 'Percentual', venda: 10, atacado: 10 }],
    }, manager);
    promocao = Number(created.json['id_promocao']);
    expect(await countRows(t.db, 'regra_preco_versao WHERE id_regra = $1', [promocao])).toBe(0);
    await expectOk(t, 'promotionUpdate', {
      id_promocao: promocao, categorias: [{ id_categoria: categoria, tipo: 'Percentual', venda: 5, atacado: 5 }],
    }, manager);
    expect(await countRows(t.db, "regra_preco_versao WHERE tipo = 'Promocao' AND id_regra = $1", [promocao])).toBe(1);
    const old = sale(off(f.product.preco, 10), { id_promocao: promocao, id_tabela_preco: tabelaPadrao });
    const res = await send(old);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await stored(old)).toEqual([{ valor_unitario: off(f.product.preco, 10), id_promocao: promocao, id_tabela_preco: tabelaPadrao }]);
    const now = sale(off(f.product.preco, 5), { id_promocao: promocao });
    expect((await send(now)).status).toBe(200);
  });

  it('a dishonest cashier: a discount no version gave, a promotion that never existed, the old price without the claim', async () => {
    await refused(sale(off(f.product.preco, 15), { id_promocao: promocao }),
      PRICE_MESSAGES.priceMismatch(f.product.descricao, cents(off(f.product.preco, 5)), cents(off(f.product.preco, 15))));
    await refused(sale(off(f.product.preco, 10), { id_promocao: 999_999 }), PRICE_MESSAGES.promotionNotInEffect(f.product.descricao));
    // The old promotion price without naming the promotion: only the current rules judge it.
    await refused(sale(off(f.product.preco, 10), { id_promocao: null }),
      PRICE_MESSAGES.priceMismatch(f.product.descricao, cents(f.product.preco), cents(off(f.product.preco, 10))));
  });

  it('past the window the old version is refused like a stale price', async () => {
    await ageVersions(promocao);
    await refused(sale(off(f.product.preco, 10), { id_promocao: promocao }),
      PRICE_MESSAGES.priceMismatch(f.product.descricao, cents(off(f.product.preco, 5)), cents(off(f.product.preco, 10))));
  });

  it('a promotion disabled a moment ago is accepted from a till that still had it, not past the window', async () => {
    await expectOk(t, 'promotionSituacao', { id_promocao: promocao, situacao: 'Inativo' }, manager);
    const stillHad = sale(off(f.product.preco, 5), { id_promocao: promocao });
    expect((await send(stillHad)).status).toBe(200);
    // Without the claim the price is the branch's (the promotion is no longer current).
    expect((await send(sale(f.product.preco, {}))).status).toBe(200);
    await ageVersions(promocao);
    await refused(sale(off(f.product.preco, 5), { id_promocao: promocao }), PRICE_MESSAGES.promotionNotInEffect(f.product.descricao));
  });

  it('an expired promotion stays refused even when it was edited within the window (its period ended in every version)', async () => {
    const created = await expectOk(t, 'promotionCreate', {
      descricao: 'Acabou', data_inicio: day(-40), data_fim: day(-10),
      categorias: [{ id_categoria: categoria, tipo: 'Percentual', venda: 50, atacado: 50 }],
    }, manager);
    const expirada = Number(created.json['id_promocao']);
    await expectOk(t, 'promotionUpdate', { id_promocao: expirada, descricao: 'Acabou (revista)' }, manager);
    await refused(sale(off(f.product.preco, 50), { id_promocao: expirada }), PRICE_MESSAGES.promotionNotInEffect(f.product.descricao));
  });
});

describe('price table versions', () => {
  let tabela: number;
  let alheia: number;

  it("the customer's table changed from 20% to 15%: the 20% price from an offline till is accepted within the window", async () => {
    const table = await expectOk(t, 'tablePriceCreate', {
      descricao: 'Revenda', tipo_aplicado: 'Desconto', tipo_valor: 'Percentual', valor_varejo: 20, valor_atacado: 10, filiais: [f.id_filial],
    }, manager);
    tabela = Number(table.json['id_tabela_preco']);
    await system('UPDATE pessoa SET id_tabela_preco_padrao = $2 WHERE id_pessoa = $1', [f.id_cliente, tabela]);
    await expectOk(t, 'tablePriceUpdate', { id_tabela_preco: tabela, valor_varejo: 15 }, manager);
    const old = sale(off(f.product.preco, 20), { id_tabela_preco: tabela }, { id_cliente: f.id_cliente });
    const res = await send(old);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await stored(old)).toEqual([{ valor_unitario: off(f.product.preco, 20), id_promocao: null, id_tabela_preco: tabela }]);
    expect((await send(sale(off(f.product.preco, 15), { id_tabela_preco: tabela }, { id_cliente: f.id_cliente }))).status).toBe(200);
  });

  it('a table the customer does not have is refused even when it changed within the window; an old table price past it too', async () => {
    const other = await expectOk(t, 'tablePriceCreate', {
      descricao: 'Outra', tipo_aplicado: 'Desconto', tipo_valor: 'Percentual', valor_varejo: 30, valor_atacado: 0, filiais: [f.id_filial],
    }, manager);
    alheia = Number(other.json['id_tabela_preco']);
    await expectOk(t, 'tablePriceUpdate', { id_tabela_preco: alheia, valor_varejo: 25 }, manager);
    await refused(sale(off(f.product.preco, 30), { id_tabela_preco: alheia }, { id_cliente: f.id_cliente }),
      PRICE_MESSAGES.tableNotInUse(f.product.descricao));
    await ageVersions(tabela);
    await refused(sale(off(f.product.preco, 20), { id_tabela_preco: tabela }, { id_cliente: f.id_cliente }),
      PRICE_MESSAGES.priceMismatch(f.product.descricao, cents(off(f.product.preco, 15)), cents(off(f.product.preco, 20))));
  });
});

/** Ages the kept versions of `tipo` for id_regra `id` past the window. */
const ageKind = (tipo: string, id: number) =>
  system(`UPDATE regra_preco_versao SET substituida_em = now() - interval '73 hours' WHERE tipo = $1 AND id_regra = $2`, [tipo, id]);
const newTable = async (descricao: string, valor_varejo: number) => Number((await expectOk(t, 'tablePriceCreate', {
  descricao, tipo_aplicado: 'Desconto', tipo_valor: 'Percentual', valor_varejo, valor_atacado: 0, filiais: [f.id_filial],
}, manager)).json['id_tabela_preco']);

describe("the customer's default table is versioned (migration 071)", () => {
  let antiga: number;
  let nova: number;

  it("a till that priced with the customer's previous default table is accepted within the window, the new one too", async () => {
    antiga = await newTable('Cliente antiga', 20);
    nova = await newTable('Cliente nova', 10);
    await expectOk(t, 'personUpdate', { id_pessoa: f.id_cliente, id_tabela_preco_padrao: antiga }, manager);
    await expectOk(t, 'personUpdate', { id_pessoa: f.id_cliente, id_tabela_preco_padrao: nova }, manager);
    expect(await countRows(t.db, "regra_preco_versao WHERE tipo = 'TabelaCliente' AND id_regra = $1 AND regra->>'id_tabela_preco' = $2",
      [f.id_cliente, String(antiga)])).toBe(1);
    const old = sale(off(f.product.preco, 20), { id_tabela_preco: antiga }, { id_cliente: f.id_cliente });
    const res = await send(old);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await stored(old)).toEqual([{ valor_unitario: off(f.product.preco, 20), id_promocao: null, id_tabela_preco: antiga }]);
    expect((await send(sale(off(f.product.preco, 10), { id_tabela_preco: nova }, { id_cliente: f.id_cliente }))).status).toBe(200);
  });

  it('refused: the previous table for another customer, a price the previous table never gave, the previous table past the window', async () => {
    // Another customer never had it (the versions are the sale's customer's).
    await refused(sale(off(f.product.preco, 20), { id_tabela_preco: antiga }), PRICE_MESSAGES.tableNotInUse(f.product.descricao));
    await refused(sale(off(f.product.preco, 25), { id_tabela_preco: antiga }, { id_cliente: f.id_cliente }),
      PRICE_MESSAGES.tableNotInUse(f.product.descricao));
    await ageKind('TabelaCliente', f.id_cliente);
    await refused(sale(off(f.product.preco, 20), { id_tabela_preco: antiga }, { id_cliente: f.id_cliente }),
      PRICE_MESSAGES.tableNotInUse(f.product.descricao));
  });

  it("a customer who had no table: the branch's table price is accepted within the window after the customer gets one", async () => {
    await system('UPDATE pessoa SET id_tabela_preco_padrao = NULL WHERE id_pessoa = $1', [f.id_cliente]);
    await ageKind('TabelaCliente', f.id_cliente);
    await expectOk(t, 'personUpdate', { id_pessoa: f.id_cliente, id_tabela_preco_padrao: nova }, manager);
    const res = await send(sale(f.product.preco, { id_tabela_preco: tabelaPadrao }, { id_cliente: f.id_cliente }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await ageKind('TabelaCliente', f.id_cliente);
    await refused(sale(f.product.preco, { id_tabela_preco: tabelaPadrao }, { id_cliente: f.id_cliente }),
      PRICE_MESSAGES.tableNotInUse(f.product.descricao));
  });
});

describe('an old table AND an old promotion at once (versions combined)', () => {
  let tabela: number;
  let promocao: number;

  it('the table changed 20% → 15% and the promotion 10% → 5%: the line priced by both old versions is accepted', async () => {
    tabela = await newTable('Combinada', 20);
    await system('UPDATE pessoa SET id_tabela_preco_padrao = $2 WHERE id_pessoa = $1', [f.id_cliente, tabela]);
    await ageKind('TabelaCliente', f.id_cliente);
    promocao = Number((await expectOk(t, 'promotionCreate', {
      descricao: 'Combinada', data_inicio: day(-1), data_fim: day(1),
      categorias: [{ id_categoria: categoria, tipo: 'Percentual', venda: 10, atacado: 10 }],
    }, manager)).json['id_promocao']);
    await expectOk(t, 'tablePriceUpdate', { id_tabela_preco: tabela, valor_varejo: 15 }, manager);
    await expectOk(t, 'promotionUpdate', {
      id_promocao: promocao, categorias: [{ id_categoria: categoria, tipo: 'Percentual', venda: 5, atacado: 5 }],
    }, manager);
    const both = off(off(f.product.preco, 20), 10);
    const old = sale(both, { id_tabela_preco: tabela, id_promocao: promocao }, { id_cliente: f.id_cliente });
    const res = await send(old);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await stored(old)).toEqual([{ valor_unitario: both, id_promocao: promocao, id_tabela_preco: tabela }]);
    // Each old version alone, and the current rules, are accepted too.
    for (const valor of [off(off(f.product.preco, 20), 5), off(off(f.product.preco, 15), 10), off(off(f.product.preco, 15), 5)]) {
      const r = await send(sale(valor, { id_tabela_preco: tabela, id_promocao: promocao }, { id_cliente: f.id_cliente }));
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    }
  });

  it('refused once the table version is past the window; a price no combination gives is refused', async () => {
    await refused(sale(off(off(f.product.preco, 25), 10), { id_tabela_preco: tabela, id_promocao: promocao }, { id_cliente: f.id_cliente }),
      PRICE_MESSAGES.priceMismatch(f.product.descricao, cents(off(off(f.product.preco, 15), 5)), cents(off(off(f.product.preco, 25), 10))));
    await ageKind('TabelaPreco', tabela);
    const both = off(off(f.product.preco, 20), 10);
    await refused(sale(both, { id_tabela_preco: tabela, id_promocao: promocao }, { id_cliente: f.id_cliente }),
      PRICE_MESSAGES.priceMismatch(f.product.descricao, cents(off(off(f.product.preco, 15), 5)), cents(both)));
  });
});

describe('a better promotion created while the till was offline', () => {
  it('the line priced by the promotion the till had is accepted; once the new one is older than the window, refused', async () => {
    const had = Number((await expectOk(t, 'promotionCreate', {
      descricao: 'A que o caixa tinha', data_inicio: day(-1), data_fim: day(1),
      categorias: [{ id_categoria: categoria, tipo: 'Percentual', venda: 10, atacado: 10 }],
    }, manager)).json['id_promocao']);
    const better = Number((await expectOk(t, 'promotionCreate', {
      descricao: 'Criada depois', data_inicio: day(-1), data_fim: day(1),
      categorias: [{ id_categoria: categoria, tipo: 'Percentual', venda: 20, atacado: 20 }],
    }, manager)).json['id_promocao']);
    try {
      // The till did not know the 20%: its 10% line is what the customer saw and paid (never below the shop's rules).
      const offline = sale(off(f.product.preco, 10), { id_promocao: had });
      const res = await send(offline);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(await stored(offline)).toMatchObject([{ valor_unitario: off(f.product.preco, 10), id_promocao: had }]);
      // A dishonest cashier gets nothing from it: below the promotion claimed, or the new one's price without naming it.
      await refused(sale(off(f.product.preco, 20), { id_promocao: had }), PRICE_MESSAGES.promotionNotInEffect(f.product.descricao));
      await refused(sale(off(f.product.preco, 25), { id_promocao: better }),
        PRICE_MESSAGES.priceMismatch(f.product.descricao, cents(off(f.product.preco, 20)), cents(off(f.product.preco, 25))));
      // Every other promotion of the category older than the window: a till had time to learn of the 20%.
      await system(`UPDATE promocao SET data_cadastro = now() - interval '73 hours' WHERE id_promocao <> $1`, [had]);
      await system(`UPDATE regra_preco_versao SET substituida_em = now() - interval '73 hours' WHERE tipo = 'Promocao' AND id_regra <> $1`, [had]);
      await refused(sale(off(f.product.preco, 10), { id_promocao: had }), PRICE_MESSAGES.promotionNotInEffect(f.product.descricao));
    } finally {
      for (const id of [had, better]) await expectOk(t, 'promotionSituacao', { id_promocao: id, situacao: 'Inativo' }, manager);
    }
  });
});
