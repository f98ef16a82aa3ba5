/**
 * Stock documents and the catalog: an entry with unit costs updates the variation's average cost in the branch
 * (packages/domain average-cost.ts), an exit, a transfer and a cancellation leave it; a kit entered or taken out moves
 * its components' stock (the stock owner's expandKits, as a sale does), and cancelling replays exactly that.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_TAB_MESSAGES } from '@pdv/domain/product-tab-messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { demoIds, type DemoIds } from '../../testing/sync.ts';

let t: TestApp;
let manager: string;
let other: string;
let ids: DemoIds;
let types: { entrada: number; saida: number; transferencia: number };
let addr: { a: number; b: number };

const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(sql, params))).rows[0]!;
const count = async (sql: string, params: unknown[] = []) => (await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).n;
const stockAt = async (g: number, a: number) =>
  Number((await one<{ q: string } | undefined>('SELECT quantidade::text AS q FROM estoque WHERE id_produto_grade_filial = $1 AND id_endereco_estoque = $2', [g, a]))?.q ?? 0);
const averageOf = async (g: number) => Number((await one<{ c: string }>('SELECT preco_custo_medio::text AS c FROM produto_grade_filial WHERE id_produto_grade_filial = $1', [g])).c);
const typeId = async (codigo: string) =>
  (await one<{ id: number }>('SELECT id_tipo_movimentacao_estoque AS id FROM tipo_movimentacao_estoque WHERE id_organization = $1 AND codigo = $2', [ids.demo, codigo])).id;

let made = 0;

/** A new product of the demo organization with one variation; its grid row in each given branch (average cost given). */
async function makeProduct(descricao: string, branches: number[], preco_custo_medio = 0) {
  return t.db.system(async (tx) => {
    const sku = `T${++made}`;
    const p = (await tx.query<{ id: number }>(
      `INSERT INTO produto (id_organization, descricao, sku, id_unidade_medida)
       SELECT $1, $2, $3, id_unidade_medida FROM produto WHERE id_organization = $1 AND data_exclusao IS NULL LIMIT 1 RETURNING id_produto AS id`,
      [ids.demo, descricao, sku])).rows[0]!.id;
    const g = (await tx.query<{ id: number }>(
      `INSERT INTO produto_grade (id_organization, id_produto, is_padrao, sku, descricao) VALUES ($1, $2, true, $3, 'Única')
       RETURNING id_produto_grade AS id`, [ids.demo, p, sku])).rows[0]!.id;
    const pgf: number[] = [];
    for (const b of branches) {
      pgf.push((await tx.query<{ id: number }>(
        `INSERT INTO produto_grade_filial (id_organization, id_produto_grade, id_filial, preco_custo_medio) VALUES ($1, $2, $3, $4)
         RETURNING id_produto_grade_filial AS id`, [ids.demo, g, b, preco_custo_medio])).rows[0]!.id);
    }
    return { id_produto: p, id_produto_grade: g, pgf };
  });
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  ids = await demoIds(t.db);
  types = { entrada: await typeId('ENTRADA'), saida: await typeId('SAIDA'), transferencia: await typeId('TRANSFERENCIA') };
  const addresses = (await t.db.system((tx) => tx.query<{ id: number }>(
    'SELECT id_endereco_estoque AS id FROM endereco_estoque WHERE id_filial = $1 ORDER BY id_endereco_estoque', [ids.branch1]))).rows;
  addr = { a: addresses[0]!.id, b: addresses[1]!.id };
  // The scenarios take stock below zero: the branch sells without negative-stock control here.
  await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = false WHERE id_filial = $1', [ids.branch1]));
});
afterAll(async () => {
  await t.close();
});

const run = async (tipo: number, itens: unknown[]) => {
  const id = (await expectOk(t, 'stockMovementCreate', { id_tipo_movimentacao_estoque: tipo, itens }, manager)).json['id_documento_estoque'] as number;
  await expectOk(t, 'stockMovementProcess', { id_documento_estoque: id }, manager);
  return id;
};

