/**
 * Destined invoices (issue 32, 002 §2 "destined invoices"): the NF-e issued against the active branch's CNPJ, read
 * from the national distribution (NFeDistribuicaoDFe) by the branch's last NSU, with the recipient's manifestation
 * events and the full XML downloaded after the ciência, handed to the purchase import. The spec names the screen only:
 * the API paths are ours, under /destined-invoice. Default period: about two months back (002 §2 default ranges).
 */
import { z } from 'zod';
import { DESTINED_INVOICE_MESSAGES as M, MANIFESTATION_TYPES } from '@pdv/domain/destined-invoices';
import { id, listQuery } from './common.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (AAAA-MM-DD).' });
const manifestationType = z.enum(MANIFESTATION_TYPES, { error: M.manifestTypeInvalid });

export const destinedInvoiceFindBody = listQuery.extend({
  data_inicio: isoDate.optional(),
  data_fim: isoDate.optional(),
  /** 'pendente': no manifestation yet; else one event type (the invoice's current manifestation). */
  manifestacao: z.union([manifestationType, z.literal('pendente')]).optional(),
}).strict();

export const destinedInvoiceRow = z.object({
  id_nfe_destinada: z.number().int(),
  nsu: z.string(),
  chave_acesso: z.string(),
  cnpj_emitente: z.string(),
  nome_emitente: z.string(),
  ie_emitente: z.string().nullable(),
  data_emissao: z.string(),
  tipo_nf: z.number().int(),
  valor_total: z.number(),
  /** 1 authorized, 2 denied, 3 cancelled (cSitNFe). */
  situacao_nfe: z.number().int(),
  manifestacao: manifestationType.nullable(),
  data_manifestacao: z.string().nullable(),
  /** The full procNFe was downloaded. */
  tem_xml: z.boolean(),
  id_nota_fiscal_entrada: z.number().int().nullable(),
  /** The manifestation types registered so far. */
  eventos_registrados: z.array(manifestationType),
});
export type DestinedInvoiceRow = z.infer<typeof destinedInvoiceRow>;

export const destinedInvoiceFindResult = z.object({ rows: z.array(destinedInvoiceRow), count: z.number().int() });

export const destinedInvoiceByIdBody = z.object({ id_nfe_destinada: id }).strict();

export const destinedInvoiceEvent = z.object({
  tipo_evento: manifestationType,
  justificativa: z.string().nullable(),
  registrado: z.boolean(),
  codigo_status: z.number().int(),
  motivo: z.string(),
  protocolo: z.string().nullable(),
  data_cadastro: z.string(),
});

export const destinedInvoiceDetail = destinedInvoiceRow.extend({
  eventos: z.array(destinedInvoiceEvent),
  /** The full NF-e (procNFe) once downloaded: what the purchase import reads. */
  xml: z.string().nullable(),
});
export type DestinedInvoiceDetail = z.infer<typeof destinedInvoiceDetail>;

export const destinedInvoiceQueryBody = z.object({}).strict();
export const destinedInvoiceQueryResult = z.object({
  success: z.boolean(),
  status: z.number().int(),
  motivo: z.string(),
  message: z.string(),
  /** Documents read from the distribution in this query (summaries, full documents, events). */
  recebidos: z.number().int(),
  ultimo_nsu: z.string(),
  max_nsu: z.string(),
});

export const destinedInvoiceManifestBody = z.object({
  id_nfe_destinada: id,
  tipo_evento: manifestationType,
  justificativa: z.string().trim().max(255, { error: M.justificationLength }).optional().nullable(),
}).strict();

export const destinedInvoiceActionResult = z.object({
  success: z.boolean(),
  status: z.number().int(),
  motivo: z.string(),
  message: z.string(),
  nota: destinedInvoiceDetail,
});
