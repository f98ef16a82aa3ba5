/**
 * The product register (issue 20; 001 §7 Products): create and update of a whole product with its variations,
 * barcodes and logistics units in one transaction; the list, next SKU, duplicate, situacao in place; the point of
 * sale's product calls; the refusals (bad GTIN, NCM, negative price, price limits, a barcode of another product, a
 * unit a barcode names, foreign ids → 404) writing nothing; the writes reaching the sync streams.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withGtinCheckDigit } from '@pdv/domain/gtin';
import { PRODUCT_MESSAGES } from '@pdv/domain/product-rules';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let other: string;
let cashier: string;
let unidade: number;
let caixa: number;
let cores: Array<{ id_atributo_item: number; descricao: string }>;
let tamanhos: Array<{ id_atributo_item: number; descricao: string }>;

type Row = Record<string, unknown>;
const rowsOf = (json: Row) => json['rows'] as Row[];
const gtin = (n: number) => withGtinCheckDigit(`789${String(9_000_000_000 + n).slice(-9)}`);
const one = async <T = number>(sql: string, params: unknown[] = []) =>
  (await t.db.system((tx) => tx.query<{ v: T }>(sql, params))).rows[0]?.v as T;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  unidade = await one(`SELECT u.id_unidade_medida AS v FROM unidade_medida u JOIN organization o USING (id_organization)
    WHERE o.nome = 'Demo Moda' AND u.sigla = 'UN'`);
  caixa = await one(`SELECT u.id_unidade_medida AS v FROM unidade_medida u JOIN organization o USING (id_organization)
    WHERE o.nome = 'Demo Moda' AND u.sigla = 'CX'`);
  const attr = async (descricao: string, itens: string[]) => {
    const res = await expectOk(t, 'attributeCreate', { descricao, itens: itens.map((d) => ({ descricao: d })) }, manager);
    const found = await expectOk(t, 'attributeFindById', { id_atributo: res.json['id_atributo'] }, manager);
    return (found.json['itens'] as Array<{ id_atributo_item: number; descricao: string }>);
  };
  cores = await attr('Cor teste produto', ['Azul', 'Preto']);
  tamanhos = await attr('Tamanho teste produto', ['P', 'M', 'G']);
});
afterAll(async () => {
  await t.close();
});

/** A product with 2 colours × 3 sizes, a GTIN per variation, a box unit with a GTIN-14 on the first variation. */
function gridBody(n: number, extra: Row = {}) {
  const grades = cores.flatMap((c) => tamanhos.map((s) => ({
    chave: `${c.descricao}-${s.descricao}`, descricao: `${c.descricao} / ${s.descricao}`, itens: [c.id_atributo_item, s.id_atributo_item],
    preco_venda: 59.9, preco_atacado: 49.9, preco_custo: 20, preco_custo_medio: 21,
  })));
  return {
    descricao: `Camiseta Registro ${n}`, sku: `REG-${n}`, id_unidade_medida: unidade, codigo_ncm: '61091000', cest: '2803800',
    preco_venda: 59.9, preco_atacado: 49.9, preco_custo: 20, quantidade_atacarejo: 6, perc_max_reducao_preco_produto: 10,
    perc_max_aumento_preco_produto: 20, tempo_garantia: 90, altura: 2, largura: 30, comprimento: 40, peso: 0.2,
    grades,
    unidades_logisticas: [{ chave: 'un', id_unidade_medida: unidade, multiplicador: 1 }, { chave: 'cx', id_unidade_medida: caixa, multiplicador: 12 }],
    codigos_barra: [
      ...grades.map((g, i) => ({ codigo: gtin(n * 100 + i), chave_grade: g.chave })),
      { codigo: withGtinCheckDigit(`1${gtin(n * 100 + 50).slice(0, 12)}`), chave_grade: grades[0]!.chave, chave_unidade: 'cx' },
      { codigo: `INT${n}`, codigo_interno: true, chave_grade: grades[1]!.chave },
    ],
    ...extra,
  };
}

