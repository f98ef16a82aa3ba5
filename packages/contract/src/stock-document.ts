/**
 * Stock documents (001 §3 "Stock document", 002 §2 /stockMovement, /stockMovement/register) and the stock balance per
 * variation and address of the active branch. The spec names no paths for them: they follow its register style under
 * /stock-movement (find, find_by_id, create, PUT update, delete, process, cancel, search-product) and /stock/balance.
 * Quantities travel with 3 decimals, money with 2; situacao 0 Pendente, 1 Processado, 2 Cancelado.
 */
import { z } from 'zod';
import { MESSAGES } from '@pdv/domain/messages';
import { money, quantity } from './amounts.ts';
import { id, listQuery } from './common.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use AAAA-MM-DD).' });
export const stockDocumentKind = z.enum(['Entrada', 'Saida', 'Transferencia'], { error: 'Operação inválida.' });
export const stockDocumentSituation = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'Situação inválida.' });

export const stockDocumentItemInput = z.object({
  id_produto_grade_filial: id,
  id_endereco_estoque: id.nullable().optional().transform((v) => v ?? null).refine((v) => v !== null, { error: MESSAGES.stockAddressMissing }),
  id_endereco_estoque_destino: id.nullable().optional().transform((v) => v ?? null),
  quantidade: quantity,
  valor_unitario: money.optional().default(0),
}).strict();

const header = {
  id_tipo_movimentacao_estoque: id,
  data_documento: isoDate.optional(),
  descricao: z.string().trim().max(100, { error: 'A descrição pode ter no máximo 100 caracteres.' }).nullable().optional(),
  observacao: z.string().trim().max(500, { error: 'A observação pode ter no máximo 500 caracteres.' }).nullable().optional(),
  itens: z.array(stockDocumentItemInput).max(500, { error: 'Um documento de estoque pode ter no máximo 500 itens.' }),
  /** A transfer to another branch of the organization (issue 22): it goes out with a transfer NF-e when processed. */
  id_filial_destino: id.nullable().optional().transform((v) => v ?? null),
};
export const stockDocumentCreateBody = z.object(header).strict();
export const stockDocumentUpdateBody = z.object({ id_documento_estoque: id, ...header }).strict();
export const stockDocumentByIdBody = z.object({ id_documento_estoque: id }).strict();

export const stockDocumentItem = z.object({
  id_documento_estoque_item: z.number().int(),
  ordem: z.number().int(),
  id_produto_grade_filial: z.number().int(),
  sku: z.string(),
  descricao: z.string(),
  variacao: z.string(),
  id_endereco_estoque: z.number().int(),
  endereco: z.string(),
  id_endereco_estoque_destino: z.number().int().nullable(),
  endereco_destino: z.string().nullable(),
  quantidade: z.number(),
  valor_unitario: z.number(),
  valor_total: z.number(),
});
export type StockDocumentItemOut = z.infer<typeof stockDocumentItem>;

export const stockDocument = z.object({
  id_documento_estoque: z.number().int(),
  id_filial: z.number().int(),
  id_tipo_movimentacao_estoque: z.number().int(),
  tipo: z.string(),
  operacao: stockDocumentKind,
  tipo_destino: z.string().nullable(),
  descricao: z.string().nullable(),
  observacao: z.string().nullable(),
  data_documento: z.string(),
  situacao: stockDocumentSituation,
  quantidade_total: z.number(),
  valor_total: z.number(),
  itens_count: z.number().int(),
  usuario: z.string().nullable(),
  data_hora_cadastro: z.string(),
  data_processamento: z.string().nullable(),
  data_cancelamento: z.string().nullable(),
  /** A transfer between branches: the destination branch, and its transfer NF-e once made. */
  id_filial_destino: z.number().int().nullable(),
  filial_destino: z.string().nullable(),
  id_nota_fiscal: z.number().int().nullable(),
  numero_nota_fiscal: z.number().int().nullable(),
  situacao_nota_fiscal: z.string().nullable(),
  /**
   * A processed document cancelled is reversed by a counter-document (issue 22): the original names it
   * (id_documento_estorno), the counter-document names the original (id_documento_estornado); vinculo_estorno is the
   * pt-BR text the list and the screen show ('Estornado pelo documento 12', 'Estorno do documento 11').
   */
  id_documento_estorno: z.number().int().nullable(),
  id_documento_estornado: z.number().int().nullable(),
  vinculo_estorno: z.string().nullable(),
});
export type StockDocument = z.infer<typeof stockDocument>;
export const stockDocumentDetail = stockDocument.extend({ itens: z.array(stockDocumentItem) });
export type StockDocumentDetail = z.infer<typeof stockDocumentDetail>;

