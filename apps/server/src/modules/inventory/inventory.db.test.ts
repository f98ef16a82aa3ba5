/**
 * Inventories of the active branch: created, listed (data_inicio desc) and edited; counted by phones through
 * sync-itens (a resent batch never duplicates, two phones keep their own lines); processed once, moving each place by
 * count minus the snapshot the count saw, so a movement after the count stays; read per inventory by list-by-changes;
 * refused to users without the stock permission and answered 404 for another organization's inventory.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES as M } from '@pdv/domain/inventory';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { demoIds, settle, type DemoIds } from '../../testing/sync.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let seller2: string;
let other: string;
let ids: DemoIds;
let addr: { a: number; b: number; foreign: number };
let grades: number[];
let foreignGrade: number;
let saida: number;

const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(sql, params))).rows[0]!;
const stockAt = async (g: number, a: number) =>
  Number((await one<{ q: string } | undefined>('SELECT quantidade::text AS q FROM estoque WHERE id_produto_grade_filial = $1 AND id_endereco_estoque = $2', [g, a]))?.q ?? 0);
const lineCount = async (inv: number) => (await one<{ n: number }>('SELECT count(*)::int AS n FROM inventario_item WHERE id_inventario = $1', [inv])).n;
const movements = async (inv: number) =>
  (await t.db.system((tx) => tx.query<{ g: number; a: number; q: string; origem: string }>(
    'SELECT id_produto_grade_filial AS g, id_endereco_estoque AS a, quantidade::text AS q, origem FROM movimentacao_estoque WHERE id_inventario = $1 ORDER BY 1, 2', [inv]))).rows;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  seller2 = await t.login('filial2@demo.com.br');
  other = await t.login('outra@demo.com.br');
  ids = await demoIds(t.db);
  const addresses = (await t.db.system((tx) => tx.query<{ id: number }>(
    'SELECT id_endereco_estoque AS id FROM endereco_estoque WHERE id_filial = $1 ORDER BY id_endereco_estoque', [ids.branch1]))).rows;
  addr = {
    a: addresses[0]!.id, b: addresses[1]!.id,
    foreign: (await one<{ id: number }>('SELECT id_endereco_estoque AS id FROM endereco_estoque WHERE id_organization = $1 LIMIT 1', [ids.other])).id,
  };
  grades = (await t.db.system((tx) => tx.query<{ id: number }>(
    'SELECT id_produto_grade_filial AS id FROM produto_grade_filial WHERE id_filial = $1 ORDER BY id_produto_grade_filial LIMIT 4', [ids.branch1]))).rows.map((r) => r.id);
  foreignGrade = (await one<{ id: number }>('SELECT id_produto_grade_filial AS id FROM produto_grade_filial WHERE id_organization = $1 LIMIT 1', [ids.other])).id;
  saida = (await one<{ id: number }>(`SELECT id_tipo_movimentacao_estoque AS id FROM tipo_movimentacao_estoque WHERE id_organization = $1 AND codigo = 'SAIDA'`, [ids.demo])).id;
});
afterAll(async () => {
  await t.close();
});

const createInventory = async (descricao: string, data_inicio?: string) =>
  (await expectOk(t, 'inventoryCreate', { descricao, ...(data_inicio ? { data_inicio } : {}) }, manager)).json['id_inventario'] as number;

const line = (inv: number, g: number, a: number, quantidade: number, quantidade_estoque: number | null, over: Record<string, unknown> = {}) => ({
  uuid: randomUUID(), id_inventario: inv, id_produto_grade_filial: g, id_endereco_estoque: a, quantidade, quantidade_estoque,
  situacao: 'InclusaoPendente', ...over,
});

describe('inventories', () => {
  it('creates, lists by data_inicio descending and edits an inventory of the active branch', async () => {
    const older = await createInventory('Contagem antiga', '2026-01-10T12:00:00.000Z');
    const newer = await createInventory('Contagem nova', '2026-02-10T12:00:00.000Z');
    const list = await expectOk(t, 'inventoryList', { search: 'Contagem', take: 50 }, manager);
    const order = (list.json['rows'] as Array<{ id_inventario: number }>).map((r) => r.id_inventario);
    expect(order.indexOf(newer)).toBeLessThan(order.indexOf(older));
    const edited = await expectOk(t, 'inventoryUpdate', { id_inventario: older, descricao: 'Contagem do depósito', observacao: 'Corredor 3' }, manager);
    expect(edited.json).toMatchObject({ descricao: 'Contagem do depósito', observacao: 'Corredor 3', situacao: 'NaoProcessado', data_inicio: '2026-01-10T12:00:00.000Z' });
    const bad = await t.call('POST', '/inventory/create', { descricao: '' }, manager);
    expect(bad.status).toBe(400);
  });

  it('writes a batch once however many times it is sent, and answers the created list', async () => {
    const inv = await createInventory('Contagem com reenvio');
    const batch = { itens: [line(inv, grades[0]!, addr.a, 3, 5), line(inv, grades[1]!, addr.a, 2, null)] };
    const first = await expectOk(t, 'inventoryItemSyncItens', batch, manager);
    expect(first.json['message']).toBe(M.synced);
    const created = (first.json['data'] as { list_created: Array<Record<string, unknown>> }).list_created;
    expect(created.map((r) => r['uuid'])).toEqual(expect.arrayContaining(batch.itens.map((i) => i.uuid)));
    expect(created.find((r) => r['uuid'] === batch.itens[0]!.uuid)).toMatchObject({ quantidade: 3, quantidade_estoque: 5, id_inventario: inv });
    // Without the stock the phone saw, the line takes the stock now as its snapshot.
    expect(created.find((r) => r['uuid'] === batch.itens[1]!.uuid)?.['quantidade_estoque']).toBe(await stockAt(grades[1]!, addr.a));
    // The same batch again (a retry after a time-out): the same lines, no new one.
    const again = await expectOk(t, 'inventoryItemSyncItens', batch, manager);
    expect((again.json['data'] as { list_created: unknown[] }).list_created).toHaveLength(2);
    expect(await lineCount(inv)).toBe(2);
    // A later count of the same line sends its new total: updated, not added.
    await expectOk(t, 'inventoryItemSyncItens', { itens: [{ ...batch.itens[0]!, quantidade: 7, situacao: 'AtualizacaoPendente' }] }, manager);
    expect(await lineCount(inv)).toBe(2);
    expect(Number((await one<{ q: string }>('SELECT quantidade::text AS q FROM inventario_item WHERE uuid = $1', [batch.itens[0]!.uuid])).q)).toBe(7);
    // A deleted line becomes a tombstone.
    const deleted = await expectOk(t, 'inventoryItemSyncItens', { itens: [{ ...batch.itens[1]!, situacao: 'Excluido' }] }, manager);
    expect((deleted.json['data'] as { list_created: Array<Record<string, unknown>> }).list_created[0]?.['data_exclusao']).not.toBeNull();
  });

  it('refuses batches above 50 lines, foreign variations and addresses, and a uuid of another inventory, writing nothing', async () => {
    const inv = await createInventory('Contagem recusada');
    const big = await t.call('POST', '/inventory_item/sync-itens', { itens: Array.from({ length: 51 }, () => line(inv, grades[0]!, addr.a, 1, 0)) }, manager);
    expect(big.status).toBe(400);
    expect(big.json['erros']).toEqual([`itens: ${M.batchTooLarge}`]);
    const variation = await t.call('POST', '/inventory_item/sync-itens', { itens: [line(inv, grades[0]!, addr.a, 1, 0), line(inv, foreignGrade, addr.a, 1, 0)] }, manager);
    expect(variation.status).toBe(400);
    expect(variation.json['message']).toBe(M.variationNotFound);
    const address = await t.call('POST', '/inventory_item/sync-itens', { itens: [line(inv, grades[0]!, addr.foreign, 1, 0)] }, manager);
    expect(address.status).toBe(400);
    expect(await lineCount(inv)).toBe(0);
    const elsewhere = await createInventory('Outra contagem');
    const taken = line(elsewhere, grades[0]!, addr.a, 1, 0);
    await expectOk(t, 'inventoryItemSyncItens', { itens: [taken] }, manager);
    const reused = await t.call('POST', '/inventory_item/sync-itens', { itens: [{ ...taken, id_inventario: inv }] }, manager);
    expect(reused.status).toBe(400);
    expect(reused.json['message']).toBe(M.itemOfOtherInventory);
    expect(await lineCount(inv)).toBe(0);
  });

  it('keeps two phones\' lines of the same place apart and sums them when processing, keeping a sale made after the count', async () => {
    const inv = await createInventory('Contagem em dois celulares');
    const [g0, g1, g2] = [grades[0]!, grades[2]!, grades[3]!];
    const before = { g0a: await stockAt(g0, addr.a), g1b: await stockAt(g1, addr.b), g2a: await stockAt(g2, addr.a) };
    // Phone 1 counts one more of g0 at A than the stock it sees; phone 2 counts 3 more of the same place.
    const phone1 = [line(inv, g0, addr.a, before.g0a + 1, before.g0a), line(inv, g1, addr.b, before.g1b + 2, before.g1b)];
    const phone2 = [line(inv, g0, addr.a, 3, before.g0a), line(inv, g2, addr.a, before.g2a, before.g2a)];
    await expectOk(t, 'inventoryItemSyncItens', { itens: phone1 }, manager);
    await expectOk(t, 'inventoryItemSyncItens', { itens: phone2 }, manager);
    expect(await lineCount(inv)).toBe(4);

    // After the count, 2 units of g0 leave A (a stock document exit, as a sale would): processing must keep them out.
    const exit = await expectOk(t, 'stockMovementCreate', { id_tipo_movimentacao_estoque: saida, itens: [{ id_produto_grade_filial: g0, id_endereco_estoque: addr.a, quantidade: 2 }] }, manager);
    await expectOk(t, 'stockMovementProcess', { id_documento_estoque: exit.json['id_documento_estoque'] }, manager);

    // Each phone reads the whole inventory's lines after its sync (list-by-changes {id_inventario}).
    await settle(t.db);
    const pulled = await expectOk(t, 'sync_inventory_item', { date_change: '', offset: 0, limit: 100, id_inventario: inv }, manager);
    const rows = pulled.json['rows'] as Array<Record<string, unknown>>;
    expect(rows.map((r) => r['id_inventario'])).toEqual(rows.map(() => inv));
    expect(rows.filter((r) => r['id_produto_grade_filial'] === g0).reduce((s, r) => s + Number(r['quantidade']), 0)).toBe(before.g0a + 4);

    const processed = await expectOk(t, 'inventoryProcess', { id_inventario: inv }, manager);
    expect(processed.json['message']).toBe('Inventário processado com sucesso. Verique as movimentações de estoque para conferência.');
    expect(processed.json).toMatchObject({ situacao: 'Processado', movimentacoes: 2 });
    // g0 at A: counted s + 4 where the stock said s, then 2 left: s + 4 − 2. g1 at B: +2. g2 as it was: no movement.
    expect(await stockAt(g0, addr.a)).toBe(before.g0a + 2);
    expect(await stockAt(g1, addr.b)).toBe(before.g1b + 2);
    expect(await stockAt(g2, addr.a)).toBe(before.g2a);
    expect(await movements(inv)).toEqual([
      { g: g0, a: addr.a, q: '4.000', origem: 'Inventario' },
      { g: g1, a: addr.b, q: '2.000', origem: 'Inventario' },
    ].sort((x, y) => x.g - y.g || x.a - y.a));

    // Once: a second processing and a late batch are refused and move nothing.
    const again = await t.call('POST', '/inventory/process', { id_inventario: inv }, manager);
    expect(again.status).toBe(400);
    expect(again.json['message']).toBe(M.alreadyProcessed);
    const late = await t.call('POST', '/inventory_item/sync-itens', { itens: [line(inv, g0, addr.a, 1, 0)] }, manager);
    expect(late.status).toBe(400);
    const edit = await t.call('PUT', '/inventory/update', { id_inventario: inv, descricao: 'x' }, manager);
    expect(edit.status).toBe(400);
    expect(edit.json['message']).toBe(M.editProcessed);
    expect(await movements(inv)).toHaveLength(2);
    expect(await stockAt(g0, addr.a)).toBe(before.g0a + 2);
  });

  it('refuses processing an inventory without counted lines', async () => {
    const inv = await createInventory('Contagem vazia');
    const res = await t.call('POST', '/inventory/process', { id_inventario: inv }, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(M.noItems);
  });

  it('list-by-changes without id_inventario sends every inventory line of the branch', async () => {
    await settle(t.db);
    const all = await expectOk(t, 'sync_inventory_item', { date_change: '', offset: 0, limit: 1000 }, manager);
    expect(new Set((all.json['rows'] as Array<Record<string, unknown>>).map((r) => r['id_inventario'])).size).toBeGreaterThan(1);
  });
});

describe('inventory permissions and isolation', () => {
  it('refuses users without the stock permission, and writes to a read-only one', async () => {
    expect((await t.call('POST', '/inventory/list', {}, cashier)).status).toBe(403);
    expect((await t.call('POST', '/inventory/create', { descricao: 'Caixa' }, cashier)).status).toBe(403);
    expect((await t.call('POST', '/inventory/list', {}, seller2)).status).toBe(200);
    expect((await t.call('POST', '/inventory/create', { descricao: 'Vendedor' }, seller2)).status).toBe(403);
    expect((await t.call('POST', '/inventory_item/sync-itens', { itens: [line(1, grades[0]!, addr.a, 1, 0)] }, seller2)).status).toBe(403);
  });

  it('answers another organization\'s inventory as one that does not exist, and never lists it', async () => {
    const inv = await createInventory('Contagem sigilosa');
    const n = await lineCount(inv);
    for (const [method, path, body] of [
      ['PUT', '/inventory/update', { id_inventario: inv, descricao: 'Invadido' }],
      ['POST', '/inventory/process', { id_inventario: inv }],
      ['POST', '/inventory_item/sync-itens', { itens: [line(inv, grades[0]!, addr.a, 1, 0)] }],
    ] as const) {
      const foreign = await t.call(method, path, body, other);
      expect(foreign.status, path).toBe(404);
      expect(foreign.json['message']).toBe(M.notFound);
    }
    expect(await lineCount(inv)).toBe(n);
    const theirs = await t.call('POST', '/inventory/list', { search: 'sigilosa' }, other);
    expect(theirs.json['rows']).toEqual([]);
    await settle(t.db);
    const pulled = await t.call('POST', '/inventory_item/list-by-changes', { date_change: '', offset: 0, limit: 1000, id_inventario: inv }, other);
    expect(pulled.json['rows']).toEqual([]);
  });

  it('answers an inventory of another branch of the same organization as not found', async () => {
    await expectOk(t, 'setActiveBranch', { id_filial: ids.branch2 }, manager);
    const inv = await createInventory('Contagem da Loja Shopping');
    await expectOk(t, 'setActiveBranch', { id_filial: ids.branch1 }, manager);
    const res = await t.call('POST', '/inventory/process', { id_inventario: inv }, manager);
    expect(res.status).toBe(404);
  });
});
