/**
 * The connector's card calls (001 §7 Card capture): /venda/credito {valor, parcelas, financiamento}, /venda/debito
 * {valor}, /pix {valor}, /adm/cancelamento {valor, nsu, data}, answered with a `tef` object (packages/domain
 * card-terminal.ts TefAnswer); and the VERO group /vero/link_device, create_transaction {amount in cents, method,
 * print, group}, cancel_transaction, list_transaction {order, limit, offset, group}, check_transaction, print_request,
 * answered {Codigo, Mensagem, ...}. Money in reais with 2 decimals (the spec's valor), VERO amounts in cents.
 */
import { z } from 'zod';

const reais = z.number().positive().max(999_999.99);

export const tefCreditRequest = z.object({
  valor: reais,
  parcelas: z.number().int().min(1).max(99).default(1),
  /** Who finances an instalment sale: 'loja' (the shop) or 'administradora' (the card issuer). */
  financiamento: z.enum(['loja', 'administradora']).default('loja'),
});
export type TefCreditRequest = z.input<typeof tefCreditRequest>;

export const tefDebitRequest = z.object({ valor: reais });
export const tefPixRequest = z.object({ valor: reais });

export const tefCancelRequest = z.object({
  valor: reais,
  /** The NSU the terminal gave the transaction. */
  nsu: z.string().regex(/^[0-9A-Za-z]{1,20}$/),
  /** The transaction's date, yyyy-mm-dd (or a whole ISO date-time: its date is taken). */
  data: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
});
export type TefCancelRequest = z.input<typeof tefCancelRequest>;

export const tefAnswer = z.object({
  resultado: z.number().int(),
  erro: z.boolean().optional(),
  erros: z.array(z.string()).optional(),
  mensagem: z.string().optional(),
  codigo_autorizacao: z.string().optional(),
  bandeira: z.string().optional(),
  cnpj_credenciadora: z.string().nullable().optional(),
  nsu: z.string().optional(),
  data_hora: z.string().optional(),
  tipo_integracao: z.string().optional(),
  descricao: z.string().nullable().optional(),
  comprovante_cliente: z.string().nullable().optional(),
  comprovante_estabelecimento: z.string().nullable().optional(),
  relancado: z.boolean().optional(),
});
export type TefAnswerBody = z.infer<typeof tefAnswer>;

/** GET /tef/status: the transaction in progress and the terminal's messages so far (the screen shows them). */
export const tefStatus = z.object({ em_andamento: z.boolean(), mensagens: z.array(z.string()) });
export type TefStatus = z.infer<typeof tefStatus>;

// VERO

export const veroMethod = z.enum(['credit', 'debit']);

export const veroLinkRequest = z.object({ code: z.string().min(1).max(40) });
export const veroCreateRequest = z.object({
  /** Cents (001 §9 "amount sent in cents"). */
  amount: z.number().int().positive().max(99_999_999),
  method: veroMethod,
  installments: z.number().int().min(1).max(99).default(1),
  print: z.boolean().default(true),
  /** The sale's id (the operation's UUID): list_transaction filters by it. */
  group: z.string().min(1).max(60),
});
export type VeroCreateRequest = z.input<typeof veroCreateRequest>;
export const veroIdRequest = z.object({ id: z.string().min(1).max(60) });
export const veroListRequest = z.object({
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.number().int().min(1).max(100).default(20),
  offset: z.number().int().min(0).default(0),
  group: z.string().max(60).optional(),
});

export const veroTransaction = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number().int(),
  method: z.string(),
  group: z.string().nullable().optional(),
  codigo_autorizacao: z.string().optional(),
  bandeira: z.string().optional(),
  cnpj_credenciadora: z.string().nullable().optional(),
  nsu: z.string().optional(),
  data_hora: z.string().optional(),
  tipo_integracao: z.string().optional(),
  descricao: z.string().nullable().optional(),
});
export type VeroTransactionBody = z.infer<typeof veroTransaction>;

export const veroAnswer = z.object({
  Codigo: z.number().int(),
  Mensagem: z.string(),
  transaction: veroTransaction.optional(),
  transactions: z.array(veroTransaction).optional(),
});
export type VeroAnswer = z.infer<typeof veroAnswer>;
