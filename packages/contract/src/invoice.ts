/**
 * Invoices (nota_fiscal) and their fiscal calls: 000 §7.4 and 001 §7 "Invoices". Amounts travel as decimals with 2
 * places and quantities with 3, like POST /api/operacao.
 */
import { z } from 'zod';
import { money, quantity } from './amounts.ts';
import { id, listQuery, listResult } from './common.ts';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';

const text = (max: number) => z.string().max(max, { error: `Texto com mais de ${max} caracteres.` });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use AAAA-MM-DD).' });

export const INVOICE_SITUACOES = ['EmEdicao', 'EmProcessamento', 'Autorizada', 'Rejeitada', 'Cancelada', 'Denegada', 'Inutilizada', 'Contingencia'] as const;
export const invoiceSituacao = z.enum(INVOICE_SITUACOES);
export const invoiceModelo = z.enum(['55', '65'], { error: FISCAL_MESSAGES.unsupportedModel });

/** A row of the list (/invoice/find). */
export const invoiceSummary = z.object({
  id_nota_fiscal: z.number().int(),
  id_filial: z.number().int(),
  modelo: z.string(),
  serie: z.number().int().nullable(),
  numero_nota_fiscal: z.number().int().nullable(),
  chave_acesso: z.string().nullable(),
  situacao: z.string(),
  tipo_emissao: z.number().int(),
  ambiente: z.number().int(),
  natureza_operacao: z.string(),
  data_hora_emissao: z.string(),
  cliente_nome: z.string().nullable(),
  cliente_cpf_cnpj: z.string().nullable(),
  valor_nota_fiscal: z.number(),
  protocolo: z.string().nullable(),
  codigo_status: z.number().int().nullable(),
  motivo: z.string().nullable(),
  id_pedido: z.number().int().nullable(),
  id_operacao: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

export const invoiceFindBody = listQuery.extend({
  filter: z
    .object({
      situacao: invoiceSituacao.optional(),
      modelo: invoiceModelo.optional(),
      data_inicio: isoDate.optional(),
      data_fim: isoDate.optional(),
    })
    .strict()
    .optional()
    .default({}),
  order: z.enum(['asc', 'desc']).optional().default('desc'),
  column: z.enum(['data_hora_emissao', 'numero_nota_fiscal', 'valor_nota_fiscal', 'cliente_nome']).optional().default('data_hora_emissao'),
});
export const invoiceFindResult = listResult(invoiceSummary);

export const invoiceItem = z.object({
  id_nota_fiscal_item: z.number().int(),
  id_produto_grade_filial: z.number().int().nullable(),
  id_endereco_estoque: z.number().int().nullable(),
  id_cenario_fiscal: z.number().int().nullable(),
  codigo_produto: z.string().nullable(),
  descricao: z.string(),
  codigo_barras: z.string().nullable(),
  codigo_ncm: z.string().nullable(),
  cest: z.string().nullable(),
  cfop: z.string().nullable(),
  origem_produto: z.number().int().nullable(),
  unidade_comercial: z.string().nullable(),
  quantidade: z.number(),
  valor_unitario: z.number(),
  valor_desconto: z.number(),
  valor_total: z.number(),
  icms_cst: z.string().nullable(),
  icms_csosn: z.string().nullable(),
  icms_aliquota: z.number(),
  valor_icms: z.number(),
  is_cancelado: z.boolean(),
});
export const invoicePayment = z.object({
  id_nota_fiscal_pagamento: z.number().int(),
  id_meio_pagamento: z.number().int(),
  meio_pagamento: z.string(),
  descricao: z.string(),
  valor_total: z.number(),
  quantidade_parcelas: z.number().int(),
  id_conta: z.number().int().nullable(),
  /** The method's capture (issue 28): a TEF payment of a cancelled NFC-e is cancelled on the terminal by its NSU and date. */
  utilizar_captura: z.boolean().optional(),
  modelo_captura: z.string().nullable().optional(),
  cartao_nsu: z.string().nullable().optional(),
  cartao_data_hora_transacao: z.string().nullable().optional(),
  cartao_codigo_autorizacao: z.string().nullable().optional(),
  cartao_bandeira: z.string().nullable().optional(),
});
export const invoiceReferenced = z.object({
  id_nota_referenciada: z.number().int(),
  chave_acesso: z.string(),
  modelo: z.string().nullable(),
  cancelado: z.boolean(),
});
export const invoiceVolume = z.object({
  id_volume: z.number().int(),
  quantidade: z.number().int(),
  especie: z.string().nullable(),
  marca: z.string().nullable(),
  numeracao: z.string().nullable(),
  peso_liquido: z.number(),
  peso_bruto: z.number(),
});
export const invoiceEvent = z.object({
  tipo_evento: z.string(),
  sequencia: z.number().int(),
  codigo_status: z.number().int().nullable(),
  motivo: z.string().nullable(),
  protocolo: z.string().nullable(),
  texto: z.string().nullable(),
  data_evento: z.string(),
});

export const invoiceDetail = invoiceSummary.extend({
  id_cliente: z.number().int().nullable(),
  id_serie_fiscal: z.number().int().nullable(),
  operacao: z.string(),
  finalidade: z.number().int(),
  tipo_nota: z.string(),
  tipo_frete: z.number().int(),
  valor_total_produtos: z.number(),
  valor_desconto: z.number(),
  valor_frete: z.number(),
  valor_seguro: z.number(),
  valor_outros: z.number(),
  valor_icms: z.number(),
  valor_icms_st: z.number(),
  valor_fcp: z.number(),
  valor_ipi: z.number(),
  valor_pis: z.number(),
  valor_cofins: z.number(),
  valor_troco: z.number(),
  placa_veiculo: z.string().nullable(),
  uf_placa_veiculo: z.string().nullable(),
  informacoes_adicionais: z.string().nullable(),
  data_contingencia: z.string().nullable(),
  /** The invoice's seller (the sale's; /invoice/changeSeller changes it). */
  id_usuario_vendedor: z.number().int().nullable().optional(),
  justificativa_contingencia: z.string().nullable(),
  prazo_contingencia: z.string().nullable(),
  url_pdf: z.string().nullable(),
  url_xml_distribuicao: z.string().nullable(),
  itens: z.array(invoiceItem),
  pagamentos: z.array(invoicePayment),
  referenciadas: z.array(invoiceReferenced),
  volumes: z.array(invoiceVolume),
  eventos: z.array(invoiceEvent),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

export const invoiceByIdBody = z.object({ id_nota_fiscal: id });
export const invoiceByKeyBody = z.object({ chave_acesso: z.string().regex(/^[0-9A-Z]{44}$/, { error: FISCAL_MESSAGES.keyLength }) });
export const invoiceDeleteBody = z.object({ id_invoice: id });
export const invoiceOperationFindBody = z.object({ id: z.uuid({ error: 'id deve ser um UUID.' }) });

export const invoiceItemInput = z.object({
  id_produto_grade_filial: id.nullish(),
  id_endereco_estoque: id.nullish(),
  id_cenario_fiscal: id.nullish(),
  quantidade: quantity,
  valor_unitario: money,
  valor_desconto: money.optional().default(0),
  observacao: text(500).nullish(),
});
export const invoicePaymentInput = z.object({
  id_meio_pagamento: id.nullish(),
  valor_total: money,
  quantidade_parcelas: z.number().int().min(1).max(120).optional().default(1),
  id_conta: id.nullish(),
});
export const invoiceReferencedInput = z.object({
  chave_acesso: z.string().nullish(),
  modelo: z.string().max(2).nullish(),
});
export const invoiceVolumeInput = z.object({
  quantidade: z.number().int().min(1).max(999_999),
  especie: text(60).nullish(),
  marca: text(60).nullish(),
  numeracao: text(60).nullish(),
  peso_liquido: z.number().min(0).max(999_999_999).optional().default(0),
  peso_bruto: z.number().min(0).max(999_999_999).optional().default(0),
});

/** /invoice/post creates a draft (EmEdicao) with everything; /invoice/put replaces a draft's content. */
export const invoicePostBody = z.object({
  modelo: invoiceModelo,
  id_serie_fiscal: id.nullish(),
  natureza_operacao: text(60).nullish(),
  operacao: z.enum(['Entrada', 'Saida']).optional().default('Saida'),
  finalidade: z.number().int().min(1).max(4).optional().default(1),
  tipo_nota: text(30).optional().default('Venda'),
  id_cliente: id.nullish(),
  cliente_cpf_cnpj: z.string().regex(/^(\d{11}|[0-9A-Z]{12}\d{2})$/, { error: 'CPF/CNPJ inválido.' }).nullish(),
  tipo_frete: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(9)]).optional().default(9),
  valor_frete: money.optional().default(0),
  valor_seguro: money.optional().default(0),
  valor_outros: money.optional().default(0),
  placa_veiculo: text(8).nullish(),
  uf_placa_veiculo: text(2).nullish(),
  informacoes_adicionais: text(5000).nullish(),
  itens: z.array(invoiceItemInput).max(990).optional().default([]),
  pagamentos: z.array(invoicePaymentInput).max(100).optional().default([]),
  referenciadas: z.array(invoiceReferencedInput).max(500).optional().default([]),
  volumes: z.array(invoiceVolumeInput).max(100).optional().default([]),
});
export type InvoicePostBody = z.input<typeof invoicePostBody>;
export const invoicePutBody = invoicePostBody.extend({ id_nota_fiscal: id });

/** Answers of the fiscal calls: a success flag, messages and data (001 §7). */
export const fiscalResult = z.object({
  success: z.boolean(),
  status: z.string().nullable(),
  motivo: z.string().nullable(),
  erros: z.array(z.string()),
  message: z.string(),
  nota_fiscal: invoiceSummary.nullable(),
  url_pdf: z.string().nullable().optional(),
});
export type FiscalResult = z.infer<typeof fiscalResult>;

export const nfeByIdBody = z.object({ id_nota_fiscal: id });
export const nfeCancelBody = z.object({
  id_nota_fiscal: id,
  justificativa: z.string().trim().min(15, { error: FISCAL_MESSAGES.justificationLength })
    .max(255, { error: FISCAL_MESSAGES.justificationLength }),
});
export const nfeCorrectionBody = z.object({
  id_nota_fiscal: id,
  texto_correcao: z.string().trim().min(15, { error: FISCAL_MESSAGES.correctionLength })
    .max(1000, { error: FISCAL_MESSAGES.correctionLength }),
});
export const nfeDisableRangeBody = z.object({
  serie: z.number().int().min(0).max(999),
  modelo: invoiceModelo,
  numeracaoInicial: z.number().int().min(1).max(999_999_999),
  numeracaoFinal: z.number().int().min(1).max(999_999_999),
  justificativa: z.string().trim().min(15, { error: FISCAL_MESSAGES.justificationLength })
    .max(255, { error: FISCAL_MESSAGES.justificationLength }),
  id_filial: id,
});
export const nfeDisableRangeResult = z.object({
  success: z.boolean(),
  status: z.string().nullable(),
  motivo: z.string().nullable(),
  message: z.string(),
  protocolo: z.string().nullable(),
});
export const nfeRequestListBody = z.object({ list_ids_invoice: z.array(id).max(200) });
export const nfeManyResult = z.object({
  success: z.boolean(),
  message: z.string(),
  erros: z.array(z.string()),
  resultados: z.array(fiscalResult),
});
export const contingencyListBody = z.object({}).strict();
export const contingencyListResult = z.object({
  rows: z.array(invoiceSummary.extend({ data_contingencia: z.string().nullable(), prazo_contingencia: z.string().nullable(), tentativas: z.number().int() })),
});
export const invoiceListValuesResult = z.object({
  /** Every invoice of the period per situation, returns included. */
  situacoes: z.array(z.object({ situacao: z.string(), quantidade: z.number().int(), valor: z.number() })),
  /** The return invoices (finalidade 4) among them, not cancelled nor disabled: shown apart from the sales' total. */
  devolucoes: z.object({ quantidade: z.number().int(), valor: z.number() }).optional(),
});
export const invoiceListValuesBody = invoiceFindBody.pick({ filter: true });
export const nfeCancelManyBody = z.object({
  list_ids_invoice: z.array(id).max(200),
  justificativa: z.string().trim().min(15, { error: FISCAL_MESSAGES.justificationLength })
    .max(255, { error: FISCAL_MESSAGES.justificationLength }),
});

/** One part of a draft at a time (/invoice_item, /invoice_payment, /invoice_referenced). */
export const invoiceItemPostBody = invoiceItemInput.extend({ id_nota_fiscal: id });
export const invoiceItemByIdBody = z.object({ id_nota_fiscal_item: id });
export const invoiceItemFindResult = z.object({ rows: z.array(invoiceItem) });
export const invoicePaymentPostBody = invoicePaymentInput.extend({ id_nota_fiscal: id.nullish() });
export const invoicePaymentByIdBody = z.object({ id_nota_fiscal_pagamento: id });
export const invoiceReferencedPostBody = invoiceReferencedInput.extend({ id_nota_fiscal: id });
export const invoiceReferencedByIdBody = z.object({ id_nota_referenciada: id });

/** POST /invoice/changeSeller (000 §7.4): the invoice's seller, on the header and every live line. */
export const invoiceChangeSellerBody = z.object({ id_nota_fiscal: id, id_usuario_vendedor: id.nullable() }).strict();
/** POST /invoice_item/update_user_seller (000 §7.4): one line's seller, or every line's and the header's without a line. */
export const invoiceItemSellerBody = z.object({ id_nota_fiscal: id, id_usuario_vendedor: id.nullable(), id_nota_fiscal_item: id.optional() }).strict();

/**
 * POST /invoice_item/get_product_taxes (000 §7.4): the taxes a product takes on an invoice of the caller's branch, from
 * its fiscal scenario (the one named, else the organization's default of the type) after the scenario's exceptions for
 * the destination state (the customer's, else the branch's) and the product's NCM; IBS/CBS for CRT 3 issuers only.
 */
export const productTaxesBody = z.object({
  id_produto_grade_filial: id,
  id_cenario_fiscal: id.nullish(),
  id_cliente: id.nullish(),
  tipo_nota: z.enum(['Venda', 'Devolucao', 'Consignacao']).optional().default('Venda'),
}).strict();
export const productTaxesResult = z.object({
  id_cenario_fiscal: z.number().int(),
  cenario: z.string(),
  codigo_ncm: z.string().nullable(),
  uf_destino: z.string().nullable(),
  cfop: z.string().nullable(),
  icms_cst: z.string().nullable(),
  icms_csosn: z.string().nullable(),
  icms_aliquota: z.number(),
  icmsst_aliquota: z.number(),
  icmsst_mva: z.number(),
  fcp_percentual: z.number(),
  pis_cst: z.string().nullable(),
  pis_aliquota: z.number(),
  cofins_cst: z.string().nullable(),
  cofins_aliquota: z.number(),
  /** The tax reform's group as the XML will carry it (rates in percent), or null when the issuer leaves it out. */
  ibscbs: z.object({ cst: z.string(), classificacao: z.string(), cbs_aliquota: z.number(), ibsuf_aliquota: z.number(),
    ibsmun_aliquota: z.number(), ibs_percentual_reducao: z.number(), cbs_percentual_reducao: z.number() }).nullable(),
});

/** POST /invoice_item/calculate_subtotal_discount (000 §7.4): a discount on a draft's subtotal, by value or percentage. */
export const invoiceSubtotalDiscountBody = z.object({
  id_nota_fiscal: id,
  valor_desconto: money.optional(),
  desconto_percentual: z.number().min(0, { error: 'Percentual de desconto inválido.' }).max(100, { error: 'Percentual de desconto inválido.' }).optional(),
}).strict();

/** POST /invoice/invoice_link_seller (000 §7.4): a seller for an invoice (and its lines) that has none. */
export const invoiceLinkSellerBody = z.object({ id_nota_fiscal: id, id_usuario_vendedor: id }).strict();

/** /invoice/change-transmission-type: 1 normal or 9 offline contingency (NFC-e, with its justification). */
export const invoiceTransmissionTypeBody = z.object({
  id_nota_fiscal: id,
  tipo_emissao: z.union([z.literal(1), z.literal(9)], { error: 'Tipo de emissão inválido: use 1 (normal) ou 9 (contingência offline).' }),
  justificativa: z.string().max(255).nullable().optional(),
}).strict();

/** /invoice_item/split: an item split into product variations (desdobramento, 002 §2); quantities sum to the item's. */
export const invoiceItemSplitBody = z.object({
  id_nota_fiscal: id,
  id_nota_fiscal_item: id,
  partes: z.array(z.object({ id_produto_grade_filial: id, quantidade: quantity }).strict()).max(50),
}).strict();

/**
 * /invoice/invoice-service-order {invoice, list_services, list_payments, process_financial} (000 §7.4): a service
 * order's services invoiced (domain service-order-invoice.ts for the reading of the four fields).
 */
export const invoiceServiceOrderBody = z.object({
  invoice: z.object({ id_pedido: id, data_vencimento: isoDate.optional() }).strict(),
  list_services: z.array(id).max(200).optional().default([]),
  list_payments: z.array(z.object({
    id_meio_pagamento: id,
    valor_total: money,
    quantidade_parcelas: z.number().int().min(1).max(120).optional().default(1),
  }).strict()).max(20).optional().default([]),
  process_financial: z.boolean().optional().default(false),
}).strict();
export const invoiceServiceOrderResult = z.object({
  message: z.string(),
  id_pedido: z.number().int(),
  nsu: z.number().int(),
  valor_servicos: z.number(),
  servicos: z.array(z.object({ id_pedido_servico: z.number().int(), descricao: z.string(), valor_total: z.number() })),
  pagamentos: z.array(z.object({ id_meio_pagamento: z.number().int(), valor_total: z.number(), quantidade_parcelas: z.number().int() })),
  documentos: z.array(z.object({ id_documento_financeiro: z.number().int(), numero: z.string(), sequencia: z.number().int(), valor: z.number(),
    data_vencimento: z.string() })),
});
