/**
 * Inventories (001 §3 "Stock and inventory", §4 "Inventory item", §5, §7; 002 §9): a count of a branch's stock,
 * NaoProcessado while counting, Processado once its adjustments are stock movements. Quantities are integer
 * thousandths.
 *
 * - Counting (`addCount`, the phone's local lines, 001 §4): counting a variation at an address that already has a live
 *   line on this device adds to that line's quantity and marks it AtualizacaoPendente, unless it is still
 *   InclusaoPendente (never sent), which it stays; otherwise a new line InclusaoPendente. Each line carries the
 *   device's UUID, so a resent batch never counts twice, and the stock the device saw when the line was first
 *   counted (its snapshot, `quantidade_estoque`).
 * - Sales go on while counting. Processing does not set the stock to the count: it moves each (variation, address)
 *   by count minus snapshot (`inventoryAdjustments`), so what moved after the count (a sale, a receipt) is kept.
 *   Two phones counting the same place keep their own lines; their counts are summed, and the place's snapshot is
 *   that of its first counted line (the stock when counting of that place began). Places not counted do not move.
 */
import { ValidationError } from './errors.ts';
import { MESSAGES } from './messages.ts';
import type { Milli } from './money.ts';

export const INVENTORY_MESSAGES = {
  processed: 'Inventário processado com sucesso. Verique as movimentações de estoque para conferência.',
  synced: 'Itens sincronizados com sucesso no servidor',
  notFound: 'Inventário não localizado.',
  notInformed: 'Inventário não informado.',
  alreadyProcessed: 'Este inventário já foi processado.',
  editProcessed: 'Só é possível alterar um inventário não processado.',
  noItems: 'Nenhum item contado neste inventário.',
  itemOfOtherInventory: 'Item de inventário pertence a outro inventário.',
  variationNotFound: 'Produto não encontrado nesta filial.',
  addressNotFound: 'Endereço de estoque não encontrado nesta filial.',
  barcodeNotFound: 'Nenhum produto com este código na cópia local.',
  noAddress: 'Escolha o endereço de estoque da contagem.',
  batchTooLarge: 'Envie no máximo 50 itens por vez.',
  duplicateUuid: 'O mesmo item aparece duas vezes no lote.',
  negativeCount: 'A quantidade contada não pode ser negativa.',
} as const;

/** 001 §9: the phone sends its pending lines 50 at a time, and again 1 s later while any is pending. */
export const INVENTORY_SYNC_BATCH = 50;
export const INVENTORY_SYNC_RETRY_MS = 1000;

export const INVENTORY_SITUATION = { NaoProcessado: 'NaoProcessado', Processado: 'Processado' } as const;
export type InventorySituation = keyof typeof INVENTORY_SITUATION;
export const INVENTORY_SITUATION_LABELS: Readonly<Record<InventorySituation, string>> = {
  NaoProcessado: 'Não processado',
  Processado: 'Processado',
};

/** The states of a line on the phone (001 §4); Sincronizado is the state the server's answer leaves. */
export type InventoryItemState = 'InclusaoPendente' | 'AtualizacaoPendente' | 'Excluido' | 'Sincronizado';
export const PENDING_STATES: ReadonlySet<InventoryItemState> = new Set(['InclusaoPendente', 'AtualizacaoPendente', 'Excluido']);

/** A counted line as the phone keeps it (the fields the count needs; the screen adds descriptions). */
export interface CountLine {
  uuid: string;
  id_inventario: number;
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  quantidade: Milli;
  /** The stock seen when first counted; null when the device had no stock row (the server takes its stock then). */
  quantidade_estoque: Milli | null;
  situacao: InventoryItemState;
}

/**
 * The lines after counting `quantidade` of a variation at an address: added to this device's live line of that place
 * (AtualizacaoPendente unless still InclusaoPendente), or a new InclusaoPendente line with `uuid` and the stock seen
 * now as its snapshot. Answers the changed or new line.
 */
