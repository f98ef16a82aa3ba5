/**
 * The lines this device counted (001 §4 "Inventory item", local): each keyed by its UUID, with its state
 * InclusaoPendente / AtualizacaoPendente / Excluido until the server took it (Sincronizado). They live in their own
 * Dexie database, 'pdv-inventory', not in the local copy: they are the only copy of a count until sent, so neither the
 * copy's version chain nor its drop on a version mismatch (dropLocalCopy) may touch them. The server's lines of every
 * phone arrive in the local copy's inventory_item table (sync group inventory_item).
 */
import { Dexie, type Table } from 'dexie';
import type { InventoryItemState } from '@pdv/domain/inventory';

export const COUNT_DATABASE_NAME = 'pdv-inventory';

export interface LocalCount {
  uuid: string;
  id_inventario: number;
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  /** Thousandths. */
  quantidade: number;
  /** The stock this device saw when the line was first counted, thousandths; null when the local copy had no row. */
  quantidade_estoque: number | null;
  situacao: InventoryItemState;
  /** The server's id once it took the line. */
  id_inventario_item: number | null;
  descricao_produto: string;
  descricao_endereco_estoque: string;
  codigo: string;
  /** When it was last counted here (ms since the epoch): the list shows the latest first. */
  data_alteracao: number;
}

export class CountDatabase extends Dexie {
  declare count: Table<LocalCount, string>;

  constructor(name = COUNT_DATABASE_NAME) {
    super(name);
    this.version(1).stores({ count: 'uuid, id_inventario, [id_inventario+situacao], data_alteracao' });
  }
}

let instance: CountDatabase | null = null;

export function countDb(): CountDatabase {
  instance ??= new CountDatabase();
  return instance;
}
