/**
 * POST /stock/opening, the product register's stock entry: the quantities enter the active branch's stock through the
 * stock owner as opening movements; only under the stock movement permission; a variation of another product or
 * organization, another branch's address or bad quantities refuse the whole entry in pt-BR, writing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pdv/domain/messages';
import { PRODUCT_TAB_MESSAGES as M } from '@pdv/domain/product-tab-messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { demoIds, type DemoIds } from '../../testing/sync.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let other: string;
let ids: DemoIds;
/** A demo product with two variations, the sale address of branch 1 and an address of branch 2. */
let product: { id_produto: number; grades: number[] };
let address1: number;
let address2: number;
let foreignGrade: number;

const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(sql, params))).rows[0]!;
const movements = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM movimentacao_estoque')).n;
const stockOf = async (grade: number, address: number) =>
  Number((await t.db.system((tx) => tx.query<{ q: string }>(
    `SELECT e.quantidade::text AS q FROM estoque e JOIN produto_grade_filial gf USING (id_organization, id_produto_grade_filial)
      WHERE gf.id_produto_grade = $1 AND e.id_endereco_estoque = $2`, [grade, address]))).rows[0]?.q ?? 0);

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  other = await t.login('outra@demo.com.br');
  ids = await demoIds(t.db);
  const p = await one<{ id_produto: number; grades: number[] }>(
    `SELECT id_produto, array_agg(id_produto_grade ORDER BY id_produto_grade) AS grades FROM produto_grade
      WHERE id_organization = $1 AND data_exclusao IS NULL GROUP BY id_produto HAVING count(*) >= 2 ORDER BY id_produto LIMIT 1`, [ids.demo]);
  product = { id_produto: p.id_produto, grades: p.grades.slice(0, 2) };
  address1 = (await one<{ id: number }>('SELECT id_endereco_estoque_venda AS id FROM filial_configuracao WHERE id_filial = $1', [ids.branch1])).id;
  address2 = (await one<{ id: number }>('SELECT id_endereco_estoque AS id FROM endereco_estoque WHERE id_filial = $1 LIMIT 1', [ids.branch2])).id;
  foreignGrade = (await one<{ id: number }>('SELECT id_produto_grade AS id FROM produto_grade WHERE id_organization = $1 LIMIT 1', [ids.other])).id;
});
afterAll(async () => {
  await t.close();
});

describe('opening stock from the product register', () => {
  it('enters each variation at the address as an opening movement of the active branch', async () => {
    const [a, b] = product.grades as [number, number];
    const before = [await stockOf(a, address1), await stockOf(b, address1)];
    const res = await expectOk(t, 'stockOpening', {
      id_produto: product.id_produto, id_endereco_estoque: address1, linhas: [{ id_produto_grade: a, quantidade: 5 }, { id_produto_grade: b, quantidade: 2.5 }],
    }, manager);
    expect(res.json).toEqual({ movimentos: 2 });
    expect([await stockOf(a, address1), await stockOf(b, address1)]).toEqual([before[0]! + 5, before[1]! + 2.5]);
    const list = await expectOk(t, 'stockListByProduct', { id_produto: product.id_produto, search: 'Implantacao' }, manager);
    const rows = list.json['rows'] as Array<Record<string, unknown>>;
    expect(rows.slice(0, 2).map((r) => r['quantidade']).sort()).toEqual([2.5, 5]);
    expect(rows[0]).toMatchObject({ origem: 'Implantacao', usuario: 'Marina Souza' });
  });

  it('refuses a user without the stock movement permission, and bad entries, writing nothing', async () => {
    const [a, b] = product.grades as [number, number];
    const n = await movements();
    const body = (over: Record<string, unknown>) => ({ id_produto: product.id_produto, id_endereco_estoque: address1, linhas: [{ id_produto_grade: a, quantidade: 1 }], ...over });
    expect((await t.call('POST', '/stock/opening', body({}), cashier)).status).toBe(403);
    const otherAddress = await t.call('POST', '/stock/opening', body({ id_endereco_estoque: address2 }), manager);
    expect(otherAddress.status).toBe(400);
    expect(otherAddress.json['message']).toBe(M.openingAddressNotFound);
    const foreign = await t.call('POST', '/stock/opening', body({ linhas: [{ id_produto_grade: a, quantidade: 1 }, { id_produto_grade: foreignGrade, quantidade: 1 }] }), manager);
    expect(foreign.status).toBe(400);
    expect(foreign.json['message']).toBe(M.openingVariationNotFound);
    const twice = await t.call('POST', '/stock/opening', body({ linhas: [{ id_produto_grade: b, quantidade: 1 }, { id_produto_grade: b, quantidade: 2 }] }), manager);
    expect(twice.status).toBe(400);
    expect(String(twice.json['message'])).toContain('aparece mais de uma vez');
    for (const quantidade of [0, -3, 1.0001, 'dez']) {
      const bad = await t.call('POST', '/stock/opening', body({ linhas: [{ id_produto_grade: a, quantidade }] }), manager);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.json)).toMatch(/quantidade/i);
    }
    expect(JSON.stringify((await t.call('POST', '/stock/opening', body({ linhas: [{ id_produto_grade: a, quantidade: 0 }] }), manager)).json)).toContain(MESSAGES.quantityNotPositive);
    expect((await t.call('POST', '/stock/opening', body({ linhas: [] }), manager)).status).toBe(400);
    expect((await t.call('POST', '/stock/opening', body({ id_usuario: 1 }), manager)).status).toBe(400);
    // Another organization: the product is not found there.
    expect((await t.call('POST', '/stock/opening', body({}), other)).status).toBe(404);
    expect(await movements()).toBe(n);
  });
});
