/** Series numbering under concurrency on a PostgreSQL server (PGlite runs one transaction at a time). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let f: SaleFixture;

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  f = await loadSaleFixture(t.db);
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 1000 WHERE id_estoque = $1', [f.product.id_estoque]));
});
afterAll(async () => {
  await t.close();
});

describe('fiscal series under concurrency (PostgreSQL)', () => {
  it('30 NFC-e transmitted in parallel get contiguous numbers, none repeated, all authorized', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await t.call('POST', '/operacao', saleBody(f, { modelo: '65' }), manager);
      ids.push(res.json['id_nota_fiscal'] as number);
    }
    const answers = await Promise.all(ids.map((id) => t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager)));
    expect(answers.map((a) => a.json['success'])).toEqual(Array(30).fill(true));
    const numbers = answers.map((a) => (a.json['nota_fiscal'] as { numero_nota_fiscal: number }).numero_nota_fiscal).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(30);
    expect(numbers[29]! - numbers[0]!).toBe(29);
    const last = await t.db.system((tx) => tx.query<{ n: number }>(
      `SELECT ultima_numeracao AS n FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '65'`, [f.id_filial]));
    expect(last.rows[0]!.n).toBe(numbers[29]);
  });
});
