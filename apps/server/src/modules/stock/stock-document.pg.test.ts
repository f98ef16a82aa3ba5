/** Processing a stock document under concurrency (PostgreSQL: PGlite runs one transaction at a time). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_DOCUMENT_MESSAGES as M } from '@pdv/domain/stock-document';
import { createTestApp, type TestApp } from '../../testing/app.ts';

let t: TestApp;
let manager: string;
let tipo: number;
let grade: number;
let address: number;

const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(sql, params))).rows[0]!;
const stock = async () => Number((await one<{ q: string } | undefined>(
  'SELECT quantidade::text AS q FROM estoque WHERE id_produto_grade_filial = $1 AND id_endereco_estoque = $2', [grade, address]))?.q ?? 0);

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  const org = (await one<{ id: number }>(`SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'`)).id;
  const branch = (await one<{ id: number }>(`SELECT id_filial AS id FROM filial WHERE id_organization = $1 AND codigo_filial = '1'`, [org])).id;
  tipo = (await one<{ id: number }>(`SELECT id_tipo_movimentacao_estoque AS id FROM tipo_movimentacao_estoque WHERE id_organization = $1 AND codigo = 'ENTRADA'`, [org])).id;
  grade = (await one<{ id: number }>('SELECT id_produto_grade_filial AS id FROM produto_grade_filial WHERE id_filial = $1 ORDER BY 1 LIMIT 1', [branch])).id;
  address = (await one<{ id: number }>('SELECT id_endereco_estoque AS id FROM endereco_estoque WHERE id_filial = $1 ORDER BY 1 LIMIT 1', [branch])).id;
});
afterAll(async () => {
  await t.close();
});

describe('stock documents under concurrency (PostgreSQL)', () => {
  it('8 parallel processings of one entry of 10: exactly one moves the stock, the others are refused', async () => {
    const created = await t.call('POST', '/stock-movement/create', { id_tipo_movimentacao_estoque: tipo, itens: [{ id_produto_grade_filial: grade, id_endereco_estoque: address, quantidade: 10 }] }, manager);
    expect(created.status).toBe(200);
    const id = created.json['id_documento_estoque'] as number;
    const before = await stock();
    const results = await Promise.all(Array.from({ length: 8 }, () => t.call('POST', '/stock-movement/process', { id_documento_estoque: id }, manager)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.json['message']).toBe(M.alreadyProcessed);
    }
    expect(await stock()).toBe(before + 10);
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM movimentacao_estoque WHERE id_documento_estoque = $1', [id])).n).toBe(1);
    const cancels = await Promise.all(Array.from({ length: 4 }, () => t.call('POST', '/stock-movement/cancel', { id_documento_estoque: id }, manager)));
    expect(cancels.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await stock()).toBe(before);
    // One counter-document, whatever the race.
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM documento_estoque WHERE id_documento_estornado = $1', [id])).n).toBe(1);
  });
});