describe('average cost on entries', () => {
  it('recomputes it on two successive entries, and leaves it on an exit, a transfer, an uncosted entry and a cancellation', async () => {
    const { pgf: [g, inBranch2] } = await makeProduct('Custo médio teste', [ids.branch1, ids.branch2], 7);
    const line = (quantidade: number, valor_unitario?: number, a = addr.a) => ({ id_produto_grade_filial: g, id_endereco_estoque: a, quantidade, ...(valor_unitario === undefined ? {} : { valor_unitario }) });

    // No stock yet: the entry's cost is the average, whatever it was (7,00).
    await run(types.entrada, [line(10, 10)]);
    expect(await averageOf(g!)).toBe(10);
    // 10 at 10,00 + 10 at 12,00 (two lines at two addresses, 4 at 11,50 and 6 at 12,333 → value 120,00) = 11,00.
    await run(types.entrada, [line(4, 11.5, addr.b), line(6, 12.34)]);
    // value: 100,00 + 46,00 + 74,04 = 220,04 over 20 = 11,002 → 11,00
    expect(await averageOf(g!)).toBe(11);
    expect(await stockAt(g!, addr.a) + await stockAt(g!, addr.b)).toBe(20);

    await run(types.saida, [line(5)]);
    expect(await averageOf(g!)).toBe(11);
    await run(types.transferencia, [{ ...line(2), id_endereco_estoque_destino: addr.b }]);
    expect(await averageOf(g!)).toBe(11);
    await run(types.entrada, [line(3)]);
    expect(await averageOf(g!)).toBe(11);

    // 18 at 11,00 + 2 at 21,00 = 240,00 / 20 = 12,00; cancelling that entry takes the 2 units out but keeps 12,00.
    const last = await run(types.entrada, [line(2, 21)]);
    expect(await averageOf(g!)).toBe(12);
    await expectOk(t, 'stockMovementCancel', { id_documento_estoque: last }, manager);
    expect(await averageOf(g!)).toBe(12);
    expect(await stockAt(g!, addr.a) + await stockAt(g!, addr.b)).toBe(18);
    // The branch is the scope: the same variation's row in the other branch kept its own average.
    expect(await averageOf(inBranch2!)).toBe(7);
  });

  it('takes the entry cost when the stock is negative', async () => {
    const { pgf: [g] } = await makeProduct('Custo negativo', [ids.branch1], 50);
    await run(types.saida, [{ id_produto_grade_filial: g, id_endereco_estoque: addr.a, quantidade: 3 }]);
    expect(await stockAt(g!, addr.a)).toBe(-3);
    await run(types.entrada, [{ id_produto_grade_filial: g, id_endereco_estoque: addr.a, quantidade: 5, valor_unitario: 8.25 }]);
    expect(await averageOf(g!)).toBe(8.25);
  });

  it('leaves the average when the processing is refused, and another organization cannot process the entry', async () => {
    const { pgf: [g] } = await makeProduct('Custo recusado', [ids.branch1], 5);
    const id = (await expectOk(t, 'stockMovementCreate', { id_tipo_movimentacao_estoque: types.entrada,
      itens: [{ id_produto_grade_filial: g, id_endereco_estoque: addr.a, quantidade: 1, valor_unitario: 99 }] }, manager)).json['id_documento_estoque'] as number;
    expect((await t.call('POST', '/stock-movement/process', { id_documento_estoque: id }, other)).status).toBe(404);
    expect(await averageOf(g!)).toBe(5);
    expect(await stockAt(g!, addr.a)).toBe(0);
  });
});

