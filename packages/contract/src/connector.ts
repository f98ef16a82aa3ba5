/**
 * The local connector's print call (000 §7.5, 001 §7 Local print service): POST /impressao at the device's address
 * and port with {dispositivo, id_periferico, tipo_impressao, data_base64, commmand} ("commmand" spelled so in the
 * contract). The connector (apps/connector) validates the body with this schema and answers {Codigo, Mensagem}
 * (packages/domain print-connector.ts: 0 success, 1-4 the printing messages of 000 §8, 999 its own message).
 */
import { z } from 'zod';
import { PRINT_KINDS, PRINT_MESSAGES } from '@pdv/domain/print-connector';
import { id } from './common.ts';

/** Base64 (standard alphabet, padded or not): what data_base64 must be. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Printing jobs above this are refused (a long A4 PDF fits; an endless body does not). */
export const PRINT_MAX_BASE64 = 40 * 1024 * 1024;

export const printRequest = z.object({
  /** id_dispositivo of 002 §3 Device: the machine the connector runs on. */
  dispositivo: z.coerce.number({ error: PRINT_MESSAGES.printerNotSet }).int().positive({ error: PRINT_MESSAGES.printerNotSet }),
  /** id_periferico of the printer plugged into that device. */
  id_periferico: z.coerce.number({ error: PRINT_MESSAGES.printerNotSet }).int().positive({ error: PRINT_MESSAGES.printerNotSet }),
  tipo_impressao: z.enum(PRINT_KINDS, { error: PRINT_MESSAGES.printKindUnknown }),
  data_base64: z.string({ error: PRINT_MESSAGES.fileMissing }).min(1, { error: PRINT_MESSAGES.fileMissing })
    .max(PRINT_MAX_BASE64, { error: PRINT_MESSAGES.fileMissing }).regex(BASE64, { error: PRINT_MESSAGES.fileMissing }),
  /** Words for the printer (PRINT_COMMANDS: 'gaveta', 'sem_corte'); absent or null for none. */
  commmand: z.string().max(200).nullable().optional(),
});
export type PrintRequest = z.infer<typeof printRequest>;

export const printAnswer = z.object({
  Codigo: z.number().int(),
  Mensagem: z.string(),
});
export type PrintAnswer = z.infer<typeof printAnswer>;

/**
 * The checkout scale through the connector (balanca_pdv): POST /balanca/peso {dispositivo, id_periferico}; the spec
 * shows no path for it, this is ours. The answer adds peso, in kilograms with three decimals, when Codigo is 0.
 */
export const scaleReadRequest = printRequest.pick({ dispositivo: true, id_periferico: true });
export type ScaleReadRequest = z.infer<typeof scaleReadRequest>;

export const scaleReadAnswer = printAnswer.extend({ peso: z.number().optional() });
export type ScaleReadAnswer = z.infer<typeof scaleReadAnswer>;

/**
 * The local boleto connector (001 §7): POST /boleto/emitir {banco, cedente, conta, lista_titulos}, /boleto/gerar_remessa
 * and /boleto/ler_retorno at the chosen device's address. Dates yyyy-mm-dd, money in reais with 2 decimals, interest
 * code '1' ('A' for collection type 8), protest days 0, species DM (packages/domain boleto-connector.ts). The answer
 * is {Codigo, Mensagem} plus the result; a bad body is code 999 with the first problem in pt-BR.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = z.string().regex(ISO_DATE, { error: 'data fora do formato aaaa-mm-dd' });
const reais = z.number().nonnegative().max(99_999_999.99);
const texto = (max: number) => z.string().max(max);

export const boletoBanco = z.object({
  /** Collection type code 1-48 (TIPO_COBRANCA of packages/domain boleto-connector.ts). */
  tipo_cobranca: z.number().int().min(1).max(48),
  /** The internal bank id (FEBRABAN code: 341, 1, 237...). */
  id_banco: z.number().int().positive(),
  /** '400' or '240'. */
  cnab: z.enum(['400', '240']),
});

export const boletoCedente = z.object({
  nome: texto(200).min(1),
  cnpj: texto(18).min(11),
  carteira: texto(10).nullable(),
  convenio: texto(20).nullable(),
  codigo_cedente: texto(20).nullable(),
  modalidade: texto(10).nullable().optional(),
  codigo_transmissao: texto(30).nullable().optional(),
  /** A hybrid boleto's PIX receiver (the account's key, the branch's name and city): the PDF prints its QR code. */
  pix: z.object({ chave: texto(77).min(1), nome: texto(200).min(1), cidade: texto(100).min(1) }).nullable().optional(),
});

export const boletoConta = z.object({
  agencia: texto(10).min(1),
  digito_agencia: texto(2).nullable(),
  numero: texto(20).min(1),
  digito_conta: texto(2).nullable(),
});

