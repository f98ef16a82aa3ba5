/**
 * Stock documents of the active branch: entry, transfer between two addresses and exit move the balances through the
 * stock owner exactly once; cancelling a processed document reverses it once through a counter-document; the list filters; the balance reads
 * the rows; another organization's or branch's ids, negative quantities and a second processing write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pdv/domain/messages';
import { STOCK_DOCUMENT_MESSAGES as M } from '@pdv/domain/stock-document';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { demoIds, type DemoIds } from '../../testing/sync.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let other: string;
let ids: DemoIds;
let types: { entrada: number; saida: number; transferencia: number; foreign: number };
let addr: { a: number; b: number; branch2: number; foreign: number };
let grade: number;
let grade2: number;
let foreignGrade: number;
let branch2Grade: number;

const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(sql, params))).rows[0]!;
const movements = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM movimentacao_estoque')).n;
const documents = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM documento_estoque')).n;
const stockAt = async (g: number, a: number) =>
  Number((await one<{ q: string } | undefined>('SELECT quantidade::text AS q FROM estoque WHERE id_produto_grade_filial = $1 AND id_endereco_estoque = $2', [g, a]))?.q ?? 0);
const typeId = async (org: number, codigo: string) =>
  (await one<{ id: number }>('SELECT id_tipo_movimentacao_estoque AS id FROM tipo_movimentacao_estoque WHERE id_organization = $1 AND codigo = $2', [org, codigo])).id;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  other = await t.login('outra@demo.com.br');
  ids = await demoIds(t.db);
  types = { entrada: await typeId(ids.demo, 'ENTRADA'), saida: await typeId(ids.demo, 'SAIDA'), transferencia: await typeId(ids.demo, 'TRANSFERENCIA'), foreign: await typeId(ids.other, 'ENTRADA') };
  const addresses = (await t.db.system((tx) => tx.query<{ id: number }>(
    'SELECT id_endereco_estoque AS id FROM endereco_estoque WHERE id_filial = $1 ORDER BY id_endereco_estoque', [ids.branch1]))).rows;
  addr = {
    a: addresses[0]!.id, b: addresses[1]!.id,
    branch2: (await one<{ id: number }>('SELECT id_endereco_estoque AS id FROM endereco_estoque WHERE id_filial = $1 LIMIT 1', [ids.branch2])).id,
    foreign: (await one<{ id: number }>('SELECT id_endereco_estoque AS id FROM endereco_estoque WHERE id_organization = $1 LIMIT 1', [ids.other])).id,
  };
  const grades = (await t.db.system((tx) => tx.query<{ id: number }>(
    'SELECT id_produto_grade_filial AS id FROM produto_grade_filial WHERE id_filial = $1 ORDER BY id_produto_grade_filial LIMIT 2', [ids.branch1]))).rows;
  grade = grades[0]!.id;
  grade2 = grades[1]!.id;
  foreignGrade = (await one<{ id: number }>('SELECT id_produto_grade_filial AS id FROM produto_grade_filial WHERE id_organization = $1 LIMIT 1', [ids.other])).id;
  branch2Grade = (await one<{ id: number }>('SELECT id_produto_grade_filial AS id FROM produto_grade_filial WHERE id_filial = $1 LIMIT 1', [ids.branch2])).id;
});
afterAll(async () => {
  await t.close();
});

const create = async (tipo: number, itens: unknown[], token = manager) => {
  const res = await expectOk(t, 'stockMovementCreate', { id_tipo_movimentacao_estoque: tipo, observacao: 'Teste', itens }, token);
  return res.json['id_documento_estoque'] as number;
};

describe('stock documents', () => {
  it('enters 10, transfers 4 to another address and takes 1 out, each processed once, with the balance readable', async () => {
    const a0 = await stockAt(grade, addr.a);
    const b0 = await stockAt(grade, addr.b);
    const entry = await create(types.entrada, [{ id_produto_grade_filial: grade, id_endereco_estoque: addr.a, quantidade: 10, valor_unitario: 12.5 }]);
    const draft = await expectOk(t, 'stockMovementFindById', { id_documento_estoque: entry }, manager);
    expect(draft.json).toMatchObject({ situacao: 0, operacao: 'Entrada', quantidade_total: 10, valor_total: 125, itens_count: 1 });
    expect(await stockAt(grade, addr.a)).toBe(a0);
    const processed = await expectOk(t, 'stockMovementProcess', { id_documento_estoque: entry }, manager);
    expect(processed.json['situacao']).toBe(1);
    expect(await stockAt(grade, addr.a)).toBe(a0 + 10);

    const n = await movements();
    const again = await t.call('POST', '/stock-movement/process', { id_documento_estoque: entry }, manager);
    expect(again.status).toBe(400);
    expect(again.json['message']).toBe(M.alreadyProcessed);
    expect(await movements()).toBe(n);
    expect(await stockAt(grade, addr.a)).toBe(a0 + 10);

    const transfer = await create(types.transferencia, [{ id_produto_grade_filial: grade, id_endereco_estoque: addr.a, id_endereco_estoque_destino: addr.b, quantidade: 4 }]);
    await expectOk(t, 'stockMovementProcess', { id_documento_estoque: transfer }, manager);
    const exit = await create(types.saida, [{ id_produto_grade_filial: grade, id_endereco_estoque: addr.a, quantidade: 1 }]);
    await expectOk(t, 'stockMovementProcess', { id_documento_estoque: exit }, manager);
    expect([await stockAt(grade, addr.a), await stockAt(grade, addr.b)]).toEqual([a0 + 5, b0 + 4]);

    const bal = await expectOk(t, 'stockBalance', { filter: { id_produto_grade_filial: grade } }, manager);
    const rows = bal.json['rows'] as Array<{ id_endereco_estoque: number; quantidade: number }>;
    expect(rows.find((r) => r.id_endereco_estoque === addr.a)?.quantidade).toBe(a0 + 5);
    expect(rows.find((r) => r.id_endereco_estoque === addr.b)?.quantidade).toBe(b0 + 4);
    const moved = await one<{ n: number; origem: string }>(
      `SELECT count(*)::int AS n, min(origem) AS origem FROM movimentacao_estoque WHERE id_documento_estoque = ANY($1::int[])`, [[entry, transfer, exit]]);
    expect(moved).toEqual({ n: 4, origem: 'DocumentoEstoque' });
  });

  it('cancels a processed transfer once through a counter-document (destination back to origin), and a draft without any', async () => {
    const a0 = await stockAt(grade2, addr.a);
    const b0 = await stockAt(grade2, addr.b);
    const transfer = await create(types.transferencia, [{ id_produto_grade_filial: grade2, id_endereco_estoque: addr.a, id_endereco_estoque_destino: addr.b, quantidade: 1, valor_unitario: 3 }]);
    await expectOk(t, 'stockMovementProcess', { id_documento_estoque: transfer }, manager);
    expect([await stockAt(grade2, addr.a), await stockAt(grade2, addr.b)]).toEqual([a0 - 1, b0 + 1]);
    const before = await one<Record<string, unknown>>('SELECT * FROM documento_estoque WHERE id_documento_estoque = $1', [transfer]);
    const itemsBefore = (await t.db.system((tx) => tx.query('SELECT * FROM documento_estoque_item WHERE id_documento_estoque = $1 ORDER BY 2', [transfer]))).rows;
    const movesBefore = (await t.db.system((tx) => tx.query('SELECT * FROM movimentacao_estoque WHERE id_documento_estoque = $1 ORDER BY 2', [transfer]))).rows;
    const cancelled = await expectOk(t, 'stockMovementCancel', { id_documento_estoque: transfer }, manager);
    const counterId = cancelled.json['id_documento_estorno'] as number;
    expect(cancelled.json).toMatchObject({ situacao: 2, id_documento_estornado: null, vinculo_estorno: M.reversedBy(counterId) });
    expect([await stockAt(grade2, addr.a), await stockAt(grade2, addr.b)]).toEqual([a0, b0]);

    // The counter-document: processed, the opposite way (destination back to origin), same items and costs, linked back.
    const counter = await expectOk(t, 'stockMovementFindById', { id_documento_estoque: counterId }, manager);
    expect(counter.json).toMatchObject({
      situacao: 1, operacao: 'Transferencia', id_tipo_movimentacao_estoque: types.transferencia, id_documento_estornado: transfer,
      id_documento_estorno: null, vinculo_estorno: M.reversalOf(transfer), quantidade_total: 1, valor_total: 3, descricao: M.reversalOf(transfer),
    });
    expect(counter.json['itens']).toMatchObject([{ id_produto_grade_filial: grade2, id_endereco_estoque: addr.b, id_endereco_estoque_destino: addr.a, quantidade: 1, valor_unitario: 3 }]);
    expect(counter.json['data_processamento']).not.toBeNull();
    const counterMoves = (await t.db.system((tx) => tx.query<{ id_endereco_estoque: number; quantidade: string; origem: string }>(
      'SELECT id_endereco_estoque, quantidade::text AS quantidade, origem FROM movimentacao_estoque WHERE id_documento_estoque = $1 ORDER BY id_endereco_estoque', [counterId]))).rows;
    expect(counterMoves.map((m) => [m.id_endereco_estoque, Number(m.quantidade), m.origem]).sort()).toEqual(
      [[addr.a, 1, 'EstornoDocumentoEstoque'], [addr.b, -1, 'EstornoDocumentoEstoque']].sort());

    // The original is unchanged but for its situation, its cancellation stamp and the link; its movements and items stay.
    const after = await one<Record<string, unknown>>('SELECT * FROM documento_estoque WHERE id_documento_estoque = $1', [transfer]);
    const changed = Object.keys(after).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k])).sort();
    expect(changed).toEqual(['data_alteracao', 'data_cancelamento', 'id_documento_estorno', 'id_usuario_cancelamento', 'situacao']);
    expect((await t.db.system((tx) => tx.query('SELECT * FROM documento_estoque_item WHERE id_documento_estoque = $1 ORDER BY 2', [transfer]))).rows).toEqual(itemsBefore);
    expect((await t.db.system((tx) => tx.query('SELECT * FROM movimentacao_estoque WHERE id_documento_estoque = $1 ORDER BY 2', [transfer]))).rows).toEqual(movesBefore);

    // Once only: a second cancel, and a cancel of the counter-document, are refused and write nothing.
    const n = await movements();
    const d = await documents();
    const twice = await t.call('POST', '/stock-movement/cancel', { id_documento_estoque: transfer }, manager);
    expect(twice.status).toBe(400);
    expect(twice.json['message']).toBe(M.alreadyCancelled);
    const counterCancel = await t.call('POST', '/stock-movement/cancel', { id_documento_estoque: counterId }, manager);
    expect(counterCancel.status).toBe(400);
    expect(counterCancel.json['message']).toBe(M.counterNotCancellable(transfer));
    const edit = await t.call('PUT', '/stock-movement/update', { id_documento_estoque: transfer, id_tipo_movimentacao_estoque: types.entrada, itens: [] }, manager);
    expect(edit.status).toBe(400);
    expect(await movements()).toBe(n);
    expect(await documents()).toBe(d);
    const list = await expectOk(t, 'stockMovementFind', { search: String(counterId) }, manager);
    expect((list.json['rows'] as Array<{ vinculo_estorno: string | null }>)[0]?.vinculo_estorno).toBe(M.reversalOf(transfer));

    const draft = await create(types.entrada, [{ id_produto_grade_filial: grade2, id_endereco_estoque: addr.a, quantidade: 3 }]);
    const draftCancelled = await expectOk(t, 'stockMovementCancel', { id_documento_estoque: draft }, manager);
    expect(draftCancelled.json['id_documento_estorno']).toBeNull();
    expect(await movements()).toBe(n);
    expect(await documents()).toBe(d + 1);
    expect(await stockAt(grade2, addr.a)).toBe(a0);
  });

  it('reverses an entry by an exit counter-document with its costs; under controla_estoque_negativo a reversal that would go negative is refused, writing nothing', async () => {
    const entry = await create(types.entrada, [{ id_produto_grade_filial: grade, id_endereco_estoque: addr.b, quantidade: 2, valor_unitario: 7.25 }]);
    await expectOk(t, 'stockMovementProcess', { id_documento_estoque: entry }, manager);
    const have = await stockAt(grade, addr.b);
    // The goods left another way: the entry's reversal would now take the address below zero.
    const exit = await create(types.saida, [{ id_produto_grade_filial: grade, id_endereco_estoque: addr.b, quantidade: have - 1 }]);
    await expectOk(t, 'stockMovementProcess', { id_documento_estoque: exit }, manager);
    await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = true WHERE id_filial = $1', [ids.branch1]));
    try {
      const n = await movements();
      const d = await documents();
      const res = await t.call('POST', '/stock-movement/cancel', { id_documento_estoque: entry }, manager);
      expect(res.status).toBe(400);
      expect(res.json['message']).toBe(MESSAGES.stockInsufficient(1000, 2000));
      expect(await movements()).toBe(n);
      expect(await documents()).toBe(d);
      expect(await stockAt(grade, addr.b)).toBe(1);
      expect((await expectOk(t, 'stockMovementFindById', { id_documento_estoque: entry }, manager)).json).toMatchObject({ situacao: 1, id_documento_estorno: null });
    } finally {
      await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = false WHERE id_filial = $1', [ids.branch1]));
    }
    // Without the control it goes through: an exit counter-document of the same item and cost.
    const cancelled = await expectOk(t, 'stockMovementCancel', { id_documento_estoque: entry }, manager);
    const counter = await expectOk(t, 'stockMovementFindById', { id_documento_estoque: cancelled.json['id_documento_estorno'] as number }, manager);
    expect(counter.json).toMatchObject({ operacao: 'Saida', situacao: 1, valor_total: 14.5, id_documento_estornado: entry });
    expect(counter.json['itens']).toMatchObject([{ id_produto_grade_filial: grade, id_endereco_estoque: addr.b, quantidade: 2, valor_unitario: 7.25 }]);
    expect(await stockAt(grade, addr.b)).toBe(-1);
    // Put the address back for the tests after this one.
    const fix = await create(types.entrada, [{ id_produto_grade_filial: grade, id_endereco_estoque: addr.b, quantidade: 1 + have }]);
    await expectOk(t, 'stockMovementProcess', { id_documento_estoque: fix }, manager);
  });

  it('edits and deletes a draft, and refuses editing or deleting a processed one', async () => {
    const id = await create(types.entrada, [{ id_produto_grade_filial: grade, id_endereco_estoque: addr.a, quantidade: 2 }]);
    const updated = await expectOk(t, 'stockMovementUpdate', {
      id_documento_estoque: id, id_tipo_movimentacao_estoque: types.entrada, descricao: 'Ajuste',
      itens: [{ id_produto_grade_filial: grade, id_endereco_estoque: addr.b, quantidade: 3, valor_unitario: 2 }, { id_produto_grade_filial: grade2, id_endereco_estoque: addr.b, quantidade: 1.5 }],
    }, manager);
    expect(updated.json).toMatchObject({ descricao: 'Ajuste', quantidade_total: 4.5, valor_total: 6, itens_count: 2 });
    expect((updated.json['itens'] as Array<{ ordem: number }>).map((i) => i.ordem)).toEqual([1, 2]);
    await expectOk(t, 'stockMovementDelete', { id_documento_estoque: id }, manager);
    expect((await t.call('POST', '/stock-movement/find_by_id', { id_documento_estoque: id }, manager)).status).toBe(404);

    const done = await create(types.entrada, [{ id_produto_grade_filial: grade, id_endereco_estoque: addr.a, quantidade: 1 }]);
    await expectOk(t, 'stockMovementProcess', { id_documento_estoque: done }, manager);
    const del = await t.call('POST', '/stock-movement/delete', { id_documento_estoque: done }, manager);
    expect(del.status).toBe(400);
    expect(del.json['message']).toBe(M.deleteNotPending);
  });

  it('refuses an exit that would leave the stock negative when the branch forbids it, writing nothing', async () => {
    await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = true WHERE id_filial = $1', [ids.branch1]));
    try {
      const have = await stockAt(grade2, addr.b);
      const exit = await create(types.saida, [{ id_produto_grade_filial: grade2, id_endereco_estoque: addr.b, quantidade: have + 1 }]);
      const n = await movements();
      const res = await t.call('POST', '/stock-movement/process', { id_documento_estoque: exit }, manager);
      expect(res.status).toBe(400);
      expect(res.json['message']).toBe(MESSAGES.stockInsufficient(Math.round(have * 1000), Math.round((have + 1) * 1000)));
      expect(await movements()).toBe(n);
      expect(await stockAt(grade2, addr.b)).toBe(have);
      expect((await expectOk(t, 'stockMovementFindById', { id_documento_estoque: exit }, manager)).json['situacao']).toBe(0);
    } finally {
      await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = false WHERE id_filial = $1', [ids.branch1]));
    }
  });

  it('refuses foreign and other-branch ids, negative or zero quantities, a transfer to the same address, writing nothing', async () => {
    const n = await documents();
    const m = await movements();
    const body = (item: Record<string, unknown>, tipo = types.entrada) =>
      ({ id_tipo_movimentacao_estoque: tipo, itens: [{ id_produto_grade_filial: grade, id_endereco_estoque: addr.a, quantidade: 1, ...item }] });
    const cases: Array<[Record<string, unknown>, string | null]> = [
      [body({ id_produto_grade_filial: foreignGrade }), M.variationNotFound],
      [body({ id_produto_grade_filial: branch2Grade }), M.variationNotFound],
      [body({ id_endereco_estoque: addr.foreign }), M.addressNotFound],
      [body({ id_endereco_estoque: addr.branch2 }), M.addressNotFound],
      [body({ id_endereco_estoque_destino: addr.branch2 }, types.transferencia), M.addressNotFound],
      [body({ id_endereco_estoque_destino: addr.a }, types.transferencia), M.sameAddress],
      [body({}, types.transferencia), M.destinationMissing],
      [body({}, types.foreign), M.typeNotFound],
      [body({ quantidade: -3 }), MESSAGES.quantityNotPositive],
      [body({ quantidade: 0 }), MESSAGES.quantityNotPositive],
      [body({ valor_unitario: -1 }), null],
      [body({ quantidade: 1.0001 }), null],
      [{ id_tipo_movimentacao_estoque: types.entrada, itens: [] }, M.noItems],
      [{ ...body({}), id_filial: ids.branch2 }, null],
    ];
    for (const [b, message] of cases) {
      const res = await t.call('POST', '/stock-movement/create', b, manager);
      expect(res.status, JSON.stringify(b)).toBe(400);
      if (message) expect(JSON.stringify(res.json), JSON.stringify(b)).toContain(message);
    }
    expect((await t.call('POST', '/stock-movement/create', body({}), cashier)).status).toBe(403);
    expect(await documents()).toBe(n);
    expect(await movements()).toBe(m);
  });

  it("keeps each organization's documents its own", async () => {
    const id = await create(types.entrada, [{ id_produto_grade_filial: grade, id_endereco_estoque: addr.a, quantidade: 1 }]);
    const m = await movements();
    for (const path of ['/stock-movement/find_by_id', '/stock-movement/process', '/stock-movement/cancel', '/stock-movement/delete']) {
      expect((await t.call('POST', path, { id_documento_estoque: id }, other)).status, path).toBe(404);
    }
    const list = await expectOk(t, 'stockMovementFind', {}, other);
    expect((list.json['rows'] as Array<{ id_documento_estoque: number }>).some((r) => r.id_documento_estoque === id)).toBe(false);
    const otherBalance = await expectOk(t, 'stockBalance', { filter: { id_produto_grade_filial: grade } }, other);
    expect(otherBalance.json['count']).toBe(0);
    expect(await movements()).toBe(m);
    await expectOk(t, 'stockMovementDelete', { id_documento_estoque: id }, manager);
  });

  it('lists 10 a page, newest first, filtered by type, situation and period, and searches products by SKU or barcode', async () => {
    const page = await expectOk(t, 'stockMovementFind', {}, manager);
    const rows = page.json['rows'] as Array<{ id_documento_estoque: number; situacao: number; operacao: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(10);
    const ids_ = rows.map((r) => r.id_documento_estoque);
    expect(ids_).toEqual([...ids_].sort((x, y) => y - x));
    const processed = await expectOk(t, 'stockMovementFind', { filter: { situacao: 1, id_tipo_movimentacao_estoque: types.transferencia } }, manager);
    const prows = processed.json['rows'] as Array<{ situacao: number; operacao: string }>;
    expect(prows.length).toBeGreaterThan(0);
    expect(prows.every((r) => r.situacao === 1 && r.operacao === 'Transferencia')).toBe(true);
    const future = await expectOk(t, 'stockMovementFind', { filter: { data_inicio: '2999-01-01' } }, manager);
    expect(future.json['count']).toBe(0);

    const sku = await one<{ sku: string; codigo: string | null }>(
      `SELECT g.sku, (SELECT codigo FROM produto_codigo_barra b WHERE b.id_produto_grade = g.id_produto_grade AND b.data_exclusao IS NULL LIMIT 1) AS codigo
         FROM produto_grade_filial gf JOIN produto_grade g USING (id_organization, id_produto_grade) WHERE gf.id_produto_grade_filial = $1`, [grade]);
    const bySku = await expectOk(t, 'stockMovementSearchProduct', { search: sku.sku }, manager);
    expect((bySku.json['rows'] as Array<{ id_produto_grade_filial: number }>)[0]?.id_produto_grade_filial).toBe(grade);
    if (sku.codigo) {
      const byCode = await expectOk(t, 'stockMovementSearchProduct', { search: sku.codigo }, manager);
      expect((byCode.json['rows'] as Array<{ id_produto_grade_filial: number }>)[0]?.id_produto_grade_filial).toBe(grade);
    }
    const foreign = await expectOk(t, 'stockMovementSearchProduct', { search: sku.sku }, other);
    expect((foreign.json['rows'] as Array<{ id_produto_grade_filial: number }>).some((r) => r.id_produto_grade_filial === grade)).toBe(false);
  });
});
