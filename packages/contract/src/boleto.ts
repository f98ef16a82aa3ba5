/**
 * Boletos (001 §7 "Boletos (demand)", §3 Boleto, §5 Boleto generation): issue from receivable documents (one result
 * per document), the list, one boleto with its PDF, the remessa of an account's pending boletos and the retorno
 * upload that settles documents. Amounts travel in reais with 2 decimals; fine and interest as 001 §5 (3 decimals for
 * Percentual, 2 for Valor).
 */
import { z } from 'zod';
import { BOLETO_AMOUNT_TYPES, BOLETO_MESSAGES, BOLETO_STATES } from '@pdv/domain/boleto';
import { id } from './common.ts';
import { boletoBanco, boletoCedente, boletoConta, boletoRemessaRequest } from './connector.ts';

const amountType = z.enum(BOLETO_AMOUNT_TYPES, { error: "O tipo deve ser 'Percentual' ou 'Valor'." });
const rate = z.number({ error: 'Valor inválido.' }).min(0, { error: 'Valor inválido.' }).max(999_999.99, { error: 'Valor inválido.' });

export const boletoSituacao = z.enum(BOLETO_STATES, { error: 'Situação inválida.' });

export const demandCreateBody = z.object({
  id_configuracao_boleto: id.nullable().optional(),
  documentos: z.array(id).max(1000, { error: 'No máximo 1000 documentos por vez.' }),
  /** The configuration's fine and interest, as edited in the modal (absent: the configuration's). */
  tipo_multa: amountType.optional(),
  valor_multa: rate.optional(),
  dias_multa: z.number().int().min(0).max(365).optional(),
  tipo_juro: amountType.optional(),
  valor_juro: rate.optional(),
}).strict();

export const demandResult = z.object({
  id_documento_financeiro: z.number().int(),
  numero: z.string(),
  success: z.boolean(),
  error_message: z.string().nullable(),
  id_boleto: z.number().int().nullable(),
});
export const demandCreateResult = z.object({
  resultados: z.array(demandResult),
  /** Boleto e-mails queued (branch configuration enviar_email_boleto and a payer with an e-mail): /demand/send-emails delivers them. */
  emails: z.number().int().optional(),
});

/** The boletos an authorized invoice gets after it (000 §4.4, payment methods with emitir_boleto_apos_nota). */
export const demandInvoiceBody = z.object({ id_nota_fiscal: id }).strict();
export const demandInvoiceResult = z.object({
  numero: z.string(),
  documentos: z.array(z.number().int()),
  id_configuracao_boleto: z.number().int().nullable(),
  pergunta: z.string().nullable(),
  aviso: z.string().nullable(),
});

export const demandSendEmailsBody = z.object({}).strict();
export const demandSendEmailsResult = z.object({ enviados: z.number().int(), falhas: z.number().int(), pendentes: z.number().int(), message: z.string() });

export const boletoRow = z.object({
  id_boleto: z.number().int(),
  id_documento_financeiro: z.number().int(),
  numero_documento: z.string().nullable(),
  id_conta: z.number().int(),
  conta_descricao: z.string(),
  situacao: boletoSituacao,
  nosso_numero: z.string(),
  nosso_numero_banco: z.string(),
  codigo_barra: z.string(),
  linha_digitavel: z.string(),
  data_criacao: z.string(),
  data_vencimento: z.string(),
  valor: z.number(),
  valor_mora_juros: z.number(),
  multa_valor_fixo: z.number(),
  percentual_multa: z.number(),
  nome_sacado: z.string(),
  cnpj_cpf: z.string(),
  id_boleto_remessa: z.number().int().nullable(),
  data_pagamento: z.string().nullable(),
  valor_pago: z.number().nullable(),
  motivo_rejeicao: z.string().nullable(),
  /** The static PIX BR Code of a hybrid boleto (null: a plain boleto). */
  pix_brcode: z.string().nullable(),
});
export type BoletoRow = z.infer<typeof boletoRow>;

export const demandFindBody = z.object({
  search: z.string().max(100).optional().default(''),
  filter: z.object({ situacao: boletoSituacao.optional(), id_conta: id.optional(), id_documento_financeiro: id.optional() }).strict().optional().default({}),
  skip: z.number().int().min(0).optional().default(0),
  take: z.number().int().min(1).max(100).optional().default(20),
}).strict();
export const demandFindResult = z.object({ rows: z.array(boletoRow), count: z.number().int() });

export const demandByIdBody = z.object({ id_boleto: id }).strict();
export const demandByDocumentsBody = z.object({ documentos: z.array(id).min(1, { error: BOLETO_MESSAGES.noFinancialDocument }).max(1000) }).strict();
export const demandListResult = z.object({ rows: z.array(boletoRow) });
/** /demand/sync-demands-documents: the boletos of these documents follow them (packages/domain boletoSyncAction). */
export const demandSyncBody = z.object({
  documentos: z.array(id, { error: BOLETO_MESSAGES.syncNoDocuments }).min(1, { error: BOLETO_MESSAGES.syncNoDocuments }).max(1000, { error: 'No máximo 1000 documentos por vez.' }),
}).strict();
export const demandSyncResult = z.object({
  resultados: z.array(z.object({
    id_documento_financeiro: z.number().int(),
    numero: z.string(),
    situacao: z.string(),
    boletos: z.array(z.object({ id_boleto: z.number().int(), nosso_numero: z.string(), situacao_anterior: boletoSituacao, situacao: boletoSituacao, acao: z.string() })),
  })),
  cancelados: z.number().int(),
});
export const demandCancelBody = z.object({ id_boleto: id, situacao: z.literal('Cancelado', { error: 'Situação inválida.' }) }).strict();

