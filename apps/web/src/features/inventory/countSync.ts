/**
 * Sending the counted lines (001 §4, §9): the pending lines of an inventory go to /inventory_item/sync-itens in
 * batches of at most 50; the server's created list overwrites the local rows (Sincronizado with its id and quantity,
 * a deleted line leaves the device); while any line is still pending the next batch goes 1 s later. A line counted
 * again while its batch was on the way keeps its new quantity and stays pending (its total goes in the next batch):
 * the server holds each line by its UUID, so sending a line again never counts it twice.
 */
import type { InventoryItemInput, InventoryItemRow } from '@pdv/contract/inventory';
import { INVENTORY_SYNC_BATCH, INVENTORY_SYNC_RETRY_MS, PENDING_STATES } from '@pdv/domain/inventory';
import { quantityFromDecimal, quantityToDecimal } from '@pdv/domain/money';
import type { CountDatabase, LocalCount } from './countStore.ts';

export type SendBatch = (itens: InventoryItemInput[]) => Promise<{ data: { list_created: InventoryItemRow[] } }>;

export async function pendingOf(db: CountDatabase, id_inventario: number): Promise<LocalCount[]> {
  const lines = await db.count.where('id_inventario').equals(id_inventario).toArray();
  return lines.filter((l) => PENDING_STATES.has(l.situacao)).sort((a, b) => a.data_alteracao - b.data_alteracao);
}

export function inputOf(line: LocalCount): InventoryItemInput {
  return {
    uuid: line.uuid,
    id_inventario: line.id_inventario,
    id_produto_grade_filial: line.id_produto_grade_filial,
    id_endereco_estoque: line.id_endereco_estoque,
    quantidade: quantityToDecimal(line.quantidade),
    quantidade_estoque: line.quantidade_estoque === null ? null : quantityToDecimal(line.quantidade_estoque),
    situacao: line.situacao === 'Sincronizado' ? 'AtualizacaoPendente' : line.situacao,
  };
}

/** Writes the server's answer over the lines sent, unless a line changed here meanwhile. */
export async function applyCreated(db: CountDatabase, sent: readonly LocalCount[], created: readonly InventoryItemRow[]): Promise<void> {
  const byUuid = new Map(created.map((r) => [r.uuid, r]));
  await db.transaction('rw', db.count, async () => {
    for (const before of sent) {
      const row = byUuid.get(before.uuid);
      const now = await db.count.get(before.uuid);
      if (!row || !now) continue;
      const changed = now.quantidade !== before.quantidade || now.situacao !== before.situacao;
      if (row.data_exclusao !== null && !changed) {
        await db.count.delete(before.uuid);
      } else if (changed) {
        await db.count.put({ ...now, id_inventario_item: row.id_inventario_item, situacao: now.situacao === 'InclusaoPendente' ? 'AtualizacaoPendente' : now.situacao });
      } else {
        await db.count.put({ ...now, id_inventario_item: row.id_inventario_item, quantidade: quantityFromDecimal(row.quantidade), situacao: 'Sincronizado' });
      }
    }
  });
}

export interface SyncRun {
  batches: number;
  sent: number;
}

/**
 * Sends the inventory's pending lines until none is left: a batch, then 1 s, then the next. Stops (rejecting) on the
 * first failure; the lines not taken stay pending for the next run.
 */
export async function syncCounts(
  db: CountDatabase,
  id_inventario: number,
  send: SendBatch,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<SyncRun> {
  const run: SyncRun = { batches: 0, sent: 0 };
  for (;;) {
    const batch = (await pendingOf(db, id_inventario)).slice(0, INVENTORY_SYNC_BATCH);
    if (batch.length === 0) return run;
    if (run.batches > 0) await wait(INVENTORY_SYNC_RETRY_MS);
    const answer = await send(batch.map(inputOf));
    await applyCreated(db, batch, answer.data.list_created);
    run.batches += 1;
    run.sent += batch.length;
  }
}
