/**
 * Inventories (001 §7 Inventory): /inventory/list {search, filter, take, skip, column, order} (data_inicio desc,
 * 001 §9), /inventory/create {fields}, PUT /inventory/update {fields with id_inventario}, /inventory/process
 * {id_inventario}, /inventory_item/sync-itens {itens} answering data.list_created, and inventory_item/list-by-changes
 * {id_inventario} (sync.ts). Quantities travel with 3 decimals.
 */
import { z } from 'zod';
import { INVENTORY_MESSAGES as M, INVENTORY_SYNC_BATCH } from '@pdv/domain/inventory';
import { decimals } from './amounts.ts';
import { id, listQuery } from './common.ts';

const isoDateTime = z.iso.datetime({ offset: true, error: 'Data inválida.' });
export const inventorySituation = z.enum(['NaoProcessado', 'Processado'], { error: 'Situação inválida.' });

const fields = {
  descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, { error: 'Informe a descrição.' })
    .max(100, { error: 'A descrição pode ter no máximo 100 caracteres.' }),
  observacao: z.string().trim().max(500, { error: 'A observação pode ter no máximo 500 caracteres.' }).nullable().optional(),
  data_inicio: isoDateTime.optional(),
};
export const inventoryCreateBody = z.object(fields).strict();
export const inventoryUpdateBody = z.object({ id_inventario: id, ...fields }).strict();
export const inventoryProcessBody = z.object({ id_inventario: id }).strict();

export const inventory = z.object({
  id_inventario: z.number().int(),
  id_filial: z.number().int(),
  descricao: z.string(),
  observacao: z.string().nullable(),
  situacao: inventorySituation,
  data_inicio: z.string(),
  data_processamento: z.string().nullable(),
  id_usuario: z.number().int().nullable(),
  usuario: z.string().nullable(),
  itens_count: z.number().int(),
  quantidade_contada: z.number(),
});
export type Inventory = z.infer<typeof inventory>;

export const inventoryListBody = listQuery.extend({
  filter: z.object({ situacao: inventorySituation.optional() }).strict().optional().default({}),
  column: z.enum(['data_inicio', 'descricao', 'id_inventario'], { error: 'Coluna de ordenação inválida.' }).optional().default('data_inicio'),
  order: z.enum(['asc', 'desc'], { error: "A ordem deve ser 'asc' ou 'desc'." }).optional().default('desc'),
}).strict();
export const inventoryListResult = z.object({ rows: z.array(inventory), count: z.number().int() });
export const inventoryProcessResult = inventory.extend({ message: z.string(), movimentacoes: z.number().int() });

/** A counted quantity: 0 up to 999,999.999 with 3 decimals. */
const counted = z.number({ error: 'Informe uma quantidade numérica.' }).min(0, { error: M.negativeCount })
  .max(999_999.999, { error: 'Quantidade acima do permitido.' }).refine(decimals(3), { error: 'A quantidade deve ter no máximo 3 casas decimais.' });
/** The stock the phone saw (may be negative). */
const seen = z.number({ error: 'Informe uma quantidade numérica.' }).min(-999_999_999.999).max(999_999_999.999)
  .refine(decimals(3), { error: 'A quantidade deve ter no máximo 3 casas decimais.' });

/** A line the phone sends: its UUID, what it counted where, the stock it saw, and its local state. */
export const inventoryItemInput = z.object({
  uuid: z.uuid({ error: 'uuid inválido.' }),
  id_inventario: id,
  id_produto_grade_filial: id,
  id_endereco_estoque: id,
  quantidade: counted,
  quantidade_estoque: seen.nullable().optional(),
  situacao: z.enum(['InclusaoPendente', 'AtualizacaoPendente', 'Excluido'], { error: 'Situação do item inválida.' }),
}).strict();
export type InventoryItemInput = z.output<typeof inventoryItemInput>;

export const inventoryItemSyncBody = z.object({
  itens: z.array(inventoryItemInput).min(1, { error: 'Informe ao menos um item.' }).max(INVENTORY_SYNC_BATCH, { error: M.batchTooLarge }),
}).strict();

/** A line as the server keeps it (the inventory_item sync group's columns, with uuid and the snapshot). */
export const inventoryItemRow = z.object({
  id_inventario_item: z.number().int(),
  uuid: z.string(),
  id_inventario: z.number().int(),
  id_filial: z.number().int(),
  id_produto_grade_filial: z.number().int(),
  id_endereco_estoque: z.number().int(),
  quantidade: z.number(),
  quantidade_estoque: z.number(),
  id_usuario: z.number().int().nullable(),
  descricao_produto: z.string().nullable(),
  descricao_endereco_estoque: z.string().nullable(),
  url_imagem_principal: z.string().nullable(),
  data_alteracao: z.string(),
  data_exclusao: z.string().nullable(),
});
export type InventoryItemRow = z.infer<typeof inventoryItemRow>;
export const inventoryItemSyncResult = z.object({ data: z.object({ list_created: z.array(inventoryItemRow) }), message: z.string() });
