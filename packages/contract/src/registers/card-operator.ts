/**
 * Card operator (002 §3 Financial configuration): the acquirer a card payment goes through, its rate (and the rate
 * per number of installments, `taxas_parcela`, a JSON column the hooks write), credit days, due day, fixed day of the
 * installments, how the credit fee is calculated, the account it pays into and the acquirer as a person (its CNPJ
 * goes to the invoice's card group). Synced to the point of sale (card_operator).
 */
import { z } from 'zod';
import { decimals } from '../amounts.ts';
import type { RegisterDescriptor } from './descriptor.ts';
import { CARD_OPERATION_LABELS } from './labels.ts';

export const cardOperator = {
  name: 'cardOperator',
  path: '/card_operator',
  table: 'operadora_cartao',
  id: 'id_operadora_cartao',
  label: { singular: 'Operadora de cartão', plural: 'Operadoras de cartão', feminine: true },
  permission: 'ViewOperadoraCartao',
  scope: 'organization',
  fields: {
    nome: { kind: 'text', label: 'Nome', required: true, max: 100, list: true, search: true },
    rede: { kind: 'text', label: 'Rede', max: 60, list: true, search: true },
    operacao: { kind: 'enum', label: 'Operação', values: ['Credito', 'Debito', 'Ambos'], options: CARD_OPERATION_LABELS, default: 'Ambos', list: true, filter: true },
    taxa: { kind: 'percent', label: 'Taxa (%)', default: 0, list: true },
    dias_credito: { kind: 'integer', label: 'Dias para crédito', min: 0, maxValue: 365, default: 30, list: true },
    dia_vencimento: { kind: 'integer', label: 'Dia de vencimento', min: 1, maxValue: 31 },
    dia_fixo_parcela: { kind: 'integer', label: 'Dia fixo das parcelas', min: 1, maxValue: 31 },
    tipo_calculo_taxa_cartao_credito: { kind: 'enum', label: 'Cálculo da taxa no crédito', values: ['Total', 'Parcela'] },
    id_conta: { kind: 'ref', label: 'Conta bancária', ref: 'bankAccount' },
  },
  situacao: true,
  list: { pageSize: 20, sort: { column: 'nome', order: 'ASC' } },
  syncGroup: 'card_operator',
  screen: { path: '/cardOperators', form: 'page' },
  extra: {
    // The acquirer as a person (people are not a register yet: checked and written by the register's hooks).
    id_pessoa: z.number({ error: 'Pessoa inválida.' }).int({ error: 'Pessoa inválida.' }).positive({ error: 'Pessoa inválida.' }).nullable().optional(),
    // The rate by number of installments (a rate for 1x is the operator's `taxa` when absent).
    taxas_parcela: z
      .array(
        z.object({
          parcela: z.number({ error: 'Parcela inválida.' }).int({ error: 'Parcela inválida.' }).min(1, { error: 'Parcela inválida.' }).max(99, { error: 'Parcela inválida.' }),
          taxa: z.number({ error: 'Taxa inválida.' }).min(0, { error: 'Taxa inválida.' }).max(100, { error: 'Taxa inválida.' })
            .refine(decimals(2), { error: 'A taxa deve ter no máximo 2 casas decimais.' }),
        }).strict(),
        { error: 'taxas_parcela deve ser uma lista de parcelas e taxas.' },
      )
      .max(99)
      .optional(),
  },
} as const satisfies RegisterDescriptor;
