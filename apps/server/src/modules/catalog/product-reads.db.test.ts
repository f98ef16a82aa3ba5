/**
 * The product reads of 001 §7 (list_to_search, find_stock_by_id, find_to_print_label, stock-range-quantity,
 * sale_stock/find): what each answers for the owner, nothing of another organization, and a pt-BR 400 for bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { demoIds, type DemoIds } from '../../testing/sync.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let other: string;
let ids: DemoIds;
/** A demo product with variations, its first barcode, and a product of the other organization. */
let product: { id_produto: number; descricao: string; codigo: string };
let foreign: number;

type Json = Record<string, unknown>;
const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(sql, params))).rows[0]!;
const rowsOf = (json: Json) => json['rows'] as Json[];

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  other = await t.login('outra@demo.com.br');
  ids = await demoIds(t.db);
  product = await one(
    `SELECT p.id_produto, p.descricao, b.codigo FROM produto p JOIN produto_codigo_barra b USING (id_organization, id_produto)
      WHERE p.id_organization = $1 AND p.tipo_produto = 'Grade' AND b.data_exclusao IS NULL ORDER BY p.id_produto, b.id_produto_codigo_barra LIMIT 1`, [ids.demo]);
  foreign = (await one<{ id: number }>('SELECT id_produto AS id FROM produto WHERE id_organization = $1 LIMIT 1', [ids.other])).id;
});
afterAll(async () => {
  await t.close();
});

