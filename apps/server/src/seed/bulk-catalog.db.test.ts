import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidGtin } from '@pdv/domain/gtin';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { fillBulkCatalog } from './bulk-catalog.ts';

let t: TestApp;
let demo = 0;

const count = async (sql: string) => Number((await t.db.system((tx) => tx.query<{ n: number }>(sql, [demo]))).rows[0]?.n);

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.db.system((tx) => tx.query<{ id: number }>(`SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'`));
  demo = rows[0]?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

describe('bulk catalogue (npm run demo:data)', () => {
  it('adds products with 2 or 3 sizes, a grid row per branch, a GTIN per size, stock in both addresses and reseller prices', async () => {
    const progress: number[] = [];
    const result = await fillBulkCatalog(t.db, demo, { products: 25, batchSize: 10, onProgress: (done) => progress.push(done) });
    expect(progress).toEqual([10, 20, 25]);
    const grades = Array.from({ length: 25 }, (_, i) => 2 + ((i + 1) % 2)).reduce((a, b) => a + b, 0);
    expect(result).toEqual({ products: 25, grades, gridRows: 2 * grades, stockRows: 4 * grades, prices: 2 * grades });
    expect(await count(`SELECT count(*) AS n FROM produto WHERE id_organization = $1 AND sku LIKE 'BLK-%'`)).toBe(25);
    const codes = await t.db.system((tx) =>
      tx.query<{ codigo: string }>(`SELECT b.codigo FROM produto_codigo_barra b JOIN produto p USING (id_organization, id_produto)
                                     WHERE p.id_organization = $1 AND p.sku LIKE 'BLK-%'`, [demo]),
    );
    expect(codes.rows).toHaveLength(grades);
    for (const { codigo } of codes.rows) expect(isValidGtin(codigo), codigo).toBe(true);
  });

  it('leaves every row consistent with the rows it references (checks skipped during the load hold)', async () => {
    // Stock: the address and the grid row belong to the stock row's branch; prices likewise.
    expect(await count(`SELECT count(*) AS n FROM estoque s
      LEFT JOIN endereco_estoque e ON e.id_organization = s.id_organization AND e.id_endereco_estoque = s.id_endereco_estoque AND e.id_filial = s.id_filial
      LEFT JOIN produto_grade_filial g ON g.id_organization = s.id_organization AND g.id_produto_grade_filial = s.id_produto_grade_filial AND g.id_filial = s.id_filial
      WHERE s.id_organization = $1 AND (e.id_endereco_estoque IS NULL OR g.id_produto_grade_filial IS NULL)`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM preco p
      LEFT JOIN produto_grade_filial g ON g.id_organization = p.id_organization AND g.id_produto_grade_filial = p.id_produto_grade_filial AND g.id_filial = p.id_filial
      WHERE p.id_organization = $1 AND g.id_produto_grade_filial IS NULL`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM produto_codigo_barra b
      LEFT JOIN produto_grade g ON g.id_organization = b.id_organization AND g.id_produto_grade = b.id_produto_grade AND g.id_produto = b.id_produto
      WHERE b.id_organization = $1 AND g.id_produto_grade IS NULL`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM produto p
      LEFT JOIN unidade_medida u ON u.id_organization = p.id_organization AND u.id_unidade_medida = p.id_unidade_medida
      LEFT JOIN categoria c ON c.id_organization = p.id_organization AND c.id_categoria = p.id_categoria
      WHERE p.id_organization = $1 AND (u.id_unidade_medida IS NULL OR c.id_categoria IS NULL)`)).toBe(0);
  });

  it('continues the numbering on a second run', async () => {
    await fillBulkCatalog(t.db, demo, { products: 5 });
    const skus = await t.db.system((tx) =>
      tx.query<{ sku: string }>(`SELECT sku FROM produto WHERE id_organization = $1 AND sku LIKE 'BLK-%' ORDER BY sku DESC LIMIT 1`, [demo]),
    );
    expect(skus.rows[0]?.sku).toBe('BLK-0000030');
  });

  it('is synced like any product, to the organization only', async () => {
    const manager = await t.login('gerente@demo.com.br');
    const other = await t.login('outra@demo.com.br');
    const page = async (token: string) =>
      (await t.call('POST', '/product/list-by-changes', { date_change: '', offset: 0, limit: 5000 }, token)).json['rows'] as Array<{ sku: string }>;
    for (let tries = 0; tries < 300; tries += 1) {
      if ((await page(manager)).filter((r) => r.sku.startsWith('BLK-')).length === 30) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await page(manager)).filter((r) => r.sku.startsWith('BLK-'))).toHaveLength(30);
    expect((await page(other)).filter((r) => r.sku.startsWith('BLK-'))).toHaveLength(0);
  });
});
