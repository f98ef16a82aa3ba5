/**
 * Orders (pedido, 000 §3.6, §7.3): POST /api/order/find_by_id {id_pedido} answers the order with its items and
 * payments. Amounts are decimals with 2 places, quantities with 3.
 */
import { z } from 'zod';
import { id } from './common.ts';

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
