/**
 * Payment method (002 §3 Financial configuration; its options are those the point of sale applies, 000 §3.4): the
 * NF-e payment code, installments, account, card operator, capture, adjustment, boleto after the invoice, the
 * shortcut key (one per organization among live methods) and the branches it is offered in (`filiais`, written by
 * the register's hooks to meio_pagamento_filial; none: every branch). Synced to the point of sale (method_payment).
 */
import { z } from 'zod';
import { MEIO_PAGAMENTO } from '@pdv/domain/payment-method';
import type { RegisterDescriptor } from './descriptor.ts';
import { ADJUSTMENT_LABELS, PAYMENT_FORM_LABELS } from './labels.ts';

export const paymentMethod = {
  name: 'paymentMethod',
  path: '/payment_method',
  table: 'meio_pagamento',
  id: 'id_meio_pagamento',
  label: { singular: 'Meio de pagamento', plural: 'Meios de pagamento' },
  permission: 'FncListarMeioPagamento',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true },
    meio_pagamento: { kind: 'enum', label: 'Forma de pagamento (código NF-e)', required: true, values: Object.values(MEIO_PAGAMENTO), options: PAYMENT_FORM_LABELS, list: true, filter: true },
    tecla_atalho: { kind: 'text', label: 'Tecla de atalho', max: 20, list: true, unique: true },
    utilizar_parcela: { kind: 'boolean', label: 'Utilizar parcelamento', default: false, group: 'Parcelamento e conta' },
    obrigar_parcelamento: { kind: 'boolean', label: 'Obrigar parcelamento', default: false, group: 'Parcelamento e conta' },
    id_parcelamento: { kind: 'ref', label: 'Parcelamento', ref: 'installment', group: 'Parcelamento e conta' },
    obrigar_conta: { kind: 'boolean', label: 'Obrigar conta bancária', default: false, group: 'Parcelamento e conta' },
    id_conta: { kind: 'ref', label: 'Conta bancária', ref: 'bankAccount', group: 'Parcelamento e conta' },
    id_operadora_cartao: { kind: 'ref', label: 'Operadora de cartão', ref: 'cardOperator', group: 'Cartão e boleto' },
    utilizar_captura: { kind: 'boolean', label: 'Utilizar captura (TEF/POS)', default: false, group: 'Cartão e boleto' },
    modelo_captura: { kind: 'text', label: 'Modelo de captura', max: 60, group: 'Cartão e boleto' },
    emitir_boleto_apos_nota: { kind: 'boolean', label: 'Emitir boleto após a nota', default: false, group: 'Cartão e boleto' },
    tipo_ajuste: { kind: 'enum', label: 'Tipo de ajuste', values: ['Desconto', 'Acrescimo'], options: ADJUSTMENT_LABELS, group: 'Ajuste' },
    tipo_valor_ajuste: { kind: 'enum', label: 'Ajuste em', values: ['Percentual', 'Valor'], group: 'Ajuste' },
    valor_ajuste: { kind: 'quantity', label: 'Valor do ajuste (% ou R$)', decimals: 2, maxValue: 999_999_999.99, default: 0, group: 'Ajuste' },
  },
  situacao: true,
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
  syncGroup: 'method_payment',
  screen: { path: '/paymentMethod', form: 'page' },
  groups: ['Geral', 'Parcelamento e conta', 'Cartão e boleto', 'Ajuste'],
  extra: {
    // The branches offering the method (none: all of them).
    filiais: z.array(z.number({ error: 'Filial inválida.' }).int().positive(), { error: 'filiais deve ser uma lista de filiais.' }).max(500).optional(),
  },
} as const satisfies RegisterDescriptor;
