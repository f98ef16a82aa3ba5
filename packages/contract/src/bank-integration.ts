/**
 * Bank integration (001 §7 "Bank integration": auth-company, validate-auth-company {token, data}, invoice {data,
 * id_documento_financeiro, id_conta}, invoice_list, invoice_find_by_code {idDemand}, invoice_cancel {idDemand},
 * instant_payment, new_qrcode_dynamic, list-statements, find-by-code; "the response carries success, error_message and
 * token") and PIX at the point of sale (the charge of a sale, its manual confirmation by a supervisor).
 */
import { z } from 'zod';
import { BANK_MESSAGES as M, PIX_SITUACAO } from '@pdv/domain/bank-integration';
import { money } from './amounts.ts';
import { id, listQuery, listResult } from './common.ts';

const text = (max: number, required: string) => z.string({ error: required }).max(max, { error: required });
const isoDate = z.string({ error: 'Data inválida.' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida.' });
const txid = z.string({ error: M.pixNotFound }).regex(/^[a-zA-Z0-9]{26,35}$/, { error: M.pixNotFound });

/** Step one: the company's CNPJ, the operator's CPF and password (checked by bankLoginError, messages of 001 §5). */
export const authCompanyBody = z.object({ cnpj: text(18, M.companyDocument), cpf: text(14, M.operatorDocument), senha: text(200, M.password) }).strict();
export const authCompanyResult = z.object({ success: z.boolean(), error_message: z.string().nullable(), token: z.string().nullable() });
/** Step two: the challenge token of step one and the six-character code. */
export const validateAuthCompanyBody = z.object({ token: z.string().min(1).max(200), data: z.string().max(20) }).strict();
export const validateAuthCompanyResult = authCompanyResult.extend({ tokenBankExpire: z.string().nullable() });
export const bankSessionResult = z.object({ logged: z.boolean(), tokenBankExpire: z.string().nullable() });

export const registeredBoleto = z.object({
  id_boleto_registrado: z.number().int(), id_conta: z.number().int(), id_documento_financeiro: z.number().int(), convenio: z.string(), numero: z.string(),
  valor: z.number(), data_vencimento: z.string(), linha_digitavel: z.string(), codigo_barra: z.string(),
  situacao: z.enum(['Registrado', 'Baixado', 'Liquidado']), data_cadastro: z.string(), data_baixa: z.string().nullable(),
});
/** invoice: registers online the boleto of a receivable (data: its due date, else the document's). */
export const invoiceBody = z.object({ data: isoDate.nullish(), id_documento_financeiro: id, id_conta: id }).strict();
export const invoiceResult = registeredBoleto.extend({ success: z.literal(true) });
export const invoiceListBody = listQuery.extend({ id_conta: id.optional(), situacao: z.enum(['Registrado', 'Baixado', 'Liquidado']).optional() }).strict();
export const invoiceListResult = listResult(registeredBoleto);
export const invoiceByCodeBody = z.object({ idDemand: id }).strict();

/** instant_payment: the Pix received on an account in a period (the API Pix GET /pix). */
export const instantPaymentBody = z.object({ id_conta: id, inicio: isoDate, fim: isoDate }).strict();
export const instantPaymentResult = z.object({ rows: z.array(z.object({ endToEndId: z.string(), txid: z.string(), valor: z.number(), horario: z.string() })) });

export const statementsBody = z.object({ id_conta: id }).strict();
export const statementsResult = z.object({
  rows: z.array(z.object({ data: z.string(), valor: z.number(), sinal: z.enum(['C', 'D']), historico: z.string(), documento: z.string() })),
});

export const pixCharge = z.object({
  id_pix_cobranca: z.number().int(), id_conta: z.number().int(), txid: z.string(), valor: z.number(), situacao: z.enum(PIX_SITUACAO),
  brcode: z.string(), location: z.string(), end_to_end_id: z.string().nullable(), id_usuario: z.number().int(),
  id_autorizacao: z.number().int().nullable(), id_usuario_autorizacao: z.number().int().nullable(), id_operacao: z.string().nullable(),
  data_cadastro: z.string(), data_pagamento: z.string().nullable(),
  /** A charge confirmed by hand is withdrawn at the bank: 'Pendente' until the bank answers (retried), then 'Removida' or 'PagaNoBanco'. */
  remocao_situacao: z.enum(['Pendente', 'Removida', 'PagaNoBanco']).nullable(), remocao_tentativas: z.number().int(), data_remocao: z.string().nullable(),
});
/** new_qrcode_dynamic: a charge for a sale's amount on the branch's integrated account (or the one named). */
export const newQrcodeBody = z.object({ valor: money.refine((v) => v > 0, { error: M.pixValue }), id_conta: id.optional() }).strict();
export const findByCodeBody = z.object({ txid }).strict();
/** The charge confirmed by hand: a supervisor's grant of FncAutorizarPixManual, spent here. */
export const pixConfirmManualBody = z.object({ txid, id_autorizacao: id }).strict();
export const pixListBody = listQuery.extend({ situacao: z.enum(PIX_SITUACAO).optional() }).strict();
export const pixListResult = listResult(pixCharge);
