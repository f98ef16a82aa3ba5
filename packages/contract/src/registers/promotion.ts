/**
 * Promotion (002 §3 Price and sales configuration), the discount kind: its period in days (data_inicio to data_fim,
 * both included), situacao, channels (is_gestao: the point of sale and the back office; is_ecommerce), and its
 * discounts per category (`categorias`, promocao_categoria: Percentual or Valor, retail `venda` and wholesale
 * `atacado`) or per variation in a branch (`produtos`, promocao_produto, same fields). Cashback (is_cashback, the
 * rules' cashback_* fields) accrues to an identified customer's sale: domain cashback.ts. Children written by the register's hooks. Synced to the point of sale (promotion, with
 * its discounts), which prices by it: price-check.ts linePricing (the best of overlapping promotions: bestPromotion).
 */
import { z } from 'zod';
import { promotionIssues, TIPOS_VALOR } from '@pdv/domain/price-rules';
import type { RegisterDescriptor } from './descriptor.ts';

const amount = z.number({ error: 'Valor inválido.' }).min(0, { error: 'Valor inválido.' }).max(999_999_999.99, { error: 'Valor inválido.' });
const id = (message: string) => z.number({ error: message }).int({ error: message }).positive({ error: message });
const rule = {
  tipo: z.enum(TIPOS_VALOR, { error: 'Tipo de valor inválido.' }).optional().default('Percentual'),
  venda: amount.optional().default(0),
  atacado: amount.optional().default(0),
  // The cashback the rule gives when the promotion is_cashback (002 §3; migration 048): Percentual of the line's
  // total or Valor per unit, retail (cashback_venda) and wholesale (cashback_atacado); domain cashback.ts.
  cashback_tipo: z.enum(TIPOS_VALOR, { error: 'Tipo de valor inválido.' }).optional().default('Percentual'),
  cashback_venda: amount.optional().default(0),
  cashback_atacado: amount.optional().default(0),
};

export const promotionCategory = z.object({ id_categoria: id('Categoria inválida.'), ...rule }).strict();
export const promotionProduct = z.object({ id_produto_grade_filial: id('Variação inválida.'), ...rule }).strict();
/** A discount per catalogue service (002 §3 "services"; promocao_servico, migration 071): services are sold in orders. */
export const promotionService = z.object({ id_servico: id('Serviço inválido.'), ...rule }).strict();

export const promotion = {
  name: 'promotion',
  path: '/promotion',
  table: 'promocao',
  id: 'id_promocao',
  label: { singular: 'Promoção', plural: 'Promoções', feminine: true },
  permission: 'FncListarPromocao',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true },
    data_inicio: { kind: 'date', label: 'Início', required: true, list: true },
    data_fim: { kind: 'date', label: 'Fim', required: true, list: true },
    is_gestao: { kind: 'boolean', label: 'Vale no ponto de venda e na gestão', default: true, list: true },
    is_ecommerce: { kind: 'boolean', label: 'Vale no e-commerce', default: false },
    is_desconto: { kind: 'boolean', label: 'Desconto', default: true },
    is_cashback: { kind: 'boolean', label: 'Cashback', default: false },
  },
  situacao: true,
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
  syncGroup: 'promotion',
  screen: { path: '/promotion', form: 'page' },
  check: promotionIssues,
  extra: {
    categorias: z.array(promotionCategory, { error: 'categorias deve ser uma lista.' }).max(2000).optional(),
    produtos: z.array(promotionProduct, { error: 'produtos deve ser uma lista.' }).max(5000).optional(),
    servicos: z.array(promotionService, { error: 'servicos deve ser uma lista.' }).max(2000).optional(),
  },
} as const satisfies RegisterDescriptor;
