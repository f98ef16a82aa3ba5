import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { InventoryItemInput, InventoryItemRow } from '@pdv/contract/inventory';
import { CountDatabase, type LocalCount } from './countStore.ts';
import { syncCounts } from './countSync.ts';

let db: CountDatabase;
afterEach(async () => {
  await db.delete();
});

const line = (i: number, over: Partial<LocalCount> = {}): LocalCount => ({
  uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, id_inventario: 1, id_produto_grade_filial: i, id_endereco_estoque: 1,
  quantidade: 1000, quantidade_estoque: 0, situacao: 'InclusaoPendente', id_inventario_item: null, descricao_produto: `P${i}`,
  descricao_endereco_estoque: 'Loja', codigo: String(i), data_alteracao: i, ...over,
});

/** A server that keeps lines by uuid, as /inventory_item/sync-itens does. */
function fakeServer() {
  const rows = new Map<string, InventoryItemRow>();
  const batches: InventoryItemInput[][] = [];
  let next = 1;
  return {
    rows,
    batches,
    send: async (itens: InventoryItemInput[]) => {
      batches.push(itens);
      const list_created = itens.map((i) => {
        const row: InventoryItemRow = {
          id_inventario_item: rows.get(i.uuid)?.id_inventario_item ?? next++, uuid: i.uuid, id_inventario: i.id_inventario, id_filial: 1,
          id_produto_grade_filial: i.id_produto_grade_filial, id_endereco_estoque: i.id_endereco_estoque, quantidade: i.quantidade,
          quantidade_estoque: i.quantidade_estoque ?? 0, id_usuario: 1, descricao_produto: null, descricao_endereco_estoque: null,
          url_imagem_principal: null, data_alteracao: '', data_exclusao: i.situacao === 'Excluido' ? 'x' : null,
        };
        rows.set(i.uuid, row);
        return row;
      });
      return Promise.resolve({ data: { list_created } });
    },
  };
}

describe('sending counted lines', () => {
  it('sends 120 pending lines in batches of 50, 50 and 20, waiting 1 s between them, and leaves them all synced', async () => {
    db = new CountDatabase(`count-${Math.random()}`);
    await db.count.bulkPut(Array.from({ length: 120 }, (_, i) => line(i + 1)));
    const server = fakeServer();
    const waits: number[] = [];
    const run = await syncCounts(db, 1, server.send, (ms) => { waits.push(ms); return Promise.resolve(); });
    expect(server.batches.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(waits).toEqual([1000, 1000]);
    expect(run).toEqual({ batches: 3, sent: 120 });
    expect((await db.count.toArray()).every((l) => l.situacao === 'Sincronizado' && l.id_inventario_item !== null)).toBe(true);
    // Nothing pending: a new run sends nothing.
    expect(await syncCounts(db, 1, server.send, () => Promise.resolve())).toEqual({ batches: 0, sent: 0 });
  });

  it('keeps a line counted again while its batch was on the way pending, with the new quantity, and sends it next', async () => {
    db = new CountDatabase(`count-${Math.random()}`);
    await db.count.put(line(1));
    const server = fakeServer();
    let first = true;
    const send = async (itens: InventoryItemInput[]) => {
      if (first) {
        first = false;
        await db.count.update(line(1).uuid, { quantidade: 3000 });
      }
      return server.send(itens);
    };
    await syncCounts(db, 1, send, () => Promise.resolve());
    expect(server.batches.map((b) => b.map((i) => [i.quantidade, i.situacao]))).toEqual([[[1, 'InclusaoPendente']], [[3, 'AtualizacaoPendente']]]);
    expect(await db.count.get(line(1).uuid)).toMatchObject({ quantidade: 3000, situacao: 'Sincronizado' });
    expect(server.rows.size).toBe(1);
  });

  it('removes a deleted line once the server took it, and leaves lines of other inventories alone', async () => {
    db = new CountDatabase(`count-${Math.random()}`);
    await db.count.bulkPut([line(1, { situacao: 'Excluido', id_inventario_item: 5 }), line(2, { id_inventario: 2 })]);
    const server = fakeServer();
    await syncCounts(db, 1, server.send, () => Promise.resolve());
    expect(await db.count.get(line(1).uuid)).toBeUndefined();
    expect(await db.count.get(line(2).uuid)).toMatchObject({ situacao: 'InclusaoPendente' });
  });
});
