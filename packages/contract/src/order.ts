/**
 * Orders (pedido, 000 §3.6, §7.3): POST /api/order/find_by_id {id_pedido} answers the order with its items and
 * payments. Amounts are decimals with 2 places, quantities with 3.
 * Also the order calls find, find_by_nsu, create, PUT update, duplicate-order, order_release-list, operation-find, and
 * the gift cards of 001 §7 (/gift_card/*).
 */
import { z } from 'zod';
import { id, listQuery, listResult } from './common.ts';

export const orderByIdBody = z.object({ id_pedido: id }).strict();

const money = z.number();
const nullableText = z.string().nullable();
const nullableId = z.number().int().nullable();

export const orderItem = z.object({
  id_pedido_item: z.number().int(),
  tipo_item: z.string(),
  id_produto_grade_filial: nullableId,
  id_endereco_estoque: nullableId,
  descricao: z.string(),
  sku: nullableText,
  codigo_barras: nullableText,
  unidade_comercial: nullableText,
  quantidade: z.number(),
  valor_unitario: money,
  valor_sub_total: money,
  valor_desconto_item: money,
  valor_desconto_subtotal: money,
  valor_desconto: money,
  valor_total: money,
  tipo_preco: z.string(),
  is_atacarejo: z.boolean(),
  id_usuario_vendedor: nullableId,
  is_cancelado: z.boolean(),
});

export const orderInstallment = z.object({ parcela: z.number().int(), valor: money, data_vencimento: z.string() });

export const orderPayment = z.object({
  id_pedido_pagamento: z.number().int(),
  id_meio_pagamento: z.number().int(),
  meio_pagamento: z.string(),
  descricao: z.string(),
  valor_total: money,
  quantidade_parcelas: z.number().int(),
  parcelamento: z.array(orderInstallment),
  id_operadora_cartao: nullableId,
  id_conta: nullableId,
  cartao_codigo_autorizacao: nullableText,
  cartao_bandeira: nullableText,
});

export const orderDetail = z.object({
  id_pedido: z.number().int(),
  id_filial: z.number().int(),
  nsu: z.number().int(),
  id_operacao: nullableText,
  operacao: z.string(),
  situacao: z.string(),
  id_cliente: nullableId,
  id_usuario: z.number().int(),
  id_usuario_vendedor: nullableId,
  id_nota_fiscal: nullableId,
  data_cadastro: z.string(),
  valor_total_bruto: money,
  valor_desconto: money,
  valor_desconto_subtotal: money,
  valor_frete: money,
  valor_seguro: money,
  valor_outros: money,
  valor_total_liquido: money,
  valor_pago: money,
  valor_troco: money,
  tipo_frete: z.number().int(),
  observacao: nullableText,
  itens: z.array(orderItem),
  pagamentos: z.array(orderPayment),
});
export type OrderDetail = z.infer<typeof orderDetail>;

// Order calls (000 §7.3) ----------------------------------------------------------------------------------------

export const ORDER_SITUACOES = ['Edicao', 'Liberado', 'EnviadoCliente', 'RetornoCliente', 'Cancelado', 'Concluida',
  'Faturado', 'AguardandoConclusao', 'NotaPendente'] as const;
export const orderSituacao = z.enum(ORDER_SITUACOES, { error: 'Situação do pedido inválida.' });
export const ORDER_OPERACOES = ['Pedido', 'Compra', 'Consignacao', 'OrdemServico', 'Orcamento'] as const;
export const orderOperacao = z.enum(ORDER_OPERACOES, { error: 'Operação do pedido inválida.' });

const decimals = (places: number) => (v: number) => Math.abs(Math.round(v * 10 ** places) - v * 10 ** places) < 1e-6;
const moneyInput = z
  .number({ error: 'Informe um valor numérico.' })
  .min(0, { error: 'O valor não pode ser negativo.' })
  .max(999_999.99, { error: 'Valor acima do permitido.' })
  .refine(decimals(2), { error: 'O valor deve ter no máximo 2 casas decimais.' });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use AAAA-MM-DD).' });
const dateOrDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/, {
  error: 'Data inválida (use AAAA-MM-DD ou data e hora ISO).',
});
const optionalText = (max: number) =>
  z.string().max(max, { error: `Texto com mais de ${max} caracteres.` }).nullable().optional();

/** The order header a user edits (000 §3.6). Absent fields keep their value on update; null clears. */
const orderHeaderInput = {
  id_cliente: id.nullable().optional(),
  id_usuario_vendedor: id.nullable().optional(),
  id_transportadora: id.nullable().optional(),
  data_entrega: dateOrDateTime.nullable().optional(),
  data_previsao_retorno: dateOrDateTime.nullable().optional(),
  data_validade: dateOrDateTime.nullable().optional(),
  operacao_consumidor_final: z.boolean().optional(),
  // 000 §9: 9 = no freight (default), 0 = emitter, 1 = recipient; 2-4 are the other NF-e modFrete values.
  tipo_frete: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(9)], {
    error: 'Tipo de frete inválido.',
  }).optional(),
  valor_frete: moneyInput.optional(),
  valor_seguro: moneyInput.optional(),
  valor_outros: moneyInput.optional(),
  observacao: optionalText(2000),
  observacao_nota: optionalText(2000),
};

