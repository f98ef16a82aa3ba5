/**
 * The label print modal's reads (001 §5 Labels, §7): /product/search-to-labels with its filters and
 * /invoice_item/find_to_print_labels: the label items of the caller's organization and branch only, the branch's
 * prices, quantities from stock or from the invoice's lines, and pt-BR 400s for bad filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '@pdv/domain/period';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';
import { demoIds, type DemoIds } from '../../testing/sync.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let other: string;
let ids: DemoIds;
let sale: SaleFixture;
/** A demo product with variations (and its brand). */
let product: { id_produto: number; id_marca: number | null; variations: number };

type Json = Record<string, unknown>;
const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(sql, params))).rows[0]!;
const rowsOf = (json: Json) => json['rows'] as Json[];

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  other = await t.login('outra@demo.com.br');
  ids = await demoIds(t.db);
  sale = await loadSaleFixture(t.db);
  product = await one(
    `SELECT p.id_produto, p.id_marca, (SELECT count(*)::int FROM produto_grade g WHERE g.id_organization = p.id_organization
        AND g.id_produto = p.id_produto AND NOT g.is_padrao AND g.data_exclusao IS NULL) AS variations
       FROM produto p WHERE p.id_organization = $1 AND p.tipo_produto = 'Grade' AND p.data_exclusao IS NULL ORDER BY p.id_produto LIMIT 1`, [ids.demo]);
});
afterAll(async () => {
  await t.close();
});

describe('/product/search-to-labels', () => {
  it("lists every variation of the product found, one label each, at the active branch's prices", async () => {
    const res = await expectOk(t, 'productSearchToLabels', { productId: product.id_produto }, manager);
    const rows = rowsOf(res.json);
    expect(product.variations).toBeGreaterThan(1);
    expect(rows).toHaveLength(product.variations);
    expect(rows.every((r) => r['id_produto'] === product.id_produto && r['qtd'] === 1 && r['variacao'] !== '')).toBe(true);
    const first = rows[0]!;
    const price = await one<{ preco_venda: string }>(
      `SELECT gf.preco_venda::text AS preco_venda FROM produto_grade_filial gf WHERE gf.id_organization = $1 AND gf.id_produto_grade = $2 AND gf.id_filial = $3`,
      [ids.demo, first['id_produto_grade'], ids.branch1]);
    expect(first['preco_venda']).toBe(Number(price.preco_venda));
    // The same product read by another organization: nothing.
    expect(rowsOf((await expectOk(t, 'productSearchToLabels', { productId: product.id_produto }, other)).json)).toEqual([]);
  });

  it('with isLoadStock, asks as many labels as the branch holds of each variation (a started unit counted, none below one)', async () => {
    const res = await expectOk(t, 'productSearchToLabels', { productId: product.id_produto, isLoadStock: true }, manager);
    for (const row of rowsOf(res.json)) {
      const stock = await one<{ q: string }>(
        `SELECT coalesce(sum(e.quantidade), 0)::text AS q FROM estoque e WHERE e.id_organization = $1 AND e.id_produto_grade_filial = $2
            AND e.id_filial = $3 AND e.data_exclusao IS NULL`, [ids.demo, row['id_produto_grade_filial'], ids.branch1]);
      const q = Number(stock.q);
      expect(row['qtd']).toBe(q > 0 ? Math.ceil(q) : 0);
    }
  });

  it('filters by brand, situation and registration or change day (branch days)', async () => {
    if (product.id_marca !== null) {
      const byBrand = rowsOf((await t.call('POST', '/product/search-to-labels', { brandId: product.id_marca }, manager)).json);
      expect(byBrand.map((r) => r['id_produto'])).toContain(product.id_produto);
    }
    // (data_alteracao follows the update: now.)
    await t.db.system((tx) => tx.query(`UPDATE produto SET data_cadastro = '2021-03-10T23:30:00-03:00' WHERE id_organization = $1 AND id_produto = $2`,
      [ids.demo, product.id_produto]));
    const day = rowsOf((await t.call('POST', '/product/search-to-labels', { startDate: '2021-03-10', endDate: '2021-03-10' }, manager)).json);
    expect(new Set(day.map((r) => r['id_produto']))).toEqual(new Set([product.id_produto]));
    // 23:30 in the branch is 02:30 of the 11th in UTC: the 10th is the branch's day, not the 11th.
    const dayAfter = rowsOf((await t.call('POST', '/product/search-to-labels', { startDate: '2021-03-11', endDate: '2021-03-11' }, manager)).json);
    expect(dayAfter.map((r) => r['id_produto'])).not.toContain(product.id_produto);
    const today = localDate(new Date());
    const changed = rowsOf((await t.call('POST', '/product/search-to-labels', { typeDate: 'alteracao', startDate: today, endDate: today }, manager)).json);
    expect(changed.map((r) => r['id_produto'])).toContain(product.id_produto);
    const before = rowsOf((await t.call('POST', '/product/search-to-labels', { typeDate: 'alteracao', endDate: '2022-05-01' }, manager)).json);
    expect(before.map((r) => r['id_produto'])).not.toContain(product.id_produto);
    const inactive = rowsOf((await t.call('POST', '/product/search-to-labels', { productId: product.id_produto, situation: 'Inativo' }, manager)).json);
    expect(inactive).toEqual([]);
  });

  it('refuses bad filters in pt-BR and a user without the product permission', async () => {
    const reversed = await t.call('POST', '/product/search-to-labels', { startDate: '2024-02-10', endDate: '2024-02-01' }, manager);
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.json)).toContain('A data inicial não pode ser maior que a final.');
    const badType = await t.call('POST', '/product/search-to-labels', { typeDate: 'venda' }, manager);
    expect(badType.status).toBe(400);
    expect(JSON.stringify(badType.json)).toContain("typeDate deve ser 'cadastro' ou 'alteracao'.");
    expect((await t.call('POST', '/product/search-to-labels', { brandId: 'x' }, manager)).status).toBe(400);
    expect((await t.call('POST', '/product/search-to-labels', {}, cashier)).status).toBe(403);
  });
});