export const demandPdfResult = z.object({ nome_arquivo: z.string(), pdf_base64: z.string() });

export const remessaBody = z.object({ id_conta: id }).strict();
export const remessaResult = z.object({
  id_boleto_remessa: z.number().int(),
  sequencia: z.number().int(),
  nome_arquivo: z.string(),
  conteudo: z.string(),
  quantidade: z.number().int(),
});
export const remessaByIdBody = z.object({ id_boleto_remessa: id }).strict();

export const retornoBody = z.object({
  id_conta: id,
  nome_arquivo: z.string().max(200).optional(),
  conteudo: z.string({ error: BOLETO_MESSAGES.fileMissing }).min(1, { error: BOLETO_MESSAGES.fileMissing }).max(5_000_000, { error: 'Arquivo grande demais.' }),
}).strict();
export const retornoResult = z.object({
  ja_processado: z.boolean(),
  aplicado: z.boolean(),
  banco: z.string(),
  itens: z.array(z.object({
    linha: z.number().int(), nosso_numero: z.string(), ocorrencia: z.string(), tipo: z.string(), descricao: z.string(), motivos: z.array(z.string()),
    valor_pago: z.number(), juros: z.number(), tarifa: z.number(), resultado: z.string(),
  })),
  erros: z.array(z.object({ linha: z.number().int(), mensagem: z.string() })),
  baixados: z.number().int(),
  rejeitados: z.number().int(),
});
export type RetornoResult = z.infer<typeof retornoResult>;

export const nextNumberBody = z.object({ id_conta: id }).strict();
export const nextNumberResult = z.object({ numero: z.number().int() });

/**
 * Boletos through the shop's local connector (001 §7 Local boleto connector): the server reserves the nosso números
 * (same checks as /demand/create; one open reservation per document, reused when sent again), the web app sends the
 * /boleto/emitir payload to the connector, and the server records what the connector answered once the barcode and
 * the linha digitável match what packages/banking builds for the reserved number.
 */
export const connectorConfig = z.object({
  cnab: z.string(), carteira: z.string().nullable(), convenio: z.string().nullable(), codigo_cedente: z.string().nullable(),
  modalidade: z.string().nullable(), codigo_transmissao: z.string().nullable(),
  tipo_multa: amountType, valor_multa: z.number(), dias_multa: z.number().int(), tipo_juro: amountType, valor_juro: z.number(),
  dias_expiracao: z.number().int(), observacao: z.string().nullable(),
  /** A hybrid configuration's PIX receiver (the account's key, the branch's name and city); null for a plain one. */
  pix: z.object({ chave: z.string(), nome: z.string(), cidade: z.string() }).nullable().optional(),
});
export const connectorAccount = z.object({
  id_banco: z.number().int().nullable(), agencia: z.string(), digito_agencia: z.string().nullable(), numero: z.string(), digito_conta: z.string().nullable(),
});
export const connectorReserved = z.object({
  id_documento_financeiro: z.number().int(),
  nosso_numero: z.number().int(),
  numero: z.string(),
  data_vencimento: z.string(),
  /** Reais, 2 decimals. */
  valor: z.number(),
  pagador: z.object({ nome: z.string(), cpf_cnpj: z.string(), endereco: z.string(), numero: z.string(), bairro: z.string(), cidade: z.string(), uf: z.string(), cep: z.string() }),
});
export const demandReserveResult = z.object({
  resultados: z.array(demandResult),
  config: connectorConfig,
  conta: connectorAccount,
  emitente: z.object({ nome: z.string(), cnpj: z.string() }),
  /** The branch's date of issue ('yyyy-mm-dd'). */
  data_documento: z.string(),
  documentos: z.array(connectorReserved),
});
export type DemandReserveResult = z.infer<typeof demandReserveResult>;

export const demandRecordBody = z.object({
  boletos: z.array(z.object({
    id_documento_financeiro: id,
    nosso_numero: z.number().int().positive(),
    codigo_barras: z.string().max(60),
    linha_digitavel: z.string().max(80),
  }).strict()).min(1, { error: BOLETO_MESSAGES.noBoletoSelected }).max(1000),
}).strict();
export const demandRecordResult = z.object({ resultados: z.array(demandResult), emails: z.number().int().optional() });

/** The connector's remessa: what the server would write (the connector writes it, the server checks and records it). */
export const connectorRemessaBody = z.object({ id_conta: id }).strict();
export const connectorRemessaRecordBody = z.object({
  id_conta: id,
  numero_remessa: z.number().int().positive(),
  data_geracao: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  hora_geracao: z.string().regex(/^\d{6}$/),
  conteudo: z.string({ error: BOLETO_MESSAGES.fileMissing }).min(1, { error: BOLETO_MESSAGES.fileMissing }).max(5_000_000),
}).strict();
/** The account's connector header for /boleto/ler_retorno, and the nossos números the account's boletos carry. */
export const connectorAccountBody = z.object({ id_conta: id }).strict();
export const connectorRemessaResult = boletoRemessaRequest;
export const connectorAccountResult = z.object({ banco: boletoBanco, cedente: boletoCedente, conta: boletoConta, conhecidos: z.array(z.string()) });