async function snapshot() {
  return t.db.system(async (tx) => {
    const counts = await tx.query<{ t: string; n: number }>(
      `SELECT 'p' AS t, count(*)::integer AS n FROM produto UNION ALL SELECT 'g', count(*)::integer FROM produto_grade
       UNION ALL SELECT 'f', count(*)::integer FROM produto_grade_filial UNION ALL SELECT 'b', count(*)::integer FROM produto_codigo_barra
       UNION ALL SELECT 'u', count(*)::integer FROM produto_unidade_logistica
       UNION ALL SELECT 'x', count(*)::integer FROM produto_codigo_barra WHERE data_exclusao IS NOT NULL`);
    return JSON.stringify(counts.rows);
  });
}

/** Pages a sync group to its end; answers the position after it. */
async function syncEnd(group: string, token: string) {
  let position = { date_change: '', offset: 0 };
  for (;;) {
    const page = await t.call('POST', `/${group}/list-by-changes`, { ...position, limit: 5000 }, token);
    position = { date_change: page.json['date_change'] as string, offset: page.json['offset'] as number };
    if (!page.json['has_more']) return position;
  }
}
const syncRows = async (group: string, position: Row, token: string) =>
  rowsOf((await t.call('POST', `/${group}/list-by-changes`, { ...position, limit: 5000 }, token)).json);

