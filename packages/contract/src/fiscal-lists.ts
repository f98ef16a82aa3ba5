/**
 * The fiscal lists of 002 §2 (issue 31): disablements (inutilização) and correction letters (CC-e), 10 a page
 * (002 §9), and sales returns (invoices with finalidade 4, devolução, and the store credit they generated), 20 a page.
 * Each row carries signed links to its documents (the XML, and the PDF where there is one), like the invoice detail.
 */
import { z } from 'zod';
import { listQuery, listResult } from './common.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use AAAA-MM-DD).' });

/** The period (by the document's date, the branch's days) and the page; the current month when no dates are given. */
const periodQuery = (take: number) => listQuery.extend({
  take: z.coerce.number().int().min(1, { error: 'take deve ser ao menos 1.' }).max(200, { error: 'take pode ser no máximo 200.' }).optional().default(take),
  data_inicial: isoDate.optional(),
  data_final: isoDate.optional(),
});

export const DISABLEMENT_PAGE_SIZE = 10;
export const CORRECTION_PAGE_SIZE = 10;
export const SALES_RETURN_PAGE_SIZE = 20;

export const disablementListBody = periodQuery(DISABLEMENT_PAGE_SIZE);
export const disablementRow = z.object({
  id_inutilizacao: z.number().int(),
  modelo: z.string(),
  serie: z.number().int(),
  numero_inicial: z.number().int(),
  numero_final: z.number().int(),
  justificativa: z.string(),
  codigo_status: z.number().int().nullable(),
  motivo: z.string().nullable(),
  protocolo: z.string().nullable(),
  data_cadastro: z.string(),
  usuario: z.string().nullable(),
  /** The signed request and SEFAZ's answer (procInutNFe), only when homologated (102). */
  url_xml: z.string().nullable(),
});
export const disablementListResult = listResult(disablementRow);

export const correctionListBody = periodQuery(CORRECTION_PAGE_SIZE);
export const correctionRow = z.object({
  id_nota_fiscal_evento: z.number().int(),
  id_nota_fiscal: z.number().int(),
  modelo: z.string(),
  serie: z.number().int().nullable(),
  numero_nota_fiscal: z.number().int().nullable(),
  chave_acesso: z.string().nullable(),
  cliente: z.string().nullable(),
  sequencia: z.number().int(),
  texto: z.string().nullable(),
  codigo_status: z.number().int().nullable(),
  motivo: z.string().nullable(),
  protocolo: z.string().nullable(),
  data_evento: z.string(),
  usuario: z.string().nullable(),
  /** The event with SEFAZ's answer (procEventoNFe) and its printout (DACCe), only when registered (135/136). */
  url_xml: z.string().nullable(),
  url_pdf: z.string().nullable(),
});
export const correctionListResult = listResult(correctionRow);

export const salesReturnListBody = periodQuery(SALES_RETURN_PAGE_SIZE);
export const salesReturnRow = z.object({
  id_nota_fiscal: z.number().int(),
  modelo: z.string(),
  serie: z.number().int().nullable(),
  numero_nota_fiscal: z.number().int().nullable(),
  chave_acesso: z.string().nullable(),
  situacao: z.string(),
  data_hora_emissao: z.string().nullable(),
  id_cliente: z.number().int().nullable(),
  cliente: z.string().nullable(),
  valor_nota_fiscal: z.number(),
  /** Store credit generated from this return invoice (people_account_history Entrada). */
  valor_credito: z.number(),
  /** The invoice it returns (its first referenced key), when known. */
  chave_referenciada: z.string().nullable(),
  url_xml: z.string().nullable(),
  url_pdf: z.string(),
});
export const salesReturnListResult = listResult(salesReturnRow);
