/**
 * Price readjust (002 §2 "price simulation/readjust (by percent or markup ...); price history"; issue 30): the
 * prices of a filtered set of products, in one or more branches, readjusted by a percentage or by a price
 * configuration's markup rules (registers/price-configuration.ts; the rule in @pdv/domain price-readjust.ts).
 *
 * - POST /price-readjust/simulate: every variation in the branches whose price would change, with its current and
 *   new prices, and the simulation's fingerprint (assinatura). Writes nothing.
 * - POST /price-readjust/apply: the same body plus the assinatura seen; the server computes the readjust again (it
 *   never takes prices from the client) and refuses when the result is not the one previewed (a price changed in
 *   between), else writes every new price in one transaction; the price history records each with the user.
 *
 * Filters combine by kind (a product must match every kind given) and within a kind by any (one of the brands); a
 * category includes its subcategories. At least one filter is required. `filiais` default to the active branch.
 */
import { z } from 'zod';
import { PERCENT_TARGETS, PRICE_READJUST_MESSAGES as M, READJUST_MODES } from '@pdv/domain/price-readjust';
import { decimals } from './amounts.ts';
import { id } from './common.ts';

const ids = (max: number) =>
  z
    .array(id, { error: 'Informe uma lista de identificadores.' })
    .max(max, { error: `No máximo ${max} itens por filtro.` });

export const readjustFilters = z
  .object({
    id_categoria: ids(200).optional().default([]),
    id_marca: ids(200).optional().default([]),
    id_produto: ids(1000).optional().default([]),
  })
  .strict()
  .refine((f) => f.id_categoria.length + f.id_marca.length + f.id_produto.length > 0, { error: M.filterRequired });

const readjustFields = {
  modo: z.enum(READJUST_MODES, { error: M.modeInvalid }),
  /** Percentual: the percentage (5 = +5%, −10 = −10%), 2 decimals. */
  percentual: z
    .number({ error: M.percentRange })
    .min(-99.99, { error: M.percentRange })
    .max(1000, { error: M.percentRange })
    .refine(decimals(2), { error: M.percentRange })
    .nullish(),
  /** Percentual: the price(s) readjusted. */
  alvo: z.enum(PERCENT_TARGETS, { error: M.ruleTarget }).optional().default('preco_venda'),
  /** Markup: the configuration whose rules compute the prices. */
  id_configuracao_preco: id.nullish(),
  filtros: readjustFilters,
  /** The branches whose prices change (default: the active branch). */
  filiais: z
    .array(id, { error: 'Informe uma lista de filiais.' })
    .min(1, { error: 'Informe ao menos uma filial.' })
    .max(100)
    .optional(),
};

/** What one kind of readjust needs (a percentage; a configuration). */
function requireMode(
  b: { modo: string; percentual?: number | null; id_configuracao_preco?: number | null },
  ctx: z.RefinementCtx,
): void {
  if (b.modo === 'Percentual' && (b.percentual === null || b.percentual === undefined)) {
    ctx.addIssue({ code: 'custom', message: M.percentRange, path: ['percentual'] });
  } else if (b.modo === 'Percentual' && b.percentual === 0) {
    ctx.addIssue({ code: 'custom', message: M.percentZero, path: ['percentual'] });
  }
  if (b.modo === 'Markup' && (b.id_configuracao_preco === null || b.id_configuracao_preco === undefined)) {
    ctx.addIssue({ code: 'custom', message: M.configurationRequired, path: ['id_configuracao_preco'] });
  }
}

export const readjustBody = z.object(readjustFields).strict().superRefine(requireMode);
export type ReadjustBody = z.output<typeof readjustBody>;

export const readjustLine = z.object({
  id_produto_grade_filial: z.number().int(),
  id_produto: z.number().int(),
  id_filial: z.number().int(),
  filial: z.string(),
  produto: z.string(),
  variacao: z.string(),
  sku: z.string().nullable(),
  preco_venda_atual: z.number(),
  preco_atacado_atual: z.number(),
  preco_venda_novo: z.number(),
  preco_atacado_novo: z.number(),
});
export type ReadjustLine = z.infer<typeof readjustLine>;

export const readjustSimulation = z.object({
  /** The prices that change, by product, variation and branch. */
  linhas: z.array(readjustLine),
  /** Variations the filters matched whose prices stay (already at the new price, or no base price for a rule). */
  sem_alteracao: z.number().int(),
  assinatura: z.string(),
});

export const readjustApplyBody = z
  .object({
    ...readjustFields,
    assinatura: z.string({ error: M.stale }).min(1, { error: M.stale }).max(40, { error: M.stale }),
  })
  .strict()
  .superRefine(requireMode);
export type ReadjustApplyBody = z.output<typeof readjustApplyBody>;

export const readjustApplyResult = z.object({
  id_reajuste_preco: z.number().int(),
  precos_reajustados: z.number().int(),
  message: z.string(),
});