describe('product create and update', () => {
  it('creates a product with 6 variations, barcodes, a box unit and prices, and the point of sale streams carry them', async () => {
    const before = {
      product: await syncEnd('product', cashier), grid: await syncEnd('product-grid', cashier), barcode: await syncEnd('product-barcode', cashier),
      price: await syncEnd('price', cashier),
    };
    const created = await expectOk(t, 'productCreate', gridBody(1), manager);
    const p = created.json;
    expect(p['tipo_produto']).toBe('Grade');
    expect(p['codigo_ncm']).toBe('61091000');
    const grades = p['grades'] as Row[];
    expect(grades.map((g) => g['descricao'])).toEqual(['Azul / P', 'Azul / M', 'Azul / G', 'Preto / P', 'Preto / M', 'Preto / G']);
    expect(grades.every((g) => g['preco_venda'] === 59.9 && g['preco_custo'] === 20 && (g['itens'] as number[]).length === 2)).toBe(true);
    expect((p['codigos_barra'] as Row[]).filter((c) => c['chave_unidade'] !== null)).toHaveLength(1);
    expect(p['unidades_logisticas']).toHaveLength(2);

    const products = await syncRows('product', before.product, cashier);
    expect(products.map((r) => r['id_produto'])).toEqual([p['id_produto']]);
    expect(products[0]).not.toHaveProperty('preco_custo');
    const grid = await syncRows('product-grid', before.grid, cashier);
    expect(grid).toHaveLength(6);
    expect(grid.every((g) => g['preco_venda'] === 59.9 && !('preco_custo' in g))).toBe(true);
    const codes = await syncRows('product-barcode', before.barcode, cashier);
    expect(codes).toHaveLength(8);
    expect(codes.find((c) => c['id_produto_unidade_logistica'] !== null)?.['multiplicador']).toBe(12);
    // The demo's 'Revenda' table (10% off retail) resolved for the new variations: the price stream carries them.
    const prices = await syncRows('price', before.price, cashier);
    expect(prices).toHaveLength(6);
    expect(prices.every((r) => r['preco_venda'] === 53.91)).toBe(true);

    // Every branch has the variations; the price history records the manager.
    expect(await one(`SELECT count(DISTINCT id_filial)::integer AS v FROM produto_grade_filial pgf JOIN produto_grade g USING (id_organization, id_produto_grade)
      WHERE g.id_produto = $1`, [p['id_produto']])).toBeGreaterThan(1);
    const history = await expectOk(t, 'priceHistoryList', { id_produto_grade_filial: grades[0]!['id_produto_grade_filial'] }, manager);
    expect(rowsOf(history.json)[0]?.['usuario_nome']).toBe('Marina Souza');
  });

  it('updates the whole product in one call: a variation removed, prices changed, a barcode swapped, and find_by_id reads it back', async () => {
    const created = (await expectOk(t, 'productCreate', gridBody(2), manager)).json;
    const grades: Row[] = (created['grades'] as Row[]).slice(0, 5).map((g) => ({ ...g, preco_venda: g['descricao'] === 'Azul / P' ? 55 : 59.9 }));
    const codes = (created['codigos_barra'] as Row[]).filter((c) => grades.some((g) => g['chave'] === c['chave_grade']))
      .map((c, i) => (i === 0 ? { ...c, codigo: gtin(299) } : c));
    const before = await syncEnd('product-grid', manager);
    const res = await expectOk(t, 'productUpdate', {
      ...created, descricao: 'Camiseta Registro 2 alterada', grades, codigos_barra: codes, codigo_ncm: '61091000',
    }, manager);
    expect(res.json['descricao']).toBe('Camiseta Registro 2 alterada');
    expect(res.json['grades']).toHaveLength(5);
    expect((res.json['codigos_barra'] as Row[]).some((c) => c['codigo'] === gtin(299))).toBe(true);
    const back = await expectOk(t, 'productFindById', { id_produto: created['id_produto'] }, manager);
    expect((back.json['grades'] as Row[]).find((g) => g['descricao'] === 'Azul / P')?.['preco_venda']).toBe(55);
    const changes = await syncRows('product-grid', before, manager);
    expect(changes.some((g) => g['descricao'] === 'Preto / G' && g['data_exclusao'] !== null)).toBe(true);
    expect(changes.some((g) => g['descricao'] === 'Azul / P' && g['preco_venda'] === 55)).toBe(true);
  });

  it('a simple product gets the hidden default variation Geral, and its quick price change reprices it', async () => {
    const res = await expectOk(t, 'productCreate', {
      descricao: 'Meia Registro', sku: 'REG-MEIA', id_unidade_medida: unidade, preco_venda: 12.5, preco_atacado: 10,
      codigos_barra: [{ codigo: gtin(301), chave_grade: 'geral' }],
    }, manager);
    const grades = res.json['grades'] as Row[];
    expect(grades).toEqual([expect.objectContaining({ descricao: 'Geral', is_padrao: true, preco_venda: 12.5 })]);
    expect(res.json['tipo_produto']).toBe('Simples');
    const quick = await expectOk(t, 'productUpdate', { id_produto: res.json['id_produto'], preco_venda: 13 }, manager);
    expect(quick.json['variacoes_atualizadas']).toBe(1);
    expect((quick.json['grades'] as Row[])[0]?.['preco_venda']).toBe(13);
    expect((quick.json['codigos_barra'] as Row[])[0]?.['codigo']).toBe(gtin(301));
  });
});