export const stockDocumentFilter = z.object({
  id_tipo_movimentacao_estoque: id.optional(),
  operacao: stockDocumentKind.optional(),
  situacao: stockDocumentSituation.optional(),
  data_inicio: isoDate.optional(),
  data_fim: isoDate.optional(),
}).strict();

/** The list: 10 a page, data_hora_cadastro desc (001 §9, 002 §9). */
export const stockDocumentFindBody = listQuery.extend({
  take: z.coerce.number().int().min(1, { error: 'take deve ser ao menos 1.' }).max(200, { error: 'take pode ser no máximo 200.' }).optional().default(10),
  filter: stockDocumentFilter.optional().default({}),
}).strict();
export const stockDocumentFindResult = z.object({ rows: z.array(stockDocument), count: z.number().int() });
export const stockDocumentDeleteResult = z.object({ id_documento_estoque: z.number().int() });

/** The register's product picker: variations of the active branch by SKU, barcode or description. */
export const stockProductSearchBody = z.object({ search: z.string().trim().min(1, { error: 'Informe o produto.' }).max(100) }).strict();
export const stockProductOption = z.object({
  id_produto_grade_filial: z.number().int(),
  sku: z.string(),
  codigo_barras: z.string().nullable(),
  descricao: z.string(),
  variacao: z.string(),
  preco_custo: z.number(),
});
export type StockProductOption = z.infer<typeof stockProductOption>;
export const stockProductSearchResult = z.object({ rows: z.array(stockProductOption) });

/**
 * Stock balance per variation and address (002 §2 "stock balance"): of the active branch by default, of another branch
 * the user may work in (`id_filial`), or of all of them (`todas_filiais`; issue 22). A branch outside the user's is
 * refused (STOCK_DOCUMENT_MESSAGES.branchNotAllowed).
 */
export const stockBalanceBody = listQuery.extend({
  filter: z.object({
    id_endereco_estoque: id.optional(), id_produto_grade_filial: id.optional(), id_filial: id.optional(),
    todas_filiais: z.boolean({ error: 'todas_filiais deve ser verdadeiro ou falso.' }).optional(),
  }).strict().optional().default({}),
}).strict();
export const stockBalanceRow = z.object({
  id_estoque: z.number().int(),
  id_filial: z.number().int(),
  filial: z.string(),
  id_produto_grade_filial: z.number().int(),
  sku: z.string(),
  descricao: z.string(),
  variacao: z.string(),
  id_endereco_estoque: z.number().int(),
  endereco: z.string(),
  quantidade: z.number(),
  quantidade_reserva: z.number(),
  disponivel: z.number(),
});
export type StockBalanceRow = z.infer<typeof stockBalanceRow>;
export const stockBalanceResult = z.object({ rows: z.array(stockBalanceRow), count: z.number().int() });

/**
 * The stock report of the active branch (002 §9: detailed, average cost price, reference date today end of day): every
 * non-zero balance per variation and address, with the variation's average cost in the branch. An optional address.
 */
export const stockReportBody = z.object({ id_endereco_estoque: id.optional() }).strict();
export const stockReportRow = z.object({
  sku: z.string(),
  descricao: z.string(),
  variacao: z.string(),
  endereco: z.string(),
  quantidade: z.number(),
  preco_custo_medio: z.number(),
});
export const stockReportResult = z.object({
  /** The reference day (AAAA-MM-DD, the branch's today): the report is the position at its end. */
  data_referencia: z.string(),
  rows: z.array(stockReportRow),
});
