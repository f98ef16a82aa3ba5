/**
 * POST /product/list-to-balance (001 §7): the products marked for the scale, with the branch's code size, price and
 * the nutrition table of the law asked; nothing of another organization; pt-BR 400s.
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

type Json = Record<string, unknown>;
const system = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(sql, params))).rows;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  other = await t.login('outra@demo.com.br');
  ids = await demoIds(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('/product/list-to-balance', () => {
  it("lists the products marked for the scale with their scale code, the branch's price, weight or unit and the law's table", async () => {
    const [kg] = await system<{ id: number }>(`SELECT id_unidade_medida AS id FROM unidade_medida WHERE id_organization = $1 AND sigla = 'KG'`, [ids.demo]);
    const products = await system<{ id_produto: number; sku: string }>(
      `SELECT id_produto, sku FROM produto WHERE id_organization = $1 AND data_exclusao IS NULL ORDER BY id_produto LIMIT 3`, [ids.demo]);
    expect(products).toHaveLength(3);
    const [weighed, unit, outOfRange] = [products[0]!, products[1]!, products[2]!];
    await system(`UPDATE produto SET enviar_balanca = true, imprimir_data_embalagem_balanca = true, id_unidade_medida = $2, sku = '123'
                   WHERE id_organization = $1 AND id_produto = $3`, [ids.demo, kg!.id, weighed.id_produto]);
    await system(`UPDATE produto SET enviar_balanca = true WHERE id_organization = $1 AND id_produto = $2`, [ids.demo, unit.id_produto]);
    // A SKU of 7 digits does not fit a code of 4.
    await system(`UPDATE produto SET enviar_balanca = true, sku = '1234567' WHERE id_organization = $1 AND id_produto = $2`, [ids.demo, outOfRange.id_produto]);
    await system(`INSERT INTO produto_informacao_nutricional (id_organization, id_produto, tipo_lei, quantidade_porcao, unidade_porcao, valor_energetico, carboidratos)
                  VALUES ($1, $2, '360', 100, 'g', 98, 26)`, [ids.demo, weighed.id_produto]);

    const res = await expectOk(t, 'productListToBalance', { type_law: '360', offset: 0, limit: 100 }, manager);
    const rows = res.json['rows'] as Json[];
    const first = rows.find((r) => r['id_produto'] === weighed.id_produto);
    expect(first).toMatchObject({ codigo_balanca: '0123', tipo_venda: 'Peso', unidade: 'KG', imprimir_data_embalagem: true });
    expect(first?.['nutricional']).toMatchObject({ quantidade_porcao: 100, valor_energetico: 98, carboidratos: 26, sodio: 0 });
    const second = rows.find((r) => r['id_produto'] === unit.id_produto);
    expect(second).toMatchObject({ tipo_venda: 'Unidade', nutricional: null });
    const price = await system<{ p: string }>(
      `SELECT coalesce((SELECT gf.preco_venda FROM produto_grade g JOIN produto_grade_filial gf USING (id_organization, id_produto_grade)
                          WHERE g.id_organization = $1 AND g.id_produto = $2 AND gf.id_filial = $3 AND g.data_exclusao IS NULL
                          ORDER BY g.is_padrao DESC, g.id_produto_grade LIMIT 1), p.preco_venda)::text AS p
         FROM produto p WHERE p.id_organization = $1 AND p.id_produto = $2`, [ids.demo, unit.id_produto, ids.branch1]);
    expect(second?.['preco_venda']).toBe(Number(price[0]!.p));
    // A SKU too long for the code: the product's id stands for it.
    expect(rows.find((r) => r['id_produto'] === outOfRange.id_produto)?.['codigo_balanca']).toBe(String(outOfRange.id_produto).padStart(4, '0'));
    expect(res.json['sem_codigo']).toEqual([]);
    expect(res.json['count']).toBe(3);
    // The 429 table is another: none for this product.
    const law429 = await expectOk(t, 'productListToBalance', { type_law: '429' }, manager);
    expect((law429.json['rows'] as Json[]).find((r) => r['id_produto'] === weighed.id_produto)?.['nutricional']).toBeNull();
    // Paging, and another organization's manager sees none of these.
    const page = await expectOk(t, 'productListToBalance', { offset: 1, limit: 1 }, manager);
    expect((page.json['rows'] as Json[]).map((r) => r['id_produto'])).toEqual([unit.id_produto]);
    const theirs = await expectOk(t, 'productListToBalance', {}, other);
    expect((theirs.json['rows'] as Json[]).map((r) => r['id_produto'])).not.toContain(weighed.id_produto);
  });

  it('refuses bad input in pt-BR and a user without the product permission', async () => {
    const bad = await t.call('POST', '/product/list-to-balance', { type_law: '999' }, manager);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain("type_law deve ser '360' ou '429'.");
    const big = await t.call('POST', '/product/list-to-balance', { limit: 5000 }, manager);
    expect(JSON.stringify(big.json)).toContain('limit pode ser no máximo 1000.');
    expect((await t.call('POST', '/product/list-to-balance', {}, cashier)).status).toBe(403);
  });
});
