/**
 * The order screen's forms as plain data, and their checks with the spec's texts (000 §5): the header (client
 * required unless cancelling, freight type 9 by default), the order item modal, a payment and a volume. What only the
 * server knows (stock, the seller's and address's owner, the balance) it checks and answers with its own message.
 */
import type { z } from 'zod';
import type {
  OrderFull,
  orderCreateBody,
  orderItemCreateBody,
  orderItemUpdateBody,
  orderPaymentCreateBody,
  volumeCreateBody,
} from '@pdv/contract/order';
import { MESSAGES } from '@pdv/domain/messages';
import {
  fromDecimal,
  multiplyByQuantity,
  parseMoneyBR,
  parseQuantityBR,
  quantityToDecimal,
  toDecimal,
  type Cents,
  type Milli,
} from '@pdv/domain/money';
import { orderItemErrors, volumeErrors } from '@pdv/domain/order-item-rules';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import type { OrderOperation } from '@pdv/domain/order-rules';
import { isOrderOperation } from './situacao.ts';

/** 000 §9: 9 = no freight (default), 0 = emitter, 1 = recipient; 2-4 the other NF-e modFrete values. */
export type TipoFrete = 0 | 1 | 2 | 3 | 4 | 9;
export const TIPOS_FRETE: ReadonlyArray<{ value: TipoFrete; label: string }> = [
  { value: 9, label: '9 - Sem frete' },
  { value: 0, label: '0 - Por conta do emitente' },
  { value: 1, label: '1 - Por conta do destinatário' },
  { value: 2, label: '2 - Por conta de terceiros' },
  { value: 3, label: '3 - Próprio, por conta do remetente' },
  { value: 4, label: '4 - Próprio, por conta do destinatário' },
];
export const DEFAULT_TIPO_FRETE: TipoFrete = 9;
const isTipoFrete = (v: number): v is TipoFrete => TIPOS_FRETE.some((t) => t.value === v);

export interface HeaderForm {
  operacao: OrderOperation;
  id_cliente: number | null;
  /** The client as shown (name and document), from the local copy. */
  cliente_label: string | null;
  id_usuario_vendedor: number | null;
  id_transportadora: number | null;
  transportadora_label: string | null;
  /** AAAA-MM-DD or ''. */
  data_entrega: string;
  data_validade: string;
  data_previsao_retorno: string;
  tipo_frete: TipoFrete;
  valor_frete: Cents;
  valor_seguro: Cents;
  valor_outros: Cents;
  observacao: string;
  observacao_nota: string;
}

export function emptyHeader(operacao: OrderOperation = 'Pedido'): HeaderForm {
  return {
    operacao,
    id_cliente: null,
    cliente_label: null,
    id_usuario_vendedor: null,
    id_transportadora: null,
    transportadora_label: null,
    data_entrega: '',
    data_validade: '',
    data_previsao_retorno: '',
    tipo_frete: DEFAULT_TIPO_FRETE,
    valor_frete: 0,
    valor_seguro: 0,
    valor_outros: 0,
    observacao: '',
    observacao_nota: '',
  };
}

/** AAAA-MM-DD of a date the server answered (a date or an ISO date-time), '' when none. */
export function dateOnly(value: string | null | undefined): string {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';
}

export function headerFromOrder(
  order: OrderFull,
  labels: { cliente?: string | null; transportadora?: string | null } = {},
): HeaderForm {
  return {
    operacao: isOrderOperation(order.operacao) ? order.operacao : 'Pedido',
    id_cliente: order.id_cliente,
    cliente_label: labels.cliente ?? null,
    id_usuario_vendedor: order.id_usuario_vendedor,
    id_transportadora: order.id_transportadora,
    transportadora_label: labels.transportadora ?? null,
    data_entrega: dateOnly(order.data_entrega),
    data_validade: dateOnly(order.data_validade),
    data_previsao_retorno: dateOnly(order.data_previsao_retorno),
    tipo_frete: isTipoFrete(order.tipo_frete) ? order.tipo_frete : DEFAULT_TIPO_FRETE,
    valor_frete: fromDecimal(order.valor_frete),
    valor_seguro: fromDecimal(order.valor_seguro),
    valor_outros: fromDecimal(order.valor_outros),
    observacao: order.observacao ?? '',
    observacao_nota: order.observacao_nota ?? '',
  };
}