/** The order answered by the order calls: find_by_id's detail plus the header fields of 000 §3.6. */
export const orderFull = orderDetail.extend({
  id_transportadora: nullableId,
  id_pedido_origem: nullableId,
  data_entrega: nullableText,
  data_previsao_retorno: nullableText,
  data_validade: nullableText,
  operacao_consumidor_final: z.boolean(),
  observacao_nota: nullableText,
  is_processando: z.boolean(),
  origem: z.string(),
});
export type OrderFull = z.infer<typeof orderFull>;

/** A row of /order/find. */
export const orderSummary = z.object({
  id_pedido: z.number().int(),
  id_filial: z.number().int(),
  nsu: z.number().int(),
  id_operacao: nullableText,
  operacao: z.string(),
  situacao: z.string(),
  id_cliente: nullableId,
  cliente_nome: nullableText,
  id_usuario_vendedor: nullableId,
  id_nota_fiscal: nullableId,
  data_cadastro: z.string(),
  valor_total_liquido: money,
});
export type OrderSummary = z.infer<typeof orderSummary>;

/**
 * POST /order/find {search, filter, take, skip, order, column}. Without dates the period is the first day of the month
 * to today, 00:00:00 to 23:59:59 in the branch's time zone; newest first (data_cadastro desc), 20 a page.
 */
export const orderFindBody = listQuery.extend({
  filter: z
    .object({
      situacao: z.union([orderSituacao, z.array(orderSituacao).min(1).max(9)]).optional(),
      operacao: orderOperacao.optional(),
      id_cliente: id.optional(),
      data_inicio: isoDate.optional(),
      data_fim: isoDate.optional(),
    })
    .strict()
    .optional()
    .default({}),
  order: z.enum(['asc', 'desc']).optional().default('desc'),
  column: z.enum(['data_cadastro', 'nsu', 'valor_total_liquido']).optional().default('data_cadastro'),
}).strict();
export const orderFindResult = listResult(orderSummary);

export const orderByNsuBody = z.object({
  nsu: id,
  // The branch's number series; the caller's active branch when absent.
  id_filial: id.optional(),
  operacao: orderOperacao.optional(),
}).strict();

export const orderCreateBody = z.object({ operacao: orderOperacao.optional().default('Pedido'), ...orderHeaderInput }).strict();
export const orderUpdateBody = z.object({ id_pedido: id, situacao: orderSituacao.optional(), ...orderHeaderInput }).strict();
export const orderReleaseListBody = z.object({
  list_orders: z.array(id, { error: 'Informe a lista de pedidos.' }).min(1, { error: 'Informe ao menos um pedido.' }).max(200),
}).strict();
export const orderReleaseListResult = z.object({
  pedidos: z.array(z.object({ id_pedido: z.number().int(), nsu: z.number().int(), situacao: z.string() })),
});
export const orderOperationFindBody = z.object({ id: z.uuid({ error: 'id deve ser um UUID.' }) }).strict();

// Gift cards (vale crédito, 001 §3, §7 "Gift cards") -------------------------------------------------------------

const giftCode = z.string().trim().toUpperCase().regex(/^[0-9A-Z]{4,30}$/, { error: 'Código do vale crédito inválido.' });

export const giftCard = z.object({
  id_vale_credito: z.number().int(),
  id_filial: z.number().int(),
  codigo: z.string(),
  id_pessoa: nullableId,
  valor: money,
  saldo: money,
  situacao: z.string(),
  motivo_cancelamento: nullableText,
  data_validade: nullableText,
  id_operacao: nullableText,
  data_cadastro: z.string(),
});
export type GiftCard = z.infer<typeof giftCard>;

export const giftCardNextCodeResult = z.object({ codigo: z.string() });
/** POST /gift_card/sell-in-checkout: issues a voucher (the code from generate-next-code, or a new one). */
export const giftCardSellBody = z.object({
  codigo: giftCode.optional(),
  valor: moneyInput.refine((v) => v > 0, { error: 'O valor do vale crédito tem que ser maior que 0.' }),
  id_pessoa: id.nullable().optional(),
  // The checkout operation selling it: a resend answers the voucher already issued.
  id_operacao: z.uuid({ error: 'id_operacao deve ser um UUID.' }).optional(),
  data_validade: isoDate.nullable().optional(),
  observacao: optionalText(500),
}).strict();
export const giftCardByCodeBody = z.object({ codigo: giftCode }).strict();
export const giftCardFindBody = listQuery.extend({
  filter: z.object({ situacao: z.enum(['Ativo', 'Cancelado']).optional(), id_pessoa: id.optional() }).strict().optional().default({}),
}).strict();
export const giftCardFindResult = listResult(giftCard);
export const giftCardListDisponiblesBody = z.object({ id_people: id }).strict();
export const giftCardListResult = z.object({ rows: z.array(giftCard) });
export const giftCardCancelBody = z.object({
  id_vale_credito: id,
  motivo_cancelamento: z.string().trim().min(1, { error: 'Informe o motivo do cancelamento.' }).max(500),
}).strict();