export const boletoSacado = z.object({
  nome: texto(200).min(1),
  cnpj_cpf: texto(18).min(11),
  logradouro: texto(100),
  numero: texto(20),
  bairro: texto(80),
  cidade: texto(100),
  uf: texto(2),
  cep: texto(9),
});

export const boletoTitulo = z.object({
  /** The account's nosso número sequence drawn for this boleto. */
  nosso_numero: z.number().int().positive(),
  /** The nosso número as printed (remessa of a boleto issued before; optional for emitir). */
  nosso_numero_impresso: texto(30).optional(),
  numero_documento: texto(10),
  /** The company's own reference of the título in the remessa (the server's boleto id). */
  uso_empresa: texto(25).optional(),
  data_documento: isoDate,
  data_vencimento: isoDate,
  valor: reais.positive(),
  especie: z.literal('DM'),
  aceite: z.enum(['S', 'N']),
  codigo_mora: z.enum(['1', 'A']),
  /** Interest a day in reais, from data_mora_juros. */
  valor_mora_juros: reais,
  data_mora_juros: isoDate.nullable(),
  /** Fine: a percentage (2 decimals) or a fixed amount. */
  percentual_multa: z.number().nonnegative().max(100),
  valor_multa: reais,
  data_multa: isoDate.nullable(),
  dias_protesto: z.literal(0),
  /** 'R' registro, 'B' pedido de baixa (remessa only). */
  ocorrencia: z.enum(['R', 'B']).default('R'),
  sacado: boletoSacado,
  instrucoes: z.array(texto(200)).max(5).default([]),
});

export const boletoEmitirRequest = z.object({
  banco: boletoBanco,
  cedente: boletoCedente,
  conta: boletoConta,
  lista_titulos: z.array(boletoTitulo).min(1).max(1000),
});
export type BoletoEmitirRequest = z.infer<typeof boletoEmitirRequest>;
export type BoletoEmitirTitulo = z.input<typeof boletoTitulo>;

export const boletoEmitido = z.object({
  nosso_numero: z.number().int(),
  nosso_numero_impresso: z.string(),
  codigo_barras: z.string(),
  linha_digitavel: z.string(),
  pdf_base64: z.string(),
  /** The hybrid boleto's static PIX BR Code printed on the PDF (absent for a plain boleto). */
  pix_brcode: z.string().optional(),
});
export const boletoEmitirAnswer = printAnswer.extend({ boletos: z.array(boletoEmitido).optional() });
export type BoletoEmitirAnswer = z.infer<typeof boletoEmitirAnswer>;

export const boletoRemessaRequest = boletoEmitirRequest.extend({
  /** The account's remessa file sequence. */
  numero_remessa: z.number().int().positive(),
  data_geracao: isoDate,
  /** 'hhmmss' (CNAB 240 header). */
  hora_geracao: z.string().regex(/^\d{6}$/).default('000000'),
});
export type BoletoRemessaRequest = z.infer<typeof boletoRemessaRequest>;
export const boletoRemessaAnswer = printAnswer.extend({ remessa: z.string().optional() });
export type BoletoRemessaAnswer = z.infer<typeof boletoRemessaAnswer>;

export const boletoRetornoRequest = z.object({
  banco: boletoBanco,
  cedente: boletoCedente,
  conta: boletoConta,
  /** The retorno file's text (latin-1 read as text by the web app). */
  retorno: z.string().min(1).max(PRINT_MAX_BASE64),
  /** Nossos números (as the retorno carries them, leading zeros aside) the shop knows; absent: all are known. */
  conhecidos: z.array(z.string().max(30)).optional(),
});
export type BoletoRetornoRequest = z.infer<typeof boletoRetornoRequest>;
export const boletoRetornoAnswer = printAnswer.extend({
  itens: z.array(z.record(z.string(), z.unknown())).optional(),
  erros: z.array(z.object({ linha: z.number(), mensagem: z.string() })).optional(),
});
export type BoletoRetornoAnswer = z.infer<typeof boletoRetornoAnswer>;

/**
 * The SAT (CF-e, model 59) through the connector (001 §7 Local fiscal device): POST /sat/envio carries the emitter,
 * recipient, items with their taxes, and payments (the CF-e input of packages/fiscal cfe-xml.ts: money in centavos,
 * quantities in thousandths, rates in basis points); the connector writes the CF-e 0.08 and hands it to the SAT.
 * POST /sat/cancelamento {chave} cancels the last sale. The answer is 001 §7's {Codigo, Mensagem, NumeroDocFiscal,
 * ChaveConsulta, TimeStamp, AssinaturaQRCODE, NumeroSessao} plus ArquivoCFeSAT (the signed CF-e or CFeCanc the SAT
 * returned, base64) and ValorTotalCFe; Codigo is the SAT's (06000, 07000 success) or 99999 (ours).
 */