export type HeaderBody = Omit<z.input<typeof orderCreateBody>, 'operacao'>;

/** The header fields of /order/create and PUT /order/update (empty texts and dates are sent as null). */
export function headerBody(form: HeaderForm): HeaderBody {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    id_cliente: form.id_cliente,
    id_usuario_vendedor: form.id_usuario_vendedor,
    id_transportadora: form.id_transportadora,
    data_entrega: text(form.data_entrega),
    data_validade: text(form.data_validade),
    data_previsao_retorno: text(form.data_previsao_retorno),
    tipo_frete: form.tipo_frete,
    valor_frete: toDecimal(form.valor_frete),
    valor_seguro: toDecimal(form.valor_seguro),
    valor_outros: toDecimal(form.valor_outros),
    observacao: text(form.observacao),
    observacao_nota: text(form.observacao_nota),
  };
}

/** 000 §5 "Saving the order": the client is required (the order is not being cancelled here). */
export function headerErrors(form: HeaderForm): string[] {
  return form.id_cliente === null ? [ORDER_MESSAGES.customerMissing] : [];
}

// The order item modal (000 §5) ------------------------------------------------------------------------------------

/** A line of the order as the server answers it. */
export type OrderLine = OrderFull['itens'][number];

export interface ItemForm {
  id_produto_grade_filial: number | null;
  descricao: string;
  /** As typed, pt-BR ('1', '2,5'). */
  quantidade: string;
  valor_unitario: string;
  valor_desconto: string;
  id_endereco_estoque: number | null;
  id_cenario_fiscal: number | null;
  id_usuario_vendedor: number | null;
}

export const QUANTITY_INVALID = MESSAGES.quantityNotPositive;
export const DISCOUNT_INVALID = MESSAGES.discountNegative;

export interface ParsedItem {
  quantidade: Milli;
  valor_unitario: Cents;
  valor_desconto: Cents;
}

export function parseItem(form: ItemForm): ParsedItem {
  return {
    quantidade: parseQuantityBR(form.quantidade) ?? 0,
    valor_unitario: parseMoneyBR(form.valor_unitario) ?? 0,
    valor_desconto: form.valor_desconto.trim() === '' ? 0 : (parseMoneyBR(form.valor_desconto) ?? -1),
  };
}

/** The line's net total: unit × quantity − discount (centavos). */
export function itemTotal(item: ParsedItem): Cents {
  return multiplyByQuantity(item.valor_unitario, item.quantidade) - item.valor_desconto;
}

/**
 * The modal's checks, in the spec's order (client of the order, product, value above zero for the price and the
 * price after discount, stock address), then quantity and discount. Every error found; empty when valid.
 */
export function itemErrors(form: ItemForm, id_cliente: number | null): string[] {
  const parsed = parseItem(form);
  const errors = orderItemErrors({
    id_cliente,
    tipo_item: 'Produto',
    id_produto_grade_filial: form.id_produto_grade_filial,
    id_endereco_estoque: form.id_endereco_estoque,
    valor_unitario: parsed.valor_unitario,
    valor_total: itemTotal({ ...parsed, valor_desconto: Math.max(0, parsed.valor_desconto) }),
  });
  if (parsed.quantidade <= 0) errors.push(QUANTITY_INVALID);
  if (parsed.valor_desconto < 0) errors.push(DISCOUNT_INVALID);
  return errors;
}

