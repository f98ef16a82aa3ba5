import { z } from 'zod';
import { amountOf } from './amounts.ts';
import { id, situacao } from './common.ts';

/** A unit price: the contract's amount rule, up to R$ 999.999,99, in the words of a price. */
const price = amountOf(
  {
    numeric: 'Informe um preço numérico.',
    negative: 'O preço não pode ser negativo.',
    tooLarge: 'Preço acima do permitido.',
    places: 'O preço deve ter no máximo 2 casas decimais.',
  },
  999_999.99,
);

/**
 * PUT /product/update (001 §7 Products). This first version changes the product's description, situation and
 * prices; a price changes the product and its variations in the caller's active branch (the prices the point of
 * sale uses). The full product register (grids, barcodes, fiscal data, ...) comes with the catalogue issue.
 */
export const productUpdateBody = z.object({
  id_produto: id,
  descricao: z.string().trim().min(1, { error: 'Informe a descrição.' }).max(120, { error: 'Descrição com mais de 120 caracteres.' }).optional(),
  situacao: situacao.optional(),
  preco_venda: price.optional(),
  preco_atacado: price.optional(),
});

export const productUpdateResult = z.object({
  id_produto: z.number().int(),
  descricao: z.string(),
  situacao: z.string(),
  preco_venda: z.number(),
  preco_atacado: z.number(),
  variacoes_atualizadas: z.number().int(),
});

/**
 * POST /price-history/list (001 §7 the product's price tab; sorted by data_alteracao ascending, 001 line "Default
 * sorts"): every price a variation of the caller's active branch had, with when it took effect and who set it.
 */
export const priceHistoryListBody = z.object({ id_produto_grade_filial: id });

export const priceHistoryRow = z.object({
  id_preco_historico: z.number().int(),
  id_produto_grade_filial: z.number().int(),
  preco_venda: z.number(),
  preco_atacado: z.number(),
  /** When the price took effect (the grid row's data_alteracao written with it): the spec's sort key. */
  data_alteracao: z.string(),
  id_usuario: z.number().int().nullable(),
  usuario_nome: z.string().nullable(),
});

export const priceHistoryListResult = z.object({ rows: z.array(priceHistoryRow) });
