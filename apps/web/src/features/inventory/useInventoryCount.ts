/**
 * The counting screen's state and actions: the inventory and the branch's addresses from the local copy, this
 * device's lines (countStore) with every phone's lines the server sent (inventory_item), counting a code at an address
 * (domain addCount: a place counted again adds to its line), deleting a line, and sending the pending lines whenever
 * the device is online (countSync: 50 at a time, again 1 s later until none is pending, then 'Itens sincronizados com
 * sucesso no servidor' and the inventory's lines read back through inventory_item/list-by-changes {id_inventario}).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { InventoryItemRow } from '@pdv/contract/inventory';
import { addCount, INVENTORY_MESSAGES as M, INVENTORY_SYNC_RETRY_MS, PENDING_STATES } from '@pdv/domain/inventory';
import type { Milli } from '@pdv/domain/money';
import { call } from '../../api/client.ts';
import { isApiError } from '../../api/errors.ts';
import { localDb, type LocalRow } from '../../db/database.ts';
import { useLiveQuery } from '../../db/useLiveQuery.ts';
import { showError } from '../../ui/showError.ts';
import { useOnline } from '../../ui/useOnline.ts';
import { toast } from '../../ui/toast.ts';
import { findByBarcode, hitOfGrid, stockOf, type ProductHit } from '../checkout/catalog.ts';
import { countDb, type LocalCount } from './countStore.ts';
import { pendingOf, syncCounts } from './countSync.ts';
import { countedPlaces } from './places.ts';

export interface Address {
  id: number;
  label: string;
}

/** A code's variation in the local copy: a barcode (GTIN), else a SKU. */
export async function lookupCode(code: string): Promise<ProductHit | null> {
  const db = localDb();
  const text = code.trim();
  if (text === '') return null;
  const byBarcode = await findByBarcode(db, text);
  if (byBarcode) return byBarcode;
  const grids = await db.rows('grid').where('sku').equals(text).toArray();
  for (const grid of grids) {
    const hit = await hitOfGrid(db, Number(grid['id_produto_grade']));
    if (hit) return hit;
  }
  return null;
}

/** Reads the inventory's lines of every phone after a sync, from where the last read ended, into the local copy. */
async function pullLines(id_inventario: number, position: { date_change: string; offset: number }): Promise<void> {
  const table = localDb().rows('inventory_item');
  for (let page = 0; page < 100; page += 1) {
    // The route's body is typed as every group's (contract routes.ts); inventory_item's also takes id_inventario.
    const res = await call('sync_inventory_item', { ...position, limit: 500, id_inventario } as never, { loading: false });
    const rows = res.rows as LocalRow[];
    await table.bulkDelete(rows.filter((r) => r['data_exclusao']).map((r) => r['id_inventario_item']));
    await table.bulkPut(rows.filter((r) => !r['data_exclusao']));
    position.date_change = res.date_change;
    position.offset = res.offset;
    if (!res.has_more) return;
  }
}

/** The server's answer goes into the local copy's inventory_item at once (a deleted line leaves it), as the next pull would. */
async function mirror(rows: readonly InventoryItemRow[]): Promise<void> {
  const table = localDb().rows('inventory_item');
  await table.bulkDelete(rows.filter((r) => r.data_exclusao !== null).map((r) => r.id_inventario_item));
  await table.bulkPut(rows.filter((r) => r.data_exclusao === null).map((r) => ({ ...r })));
}

