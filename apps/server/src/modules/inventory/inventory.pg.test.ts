/** Inventories under concurrency (PostgreSQL: PGlite runs one transaction at a time). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES as M } from '@pdv/domain/inventory';
import { createTestApp, type TestApp } from '../../testing/app.ts';

let t: TestApp;
let manager: string;
let grades: number[];
let address: number;

const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(sql, params))).rows[0]!;
const stock = async (grade: number) => Number((await one<{ q: string } | undefined>(
  'SELECT quantidade::text AS q FROM estoque WHERE id_produto_grade_filial = $1 AND id_endereco_estoque = $2', [grade, address]))?.q ?? 0);

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  const org = (await one<{ id: number }>(`SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'`)).id;
  const branch = (await one<{ id: number }>(`SELECT id_filial AS id FROM filial WHERE id_organization = $1 AND codigo_filial = '1'`, [org])).id;
  grades = (await t.db.system((tx) => tx.query<{ id: number }>(
    'SELECT id_produto_grade_filial AS id FROM produto_grade_filial WHERE id_filial = $1 ORDER BY 1 LIMIT 3', [branch]))).rows.map((r) => r.id);
  address = (await one<{ id: number }>('SELECT id_endereco_estoque AS id FROM endereco_estoque WHERE id_filial = $1 ORDER BY 1 LIMIT 1', [branch])).id;
});
afterAll(async () => {
  await t.close();
});

describe('inventories under concurrency (PostgreSQL)', () => {
  it('the same batch sent 6 times at once writes each line once, and 6 processings at once move the stock once', async () => {
    const created = await t.call('POST', '/inventory/create', { descricao: 'Contagem concorrente' }, manager);
    expect(created.status).toBe(200);
    const id = created.json['id_inventario'] as number;
    const before = await Promise.all(grades.map(stock));
    const itens = grades.map((g, i) => ({ uuid: randomUUID(), id_inventario: id, id_produto_grade_filial: g, id_endereco_estoque: address,
      quantidade: (before[i] ?? 0) + 2, quantidade_estoque: before[i] ?? 0, situacao: 'InclusaoPendente' }));
    const sends = await Promise.all(Array.from({ length: 6 }, () => t.call('POST', '/inventory_item/sync-itens', { itens }, manager)));
    expect(sends.map((r) => r.status)).toEqual(Array.from({ length: 6 }, () => 200));
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM inventario_item WHERE id_inventario = $1', [id])).n).toBe(grades.length);

    const results = await Promise.all(Array.from({ length: 6 }, () => t.call('POST', '/inventory/process', { id_inventario: id }, manager)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.json['message']).toBe(M.alreadyProcessed);
    }
    expect(await Promise.all(grades.map(stock))).toEqual(before.map((b) => b + 2));
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM movimentacao_estoque WHERE id_inventario = $1', [id])).n).toBe(grades.length);
  });

  it('a batch racing the processing either counts before it or is refused, never lands after it unprocessed', async () => {
    const created = await t.call('POST', '/inventory/create', { descricao: 'Contagem e processamento' }, manager);
    const id = created.json['id_inventario'] as number;
    const first = { uuid: randomUUID(), id_inventario: id, id_produto_grade_filial: grades[0]!, id_endereco_estoque: address, quantidade: 1,
      quantidade_estoque: await stock(grades[0]!), situacao: 'InclusaoPendente' };
    expect((await t.call('POST', '/inventory_item/sync-itens', { itens: [first] }, manager)).status).toBe(200);
    const late = { ...first, uuid: randomUUID(), id_produto_grade_filial: grades[1]!, quantidade_estoque: await stock(grades[1]!) };
    const [processed, batch] = await Promise.all([
      t.call('POST', '/inventory/process', { id_inventario: id }, manager),
      t.call('POST', '/inventory_item/sync-itens', { itens: [late] }, manager),
    ]);
    expect(processed.status).toBe(200);
    const lines = (await one<{ n: number }>('SELECT count(*)::int AS n FROM inventario_item WHERE id_inventario = $1 AND data_exclusao IS NULL', [id])).n;
    const moved = (await one<{ n: number }>('SELECT count(DISTINCT id_produto_grade_filial)::int AS n FROM movimentacao_estoque WHERE id_inventario = $1', [id])).n;
    if (batch.status === 200) expect({ lines, moved }).toEqual({ lines: 2, moved: 2 });
    else {
      expect(batch.status).toBe(400);
      expect(batch.json['message']).toBe(M.alreadyProcessed);
      expect({ lines, moved }).toEqual({ lines: 1, moved: 1 });
    }
  });
});
