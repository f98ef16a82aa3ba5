/**
 * POST /api/operacao: a finished operation from the point of sale (000 §3.2-3.4). The body is a protocol between
 * app versions in the field at once: add fields, never rename or remove them. Amounts travel as decimals with 2
 * places, quantities with 3; the domain converts them to centavos and thousandths.
 */
import { z } from 'zod';
import { money, quantity } from './amounts.ts';
import { id } from './common.ts';
import { quickCustomerBody } from './quick-customer.ts';
import { MESSAGES } from '@pdv/domain/messages';

const text = (max: number) => z.string().max(max, { error: `Texto com mais de ${max} caracteres.` });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use AAAA-MM-DD).' });
/** A sale's date and time: z.iso.datetime accepts the years 0000-9999; no sale happened before 1900. */
const since1900 = (v: string) => Number(v.slice(0, 4)) >= 1900;

export const operacaoItem = z.object({
  id_item: z.uuid({ error: 'id_item deve ser um UUID.' }),
  tipo_item: z.literal('Produto', { error: "tipo_item deve ser 'Produto'." }),
  id_produto_grade_filial: id,
  id_endereco_estoque: id,
  descricao: text(200).min(1, { error: 'Produto não informado.' }),
  sku: text(60).nullish(),
  codigo_barras: text(30).nullish(),
  unidade_comercial: text(6).nullish(),
  quantidade: quantity,
  valor_unitario: money,
  valor_desconto_item: money.optional().default(0),
  tipo_preco: z.enum(['Varejo', 'Atacado']).optional().default('Varejo'),
  is_atacarejo: z.boolean().optional().default(false),
  /** The cashier typed the unit price (F3): held to the price-change limits instead of the price table. */
  is_preco_alterado: z.boolean().optional().default(false),
  /**
   * The version of the price the device priced the line from: the branch grid row's data_alteracao it held. Optional
   * (older points of sale do not send it): without it the line is checked against the current price.
   */
  versao_preco: z.iso.datetime({ offset: true, error: 'versao_preco inválida.' }).nullish(),
  /**
   * The price table and the promotion the device priced the line by (000 §3.3; price-check.ts linePricing). Optional
   * (older points of sale do not send them); named, they must be the ones the server finds.
   */
  id_tabela_preco: id.nullish(),
  id_promocao: id.nullish(),
  /**
   * The cashback the device computed for the line (cashback.ts saleCashback; 000 §3.3). Optional (older points of
   * sale do not send it); sent, it must be the one the server computes.
   */
  valor_cashback: money.nullish(),
  id_cenario_fiscal: id.nullish(),
  id_usuario_vendedor: id.nullish(),
  observacao: text(500).nullish(),
  /** Devolucao: the line of the original sale (pedido_item or nota_fiscal_item) this line gives back. */
  id_item_origem: id.nullish(),
});
export type OperacaoItem = z.input<typeof operacaoItem>;

export const operacaoParcela = z.object({
  parcela: z.number().int().min(1).max(120),
  valor: money,
  data_vencimento: isoDate,
});

export const operacaoPagamento = z.object({
  id_pagamento: z.uuid({ error: 'id_pagamento deve ser um UUID.' }),
  id_meio_pagamento: id,
  valor_total: money,
  quantidade_parcelas: z.number().int().min(1, { error: MESSAGES.installmentsRequired }).max(120).optional().default(1),
  parcelamento: z.array(operacaoParcela).max(120).optional().default([]),
  id_operadora_cartao: id.nullish(),
  id_conta: id.nullish(),
  cartao_codigo_autorizacao: text(40).nullish(),
  cartao_bandeira: text(20).nullish(),
  cartao_tipo_integracao: text(2).nullish(),
  cartao_cnpj_instituicao: text(18).nullish(),
  cartao_data_hora_transacao: text(40).nullish(),
  cartao_descricao_transacao: text(100).nullish(),
  txid_pix: text(60).nullish(),
  /** The terminal's NSU of a captured card payment (000 §3.4; /adm/cancelamento cancels by it). */
  cartao_nsu: text(20).nullish(),
  /** A credit voucher paying (method code 12): redeemed from its balance in the operation's transaction. */
  id_vale_credito: id.nullish(),
});
export type OperacaoPagamento = z.input<typeof operacaoPagamento>;

/** Modes whose operation may come without items (a receipt never has any; a voucher's line may be built by the server). */
const ITEMLESS_MODES: ReadonlySet<string> = new Set(['Recebimento', 'ValeCredito']);

