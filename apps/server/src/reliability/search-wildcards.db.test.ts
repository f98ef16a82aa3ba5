/**
 * A search text is matched as typed: '%' and '_' are letters there, not LIKE's wildcards (as in every other find
 * route, through containsPattern in db/rows.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { loadSaleFixture, type SaleFixture } from '../testing/sale.ts';

let t: TestApp;
let manager: string;
let sale: SaleFixture;
const ids: Record<'percent' | 'plain', number> = { percent: 0, plain: 0 };

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  sale = await loadSaleFixture(t.db);
  const serie = (await t.db.system((tx) => tx.query<{ id: number }>(
    `SELECT id_serie_fiscal AS id FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '55'`, [sale.id_filial]))).rows[0];
  if (!serie) throw new Error('no NF-e series in the demo branch');
  for (const [key, name] of [['percent', 'Ana 50% Silva'], ['plain', 'Bruno Costa']] as const) {
    const res = await t.call('POST', '/invoice/post', { modelo: '55', id_serie_fiscal: serie.id, natureza_operacao: 'Venda de mercadoria',
      id_cliente: sale.id_cliente }, manager);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    ids[key] = res.json['id_nota_fiscal'] as number;
    await t.db.system((tx) => tx.query('UPDATE nota_fiscal SET cliente_nome = $1 WHERE id_nota_fiscal = $2', [name, ids[key]]));
  }
});
afterAll(async () => {
  await t.close();
});

const found = async (search: string) => {
  const res = await t.call('POST', '/invoice/find', { search, take: 200 }, manager);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json['rows'] as Array<{ id_nota_fiscal: number }>).map((r) => r.id_nota_fiscal);
};

describe('invoice/find search', () => {
  it("'%' finds only names with a '%' in them", async () => {
    const rows = await found('%');
    expect(rows).toContain(ids.percent);
    expect(rows).not.toContain(ids.plain);
  });

  it("'_' is an underscore, not any one letter", async () => {
    const rows = await found('Bruno_Costa');
    expect(rows).not.toContain(ids.plain);
    expect(await found('Bruno Costa')).toContain(ids.plain);
  });
});
