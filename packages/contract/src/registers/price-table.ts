/**
 * Price table (002 §3 Price and sales configuration): how it changes the branch prices of a variation (tipo_aplicado
 * Desconto or Acrescimo, tipo_valor Percentual or Valor, one value for retail and one for wholesale), its rules per
 * category or per variation in a branch (`itens`, tabela_preco_item: each with its own kind and values, winning over
 * the table's), and the branches it is offered in (`filiais`, tabela_preco_filial). A service's price per table is the
 * service register's (servico_preco). Children written by the register's hooks. Synced to the point of sale
 * (table-price, with its rules and branches), which prices by it: price-check.ts linePricing.
 */
import { z } from 'zod';
import { priceTableIssues, TIPOS_APLICADO, TIPOS_VALOR } from '@pdv/domain/price-rules';
import type { RegisterDescriptor } from './descriptor.ts';
import { ADJUSTMENT_LABELS } from './labels.ts';

const amount = z.number({ error: 'Valor inválido.' }).min(0, { error: 'Valor inválido.' }).max(999_999_999.99, { error: 'Valor inválido.' });
const optionalId = z.number({ error: 'Registro inválido.' }).int().positive().nullish();

export const VALUE_TYPE_LABELS = { Percentual: 'Percentual (%)', Valor: 'Valor (R$)' } as const;

export const priceTableEntry = z
  .object({
    id_categoria: optionalId,
    id_produto_grade_filial: optionalId,
    tipo_aplicado: z.enum(TIPOS_APLICADO, { error: 'Tipo aplicado inválido.' }).optional().default('Desconto'),
    tipo_valor: z.enum(TIPOS_VALOR, { error: 'Tipo de valor inválido.' }).optional().default('Percentual'),
    valor_varejo: amount.optional().default(0),
    valor_atacado: amount.optional().default(0),
  })
  .strict();

export const tablePrice = {
  name: 'tablePrice',
  path: '/table_price',
  table: 'tabela_preco',
  id: 'id_tabela_preco',
  label: { singular: 'Tabela de preço', plural: 'Tabelas de preço', feminine: true },
  permission: 'FncListarTabelaPreco',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true },
    tipo_aplicado: { kind: 'enum', label: 'Tipo aplicado', values: TIPOS_APLICADO, options: ADJUSTMENT_LABELS, default: 'Desconto', list: true },
    tipo_valor: { kind: 'enum', label: 'Tipo de valor', values: TIPOS_VALOR, options: VALUE_TYPE_LABELS, default: 'Percentual', list: true },
    valor_varejo: { kind: 'quantity', label: 'Valor no varejo (% ou R$)', decimals: 2, maxValue: 999_999_999.99, default: 0, list: true },
    valor_atacado: { kind: 'quantity', label: 'Valor no atacado (% ou R$)', decimals: 2, maxValue: 999_999_999.99, default: 0, list: true },
  },
  situacao: true,
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
  syncGroup: 'table-price',
  screen: { path: '/table-price', form: 'page' },
  check: priceTableIssues,
  extra: {
    // The branches offering the table (it prices nowhere else).
    filiais: z.array(z.number({ error: 'Filial inválida.' }).int().positive(), { error: 'filiais deve ser uma lista de filiais.' }).max(500).optional(),
    // Its rules per category or per variation in a branch.
    itens: z.array(priceTableEntry, { error: 'itens deve ser uma lista de regras.' }).max(5000).optional(),
  },
} as const satisfies RegisterDescriptor;