describe('kits in stock documents', () => {
  it("an entry and an exit of a kit move its components' stock, and cancelling gives back exactly that", async () => {
    const a = await makeProduct('Componente A', [ids.branch1], 4);
    const b = await makeProduct('Componente B', [ids.branch1], 6);
    const kit = await makeProduct('Kit documento', [ids.branch1]);
    await expectOk(t, 'productKitSave', { id_produto: kit.id_produto, itens: [
      { id_produto_grade: a.id_produto_grade, quantidade: 2 }, { id_produto_grade: b.id_produto_grade, quantidade: 0.5 },
    ] }, manager);
    const [ga, gb, gk] = [a.pgf[0]!, b.pgf[0]!, kit.pgf[0]!];

    const entry = await run(types.entrada, [{ id_produto_grade_filial: gk, id_endereco_estoque: addr.a, quantidade: 3, valor_unitario: 40 }]);
    expect([await stockAt(ga, addr.a), await stockAt(gb, addr.a)]).toEqual([6, 1.5]);
    expect(await count('estoque WHERE id_produto_grade_filial = $1', [gk])).toBe(0);
    expect(await count('movimentacao_estoque WHERE id_documento_estoque = $1', [entry])).toBe(2);
    // A kit's cost cannot be split among its components: the averages stay.
    expect([await averageOf(ga), await averageOf(gb), await averageOf(gk)]).toEqual([4, 6, 0]);

    // A kit line and a component line of the same address net into one movement per component.
    const exit = await run(types.saida, [
      { id_produto_grade_filial: gk, id_endereco_estoque: addr.a, quantidade: 1 }, { id_produto_grade_filial: ga, id_endereco_estoque: addr.a, quantidade: 1 },
    ]);
    expect([await stockAt(ga, addr.a), await stockAt(gb, addr.a)]).toEqual([3, 1]);
    expect(await count('movimentacao_estoque WHERE id_documento_estoque = $1', [exit])).toBe(2);

    // The kit changes after the entry: cancelling it still takes out what the entry put in (its own movements).
    await expectOk(t, 'productKitSave', { id_produto: kit.id_produto, itens: [{ id_produto_grade: a.id_produto_grade, quantidade: 1 }] }, manager);
    await expectOk(t, 'stockMovementCancel', { id_documento_estoque: entry }, manager);
    expect([await stockAt(ga, addr.a), await stockAt(gb, addr.a)]).toEqual([-3, -0.5]);
    expect(await count('estoque WHERE id_produto_grade_filial = $1', [gk])).toBe(0);
  });

  it('refuses a kit whose component has no grid row in the branch, writing nothing', async () => {
    const a = await makeProduct('Componente presente', [ids.branch1]);
    const lonely = await makeProduct('Componente ausente', [ids.branch2]);
    const kit = await makeProduct('Kit incompleto', [ids.branch1]);
    await expectOk(t, 'productKitSave', { id_produto: kit.id_produto, itens: [
      { id_produto_grade: a.id_produto_grade, quantidade: 1 }, { id_produto_grade: lonely.id_produto_grade, quantidade: 1 },
    ] }, manager);
    const id = (await expectOk(t, 'stockMovementCreate', { id_tipo_movimentacao_estoque: types.entrada,
      itens: [{ id_produto_grade_filial: kit.pgf[0], id_endereco_estoque: addr.a, quantidade: 1 }] }, manager)).json['id_documento_estoque'] as number;
    const before = await count('movimentacao_estoque');
    const res = await t.call('POST', '/stock-movement/process', { id_documento_estoque: id }, manager);
    expect([res.status, res.json['message']]).toEqual([400, PRODUCT_TAB_MESSAGES.kitComponentNotInBranch('Componente ausente')]);
    expect(await count('movimentacao_estoque')).toBe(before);
    expect(await stockAt(a.pgf[0]!, addr.a)).toBe(0);
    expect((await expectOk(t, 'stockMovementFindById', { id_documento_estoque: id }, manager)).json['situacao']).toBe(0);
  });
});

describe('stock report', () => {
  it("lists the branch's non-zero balances per variation and address with the average cost, one address when asked, only the caller's", async () => {
    const { pgf: [g] } = await makeProduct('Relatório item', [ids.branch1]);
    await run(types.entrada, [
      { id_produto_grade_filial: g, id_endereco_estoque: addr.a, quantidade: 4, valor_unitario: 2.5 },
      { id_produto_grade_filial: g, id_endereco_estoque: addr.b, quantidade: 1.5, valor_unitario: 2.5 },
    ]);
    const res = await expectOk(t, 'stockReport', {}, manager);
    type Row = { sku: string; descricao: string; endereco: string; quantidade: number; preco_custo_medio: number };
    const rows = res.json['rows'] as Row[];
    const mine = rows.filter((r) => r.descricao === 'Relatório item');
    expect(mine.map((r) => [r.quantidade, r.preco_custo_medio]).sort((x, y) => x[0]! - y[0]!)).toEqual([[1.5, 2.5], [4, 2.5]]);
    expect(rows.every((r) => r.quantidade !== 0)).toBe(true);
    expect(res.json['data_referencia']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const onlyB = (await expectOk(t, 'stockReport', { id_endereco_estoque: addr.b }, manager)).json['rows'] as Row[];
    expect(onlyB.filter((r) => r.descricao === 'Relatório item').map((r) => r.quantidade)).toEqual([1.5]);
    expect(new Set(onlyB.map((r) => r.endereco)).size).toBe(1);
    const foreign = (await expectOk(t, 'stockReport', {}, other)).json['rows'] as Row[];
    expect(foreign.some((r) => r.descricao === 'Relatório item')).toBe(false);
    const cashier = await t.login('caixa@demo.com.br');
    expect((await t.call('POST', '/stock/report', {}, cashier)).status).toBe(403);
    expect((await t.call('POST', '/stock/report', { id_endereco_estoque: 'x' }, manager)).status).toBe(400);
    expect((await t.call('POST', '/stock/report', { id_filial: ids.branch2 }, manager)).status).toBe(400);
  });
});
