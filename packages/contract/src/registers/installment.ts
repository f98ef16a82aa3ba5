/**
 * Installment plan (002 §3 Financial configuration, §4): the installments (`parcelas`: number, days after the sale and
 * surcharge; a removed one is kept with is_excluido), the minimum values, the calculation type, and the branches
 * offering it (`filiais`, one of them at most flagged as the plan's default; a branch has one default plan). Children
 * written by the register's hooks. Synced to the point of sale (installment).
 */
import { z } from 'zod';
import { decimals } from '../amounts.ts';
import type { RegisterDescriptor } from './descriptor.ts';

const int = (label: string, min: number, max: number) =>
  z.number({ error: `${label} inválido.` }).int({ error: `${label} inválido.` }).min(min, { error: `${label} inválido.` }).max(max, { error: `${label} inválido.` });

export const installment = {
  name: 'installment',
  path: '/installment',
  table: 'parcelamento',
  id: 'id_parcelamento',
  label: { singular: 'Parcelamento', plural: 'Parcelamentos' },
  permission: 'FncParcelamento',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true },
    tipo_calculo: { kind: 'enum', label: 'Tipo de cálculo', values: ['Simples', 'Composto'], default: 'Simples', list: true },
    prazo_tolerancia_inicio: { kind: 'integer', label: 'Tolerância para o início (dias)', min: 0, maxValue: 365, default: 0 },
    valor_minimo_parcelamento: { kind: 'money', label: 'Valor mínimo para parcelar', default: 0, list: true },
    valor_minimo_juros: { kind: 'money', label: 'Valor mínimo para juros', default: 0 },
  },
  situacao: true,
  list: { pageSize: 10, sort: { column: 'descricao', order: 'ASC' } },
  syncGroup: 'installment',
  screen: { path: '/installment', form: 'page' },
  extra: {
    parcelas: z
      .array(
        z.object({
          parcela: int('Número da parcela', 1, 99),
          dias_parcela: int('Dias da parcela', 0, 3650),
          percentual_acrescimo: z.number({ error: 'Acréscimo inválido.' }).min(0, { error: 'Acréscimo inválido.' }).max(999, { error: 'Acréscimo inválido.' })
            .refine(decimals(4), { error: 'O acréscimo deve ter no máximo 4 casas decimais.' }),
        }).strict(),
        { error: 'parcelas deve ser uma lista de parcelas.' },
      )
      .max(99)
      .optional(),
    filiais: z
      .array(z.object({ id_filial: z.number({ error: 'Filial inválida.' }).int().positive(), is_padrao: z.boolean().optional().default(false) }).strict(), {
        error: 'filiais deve ser uma lista de filiais.',
      })
      .max(500)
      .optional(),
  },
} as const satisfies RegisterDescriptor;