export const operacaoBody = z.object({
  /** The client's UUID of the operation: sending it again never makes a second sale. */
  id_operacao: z.uuid({ error: 'id_operacao deve ser um UUID.' }),
  /** Venda: a sale (pre-sale order or invoice); Pedido: an order, released; Orcamento: a quote (no stock, no payment). */
  modo_operacao: z.enum(['Venda', 'Pedido', 'Orcamento', 'Consignacao', 'ValeCredito', 'Devolucao', 'Recebimento'], {
    error: "modo_operacao deve ser 'Venda', 'Pedido', 'Orcamento', 'Consignacao', 'ValeCredito', 'Devolucao' ou 'Recebimento'.",
  }),
  /** '65' NFC-e, '55' NF-e, null: pre-sale (an order). */
  /** 59: a CF-e SAT, only in a branch whose default sale model is the SAT (domain sat.ts satSaleError). */
  modelo: z.enum(['55', '65', '59'], { error: "modelo deve ser '55', '65', '59' ou nulo." }).nullable(),
  id_filial: id,
  id_cliente: id.nullish(),
  /**
   * A customer saved by the point of sale's quick save with the network off: the till's UUID for it and the quick
   * save's body. The server finds it (by that UUID, else by its CPF or CNPJ) or creates it, in the sale's transaction,
   * and the sale is that person's. Sent instead of id_cliente.
   */
  cliente_rapido: z.object({ uuid: z.uuid({ error: 'cliente_rapido.uuid deve ser um UUID.' }), cadastro: quickCustomerBody }).strict().nullish(),
  id_usuario_vendedor: id.nullish(),
  cliente_cpf_cnpj: z.string().regex(/^(\d{11}|[0-9A-Z]{12}\d{2})$/, { error: 'CPF/CNPJ inválido.' }).nullish(),
  data_inicio: z.iso.datetime({ offset: true, error: 'data_inicio inválida.' }).refine(since1900, { error: 'data_inicio inválida.' }),
  data_fim: z.iso.datetime({ offset: true, error: 'data_fim inválida.' }).refine(since1900, { error: 'data_fim inválida.' }).nullish(),
  frete: money.optional().default(0),
  seguro: money.optional().default(0),
  outros: money.optional().default(0),
  /** Discount on the subtotal, spread over the lines proportionally (remainder on the first line). */
  valor_desconto_subtotal: money.optional().default(0),
  tipo_frete: z.number().int().min(0).max(9).optional().default(9),
  /** The carrier (a person of the organization with is_transportadora); added later, so not in the content hash. */
  id_transportadora: id.nullish(),
  observacao: text(2000).nullish(),
  // May be empty in the itemless modes (refinement below); always sent, so older servers and clients keep reading it.
  itens: z.array(operacaoItem, { error: MESSAGES.noItems }).max(500),
  pagamentos: z.array(operacaoPagamento).max(20),
  /** Devolucao: the original sale returned, an order (pre-sale) or an invoice of the same customer. */
  id_pedido_origem: id.nullish(),
  id_nota_fiscal_origem: id.nullish(),
  /** Recebimento: the customer's open receivables (documento_financeiro) paid off by this operation. */
  documentos_financeiros: z.array(id).max(100).optional(),
  /**
   * A supervisor's authorization (/user/validate-user-credential, FncAutorizarDescontoAcimaLimite) for a discount above
   * the user's limit: spent by this operation when a discount needs it.
   */
  id_autorizacao_limite: id.nullish(),
  /**
   * A supervisor's authorization (FncAutorizarLimiteCredito) for a sale on credit that breaks the customer's credit
   * rules (credit-rules.ts customerCreditError): spent by this operation when its credit needs it.
   */
  id_autorizacao_credito: id.nullish(),
  /**
   * An NFC-e (modelo 65) issued with the network off by this till's local connector (issue 29): the device whose
   * reserved block numbered it and the signed XML (tpEmis 9) exactly as printed. Not in the content hash (added later).
   */
  nfce_contingencia: z.object({
    id_dispositivo: id,
    xml: z.string().min(200, { error: 'XML da NFC-e inválido.' }).max(1_000_000, { error: 'XML da NFC-e grande demais.' }),
  }).strict().nullish(),
}).refine((body) => ITEMLESS_MODES.has(body.modo_operacao) || body.itens.length > 0, {
  error: MESSAGES.noItems, path: ['itens'],
}).refine((body) => body.cliente_rapido == null || body.id_cliente == null, {
  error: MESSAGES.quickCustomerWithId, path: ['cliente_rapido'],
});
export type OperacaoBody = z.input<typeof operacaoBody>;
/** A customer quick-saved offline, as the operation carries it (its till UUID and the quick save's body). */
export type ClienteRapido = NonNullable<OperacaoBody['cliente_rapido']>;

export const operacaoResult = z.object({
  id_operacao: z.string(),
  situacao: z.literal('Processado'),
  /** true when this UUID had already been processed: the answer is the first one's. */
  duplicado: z.boolean(),
  id_pedido: z.number().int().nullable(),
  nsu: z.number().int().nullable(),
  id_nota_fiscal: z.number().int().nullable(),
  valor_total: z.number(),
  valor_troco: z.number(),
  /** ValeCredito: the voucher issued (absent in answers of other modes and of older servers). */
  id_vale_credito: z.number().int().nullish(),
  codigo_vale_credito: z.string().nullish(),
  /** Devolucao: the customer credit generated and the customer's credit balance after the operation. */
  valor_credito: z.number().optional(),
  saldo_credito: z.number().optional(),
  /** The customer's credit spent by credit-type payments (Crédito em Loja, code 21). */
  saldo_pessoa_usado: z.number().optional(),
  /** The cashback the sale earned (blocked for the branch's days) and the cashback it redeemed (tPag 19 payments). */
  valor_cashback: z.number().optional(),
  valor_cashback_resgatado: z.number().optional(),
  /** Recebimento: the receivables paid off. */
  documentos_financeiros: z.array(z.number().int()).optional(),
  /** The customer of the sale when it was sent as cliente_rapido (found or created by the server). */
  id_cliente: z.number().int().nullish(),
});
export type OperacaoResult = z.infer<typeof operacaoResult>;
