/**
 * The scale export (001 §7 /product/list-to-balance {type_law, offset, limit}; 002 §2 "generate balance file"): the
 * products marked enviar_balanca, a page at a time, with what the scales' loaders need: the scale code (the branch's
 * weighed-product code size, packages/domain weighed-barcode.ts), sold by weight or by unit, the branch's price, and
 * the nutrition table when the product's follows the law asked (type_law 360 or 429). The files themselves (Toledo MGV
 * ITENSMGV.TXT and INFNUTRI.TXT, Filizola CADTXT.TXT) are written by packages/documents/src/scale-files.ts.
 */
import { z } from 'zod';

export const listToBalanceBody = z.object({
  type_law: z.enum(['360', '429'], { error: "type_law deve ser '360' ou '429'." }).optional().default('360'),
  offset: z.coerce.number().int().min(0, { error: 'offset não pode ser negativo.' }).max(1_000_000).optional().default(0),
  limit: z.coerce.number().int().min(1, { error: 'limit deve ser ao menos 1.' }).max(1000, { error: 'limit pode ser no máximo 1000.' }).optional().default(500),
}).strict();

export const scaleNutrition = z.object({
  quantidade_porcao: z.number(),
  unidade_porcao: z.enum(['g', 'ml']),
  medida_caseira: z.string().nullable(),
  valor_energetico: z.number(),
  carboidratos: z.number(),
  acucares: z.number(),
  proteinas: z.number(),
  gorduras_totais: z.number(),
  gorduras_saturadas: z.number(),
  gorduras_trans: z.number(),
  fibra_alimentar: z.number(),
  sodio: z.number(),
});
export type ScaleNutrition = z.output<typeof scaleNutrition>;

export const scaleProductRow = z.object({
  id_produto: z.number().int(),
  /** The product's scale code (weighedCodeOf), as many digits as the branch's tamanho_codigo_produto_pesavel. */
  codigo_balanca: z.string(),
  descricao: z.string(),
  unidade: z.string(),
  /** Peso when the unit is a weight (KG), Unidade otherwise. */
  tipo_venda: z.enum(['Peso', 'Unidade']),
  preco_venda: z.number(),
  imprimir_data_embalagem: z.boolean(),
  nutricional: scaleNutrition.nullable(),
});
export type ScaleProductRow = z.output<typeof scaleProductRow>;

export const listToBalanceResult = z.object({
  rows: z.array(scaleProductRow),
  count: z.number().int(),
  /** Products marked for the scale whose SKU and id do not fit the branch's code size (left out of the files). */
  sem_codigo: z.array(z.object({ id_produto: z.number().int(), descricao: z.string() })),
});
