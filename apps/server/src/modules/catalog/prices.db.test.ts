import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { seedDemo } from '../../seed/demo.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { resolvePrices } from './prices.ts';

let testDb: TestDatabase;
let db: Database;
const ids = { org: 0, revenda: 0, padrao: 0, gridRow: 0, categoria: 0 };

const q = async <T>(sql: string, params: unknown[] = []) => (await db.system((tx) => tx.query<T>(sql, params))).rows;
const resolve = () => db.system((tx) => resolvePrices(tx, ids.org));

/** The live price of the test's grid row in a table, or undefined when the table keeps no row for it. */
async function priceIn(id_tabela_preco: number): Promise<{ preco_venda: number; preco_atacado: number } | undefined> {
  const [row] = await q<{ preco_venda: number; preco_atacado: number }>(
    `SELECT preco_venda, preco_atacado FROM preco WHERE id_organization = $1 AND id_tabela_preco = $2
        AND id_produto_grade_filial = $3 AND data_exclusao IS NULL`,
    [ids.org, id_tabela_preco, ids.gridRow],
  );
  return row;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  await migrate(db);
  await seedDemo(db);
  const [row] = await q<typeof ids>(
    `SELECT o.id_organization AS org, r.id_tabela_preco AS revenda, d.id_tabela_preco AS padrao, pgf.id_produto_grade_filial AS "gridRow",
            p.id_categoria AS categoria
       FROM organization o
       JOIN tabela_preco r ON r.id_organization = o.id_organization AND r.descricao = 'Revenda'
       JOIN tabela_preco d ON d.id_organization = o.id_organization AND d.descricao = 'Tabela Padrão'
       JOIN produto_grade g ON g.id_organization = o.id_organization AND g.sku = 'CAM-0001-P-BRA'
       JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
       JOIN produto_grade_filial pgf ON pgf.id_organization = g.id_organization AND pgf.id_produto_grade = g.id_produto_grade
      WHERE o.nome = 'Demo Moda' ORDER BY pgf.id_filial LIMIT 1`,
  );
  Object.assign(ids, row);
});
afterAll(async () => {
  await testDb.drop();
});

describe('price tables resolved into prices', () => {
  it('writes nothing when nothing changed', async () => {
    expect(await resolve()).toBe(0);
  });

  it("applies the table's own values, then a category rule over them, then a grid-row rule over both", async () => {
    expect(await priceIn(ids.revenda)).toEqual({ preco_venda: 35.91, preco_atacado: 33.16 }); // 39,90 - 10%, 34,90 - 5%
    await q(`INSERT INTO tabela_preco_item (id_organization, id_tabela_preco, id_categoria, tipo_aplicado, tipo_valor, valor_varejo, valor_atacado)
             VALUES ($1, $2, $3, 'Desconto', 'Valor', 5, 2)`, [ids.org, ids.revenda, ids.categoria]);
    expect(await resolve()).toBeGreaterThan(0);
    expect(await priceIn(ids.revenda)).toEqual({ preco_venda: 34.9, preco_atacado: 32.9 });
    await q(`INSERT INTO tabela_preco_item (id_organization, id_tabela_preco, id_produto_grade_filial, tipo_aplicado, tipo_valor, valor_varejo, valor_atacado)
             VALUES ($1, $2, $3, 'Acrescimo', 'Percentual', 10, 0)`, [ids.org, ids.revenda, ids.gridRow]);
    expect(await resolve()).toBe(1);
    expect(await priceIn(ids.revenda)).toEqual({ preco_venda: 43.89, preco_atacado: 34.9 });
  });

  it('follows a change of the grid row price', async () => {
    await q('UPDATE produto_grade_filial SET preco_venda = 45.9 WHERE id_organization = $1 AND id_produto_grade_filial = $2', [ids.org, ids.gridRow]);
    expect(await resolve()).toBe(1);
    expect((await priceIn(ids.revenda))?.preco_venda).toBe(50.49);
  });

  it('keeps no row where a table leaves the price as it is, and tombstones one that stops changing it', async () => {
    expect(await priceIn(ids.padrao)).toBeUndefined();
    await q(`UPDATE tabela_preco_item SET valor_varejo = 0, valor_atacado = 0 WHERE id_organization = $1 AND id_produto_grade_filial = $2`,
      [ids.org, ids.gridRow]);
    expect(await resolve()).toBe(1);
    expect(await priceIn(ids.revenda)).toBeUndefined();
    const [tomb] = await q<{ data_exclusao: Date | null }>(
      'SELECT data_exclusao FROM preco WHERE id_organization = $1 AND id_tabela_preco = $2 AND id_produto_grade_filial = $3',
      [ids.org, ids.revenda, ids.gridRow],
    );
    expect(tomb?.data_exclusao).toBeInstanceOf(Date);
  });

  it('never prices below zero', async () => {
    await q(`UPDATE tabela_preco_item SET tipo_aplicado = 'Desconto', tipo_valor = 'Valor', valor_varejo = 1000 WHERE id_organization = $1 AND id_produto_grade_filial = $2`,
      [ids.org, ids.gridRow]);
    await resolve();
    expect((await priceIn(ids.revenda))?.preco_venda).toBe(0);
  });
});
