/**
 * Service (servico, 011: the catalogue service orders price their lines from; 002 §2 service list, §9 page 20 sorted
 * id_servico asc). Its prices (servico_preco) travel as the `precos` body member: one per price table (id_tabela_preco)
 * and its own ones (null table), of which at most one is the default. Given, the list replaces the stored one.
 */
import { z } from 'zod';
import { amountOf } from '../amounts.ts';
import { id } from '../common.ts';
import type { RegisterDescriptor } from './descriptor.ts';

export const servicePrice = z.object({
  id_tabela_preco: id.nullable().optional(),
  valor: amountOf({
    numeric: 'Preço do serviço inválido.',
    negative: 'Preço do serviço não pode ser negativo.',
    tooLarge: 'Preço do serviço acima do permitido.',
    places: 'Preço do serviço deve ter no máximo 2 casas decimais.',
  }).refine((v) => v > 0, { error: 'Preço do serviço deve ser maior que zero.' }),
  is_padrao: z.boolean().optional(),
}).strict();
export type ServicePrice = z.infer<typeof servicePrice>;

export const service = {
  name: 'service',
  path: '/service',
  table: 'servico',
  id: 'id_servico',
  label: { singular: 'Serviço', plural: 'Serviços' },
  permission: 'FncListarServico',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 200, list: true, search: true },
    codigo: { kind: 'text', label: 'Código', max: 60, list: true, search: true, unique: true },
  },
  situacao: true,
  list: { pageSize: 20, sort: { column: 'id_servico', order: 'ASC' } },
  screen: { path: '/services', form: 'panel' },
  extra: { precos: z.array(servicePrice).max(100, { error: 'Um serviço pode ter no máximo 100 preços.' }).optional() },
} as const satisfies RegisterDescriptor;