export function addCount(
  lines: readonly CountLine[],
  count: Omit<CountLine, 'situacao' | 'uuid'> & { uuid: string },
): CountLine {
  if (!(count.quantidade > 0)) throw new ValidationError(MESSAGES.quantityNotPositive, 'quantidade');
  const same = lines.find((l) => l.id_inventario === count.id_inventario && l.situacao !== 'Excluido'
    && l.id_produto_grade_filial === count.id_produto_grade_filial && l.id_endereco_estoque === count.id_endereco_estoque);
  if (same) {
    return { ...same, quantidade: same.quantidade + count.quantidade, situacao: same.situacao === 'InclusaoPendente' ? 'InclusaoPendente' : 'AtualizacaoPendente' };
  }
  return { ...count, situacao: 'InclusaoPendente' };
}

/** The lines that still need sending, in batches of at most INVENTORY_SYNC_BATCH. */
export function pendingBatches<T extends { situacao: InventoryItemState }>(lines: readonly T[], size = INVENTORY_SYNC_BATCH): T[][] {
  const pending = lines.filter((l) => PENDING_STATES.has(l.situacao));
  const batches: T[][] = [];
  for (let i = 0; i < pending.length; i += size) batches.push(pending.slice(i, i + size));
  return batches;
}

/** A live counted line as processing reads it (every device's). */
export interface CountedLine {
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  quantidade: Milli;
  quantidade_estoque: Milli;
  /** Orders the lines of a place: the first counted gives the place's snapshot. */
  ordem: number;
}

/** One signed change of one (variation, address): what processing writes as a movement. */
export interface InventoryAdjustment {
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  /** The counted total of the place. */
  contado: Milli;
  /** The stock seen when the place's counting began. */
  quantidade_estoque: Milli;
  /** contado − quantidade_estoque: positive enters the stock, negative leaves it. */
  quantidade: Milli;
}

/**
 * The adjustments of an inventory: per (variation, address) the counts are summed and the place moves by that sum
 * minus the snapshot of its first counted line. Places whose count equals the snapshot do not move. Sorted by
 * (variation, address): the stock owner changes rows in a fixed order.
 */
export function inventoryAdjustments(lines: readonly CountedLine[]): InventoryAdjustment[] {
  const places = new Map<string, InventoryAdjustment & { ordem: number }>();
  for (const line of lines) {
    if (line.quantidade < 0) throw new ValidationError(INVENTORY_MESSAGES.negativeCount, 'quantidade');
    const key = `${line.id_produto_grade_filial}:${line.id_endereco_estoque}`;
    const place = places.get(key);
    if (!place) {
      places.set(key, {
        id_produto_grade_filial: line.id_produto_grade_filial, id_endereco_estoque: line.id_endereco_estoque,
        contado: line.quantidade, quantidade_estoque: line.quantidade_estoque, quantidade: 0, ordem: line.ordem,
      });
      continue;
    }
    place.contado += line.quantidade;
    if (line.ordem < place.ordem) {
      place.ordem = line.ordem;
      place.quantidade_estoque = line.quantidade_estoque;
    }
  }
  return [...places.values()]
    .map(({ ordem: _ordem, ...p }) => ({ ...p, quantidade: p.contado - p.quantidade_estoque }))
    .filter((p) => p.quantidade !== 0)
    .sort((a, b) => a.id_produto_grade_filial - b.id_produto_grade_filial || a.id_endereco_estoque - b.id_endereco_estoque);
}

/** Refuses a change to a processed inventory. */
export function assertOpen(situacao: InventorySituation, action: 'edit' | 'process' | 'count'): void {
  if (situacao !== 'Processado') return;
  throw new ValidationError(action === 'edit' ? INVENTORY_MESSAGES.editProcessed : INVENTORY_MESSAGES.alreadyProcessed);
}
