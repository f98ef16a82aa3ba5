/**
 * Bank integration (001 §2 bank login modal, §4-§5 Bank login, §7 Bank integration, §9) and PIX at the point of sale:
 * the login's checks and constants, and the rule that decides whether a sale's PIX payment is backed by a charge the
 * bank (or a supervisor) confirmed. Both the point of sale and the server call these.
 */
import { isValidCnpj, isValidCpf } from './documents.ts';
import { MEIO_PAGAMENTO } from './payment-method.ts';

export const BANK_MESSAGES = {
  // 001 §5 Bank login, verbatim.
  companyDocument: 'Informe o documento da empresa',
  operatorDocument: 'Informe o documento do operador',
  password: 'Informe a Senha',
  // Ours.
  codeLength: 'O código deve ter 6 caracteres.',
  companyInvalid: 'CNPJ da empresa inválido.',
  operatorInvalid: 'CPF do operador inválido.',
  bankLoginRequired: 'Faça o login no banco (Login Internet Banking) para continuar.',
  notConfigured: 'Integração bancária não configurada.',
  noPixAccount: 'Nenhuma conta bancária com integração bancária e chave PIX nesta filial.',
  accountNotIntegrated: 'A conta bancária não usa a integração bancária.',
  pixValue: 'Informe o valor do PIX.',
  pixNotFound: 'Cobrança PIX não localizada.',
  pixNotPaid: 'O pagamento PIX não foi confirmado pelo banco.',
  pixAlreadyUsed: 'Este pagamento PIX já foi usado em outra venda.',
  pixValueMismatch: 'O valor do pagamento PIX difere do valor cobrado.',
  pixAlreadyPaid: 'A cobrança PIX já está paga.',
  pixNotActive: 'A cobrança PIX não está ativa.',
  pixWithoutCharge: 'Esta filial recebe PIX pela integração bancária: gere a cobrança PIX (QR Code) no caixa e aguarde a confirmação do banco.',
  pixOffline: 'Sem conexão com o servidor: esta filial recebe PIX pela integração bancária e a cobrança não pode ser gerada agora. Use outra forma de pagamento.',
  boletoNotFound: 'Boleto registrado não localizado.',
  boletoNotOpen: 'O boleto registrado não está em aberto.',
  bankRefused: 'O banco recusou a operação.',
  periodInvalid: 'Período inválido.',
  dueDatePast: 'Data de vencimento anterior a hoje.',
} as const;

/** 001 §9: six-character code, 180 s countdown, token valid 1 hour. */
export const BANK_CODE_LENGTH = 6;
export const BANK_CODE_COUNTDOWN_S = 180;
export const BANK_TOKEN_TTL_MS = 3_600_000;

/** Situations of a PIX charge made for a sale. */
export const PIX_SITUACAO = { ativa: 'Ativa', paga: 'Paga', manual: 'ConfirmadaManual', removida: 'Removida' } as const;
export type PixSituacao = (typeof PIX_SITUACAO)[keyof typeof PIX_SITUACAO];
export const PIX_SITUACAO_LABEL: Record<PixSituacao, string> = {
  Ativa: 'Aguardando pagamento', Paga: 'Paga (confirmada pelo banco)', ConfirmadaManual: 'Confirmada manualmente (supervisor)', Removida: 'Removida',
};

/** Step one of the bank login: the first missing or invalid field's message, or null. */
export function bankLoginError(f: { cnpj: string; cpf: string; senha: string }): string | null {
  const cnpj = f.cnpj.replace(/\D/g, '');
  const cpf = f.cpf.replace(/\D/g, '');
  if (!cnpj) return BANK_MESSAGES.companyDocument;
  if (!isValidCnpj(cnpj)) return BANK_MESSAGES.companyInvalid;
  if (!cpf) return BANK_MESSAGES.operatorDocument;
  if (!isValidCpf(cpf)) return BANK_MESSAGES.operatorInvalid;
  if (!f.senha) return BANK_MESSAGES.password;
  return null;
}

export function bankCodeError(code: string): string | null {
  return code.length === BANK_CODE_LENGTH ? null : BANK_MESSAGES.codeLength;
}

/** A pasted code spread over the six boxes from `at`: letters and digits only, upper case. */
export function spreadCode(boxes: readonly string[], at: number, pasted: string): string[] {
  const chars = pasted.replace(/[^0-9a-zA-Z]/g, '').toUpperCase().split('');
  const next = [...boxes];
  for (let i = 0; i < chars.length && at + i < BANK_CODE_LENGTH; i++) next[at + i] = chars[i] ?? '';
  return next;
}

/** mm:ss of a countdown. */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export interface PixChargeState {
  situacao: PixSituacao;
  /** Centavos. */
  valor: number;
  id_filial: number;
  id_operacao: string | null;
}

/**
 * Whether a sale's PIX payment of `valor` centavos may spend the charge: confirmed (by the bank, or by hand with a
 * supervisor), of the sale's branch, of the same amount, and not spent by another operation (a resend of the same
 * operation is the same sale). Null when it may; else the refusal.
 */
export function pixPaymentError(charge: PixChargeState | undefined, sale: { valor: number; id_filial: number; id_operacao: string }): string | null {
  if (!charge || charge.id_filial !== sale.id_filial) return BANK_MESSAGES.pixNotFound;
  if (charge.situacao !== PIX_SITUACAO.paga && charge.situacao !== PIX_SITUACAO.manual) return BANK_MESSAGES.pixNotPaid;
  if (charge.id_operacao !== null && charge.id_operacao !== sale.id_operacao) return BANK_MESSAGES.pixAlreadyUsed;
  if (charge.valor !== sale.valor) return BANK_MESSAGES.pixValueMismatch;
  return null;
}

export interface SalePixLine {
  /** The method's tPag code (MEIO_PAGAMENTO, '17' is PIX). */
  meio_pagamento: string | null;
  txid_pix: string | null;
  cartao_nsu?: string | null | undefined;
  cartao_tipo_integracao: string | null;
}

/**
 * A branch with an integrated PIX account (bank integration and a PIX key) takes a PIX only through a charge the bank
 * (or a supervisor) confirmed, or through a card terminal's Pix (which carries its NSU or integration type): a PIX
 * line with neither cannot have been received and is refused. Branches without the integration take PIX as before.
 */
export function pixWithoutChargeError(payments: readonly SalePixLine[], integrated: boolean): string | null {
  if (!integrated) return null;
  const bare = payments.some((p) => p.meio_pagamento === MEIO_PAGAMENTO.Pix && !p.txid_pix && !p.cartao_nsu && !p.cartao_tipo_integracao);
  return bare ? BANK_MESSAGES.pixWithoutCharge : null;
}

/** A txid of ours: 32 letters and digits (the API Pix takes 26 to 35). */
export function isPixTxid(txid: string): boolean {
  return /^[a-zA-Z0-9]{26,35}$/.test(txid);
}
