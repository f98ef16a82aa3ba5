/**
 * The product reads of 001 §7 Products that the register and the point of sale use besides find_list (catalog
 * module, product-reads.ts). The spec names their paths and, for some, their body members; the answers are ours:
 *
 * - POST /product/list_to_search {search, take, skip, filter.situacao}: a light list for pickers (description, SKU,
 *   barcode), 20 a page, by description.
 * - POST /product/list_to_search_by_id {ids}: the same rows for the products a picker already holds (a stored choice
 *   shown by its description), in the order asked; an id of no live product of the organization is left out.
 * - POST /product/find_stock_by_id {id_produto}: the product's stock per variation, branch and stock address, in the
 *   branches the caller works in (the product list's stock shortcut).
 * - POST /product/find_to_print_label {where.ids_products}: what a label shows for every variation of those products
 *   (description, SKU, barcode, unit, the active branch's prices).
 * - POST /product/stock-range-quantity {quantidade_minima?, quantidade_maxima?, search, take, skip}: the active
 *   branch's variations whose stock (summed over its addresses) lies within the range.
 * - POST /sale_stock/find {skip, take, search, filter}: the active branch's stock rows for selling (per address), with
 *   the available quantity and the sale price.
 */
import { z } from 'zod';
import { id, listQuery, listResult, situacao } from './common.ts';

const qty = z.number({ error: 'Informe uma quantidade numérica.' }).min(-999_999_999.999, { error: 'Quantidade fora do intervalo permitido.' })
  .max(999_999_999.999, { error: 'Quantidade fora do intervalo permitido.' });

export const productListToSearchBody = listQuery.extend({
  take: z.coerce.number().int().min(1, { error: 'take deve ser ao menos 1.' }).max(50, { error: 'take pode ser no máximo 50.' }).optional().default(20),
  filter: z.object({ situacao: situacao.optional() }).strict().optional().default({}),
}).strict();
export const productSearchRow = z.object({
  id_produto: z.number().int(), descricao: z.string(), sku: z.string(), situacao: z.string(), unidade: z.string(),
  url_imagem_principal: z.string().nullable(),
});
export const productListToSearchResult = listResult(productSearchRow);
export const productListToSearchByIdBody = z.object({
  ids: z.array(id, { error: 'ids deve ser uma lista de produtos.' })
    .min(1, { error: 'Informe ao menos um produto.' }).max(100, { error: 'No máximo 100 produtos por vez.' }),
}).strict();
export const productListToSearchByIdResult = z.object({ rows: z.array(productSearchRow) });

export const productStockByIdBody = z.object({ id_produto: id }).strict();
export const productStockRow = z.object({
  id_produto_grade: z.number().int(),
  variacao: z.string(),
  id_filial: z.number().int(),
  filial: z.string(),
  id_endereco_estoque: z.number().int(),
  endereco_estoque: z.string(),
  quantidade: z.number(),
  quantidade_reserva: z.number(),
  disponivel: z.number(),
});
export const productStockByIdResult = z.object({ id_produto: z.number().int(), descricao: z.string(), rows: z.array(productStockRow) });
export type ProductStockByIdResult = z.output<typeof productStockByIdResult>;

export const productLabelsBody = z.object({
  where: z.object({
    ids_products: z.array(id, { error: 'ids_products deve ser uma lista de produtos.' })
      .min(1, { error: 'Informe ao menos um produto.' }).max(500, { error: 'No máximo 500 produtos por vez.' }),
  }).strict(),
}).strict();
export const productLabelRow = z.object({
  id_produto: z.number().int(),
  id_produto_grade: z.number().int(),
  id_produto_grade_filial: z.number().int().nullable(),
  descricao: z.string(),
  /** The label item's parts (001 §3 Label item): the product's description, the variation's (empty for the default), the brand. */
  descricao_produto: z.string(),
  variacao: z.string(),
  marca: z.string(),
  sku: z.string(),
  codigo_barras: z.string().nullable(),
  unidade: z.string(),
  preco_venda: z.number(),
  preco_atacado: z.number(),
});
export const productLabelsResult = z.object({ rows: z.array(productLabelRow) });

export const stockRangeBody = listQuery.extend({
  quantidade_minima: qty.nullable().optional(),
  quantidade_maxima: qty.nullable().optional(),
}).strict().refine((b) => b.quantidade_minima == null || b.quantidade_maxima == null || b.quantidade_minima <= b.quantidade_maxima, {
  error: 'A quantidade mínima não pode ser maior que a máxima.', path: ['quantidade_minima'],
});
export const stockRangeRow = z.object({
  id_produto: z.number().int(), id_produto_grade_filial: z.number().int(), descricao: z.string(), sku: z.string(),
  quantidade: z.number(), quantidade_reserva: z.number(),
});
export const stockRangeResult = listResult(stockRangeRow);

export const saleStockFindBody = listQuery.extend({
  filter: z.object({
    id_endereco_estoque: id.optional(),
    /** Only rows with available stock (quantidade - quantidade_reserva > 0). */
    com_estoque: z.boolean({ error: 'com_estoque deve ser verdadeiro ou falso.' }).optional(),
  }).strict().optional().default({}),
}).strict();
export const saleStockRow = z.object({
  id_estoque: z.number().int(), id_produto: z.number().int(), id_produto_grade_filial: z.number().int(), descricao: z.string(),
  sku: z.string(), id_endereco_estoque: z.number().int(), endereco_estoque: z.string(), quantidade: z.number(),
  quantidade_reserva: z.number(), disponivel: z.number(), preco_venda: z.number(),
});
export const saleStockFindResult = listResult(saleStockRow);