describe('product reads of 001 §7', () => {
  it('list_to_search finds products by description and barcode, of the caller organization only', async () => {
    const byName = await expectOk(t, 'productListToSearch', { search: product.descricao.slice(0, 8), take: 5 }, manager);
    expect(rowsOf(byName.json).map((r) => r['id_produto'])).toContain(product.id_produto);
    expect(rowsOf(byName.json).length).toBeLessThanOrEqual(5);
    const byCode = await expectOk(t, 'productListToSearch', { search: product.codigo }, manager);
    expect(rowsOf(byCode.json)).toEqual([expect.objectContaining({ id_produto: product.id_produto, unidade: expect.any(String) as unknown })]);
    const theirs = await expectOk(t, 'productListToSearch', { search: product.descricao.slice(0, 8) }, other);
    expect(rowsOf(theirs.json).map((r) => r['id_produto'])).not.toContain(product.id_produto);
    const bad = await t.call('POST', '/product/list_to_search', { take: 500 }, manager);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('take pode ser no máximo 50.');
  });

  it('list_to_search_by_id answers the rows of the ids asked, in their order, of the caller organization only', async () => {
    const [second] = rowsOf((await expectOk(t, 'productListToSearch', { search: '', take: 2, skip: 1 }, manager)).json);
    const otherId = Number(second?.['id_produto']);
    const res = await expectOk(t, 'productListToSearchById', { ids: [otherId, product.id_produto, otherId, 999_999] }, manager);
    expect(rowsOf(res.json).map((r) => r['id_produto'])).toEqual([otherId, product.id_produto]);
    expect(rowsOf(res.json)[1]).toMatchObject({ descricao: product.descricao, unidade: expect.any(String) as unknown });
    const theirs = await expectOk(t, 'productListToSearchById', { ids: [product.id_produto] }, other);
    expect(rowsOf(theirs.json)).toEqual([]);
    const empty = await t.call('POST', '/product/list_to_search_by_id', { ids: [] }, manager);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.json)).toContain('Informe ao menos um produto.');
  });

  it('find_stock_by_id answers the stock per variation, branch and address of the branches the caller works in', async () => {
    const res = await expectOk(t, 'productFindStockById', { id_produto: product.id_produto }, manager);
    const rows = rowsOf(res.json);
    const stored = await one<{ n: number; total: string }>(
      `SELECT count(*)::int AS n, coalesce(sum(e.quantidade), 0)::text AS total FROM estoque e JOIN produto_grade_filial gf USING (id_organization, id_produto_grade_filial)
        JOIN produto_grade g USING (id_organization, id_produto_grade) WHERE g.id_produto = $1`, [product.id_produto]);
    expect(rows).toHaveLength(stored.n);
    expect(new Set(rows.map((r) => r['id_filial']))).toEqual(new Set([ids.branch1, ids.branch2]));
    expect(rows.reduce((s, r) => s + Math.round(Number(r['quantidade']) * 1000), 0)).toBe(Math.round(Number(stored.total) * 1000));
    expect(rows[0]).toMatchObject({ filial: expect.any(String) as unknown, endereco_estoque: expect.stringMatching(/ - /) as unknown });
    // The cashier does not hold the product register's permission.
    expect((await t.call('POST', '/product/find_stock_by_id', { id_produto: product.id_produto }, cashier)).status).toBe(403);
    expect((await t.call('POST', '/product/find_stock_by_id', { id_produto: product.id_produto }, other)).status).toBe(404);
    expect((await t.call('POST', '/product/find_stock_by_id', { id_produto: foreign }, manager)).status).toBe(404);
    const bad = await t.call('POST', '/product/find_stock_by_id', { id_produto: 'abc' }, manager);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('Informe um identificador numérico.');
  });

  it('find_to_print_label answers every variation with its barcode and the active branch price', async () => {
    const res = await expectOk(t, 'productFindToPrintLabel', { where: { ids_products: [product.id_produto, foreign] } }, manager);
    const rows = rowsOf(res.json);
    expect(rows.length).toBeGreaterThan(1);
    expect(new Set(rows.map((r) => r['id_produto']))).toEqual(new Set([product.id_produto]));
    expect(rows.map((r) => r['codigo_barras'])).toContain(product.codigo);
    expect(rows.every((r) => String(r['descricao']).startsWith(product.descricao) && Number(r['preco_venda']) > 0)).toBe(true);
    // The label item's parts: the product's description, the variation's own, together the line's description.
    expect(rows.every((r) => r['descricao_produto'] === product.descricao && r['variacao'] !== '' && r['descricao'] === `${product.descricao} ${String(r['variacao'])}`)).toBe(true);
    expect((await t.call('POST', '/product/find_to_print_label', { where: { ids_products: [product.id_produto] } }, other)).status).toBe(404);
    const bad = await t.call('POST', '/product/find_to_print_label', { where: { ids_products: [] } }, manager);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('Informe ao menos um produto.');
  });

  it('stock-range-quantity answers the active branch variations whose stock lies within the range', async () => {
    const res = await expectOk(t, 'productStockRangeQuantity', { quantidade_minima: 0, quantidade_maxima: 5, take: 200 }, manager);
    const rows = rowsOf(res.json);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => Number(r['quantidade']) >= 0 && Number(r['quantidade']) <= 5)).toBe(true);
    const inBranch1 = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT gf.id_produto_grade_filial, coalesce(sum(e.quantidade), 0) AS q FROM produto_grade_filial gf
         JOIN produto_grade g USING (id_organization, id_produto_grade)
         LEFT JOIN estoque e ON e.id_organization = gf.id_organization AND e.id_produto_grade_filial = gf.id_produto_grade_filial
        WHERE gf.id_organization = $1 AND gf.id_filial = $2 AND g.data_exclusao IS NULL GROUP BY 1) s WHERE q BETWEEN 0 AND 5`, [ids.demo, ids.branch1]);
    expect(res.json['count']).toBe(inBranch1.n);
    const theirs = await expectOk(t, 'productStockRangeQuantity', { quantidade_minima: 0 }, other);
    expect(rowsOf(theirs.json).map((r) => r['id_produto'])).not.toContain(product.id_produto);
    const bad = await t.call('POST', '/product/stock-range-quantity', { quantidade_minima: 10, quantidade_maxima: 1 }, manager);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('A quantidade mínima não pode ser maior que a máxima.');
  });

  it('sale_stock/find answers the active branch stock for selling, searched by barcode, to the cashier too', async () => {
    const res = await expectOk(t, 'saleStockFind', { search: product.codigo, filter: { com_estoque: false } }, cashier);
    const rows = rowsOf(res.json);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r['id_produto'] === product.id_produto)).toBe(true);
    const branchOf = await t.db.system(async (tx) =>
      (await tx.query<{ id_filial: number }>('SELECT DISTINCT id_filial FROM estoque WHERE id_estoque = ANY($1::integer[])', [rows.map((r) => r['id_estoque'])])).rows);
    expect(branchOf).toEqual([{ id_filial: ids.branch1 }]);
    const available = await expectOk(t, 'saleStockFind', { filter: { com_estoque: true }, take: 200 }, cashier);
    expect(rowsOf(available.json).every((r) => Number(r['disponivel']) > 0)).toBe(true);
    const theirs = await expectOk(t, 'saleStockFind', { search: product.codigo }, other);
    expect(rowsOf(theirs.json)).toEqual([]);
    const bad = await t.call('POST', '/sale_stock/find', { filter: { com_estoque: 'sim' } }, cashier);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('com_estoque deve ser verdadeiro ou falso.');
  });
});