export function itemCreateBody(form: ItemForm, id_pedido: number): z.input<typeof orderItemCreateBody> {
  const parsed = parseItem(form);
  return {
    id_pedido,
    id_produto_grade_filial: form.id_produto_grade_filial,
    id_endereco_estoque: form.id_endereco_estoque,
    id_cenario_fiscal: form.id_cenario_fiscal,
    quantidade: quantityToDecimal(parsed.quantidade),
    valor_unitario: toDecimal(parsed.valor_unitario),
    valor_desconto_item: toDecimal(parsed.valor_desconto),
    id_usuario_vendedor: form.id_usuario_vendedor,
  };
}

export function itemUpdateBody(form: ItemForm, id_pedido_item: number): z.input<typeof orderItemUpdateBody> {
  const { id_pedido: _order, id_produto_grade_filial: _product, id_cenario_fiscal, ...rest } = itemCreateBody(form, 0);
  // No scenario chosen keeps the line's own (null would clear it).
  return {
    ...rest,
    id_pedido_item,
    quantidade: rest.quantidade ?? 1,
    ...(id_cenario_fiscal === null ? {} : { id_cenario_fiscal }),
  };
}

// Payments (000 §5 "Payment") ----------------------------------------------------------------------------------

export interface PaymentForm {
  id_meio_pagamento: number | null;
  valor_total: string;
  quantidade_parcelas: number;
  id_operadora_cartao: number | null;
  id_conta: number | null;
}

/** The checks the screen can make alone: the method, then a value above 0 (the rest is the server's, same texts). */
export function paymentErrors(form: PaymentForm): string[] {
  if (form.id_meio_pagamento === null) return [MESSAGES.paymentMethodRequired];
  const valor = parseMoneyBR(form.valor_total);
  return valor === null || valor <= 0 ? [MESSAGES.paymentValueRequired] : [];
}

export function paymentBody(form: PaymentForm, id_pedido: number): z.input<typeof orderPaymentCreateBody> {
  return {
    id_pedido,
    id_meio_pagamento: form.id_meio_pagamento,
    valor_total: toDecimal(parseMoneyBR(form.valor_total) ?? 0),
    quantidade_parcelas: form.quantidade_parcelas,
    id_operadora_cartao: form.id_operadora_cartao,
    id_conta: form.id_conta,
  };
}

// Volumes (000 §3.7, §5 "Volume") ------------------------------------------------------------------------------

export interface VolumeForm {
  quantidade: string;
  especie: string;
  marca: string;
  numeracao: string;
  peso_liquido: string;
  peso_bruto: string;
}

export const EMPTY_VOLUME: VolumeForm = {
  quantidade: '1',
  especie: '',
  marca: '',
  numeracao: '',
  peso_liquido: '',
  peso_bruto: '',
};

function parseVolume(form: VolumeForm) {
  const weight = (v: string) => (v.trim() === '' ? null : parseQuantityBR(v));
  return {
    quantidade: /^\d+$/.test(form.quantidade.trim()) ? Number(form.quantidade.trim()) : null,
    peso_liquido: weight(form.peso_liquido),
    peso_bruto: weight(form.peso_bruto),
  };
}

/** Quantity, net and gross weight required, and the order saved first: the spec's texts, in its order. */
export function volumeFormErrors(form: VolumeForm, orderSaved: boolean): string[] {
  return volumeErrors({ ...parseVolume(form), parentSaved: orderSaved });
}

export function volumeBody(form: VolumeForm): Omit<z.input<typeof volumeCreateBody>, 'id_pedido' | 'id_nota_fiscal'> {
  const parsed = parseVolume(form);
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    quantidade: parsed.quantidade,
    especie: text(form.especie),
    marca: text(form.marca),
    numeracao: text(form.numeracao),
    peso_liquido: parsed.peso_liquido === null ? null : quantityToDecimal(parsed.peso_liquido),
    peso_bruto: parsed.peso_bruto === null ? null : quantityToDecimal(parsed.peso_bruto),
  };
}
