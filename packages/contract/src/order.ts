/**
 * Orders (pedido, 000 §3.6, §7.3): POST /api/order/find_by_id {id_pedido} answers the order with its items and
 * payments. Amounts are decimals with 2 places, quantities with 3.
 * Also the order calls find, find_by_nsu, create, PUT update, duplicate-order, order_release-list, operation-find, and
 * the gift cards of 001 §7 (/gift_card/*).
 */
import { z } from 'zod';
import { id, listQuery, listResult } from './common.ts';
import { decimals } from './amounts.ts';
import { moneyInput, optionalText, percentInput, quantityInput } from './order-inputs.ts';
import { orderObject, orderService } from './order-service.ts';
import { MESSAGES } from '@pdv/domain/messages';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';

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
  // Consignment (000 §3.6): returned, sold and returned-and-invoiced quantities, and the line's consignment status.
  quantidade_retorno: z.number(),
  quantidade_venda: z.number(),
  quantidade_retorno_faturada: z.number(),
  situacao_consignacao: nullableText,
  // The price table and promotion the line was priced by (000 §3.3; null: none, or a line stored before them).
  id_tabela_preco: nullableId.optional(),
  id_promocao: nullableId.optional(),
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

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use AAAA-MM-DD).' });
const dateOrDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/, {
  error: 'Data inválida (use AAAA-MM-DD ou data e hora ISO).',
});

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
  // The order's live volumes (000 §3.7), for the order screen's Volumes tab; lazy: the schema is declared below.
  volumes: z.array(z.lazy(() => volume)).optional(),
  // Service orders (000 §3.6): the service lines and the objects left for service, with their images.
  servicos: z.array(orderService).optional(),
  objetos: z.array(orderObject).optional(),
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
  list_orders: z.array(id, { error: 'Informe a lista de pedidos.' }).min(1, { error: ORDER_MESSAGES.releaseListEmpty }).max(200),
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
/**
 * POST /gift_card/sell-in-checkout: issues a voucher (the code from generate-next-code, or a new one) without a sale:
 * a manager's credit (MANAGER_PERMISSIONS.giftCardCredit) with its reason. A voucher sold for money is a ValeCredito
 * operation (POST /api/operacao), whose payments are taken like a sale's.
 */
export const giftCardSellBody = z.object({
  codigo: giftCode.optional(),
  valor: moneyInput.refine((v) => v > 0, { error: ORDER_MESSAGES.giftCardValueNotPositive }),
  id_pessoa: id.nullable().optional(),
  // The checkout operation selling it: a resend answers the voucher already issued.
  id_operacao: z.uuid({ error: 'id_operacao deve ser um UUID.' }).optional(),
  data_validade: isoDate.nullable().optional(),
  // The reason of a balance made without a paid sale (a manager's credit): required, kept on the card.
  observacao: z.string({ error: ORDER_MESSAGES.giftCardCreditReasonRequired }).trim()
    .min(1, { error: ORDER_MESSAGES.giftCardCreditReasonRequired }).max(500),
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
  motivo_cancelamento: z.string().trim().min(1, { error: ORDER_MESSAGES.giftCardReasonRequired }).max(500),
}).strict();

// Order parts (000 §7.3): items, payments, volumes, customer credit, invoicing a list, release e-mail ----------------

const tipoPreco = z.enum(['Varejo', 'Atacado'], { error: "O tipo de preço deve ser 'Varejo' ou 'Atacado'." });

/**
 * POST /order_item/create: a product line of the order. Description, SKU, barcode and unit are copied from the
 * product; the unit price is the branch's price of the line's price type when not given. The discount is a value
 * (valor_desconto_item) or a percentage of the line (desconto_percentual).
 */
export const orderItemCreateBody = z.object({
  id_pedido: id,
  id_produto_grade_filial: id.nullable().optional(),
  id_endereco_estoque: id.nullable().optional(),
  id_cenario_fiscal: id.nullable().optional(),
  quantidade: quantityInput.optional().default(1),
  valor_unitario: moneyInput.optional(),
  valor_desconto_item: moneyInput.optional(),
  desconto_percentual: percentInput.optional(),
  tipo_preco: tipoPreco.optional(),
  id_usuario_vendedor: id.nullable().optional(),
  observacao: optionalText(500),
}).strict();

/**
 * PUT /order_item/update: the line as a whole (quantity, price, discount, address, seller, note). Without a unit
 * price the product's current price is taken again; when there is none: "Não é possível editar este produto, ...".
 */
