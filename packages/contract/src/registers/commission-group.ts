/**
 * Commission group (002 §3 "Commission group"; §2 /commission, FncListarGrupoComissao; §9 "Commission: consider
 * returns true, financial false"): descricao, tipo ('Geral': every line of its sellers counts, at the seller's rate
 * unless an entry names it; 'Especifico': only the lines its entries name), descontar_valores (the spec's field: the
 * returns of the period are subtracted; true by default), financeiro (only what was already received counts; false by
 * default), situacao, and its children (`extra`, written by the register's hooks): sellers with their own rate
 * (`vendedores`, a seller in one group only), rates per category (`categorias`), per variation in a branch
 * (`produtos`: the product beats its category) and per service (`servicos`), goal ranges (`faixas`: valor_inicio_faixa
 * to valor_final_faixa, raising the rate when the period's total reaches one) and the payment methods whose share of a
 * sale counts (`meios_pagamento`: none listed, all count). The rule: packages/domain/src/commission.ts; the report
 * per seller and period: the commission module (/commission/find_report).
 */
import { z } from 'zod';
import { COMMISSION_TYPES } from '@pdv/domain/commission';
import type { RegisterDescriptor } from './descriptor.ts';

const id = (message: string) => z.number({ error: message }).int({ error: message }).positive({ error: message });
const percentual = z
  .number({ error: 'Percentual inválido.' })
  .min(0, { error: 'Percentual inválido.' })
  .max(100, { error: 'Percentual inválido.' })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: 'Percentual deve ter no máximo 2 casas decimais.' });
const amount = z
  .number({ error: 'Valor da faixa inválido.' })
  .min(0, { error: 'Valor da faixa inválido.' })
  .max(999_999_999.99, { error: 'Valor da faixa inválido.' })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: 'Valor da faixa inválido.' });

export const COMMISSION_TYPE_LABELS = { Geral: 'Geral (todos os itens)', Especifico: 'Específico (só os itens listados)' } as const;

export const commissionSeller = z.object({ id_usuario: id('Vendedor inválido.'), percentual }).strict();
export const commissionCategory = z.object({ id_categoria: id('Categoria inválida.'), percentual }).strict();
export const commissionProduct = z.object({ id_produto_grade_filial: id('Variação inválida.'), percentual }).strict();
export const commissionService = z.object({ id_servico: id('Serviço inválido.'), percentual }).strict();
export const commissionRange = z
  .object({ valor_inicio_faixa: amount, valor_final_faixa: amount.nullable().optional().default(null), percentual })
  .strict();

export const commissionGroup = {
  name: 'commissionGroup',
  path: '/commission_group',
  table: 'grupo_comissao',
  id: 'id_grupo_comissao',
  label: { singular: 'Grupo de comissão', plural: 'Grupos de comissão' },
  permission: 'FncListarGrupoComissao',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true, unique: true },
    tipo: { kind: 'enum', label: 'Tipo', values: COMMISSION_TYPES, options: COMMISSION_TYPE_LABELS, default: 'Geral', list: true },
    descontar_valores: { kind: 'boolean', label: 'Considerar devoluções', default: true, list: true },
    financeiro: { kind: 'boolean', label: 'Financeiro (só o que já foi recebido)', default: false, list: true },
  },
  situacao: true,
  // 002 §9: 10 a page ('commissions'); sorted by description (total_vendas desc is the report's sort).
  list: { pageSize: 10, sort: { column: 'descricao', order: 'ASC' } },
  screen: { path: '/commission', form: 'page' },
  extra: {
    vendedores: z.array(commissionSeller, { error: 'vendedores deve ser uma lista.' }).max(500).optional(),
    categorias: z.array(commissionCategory, { error: 'categorias deve ser uma lista.' }).max(2000).optional(),
    produtos: z.array(commissionProduct, { error: 'produtos deve ser uma lista.' }).max(5000).optional(),
    servicos: z.array(commissionService, { error: 'servicos deve ser uma lista.' }).max(2000).optional(),
    faixas: z.array(commissionRange, { error: 'faixas deve ser uma lista.' }).max(50).optional(),
    meios_pagamento: z.array(id('Meio de pagamento inválido.'), { error: 'meios_pagamento deve ser uma lista.' }).max(200).optional(),
  },
} as const satisfies RegisterDescriptor;