describe('refusals write nothing', () => {
  const refused = async (body: Row, message: string, route: 'create' | 'update' = 'create') => {
    const before = await snapshot();
    const res = route === 'create'
      ? await t.call('POST', '/product/create', body, manager)
      : await t.call('PUT', '/product/update', body, manager);
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(JSON.stringify(res.json)).toContain(message);
    expect(await snapshot()).toBe(before);
  };

  it('refuses a bad GTIN, an NCM or CEST of the wrong length, a negative price', async () => {
    const bad = gridBody(3);
    bad.codigos_barra[2] = { codigo: '7891234567890', chave_grade: bad.grades[2]!.chave };
    await refused(bad, PRODUCT_MESSAGES.gtinInvalid('7891234567890'));
    await refused(gridBody(3, { codigo_ncm: '6109100' }), PRODUCT_MESSAGES.ncmInvalid);
    await refused(gridBody(3, { cest: '28038' }), PRODUCT_MESSAGES.cestInvalid);
    await refused(gridBody(3, { preco_custo: -1 }), 'O preço não pode ser negativo.');
  });

  it("refuses a variation's sale price outside the product's reduction and increase limits", async () => {
    const low = gridBody(3);
    low.grades[1]!.preco_venda = 50;
    await refused(low, 'abaixo do preço mínimo permitido');
    const high = gridBody(3);
    high.grades[1]!.preco_venda = 80;
    await refused(high, 'acima do preço máximo permitido');
  });

  it('refuses a barcode another product uses, a SKU in use, and a box unit removed while a barcode names it', async () => {
    const used = gridBody(4);
    used.codigos_barra[0]!.codigo = gtin(100);
    await refused(used, 'já está em uso no produto Camiseta Registro 1');
    await refused(gridBody(4, { sku: 'REG-1' }), PRODUCT_MESSAGES.skuInUse('REG-1'));
    const created = (await expectOk(t, 'productCreate', gridBody(5), manager)).json;
    const units = (created['unidades_logisticas'] as Row[]).filter((u) => u['multiplicador'] === 1);
    await refused({ ...created, unidades_logisticas: units }, PRODUCT_MESSAGES.logisticsUnitHasBarcode, 'update');
  });

  it("answers 404 for another organization's product, measure unit, brand or attribute item", async () => {
    const id_produto = await one(`SELECT max(id_produto) AS v FROM produto`);
    expect((await t.call('POST', '/product/find_by_id', { id_produto }, other)).status).toBe(404);
    expect((await t.call('PUT', '/product/update', { id_produto, descricao: 'x' }, other)).status).toBe(404);
    expect((await t.call('POST', '/product/product-duplicate', { id_produto }, other)).status).toBe(404);
    expect((await t.call('POST', '/product/create', gridBody(6), other)).status).toBe(404);
    const marca = await one(`SELECT m.id_marca AS v FROM marca m JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda' LIMIT 1`);
    const otherUnit = await one(`SELECT u.id_unidade_medida AS v FROM unidade_medida u JOIN organization o USING (id_organization)
      WHERE o.nome <> 'Demo Moda' LIMIT 1`);
    expect((await t.call('POST', '/product/create', { ...gridBody(6), grades: [], codigos_barra: [], unidades_logisticas: [], id_unidade_medida: otherUnit }, manager)).status).toBe(404);
    expect((await t.call('POST', '/product/create', { descricao: 'x', sku: 'x1', id_unidade_medida: await one(`SELECT u.id_unidade_medida AS v FROM unidade_medida u
      JOIN organization o USING (id_organization) WHERE o.nome <> 'Demo Moda' LIMIT 1`), id_marca: marca }, other)).status).toBe(404);
    const grid = await one(`SELECT max(id_produto_grade_filial) AS v FROM produto_grade_filial pgf JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda'`);
    expect((await t.call('POST', '/product/get-price-sell', { branch_grids_ids: [grid] }, other)).status).toBe(404);
    expect((await t.call('POST', '/product/search-to-sell', { category_id: 999_999 }, cashier)).status).toBe(404);
  });
});