export const orderItemUpdateBody = z.object({
  id_pedido_item: id,
  quantidade: quantityInput,
  valor_unitario: moneyInput.optional(),
  valor_desconto_item: moneyInput.optional().default(0),
  desconto_percentual: percentInput.optional(),
  id_endereco_estoque: id.nullable().optional(),
  id_cenario_fiscal: id.nullable().optional(),
  tipo_preco: tipoPreco.optional(),
  id_usuario_vendedor: id.nullable().optional(),
  observacao: optionalText(500),
}).strict();

/** PUT /order_item/patch_update: only the fields given change; is_cancelado true removes the line (a tombstone). */
export const orderItemPatchBody = z.object({
  id_pedido_item: id,
  quantidade: quantityInput.optional(),
  valor_unitario: moneyInput.optional(),
  valor_desconto_item: moneyInput.optional(),
  desconto_percentual: percentInput.optional(),
  id_endereco_estoque: id.nullable().optional(),
  id_cenario_fiscal: id.nullable().optional(),
  id_usuario_vendedor: id.nullable().optional(),
  observacao: optionalText(500),
  is_cancelado: z.boolean().optional(),
}).strict();

export const orderItemsResult = z.object({ rows: z.array(orderItem) });

/** A line of /order_item/find_to_print_labels: one label per started unit, barcode only when a valid GTIN. */
export const orderLabelRow = z.object({
  id_pedido_item: z.number().int(),
  id_produto_grade_filial: nullableId,
  descricao: z.string(),
  sku: nullableText,
  codigo_barras: nullableText,
  valor_unitario: money,
  quantidade: z.number(),
  quantidade_etiquetas: z.number().int(),
});
export const orderLabelsResult = z.object({ rows: z.array(orderLabelRow) });

/** POST /order_item/calculate_subtotal_discount: a discount on the order's subtotal, as a value or a percentage. */
export const orderSubtotalDiscountBody = z.object({
  id_pedido: id,
  valor_desconto: moneyInput.optional(),
  desconto_percentual: percentInput.optional(),
}).strict();

/** POST /order_item/update_user_seller: the seller of every line (and of the order), or of one line. */
export const orderUpdateSellerBody = z.object({
  id_pedido: id,
  id_usuario_vendedor: id.nullable(),
  id_pedido_item: id.optional(),
}).strict();

/** POST /order_payment/create. Method and value are checked with the spec's messages, so both may arrive empty. */
export const orderPaymentCreateBody = z.object({
  id_pedido: id,
  id_meio_pagamento: id.nullable().optional(),
  valor_total: moneyInput.nullable().optional(),
  quantidade_parcelas: z.number().int({ error: MESSAGES.installmentsRequired }).min(0).max(120).optional().default(1),
  parcelamento: z.array(z.object({ parcela: z.number().int().min(1).max(120), valor: moneyInput, data_vencimento: isoDate }).strict())
    .max(120).optional().default([]),
  id_operadora_cartao: id.nullable().optional(),
  id_conta: id.nullable().optional(),
  cartao_codigo_autorizacao: optionalText(60),
  cartao_bandeira: optionalText(60),
  cartao_tipo_integracao: optionalText(20),
  cartao_cnpj_instituicao: optionalText(20),
  cartao_data_hora_transacao: optionalText(40),
  cartao_descricao_transacao: optionalText(200),
  txid_pix: optionalText(60),
}).strict();
export const orderPaymentByIdBody = z.object({ id_pedido_pagamento: id }).strict();

/** A volume (package) of an order or an invoice (000 §3.7). */
export const volume = z.object({
  id_volume: z.number().int(),
  id_pedido: nullableId,
  id_nota_fiscal: nullableId,
  quantidade: z.number().int(),
  especie: nullableText,
  marca: nullableText,
  numeracao: nullableText,
  peso_liquido: z.number(),
  peso_bruto: z.number(),
});
const weight = z.number({ error: 'Informe um peso numérico.' }).min(0, { error: 'O peso não pode ser negativo.' })
  .max(999_999_999, { error: 'Peso acima do permitido.' }).refine(decimals(3), { error: 'O peso deve ter no máximo 3 casas decimais.' });
const volumeFields = {
  quantidade: z.number({ error: ORDER_MESSAGES.volumeQuantityMissing }).int({ error: 'A quantidade de volumes deve ser inteira.' }).min(0)
    .max(999_999).nullable().optional(),
  especie: optionalText(60),
  marca: optionalText(60),
  numeracao: optionalText(60),
  peso_liquido: weight.nullable().optional(),
  peso_bruto: weight.nullable().optional(),
};
/** POST /volume/create: of a saved order (id_pedido) or invoice (id_nota_fiscal). */
export const volumeCreateBody = z.object({ id_pedido: id.nullable().optional(), id_nota_fiscal: id.nullable().optional(), ...volumeFields }).strict();
export const volumeUpdateBody = z.object({ id_volume: id, ...volumeFields }).strict();
export const volumeByIdBody = z.object({ id_volume: id }).strict();

