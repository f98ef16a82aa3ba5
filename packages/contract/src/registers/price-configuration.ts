/**
 * Price configuration (002 §3 Price and sales configuration: id_configuracao_preco, descricao, situacao, markup rules
 * (descricao, tipo, valor, preco_base, preco_alvo); 002 §2 "Price configuration with markup rules"; 002 §9: 25 a
 * page). Its rules (`regras`, configuracao_preco_regra, in order) say how a readjust by markup computes a variation's
 * sale or wholesale price from a base price (cost, average cost, purchase, sale or wholesale): the rule in
 * @pdv/domain price-readjust.ts. valor is a percentage for Markup and Margem and an amount in R$ for Valor, 2 decimals.
 * Not synced: the point of sale receives the prices a readjust writes, not the rules.
 */
import { z } from 'zod';
import { BASE_PRICES, MARKUP_TYPES, markupRuleIssues, PRICE_READJUST_MESSAGES as M, TARGET_PRICES } from '@pdv/domain/price-readjust';
import { scaleDecimal } from '@pdv/domain/money';
import type { RegisterDescriptor } from './descriptor.ts';

const twoDecimals = (v: number) => Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** A markup rule as the body carries it (valor with 2 decimals: a percentage or R$). */
export const markupRule = z
  .object({
    descricao: z.string({ error: M.ruleDescription }).trim().min(1, { error: M.ruleDescription }).max(100, { error: 'Descrição com mais de 100 caracteres.' }),
    tipo: z.enum(MARKUP_TYPES, { error: M.ruleType }),
    valor: z.number({ error: 'Valor inválido.' }).min(-999_999.99, { error: 'Valor inválido.' }).max(999_999.99, { error: 'Valor inválido.' })
      .refine(twoDecimals, { error: 'Valor inválido.' }),
    preco_base: z.enum(BASE_PRICES, { error: M.ruleBase }),
    preco_alvo: z.enum(TARGET_PRICES, { error: M.ruleTarget }),
  })
  .strict()
  .superRefine((rule, ctx) => {
    for (const issue of markupRuleIssues({ ...rule, valor: scaleDecimal(rule.valor, 2) })) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.field] });
    }
  });
export type MarkupRuleBody = z.output<typeof markupRule>;

export const priceConfiguration = {
  name: 'priceConfiguration',
  path: '/price-configuration',
  table: 'configuracao_preco',
  id: 'id_configuracao_preco',
  label: { singular: 'Configuração de preço', plural: 'Configurações de preço', feminine: true },
  permission: 'FncListarTabelaPreco',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true, unique: true },
  },
  situacao: true,
  list: { pageSize: 25, sort: { column: 'descricao', order: 'ASC' } },
  screen: { path: '/price-configuration', form: 'page' },
  extra: {
    regras: z.array(markupRule, { error: 'regras deve ser uma lista de regras.' }).max(20, { error: 'No máximo 20 regras.' }).optional(),
  },
} as const satisfies RegisterDescriptor;
