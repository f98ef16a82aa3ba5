import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';

let t: TestApp;
let manager: string;
let id_produto: number;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  id_produto = (await t.db.system((tx) => tx.query<{ id: number }>(
    `SELECT p.id_produto AS id FROM produto p JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' AND p.tipo_produto = 'Grade' ORDER BY p.id_produto LIMIT 1`))).rows[0]!.id;
});
afterAll(async () => {
  await t.close();
});

describe('PUT /api/product/update', () => {
  it("changes the price of the product's variations in the active branch only, and the change reaches list-by-changes", async () => {
    const session = await t.call('GET', '/user/session', undefined, manager);
    const branch = (session.json['usuario'] as { id_filial_ativa: number }).id_filial_ativa;
    let position = { date_change: '', offset: 0 };
    for (;;) {
      const page = await t.call('POST', '/product-grid/list-by-changes', { ...position, limit: 5000 }, manager);
      position = { date_change: page.json['date_change'] as string, offset: page.json['offset'] as number };
      if (!page.json['has_more']) break;
    }
    const res = await t.call('PUT', '/product/update', { id_produto, preco_venda: 123.45 }, manager);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json['variacoes_atualizadas']).toBeGreaterThan(1);
    const prices = await t.db.system((tx) => tx.query<{ id_filial: number; preco_venda: number }>(
      `SELECT pgf.id_filial, pgf.preco_venda FROM produto_grade_filial pgf JOIN produto_grade g USING (id_organization, id_produto_grade)
        WHERE g.id_produto = $1`, [id_produto]));
    for (const row of prices.rows) expect(row.preco_venda === 123.45).toBe(row.id_filial === branch);
    const changes = await t.call('POST', '/product-grid/list-by-changes', { ...position, limit: 5000 }, manager);
    const rows = changes.json['rows'] as Array<{ id_produto: number; preco_venda: number }>;
    expect(rows.length).toBe(res.json['variacoes_atualizadas']);
    expect(rows.every((r) => r.id_produto === id_produto && r.preco_venda === 123.45)).toBe(true);
  });

  it('refuses a negative price with a pt-BR message and a product of another organization with 404', async () => {
    const bad = await t.call('PUT', '/product/update', { id_produto, preco_venda: -1 }, manager);
    expect(bad.status).toBe(400);
    expect(bad.json['complement']).toBe('preco_venda: O preço não pode ser negativo.');
    const other = await t.login('outra@demo.com.br');
    expect((await t.call('PUT', '/product/update', { id_produto, preco_venda: 1 }, other)).status).toBe(404);
  });
});