export function useInventoryCount(id_inventario: number, id_filial: number) {
  const online = useOnline();
  const inventory = useLiveQuery(
    useCallback(async () => (await localDb().rows('inventory').get(id_inventario)) ?? null, [id_inventario]),
    null as LocalRow | null,
  );
  const addresses = useLiveQuery(
    useCallback(async (): Promise<Address[]> => {
      const rows = await localDb().rows('stock_address').where('id_filial').equals(id_filial).toArray();
      return rows
        .filter((r) => !r['data_exclusao'])
        .sort((a, b) => String(a['codigo']).localeCompare(String(b['codigo'])))
        .map((r) => ({ id: Number(r['id_endereco_estoque']), label: `${String(r['codigo'])} - ${String(r['descricao'])}` }));
    }, [id_filial]),
    [],
  );
  const mine = useLiveQuery(
    useCallback(() => countDb().count.where('id_inventario').equals(id_inventario).toArray(), [id_inventario]),
    [] as LocalCount[],
    countDb(),
  );
  const server = useLiveQuery(
    useCallback(() => localDb().rows('inventory_item').where('id_inventario').equals(id_inventario).toArray(), [id_inventario]),
    [] as LocalRow[],
  );
  const pending = mine.filter((l) => PENDING_STATES.has(l.situacao)).length;
  const [syncing, setSyncing] = useState(false);
  const running = useRef(false);
  const position = useRef({ date_change: '', offset: 0 });
  const [retry, setRetry] = useState(0);

  const sync = useCallback(async () => {
    if (running.current || !navigator.onLine) return;
    running.current = true;
    setSyncing(true);
    let done = false;
    try {
      const run = await syncCounts(countDb(), id_inventario, async (itens) => {
        const answer = await call('inventoryItemSyncItens', { itens }, { loading: false });
        await mirror(answer.data.list_created);
        return answer;
      });
      await pullLines(id_inventario, position.current);
      if (run.sent > 0) toast.success(M.synced);
      done = true;
    } catch (error) {
      // Out of reach (status 0): tried again 1 s later, and on the 'online' event; a refusal is shown and waits for the next change.
      if (isApiError(error) && error.status === 0) setTimeout(() => setRetry((n) => n + 1), INVENTORY_SYNC_RETRY_MS);
      else showError(error);
    } finally {
      running.current = false;
      setSyncing(false);
    }
    // A line counted after the run's last look waits for no other change: the next run starts 1 s later.
    if (done && navigator.onLine && (await pendingOf(countDb(), id_inventario)).length > 0) {
      setTimeout(() => setRetry((n) => n + 1), INVENTORY_SYNC_RETRY_MS);
    }
  }, [id_inventario]);

  useEffect(() => {
    if (online && pending > 0) void sync();
  }, [online, pending, sync, retry]);
  useEffect(() => {
    if (online) void pullLines(id_inventario, position.current).catch(() => undefined);
  }, [online, id_inventario]);

  /** Counts `quantidade` of the code's variation at the address; answers the counted line, or null when refused. */
  const count = async (code: string, quantidade: Milli, address: Address): Promise<LocalCount | null> => {
    const hit = await lookupCode(code);
    if (!hit) {
      toast.error(M.barcodeNotFound);
      return null;
    }
    const db = countDb();
    const seen = await stockOf(localDb(), hit.id_produto_grade_filial, address.id);
    return db.transaction('rw', db.count, async () => {
      const lines = await db.count.where('id_inventario').equals(id_inventario).toArray();
      const next = addCount(lines, {
        uuid: crypto.randomUUID(), id_inventario, id_produto_grade_filial: hit.id_produto_grade_filial, id_endereco_estoque: address.id,
        quantidade, quantidade_estoque: seen ? seen.quantidade : null,
      });
      const before = lines.find((l) => l.uuid === next.uuid);
      const line: LocalCount = {
        ...(before ?? { id_inventario_item: null, descricao_produto: hit.descricao, descricao_endereco_estoque: address.label, codigo: code.trim() }),
        quantidade_estoque: next.quantidade_estoque,
        uuid: next.uuid, id_inventario, id_produto_grade_filial: next.id_produto_grade_filial, id_endereco_estoque: next.id_endereco_estoque,
        quantidade: next.quantidade, situacao: next.situacao, data_alteracao: Date.now(),
      };
      await db.count.put(line);
      return line;
    });
  };

  /** Deletes this device's line: a line the server never had just goes; another is marked Excluido and sent. */
  const remove = useCallback(async (line: LocalCount) => {
    const db = countDb();
    if (line.situacao === 'InclusaoPendente') await db.count.delete(line.uuid);
    else await db.count.put({ ...line, situacao: 'Excluido', data_alteracao: Date.now() });
  }, []);

  return {
    online, inventory, addresses, places: countedPlaces(mine, server), pending, syncing,
    sync: () => void sync(), count, remove,
  };
}
