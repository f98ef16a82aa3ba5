/**
 * Purchase invoice import (issue 32, 002 §2 "invoice import from XML"): the supplier's NF-e XML is previewed (read,
 * schema-checked, supplier and items matched, net costs computed; nothing written) and then confirmed with the items
 * matched by hand; the imported invoices are listed. The spec names no API paths: ours, under /invoice-import.
 * Money travels with 2 decimals, quantities with 3.
 */
import { z } from 'zod';
import { PURCHASE_IMPORT_MESSAGES as M } from '@pdv/domain/purchase-import';
import { quantity } from './amounts.ts';
import { id, listQuery } from './common.ts';

/** The XML as the file holds it; 5 MB is far above any NF-e a shop receives. */
export const PURCHASE_XML_MAX = 5_000_000;
const xml = z.string({ error: M.xmlMissing }).trim().min(1, { error: M.xmlMissing }).max(PURCHASE_XML_MAX, { error: M.xmlInvalid('arquivo grande demais') });

export const purchaseImportPreviewBody = z.object({
  xml,
  pis_cofins_nao_cumulativo: z.boolean().optional().default(false),
}).strict();

/** An item's product chosen by hand (or confirming the proposal); multiplicador: stock units in one commercial unit. */
export const purchaseImportMatch = z.object({
  n_item: z.number().int().min(1).max(990),
  id_produto_grade_filial: id,
  multiplicador: quantity.optional(),
}).strict();

export const purchaseImportConfirmBody = purchaseImportPreviewBody.extend({
  itens: z.array(purchaseImportMatch).max(990).optional().default([]),
}).strict();

export const purchaseMatchOrigin = z.enum(['fornecedor', 'gtin', 'manual']);
export const purchaseImportItemPreview = z.object({
  n_item: z.number().int(),
  codigo_fornecedor: z.string(),
  gtin: z.string().nullable(),
  descricao: z.string(),
  unidade: z.string(),
  quantidade_comercial: z.number(),
  valor_produtos: z.number(),
  valor_custo_bruto: z.number(),
  credito_icms: z.number(),
  credito_pis_cofins: z.number(),
  valor_custo_liquido: z.number(),
  produto: z.object({
    id_produto_grade_filial: z.number().int(),
    sku: z.string(),
    descricao: z.string(),
    multiplicador: z.number(),
    origem: purchaseMatchOrigin,
  }).nullable(),
});
export type PurchaseImportItemPreview = z.infer<typeof purchaseImportItemPreview>;

export const purchaseImportPreview = z.object({
  chave_acesso: z.string(),
  numero: z.string(),
  serie: z.string(),
  data_emissao: z.string(),
  natureza_operacao: z.string(),
  fornecedor: z.object({ cnpj: z.string(), nome: z.string(), id_pessoa: z.number().int().nullable() }),
  valor_produtos: z.number(),
  valor_total: z.number(),
  duplicatas: z.array(z.object({ numero: z.string(), data_vencimento: z.string(), valor: z.number() })),
  itens: z.array(purchaseImportItemPreview),
});
export type PurchaseImportPreview = z.infer<typeof purchaseImportPreview>;

export const purchaseImportRow = z.object({
  id_nota_fiscal_entrada: z.number().int(),
  chave_acesso: z.string(),
  numero: z.string(),
  serie: z.string(),
  data_emissao: z.string(),
  id_fornecedor: z.number().int(),
  fornecedor_nome: z.string(),
  fornecedor_cnpj: z.string(),
  valor_total: z.number(),
  valor_custo_liquido: z.number(),
  situacao: z.enum(['EmImportacao', 'Importada']),
  id_documento_estoque: z.number().int().nullable(),
  data_cadastro: z.string(),
});
export type PurchaseImportRow = z.infer<typeof purchaseImportRow>;

export const purchaseImportItem = z.object({
  n_item: z.number().int(),
  codigo_fornecedor: z.string(),
  gtin: z.string().nullable(),
  descricao: z.string(),
  unidade: z.string(),
  quantidade_comercial: z.number(),
  id_produto_grade_filial: z.number().int(),
  sku: z.string(),
  produto: z.string(),
  multiplicador: z.number(),
  quantidade: z.number(),
  valor_produtos: z.number(),
  valor_custo_bruto: z.number(),
  credito_icms: z.number(),
  credito_pis_cofins: z.number(),
  valor_custo_liquido: z.number(),
  valor_custo_unitario: z.number(),
});

export const purchaseImportDetail = purchaseImportRow.extend({
  itens: z.array(purchaseImportItem),
  /** The payables made from the duplicates (finance's documento_financeiro ids). */
  documentos_financeiros: z.array(z.object({ id_documento_financeiro: z.number().int(), numero: z.string(), sequencia: z.number().int(), valor: z.number(), data_vencimento: z.string() })),
});
export type PurchaseImportDetail = z.infer<typeof purchaseImportDetail>;

export const purchaseImportFindBody = listQuery;
export const purchaseImportFindResult = z.object({ rows: z.array(purchaseImportRow), count: z.number().int() });
export const purchaseImportByIdBody = z.object({ id_nota_fiscal_entrada: id }).strict();