describe('/invoice_item/find_to_print_labels', () => {
  it("gives one item per live product line, its started units as labels, at the branch's current prices", async () => {
    const serie = await one<{ id: number }>(`SELECT id_serie_fiscal AS id FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '55'`, [sale.id_filial]);
    const draft = await t.call('POST', '/invoice/post', { modelo: '55', id_serie_fiscal: serie.id, natureza_operacao: 'Compra', id_cliente: sale.id_cliente }, manager);
    expect(draft.status, JSON.stringify(draft.json)).toBe(200);
    const id = draft.json['id_nota_fiscal'] as number;
    const line = { id_nota_fiscal: id, id_produto_grade_filial: sale.product.id_produto_grade_filial, id_endereco_estoque: sale.product.id_endereco_estoque, valor_unitario: 3.33 };
    await expectOk(t, 'invoiceItemPost', { ...line, quantidade: 2.5 }, manager);
    const second = await expectOk(t, 'invoiceItemPost', { ...line, quantidade: 4 }, manager);
    const items = second.json['itens'] as Array<{ id_nota_fiscal_item: number }>;
    await expectOk(t, 'invoiceItemCancel', { id_nota_fiscal_item: items[1]!.id_nota_fiscal_item }, manager);

    const res = await expectOk(t, 'invoiceItemFindToPrintLabels', { id_nota_fiscal: id }, manager);
    const rows = rowsOf(res.json);
    expect(rows).toHaveLength(1);
    const price = await one<{ p: string }>('SELECT preco_venda::text AS p FROM produto_grade_filial WHERE id_organization = $1 AND id_produto_grade_filial = $2',
      [ids.demo, sale.product.id_produto_grade_filial]);
    expect(rows[0]).toMatchObject({ id_produto_grade_filial: sale.product.id_produto_grade_filial, qtd: 3, preco_venda: Number(price.p) });
    expect((await t.call('POST', '/invoice_item/find_to_print_labels', { id_nota_fiscal: id }, other)).status).toBe(404);
    expect((await t.call('POST', '/invoice_item/find_to_print_labels', { id_nota_fiscal: 999_999 }, manager)).status).toBe(404);
  });
});