/**
 * POST /people_account_history/create {tipo, valor, operacao, observacao, id_nota_fiscal, id_pessoa} (001 §7):
 * a movement of the customer's store credit. Entrada (default) is a credit generated by a return invoice; Saida
 * spends credit and never takes the balance below zero.
 */
export const peopleAccountHistoryBody = z.object({
  tipo: z.string().trim().min(1).max(40).optional().default('Devolucao'),
  valor: moneyInput.nullable().optional(),
  operacao: z.enum(['Entrada', 'Saida'], { error: "A operação deve ser 'Entrada' ou 'Saida'." }).optional().default('Entrada'),
  observacao: optionalText(500),
  id_nota_fiscal: id.nullable().optional(),
  id_pessoa: id.nullable().optional(),
  // The sale spending the credit: a resend does not spend it twice.
  id_operacao: z.uuid({ error: 'id_operacao deve ser um UUID.' }).optional(),
  // A manager's credit (an Entrada without a return invoice): the supervisor's grant of FncAutorizarCreditoGerencial.
  id_autorizacao: id.optional(),
}).strict();
/**
 * POST /invoice/invoice_return (000 §7.4; the credit modal of 001 §4 after a sales-return invoice): the store credit of
 * a return invoice; the person defaults to the invoice's customer. 'Valor não informado.', 'Nota Fiscal não informado.',
 * 'Pessoa não localizada.' (001 §5 "Credit on return").
 */
export const invoiceReturnCreditBody = z.object({
  id_nota_fiscal: id.nullable().optional(),
  valor: moneyInput.nullable().optional(),
  id_pessoa: id.nullable().optional(),
  observacao: optionalText(500),
}).strict();
export const peopleAccountHistory = z.object({
  id_pessoa_conta_historico: z.number().int(),
  id_pessoa: z.number().int(),
  tipo: z.string(),
  operacao: z.string(),
  valor: money,
  saldo_anterior: money,
  saldo_posterior: money,
  id_nota_fiscal: nullableId,
  observacao: nullableText,
  data_cadastro: z.string(),
  /** The customer's balance now. */
  saldo: money,
  message: z.string(),
});

/** POST /order/order-invoice-list {list_orders}: one invoice draft per order, all or none. */
export const orderInvoiceListBody = orderReleaseListBody.extend({
  modelo: z.enum(['55', '65'], { error: "O modelo deve ser '55' ou '65'." }).optional(),
}).strict();
export const orderInvoiceListResult = z.object({
  notas: z.array(z.object({ id_pedido: z.number().int(), nsu: z.number().int(), id_nota_fiscal: z.number().int() })),
});

/** POST /order/send-release-mail: the order's summary to the customer's e-mail (or the one given). */
export const orderSendMailBody = z.object({
  id_pedido: id,
  email: z.email({ error: 'E-mail inválido.' }).max(200).optional(),
}).strict();
export const orderSendMailResult = z.object({ message: z.string(), email: z.string() });

// Consignment (000 §4.5, §7.3) ------------------------------------------------------------------------------------

/** POST /order/consignment_invoice_return: what the customer gave back, per line (absent lines: nothing returned). */
export const consignmentReturnBody = z.object({
  id_pedido: id,
  itens: z.array(z.object({ id_pedido_item: id, quantidade_retorno: quantityInput.or(z.literal(0)) }).strict())
    .min(1, { error: 'Informe ao menos um item devolvido.' }).max(990),
}).strict();
/** POST /order/consignment_invoice_sell: invoices (a draft) what the customer kept. */
export const consignmentSellBody = z.object({
  id_pedido: id,
  modelo: z.enum(['55', '65'], { error: "O modelo deve ser '55' ou '65'." }).optional(),
  /**
   * How the customer pays for what was kept: the invoice's payments (they must add up to its total; a single payment
   * without a value pays the whole), each instalment method's installments becoming receivables. Without it the draft
   * has no payment and gets one at /invoice.
   */
  pagamentos: z.array(z.object({
    id_meio_pagamento: id,
    valor_total: moneyInput.optional(),
    quantidade_parcelas: z.number().int().min(1).max(120).optional().default(1),
  }).strict()).min(1).max(20).optional(),
}).strict();
export const consignmentSellResult = z.object({
  sell: z.boolean(),
  id_pedido: z.number().int(),
  nsu: z.number().int(),
  id_nota_fiscal: z.number().int(),
});