const cents = z.number().int().nonnegative().max(9_999_999_999);
const satIcms = z.object({ orig: z.number().int().min(0).max(8), CST: z.string().regex(/^\d{2}$/).nullish(), CSOSN: z.string().regex(/^\d{3}$/).nullish(),
  pICMS: z.number().int().min(0).max(10_000).optional() });
const satPisCofins = z.object({ CST: z.string().regex(/^\d{2}$/), p: z.number().int().min(0).max(99_999).optional() });
export const satItem = z.object({
  cProd: z.string().min(1).max(60), cEAN: z.string().max(14).nullish(), xProd: z.string().min(1).max(120), NCM: z.string().max(10).nullish(),
  CEST: z.string().max(9).nullish(), CFOP: z.string().regex(/^\d{4}$/), uCom: z.string().min(1).max(6),
  qCom: z.number().int().positive().max(99_999_999_999), vUnCom: cents, vDesc: cents.optional(), vOutro: cents.optional(),
  ICMS: satIcms, PIS: satPisCofins, COFINS: satPisCofins, infAdProd: z.string().max(500).nullish(),
});
export const satEnvioRequest = z.object({
  dispositivo: printRequest.shape.dispositivo,
  id_periferico: printRequest.shape.id_periferico,
  numeroCaixa: z.number().int().min(1).max(999),
  /** The branch's sat_assinatura_ac; absent: the connector's configured one. */
  signAC: z.string().min(1).max(344).optional(),
  emit: z.object({ CNPJ: z.string().min(14).max(18), IE: z.string().min(2).max(20), IM: z.string().max(15).nullish(),
    cRegTribISSQN: z.number().int().min(1).max(6).nullish(), indRatISSQN: z.enum(['S', 'N']).optional() }),
  dest: z.object({ CPF: z.string().max(14).nullish(), CNPJ: z.string().max(18).nullish(), xNome: z.string().max(60).nullish() }).nullish(),
  det: z.array(satItem).min(1).max(500),
  vDescSubtot: cents.optional(),
  vAcresSubtot: cents.optional(),
  vCFeLei12741: cents.nullish(),
  pgto: z.array(z.object({ meio_pagamento: z.string().regex(/^\d{2}$/), vMP: cents })).min(1).max(10),
  infCpl: z.string().max(5000).nullish(),
});
export type SatEnvioRequest = z.infer<typeof satEnvioRequest>;

export const satCancelamentoRequest = z.object({
  dispositivo: printRequest.shape.dispositivo,
  id_periferico: printRequest.shape.id_periferico,
  numeroCaixa: z.number().int().min(1).max(999),
  signAC: z.string().min(1).max(344).optional(),
  /** The CF-e's key (44 digits, with or without 'CFe'). */
  chave: z.string().regex(/^(CFe)?\d{44}$/),
  dest: satEnvioRequest.shape.dest,
});
export type SatCancelamentoRequest = z.infer<typeof satCancelamentoRequest>;

export const satAnswer = z.object({
  Codigo: z.string(),
  Mensagem: z.string(),
  NumeroDocFiscal: z.string().nullable(),
  ChaveConsulta: z.string().nullable(),
  TimeStamp: z.string().nullable(),
  AssinaturaQRCODE: z.string().nullable(),
  NumeroSessao: z.string().nullable(),
  ValorTotalCFe: z.string().nullable(),
  ArquivoCFeSAT: z.string().nullable(),
});
export type SatAnswer = z.infer<typeof satAnswer>;

/**
 * The server's side of a SAT sale (issue 27): the point of sale asks the server for the CF-e input of a model 59
 * invoice (POST /sat/dados-venda: the invoice's items, taxes and payments as the server rebuilds them, and the branch's
 * signAC), adds its device, peripheral and till number, sends it to the connector's /sat/envio, and hands the
 * connector's answer to POST /sat/registrar (fiscal/sat.ts checks the CF-e against the invoice before recording it).
 * The cancellation likewise: /sat/dados-cancelamento, the connector's /sat/cancelamento, /sat/registrar-cancelamento.
 */
export const satSaleData = satEnvioRequest.omit({ dispositivo: true, id_periferico: true, numeroCaixa: true });
export type SatSaleData = z.infer<typeof satSaleData>;
export const satCancelData = satCancelamentoRequest.omit({ dispositivo: true, id_periferico: true, numeroCaixa: true });
export type SatCancelData = z.infer<typeof satCancelData>;
export const satInvoiceBody = z.object({ id_nota_fiscal: id });
export const satRecordBody = z.object({ id_nota_fiscal: id, resposta: satAnswer });
/** A SAT answer carries the signed CF-e in base64 (at most 500 items): 4 MB as the connector's own limit. */
export const SAT_RECORD_BODY_LIMIT = 4 * 1024 * 1024;