describe('list, next SKU, duplicate, situacao and the point of sale calls', () => {
  it('lists by description, SKU and barcode, with filters, data_cadastro asc and paging', async () => {
    const all = await expectOk(t, 'productFindList', { take: 5 }, manager);
    expect(rowsOf(all.json)).toHaveLength(5);
    const dates = rowsOf(all.json).map((r) => String(r['data_cadastro']));
    expect([...dates].sort()).toEqual(dates);
    expect(all.json['count']).toBeGreaterThan(5);
    const byName = await expectOk(t, 'productFindList', { search: 'registro 1' }, manager);
    expect(rowsOf(byName.json).map((r) => r['sku'])).toEqual(['REG-1']);
    expect(rowsOf(byName.json)[0]?.['variacoes']).toBe(6);
    expect(rowsOf((await expectOk(t, 'productFindList', { search: 'REG-ME' }, manager)).json).map((r) => r['sku'])).toEqual(['REG-MEIA']);
    expect(rowsOf((await expectOk(t, 'productFindList', { search: gtin(101) }, manager)).json).map((r) => r['sku'])).toEqual(['REG-1']);
    const inactive = await expectOk(t, 'productFindList', { search: 'registro', filter: { situacao: 'Inativo' } }, manager);
    expect(rowsOf(inactive.json)).toEqual([]);
    expect(rowsOf((await expectOk(t, 'productFindList', {}, other)).json).some((r) => String(r['sku']).startsWith('REG-'))).toBe(false);
  });

  it('changes situacao in place and gives the next numeric SKU', async () => {
    const id_produto = await one(`SELECT id_produto AS v FROM produto WHERE sku = 'REG-MEIA'`);
    expect((await expectOk(t, 'productSituacao', { id_produto, situacao: 'Inativo' }, manager)).json).toEqual({ id_produto, situacao: 'Inativo' });
    expect((await expectOk(t, 'productSituacao', { id_produto, situacao: 'Ativo' }, manager)).json['situacao']).toBe('Ativo');
    const first = (await expectOk(t, 'productNextSku', {}, manager)).json['nextSku'] as string;
    await expectOk(t, 'productCreate', { descricao: 'Numerado', sku: first, id_unidade_medida: unidade }, manager);
    expect((await expectOk(t, 'productNextSku', {}, manager)).json['nextSku']).toBe(String(Number(first) + 1));
  });

  it('duplicates a product under the next SKU without its barcodes', async () => {
    const id_produto = await one(`SELECT id_produto AS v FROM produto WHERE sku = 'REG-1'`);
    const copy = await expectOk(t, 'productDuplicate', { id_produto }, manager);
    expect(copy.json['descricao']).toBe('Camiseta Registro 1 (cópia)');
    expect(copy.json['grades']).toHaveLength(6);
    expect(copy.json['codigos_barra']).toEqual([]);
    expect(copy.json['unidades_logisticas']).toHaveLength(2);
    expect(copy.json['sku']).toMatch(/^\d+$/);
  });

  it('serves the grid, search-to-sell by name and barcode (25 a page), get-by-branch-grid and get-price-sell to the cashier', async () => {
    const id_produto = await one(`SELECT id_produto AS v FROM produto WHERE sku = 'REG-1'`);
    const grid = await expectOk(t, 'productGridByProduct', { id_produto }, manager);
    expect(rowsOf(grid.json)).toHaveLength(6);
    const byName = await expectOk(t, 'productSearchToSell', { search: 'Camiseta Registro 1 Preto' }, cashier);
    expect(rowsOf(byName.json).map((r) => r['descricao'])).toEqual(['Camiseta Registro 1 Preto / G', 'Camiseta Registro 1 Preto / M', 'Camiseta Registro 1 Preto / P']);
    const byCode = await expectOk(t, 'productSearchToSell', { search: gtin(103) }, cashier);
    expect(rowsOf(byCode.json).map((r) => r['descricao'])).toEqual(['Camiseta Registro 1 Preto / P']);
    const page = await expectOk(t, 'productSearchToSell', {}, cashier);
    expect(rowsOf(page.json)).toHaveLength(25);
    expect((await t.call('POST', '/product/search-to-sell', { limit: 26 }, cashier)).status).toBe(400);
    const id = rowsOf(byCode.json)[0]!['id_produto_grade_filial'] as number;
    const row = await expectOk(t, 'productByBranchGrid', { id_produto_grade_filial: id }, cashier);
    expect(row.json).toEqual(expect.objectContaining({ codigo_barra: gtin(103), unidade: 'UN', situacao: 'Ativo' }));
    const prices = await expectOk(t, 'productPriceSell', { branch_grids_ids: [id] }, cashier);
    expect(rowsOf(prices.json)).toEqual([expect.objectContaining({ id_produto_grade_filial: id, preco_venda_base: 59.9 })]);
  });
});
