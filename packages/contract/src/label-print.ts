/**
 * The reads of the label print modal (001 §5 Labels, §7 Products and invoice items): what each label item carries
 * (001 §3 Label item: descricao, variacao, sku, codigo_barras, preco_venda, preco_atacado, marca, qtd), for the
 * products a filter finds or for an invoice's lines. The sheets themselves are made in the browser
 * (packages/documents/src/label-sheet.ts), with the rules of packages/domain/src/label-print.ts.
 *
 * - POST /product/search-to-labels {productId, brandId, categoryId, measureUnitId, startDate, endDate, typeDate,
 *   situation, isLoadStock}: every variation of the products the filters find, with the active branch's prices; qtd
 *   is 1, or with isLoadStock the variation's stock in the branch (summed over its addresses, a started unit counted,
 *   none when not positive). Dates are the branch's local days (00:00:00 to 23:59:59) of the product's registration
 *   (typeDate 'cadastro', the default) or last change ('alteracao'). At most 2000 rows, by description.
 * - POST /invoice_item/find_to_print_labels {id_nota_fiscal}: one item per live product line of an invoice of the
 *   active branch, qtd its started units, priced at the branch's current prices (an entry invoice's unit value is a
 *   purchase price, not the shelf's).
 */
import { z } from 'zod';
import { id } from './common.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use AAAA-MM-DD).' });

export const LABEL_SEARCH_LIMIT = 2000;

export const searchToLabelsBody = z.object({
  productId: id.nullable().optional(),
  brandId: id.nullable().optional(),
  categoryId: id.nullable().optional(),
  measureUnitId: id.nullable().optional(),
  startDate: isoDate.nullable().optional(),
  endDate: isoDate.nullable().optional(),
  typeDate: z.enum(['cadastro', 'alteracao'], { error: "typeDate deve ser 'cadastro' ou 'alteracao'." }).nullable().optional(),
  situation: z.enum(['Ativo', 'Inativo'], { error: "A situação deve ser 'Ativo' ou 'Inativo'." }).nullable().optional(),
  isLoadStock: z.boolean({ error: 'isLoadStock deve ser verdadeiro ou falso.' }).optional(),
}).strict().refine((b) => !b.startDate || !b.endDate || b.startDate <= b.endDate, {
  error: 'A data inicial não pode ser maior que a final.', path: ['startDate'],
});
export type SearchToLabelsBody = z.output<typeof searchToLabelsBody>;

/** 001 §3 Label item, with the variation it is of. */
export const labelItemRow = z.object({
  id_produto: z.number().int(),
  id_produto_grade: z.number().int(),
  id_produto_grade_filial: z.number().int().nullable(),
  descricao: z.string(),
  variacao: z.string(),
  sku: z.string(),
  codigo_barras: z.string().nullable(),
  preco_venda: z.number(),
  preco_atacado: z.number(),
  marca: z.string(),
  qtd: z.number().int(),
});
export type LabelItemRow = z.output<typeof labelItemRow>;
export const labelItemsResult = z.object({ rows: z.array(labelItemRow) });

export const invoiceLabelsBody = z.object({ id_nota_fiscal: id }).strict();
