/**
 * Inventories of the active branch (001 §3, §4, §7): created and edited while NaoProcessado, counted on phones
 * (sync-itens: the phone's lines by uuid, so a retried batch never counts twice), processed once. Processing locks
 * the inventory, reads every live line, lets the domain (inventoryAdjustments) net them per (variation, address) as
 * count minus the snapshot the count saw, and writes the adjustments through the stock owner (adjustInventoryStock)
 * before marking the inventory Processado — one transaction. Lines are written under a share lock of the inventory,
 * so none lands in the middle of its processing.
 */
import type { z } from 'zod';
import { inventoryItemRow, type inventoryCreateBody, type inventoryItemSyncBody, type inventoryListBody } from '@pdv/contract/inventory';
import { SYNC_GROUPS } from '@pdv/contract/sync';
import { ValidationError } from '@pdv/domain/errors';
import { assertOpen, INVENTORY_MESSAGES as M, inventoryAdjustments } from '@pdv/domain/inventory';
import { quantityFromDecimal, quantityToDecimal, quantityToDecimalString } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { adjustInventoryStock, stockOfPlaces } from '../stock/service.ts';
import { syncedRows } from '../sync/queries.ts';
import { SYNC_SOURCES } from '../sync/sources.ts';
import * as q from './queries.ts';

export interface Actor extends q.Scope {
  id_usuario: number;
}

/** 'Inventário não localizado.' for an id of no inventory of the branch, another organization's alike. */
const notFound = () => new HttpError(404, M.notFound);

function refuse(e: unknown): never {
  if (e instanceof ValidationError) throw badRequest(e.message, undefined, e.field ? [`${e.field}: ${e.message}`] : undefined);
  throw e;
}

export function inventoryOut(r: q.InventoryRow) {
  return { ...r, quantidade_contada: Number(r.quantidade_contada) };
}

export async function list(tx: Tx, s: q.Scope, body: z.output<typeof inventoryListBody>) {
  const { rows, count } = await q.listInventories(tx, s, { search: body.search, situacao: body.filter.situacao }, body);
  return { rows: rows.map(inventoryOut), count };
}

async function found(tx: Tx, s: q.Scope, id: number, lock: 'update' | 'share' | null = null) {
  const row = await q.findInventory(tx, s, id, lock);
  if (!row) throw notFound();
  return row;
}

type Fields = z.output<typeof inventoryCreateBody>;
const values = (b: Fields): q.InventoryValues => ({ descricao: b.descricao, observacao: b.observacao || null, data_inicio: b.data_inicio ?? null });

export async function create(tx: Tx, a: Actor, body: Fields) {
  const id = await q.insertInventory(tx, a, a.id_usuario, values(body));
  return inventoryOut(await found(tx, a, id));
}

export async function update(tx: Tx, a: Actor, id: number, body: Fields) {
  const row = await found(tx, a, id, 'update');
  try {
    assertOpen(row.situacao, 'edit');
  } catch (e) {
    refuse(e);
  }
  await q.updateInventory(tx, a, id, values(body));
  return inventoryOut(await found(tx, a, id));
}

/** Processes the inventory: its adjustments as stock movements, then Processado; a second processing is refused. */
export async function process(tx: Tx, a: Actor, id: number) {
  const row = await found(tx, a, id, 'update');
  try {
    assertOpen(row.situacao, 'process');
  } catch (e) {
    refuse(e);
  }
  const lines = await q.countedLines(tx, a, id);
  if (lines.length === 0) throw badRequest(M.noItems);
  const adjustments = inventoryAdjustments(lines.map((l) => ({
    id_produto_grade_filial: l.g, id_endereco_estoque: l.a, quantidade: quantityFromDecimal(l.q), quantidade_estoque: quantityFromDecimal(l.e), ordem: l.ordem,
  })));
  const movimentacoes = await adjustInventoryStock(tx, { org: a.org, id_filial: a.id_filial, id_usuario: a.id_usuario, id_inventario: id }, adjustments);
  await q.markProcessed(tx, a, id);
  return { ...inventoryOut(await found(tx, a, id)), message: M.processed, movimentacoes };
}

type SyncBody = z.output<typeof inventoryItemSyncBody>;

/**
 * Writes a batch of the phones' lines (at most 50) and answers them as the server keeps them (list_created, which
 * overwrites the phone's rows). Every inventory named must be the branch's and not processed; every variation and
 * address the branch's; a uuid already used by a line of another inventory is refused. A line sent without the stock
 * it saw takes the stock now as its snapshot.
 */
export async function syncItems(tx: Tx, a: Actor, body: SyncBody) {
  const inventories = [...new Set(body.itens.map((i) => i.id_inventario))].sort((x, y) => x - y);
  for (const id of inventories) {
    const row = await found(tx, a, id, 'share');
    if (row.situacao === 'Processado') throw badRequest(M.alreadyProcessed, undefined, [`itens.${body.itens.findIndex((i) => i.id_inventario === id)}.id_inventario: ${M.alreadyProcessed}`]);
  }
  const uuids = new Set<string>();
  body.itens.forEach((i, n) => {
    if (uuids.has(i.uuid)) throw badRequest(M.duplicateUuid, undefined, [`itens.${n}.uuid: ${M.duplicateUuid}`]);
    uuids.add(i.uuid);
  });
  const variations = await q.liveVariations(tx, a, body.itens.map((i) => i.id_produto_grade_filial));
  const addresses = await q.liveAddresses(tx, a, body.itens.map((i) => i.id_endereco_estoque));
  body.itens.forEach((i, n) => {
    if (!variations.has(i.id_produto_grade_filial)) throw badRequest(M.variationNotFound, undefined, [`itens.${n}.id_produto_grade_filial: ${M.variationNotFound}`]);
    if (!addresses.has(i.id_endereco_estoque)) throw badRequest(M.addressNotFound, undefined, [`itens.${n}.id_endereco_estoque: ${M.addressNotFound}`]);
  });
  const foreign = await q.foreignUuids(tx, a, body.itens);
  if (foreign.length > 0) {
    const n = body.itens.findIndex((i) => foreign.includes(i.uuid));
    throw badRequest(M.itemOfOtherInventory, undefined, [`itens.${n}.uuid: ${M.itemOfOtherInventory}`]);
  }
  const stockNow = await stockOfPlaces(tx, a, body.itens.filter((i) => i.quantidade_estoque == null));
  const ids = await q.upsertLines(tx, a, a.id_usuario, body.itens.map((i) => ({
    uuid: i.uuid,
    id_inventario: i.id_inventario,
    id_produto_grade_filial: i.id_produto_grade_filial,
    id_endereco_estoque: i.id_endereco_estoque,
    quantidade: quantityToDecimalString(quantityFromDecimal(i.quantidade)),
    quantidade_estoque: i.quantidade_estoque != null
      ? quantityToDecimalString(quantityFromDecimal(i.quantidade_estoque))
      : String(quantityToDecimal(stockNow.get(`${i.id_produto_grade_filial}:${i.id_endereco_estoque}`) ?? 0)),
    excluido: i.situacao === 'Excluido',
  })));
  const rows = await syncedRows(tx, { id_organization: a.org, id_filial: a.id_filial }, SYNC_SOURCES.inventory_item, SYNC_GROUPS.inventory_item.scope, ids);
  return {
    data: {
      // The rows as the inventory_item group sends them, read back through the row schema the phone parses.
      list_created: rows.map((r) => inventoryItemRow.parse({ ...r, quantidade: Number(r['quantidade']), quantidade_estoque: Number(r['quantidade_estoque']) })),
    },
    message: M.synced,
  };
}
