import { z } from 'zod';
import { checkBarcodes, checkFiscalCodes, PRODUCT_MESSAGES } from '@pdv/domain/product-rules';
import { amountOf, decimals, quantity } from './amounts.ts';
import { id, listQuery, listResult, situacao } from './common.ts';

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

// ---------------------------------------------------------------------------------------------------------------
// The product register (issue 20; 001 §3 Product, §5 Products, §7 Products). One body for create and PUT update:
// the product's columns, its variations (grades, with the active branch's prices), logistics units and barcodes.
// Children reference each other by a client key (chave): a barcode names its variation's chave and, for a box, its
// logistics unit's chave; a saved child carries its id and any chave. On update a member left out keeps what is
// stored (a list left out keeps every child); a list sent is the whole list (a saved child not in it is removed).
// ---------------------------------------------------------------------------------------------------------------

const text = (max: number, label: string) => z.string().trim().max(max, { error: `${label} com mais de ${max} caracteres.` });
const optionalText = (max: number, label: string) => text(max, label).nullable().optional();
/** A percentage 0 to `max` with up to 2 places (a limit, a tax reduction). */
const percent = (max = 100) => z.number({ error: 'Informe um percentual numérico.' })
  .min(0, { error: 'O percentual não pode ser negativo.' })
  .max(max, { error: `O percentual pode ser no máximo ${max}.` })
  .refine(decimals(2), { error: 'O percentual deve ter no máximo 2 casas decimais.' });
/** A measure (cm, litres, kg): 0 or more, 3 places. */
const measure = z.number({ error: 'Informe um número.' }).min(0, { error: 'A medida não pode ser negativa.' })
  .max(999_999.999, { error: 'Medida acima do permitido.' }).refine(decimals(3), { error: 'A medida deve ter no máximo 3 casas decimais.' });
const key = z.string().min(1).max(40);

export const TIPOS_TEMPO_GARANTIA = ['Dias', 'Meses', 'Anos'] as const;

export const productGradeInput = z.object({
  chave: key,
  id_produto_grade: id.optional(),
  descricao: z.string().trim().min(1, { error: 'Informe a descrição da variação.' }).max(60, { error: 'Variação com mais de 60 caracteres.' }),
  sku: optionalText(60, 'SKU da variação'),
  is_padrao: z.boolean().optional().default(false),
  situacao: situacao.optional().default('Ativo'),
  /** The attribute items the variation is made of (produto_grade_atributo). */
  itens: z.array(id).max(10).optional().default([]),
  /** The active branch's prices of the variation. */
  preco_venda: price.optional().default(0),
  preco_atacado: price.optional().default(0),
  preco_custo: price.optional().default(0),
  preco_custo_medio: price.optional().default(0),
});

export const productUnitInput = z.object({
  chave: key,
  id_produto_unidade_logistica: id.optional(),
  id_unidade_medida: id,
  multiplicador: quantity,
});

export const productBarcodeInput = z.object({
  id_produto_codigo_barra: id.optional(),
  codigo: z.string().trim().min(1, { error: 'Informe o código de barras.' }).max(30, { error: 'Código de barras com mais de 30 caracteres.' }),
  codigo_interno: z.boolean().optional().default(false),
  situacao: situacao.optional().default('Ativo'),
  chave_grade: key,
  chave_unidade: key.nullable().optional(),
});

const productColumns = {
  descricao: z.string().trim().min(1, { error: 'Informe a descrição.' }).max(120, { error: 'Descrição com mais de 120 caracteres.' }),
  descricao_exibicao: optionalText(120, 'Descrição de exibição'),
  descricao_detalhada: optionalText(5000, 'Descrição detalhada'),
  sku: z.string().trim().min(1, { error: 'Informe o SKU.' }).max(60, { error: 'SKU com mais de 60 caracteres.' }),
  slug: optionalText(160, 'Slug'),
  id_marca: id.nullable().optional(),
  id_unidade_medida: id,
  id_categoria: id.nullable().optional(),
  /** The price indexer (002 §2 /indexer) whose factor reprices the product when it changes. */
  id_indexador: id.nullable().optional(),
  situacao: situacao.optional(),
  codigo_ncm: z.string().trim().nullable().optional(),
  cest: z.string().trim().nullable().optional(),
  origem_produto: z.number().int().min(0, { error: 'Origem de 0 a 8.' }).max(8, { error: 'Origem de 0 a 8.' }).optional(),
  tipo_item: z.string().trim().regex(/^\d{2}$/, { error: 'O tipo do item tem 2 dígitos.' }).optional(),
  codigo_beneficio_fiscal: optionalText(10, 'Código de benefício fiscal'),
  icms_percentual_reducao_base_calculo: percent().nullable().optional(),
  icms_percentual_diferimento: percent().nullable().optional(),
  descricao_garantia: optionalText(200, 'Descrição da garantia'),
  tempo_garantia: z.number().int().min(0, { error: 'O tempo de garantia não pode ser negativo.' }).max(9999).nullable().optional(),
  tipo_tempo_garantia: z.enum(TIPOS_TEMPO_GARANTIA, { error: 'Unidade da garantia: Dias, Meses ou Anos.' }).optional(),
  altura: measure.nullable().optional(),
  largura: measure.nullable().optional(),
  comprimento: measure.nullable().optional(),
  volume: measure.nullable().optional(),
  peso: measure.nullable().optional(),
  enviar_balanca: z.boolean().optional(),
  imprimir_data_embalagem_balanca: z.boolean().optional(),
  quantidade_atacarejo: quantity.nullable().optional(),
  percentual_desconto_maximo: percent().nullable().optional(),
  perc_max_aumento_preco_produto: percent(999).nullable().optional(),
  perc_max_reducao_preco_produto: percent().nullable().optional(),
  preco_compra: price.optional(),
  preco_compra_medio: price.optional(),
  preco_custo: price.optional(),
  preco_custo_medio: price.optional(),
  preco_venda: price.optional(),
  preco_atacado: price.optional(),
  grades: z.array(productGradeInput).max(500).optional(),
  unidades_logisticas: z.array(productUnitInput).max(50).optional(),
  codigos_barra: z.array(productBarcodeInput).max(2000).optional(),
};

/** The rules of the domain that a body alone can decide (both sides run them; the server adds what needs the database). */
function checkProductBody(body: {
  codigo_ncm?: string | null | undefined; cest?: string | null | undefined;
  codigos_barra?: Array<{ codigo: string; codigo_interno: boolean }> | undefined;
  grades?: Array<{ chave: string; descricao: string }> | undefined;
}, ctx: z.RefinementCtx) {
  for (const issue of [...checkFiscalCodes(body), ...checkBarcodes(body.codigos_barra ?? [])]) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) });
  }
  const names = new Set<string>();
  (body.grades ?? []).forEach((g, i) => {
    const name = g.descricao.toLowerCase();
    if (names.has(name)) ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.variationNameRepeated(g.descricao), path: ['grades', i, 'descricao'] });
    names.add(name);
  });
}

export const productCreateBody = z.object(productColumns).superRefine(checkProductBody);
export const productUpdateBody = z.object({
  ...Object.fromEntries(Object.entries(productColumns).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof productColumns]: z.ZodOptional<(typeof productColumns)[K]>
  },
  id_produto: id,
}).superRefine(checkProductBody);

const nullableNumber = z.number().nullable();
export const productGrade = z.object({
  chave: z.string(),
  id_produto_grade: z.number().int(),
  id_produto_grade_filial: z.number().int().nullable(),
  descricao: z.string(),
  sku: z.string().nullable(),
  is_padrao: z.boolean(),
  situacao: z.string(),
  itens: z.array(z.number().int()),
  preco_venda: z.number(),
  preco_atacado: z.number(),
  preco_custo: z.number(),
  preco_custo_medio: z.number(),
});
export const productUnit = z.object({
  chave: z.string(), id_produto_unidade_logistica: z.number().int(), id_unidade_medida: z.number().int(), multiplicador: z.number(),
});
export const productBarcode = z.object({
  id_produto_codigo_barra: z.number().int(), codigo: z.string(), codigo_interno: z.boolean(), situacao: z.string(),
  chave_grade: z.string(), chave_unidade: z.string().nullable(),
});

export const productDetail = z.object({
  id_produto: z.number().int(),
  descricao: z.string(),
  descricao_exibicao: z.string().nullable(),
  descricao_detalhada: z.string().nullable(),
  sku: z.string(),
  slug: z.string().nullable(),
  id_marca: z.number().int().nullable(),
  id_unidade_medida: z.number().int(),
  id_categoria: z.number().int().nullable(),
  id_indexador: z.number().int().nullable(),
  url_imagem_principal: z.string().nullable(),
  tipo_produto: z.string(),
  situacao: z.string(),
  codigo_ncm: z.string().nullable(),
  cest: z.string().nullable(),
  origem_produto: z.number().int(),
  tipo_item: z.string(),
  codigo_beneficio_fiscal: z.string().nullable(),
  icms_percentual_reducao_base_calculo: nullableNumber,
  icms_percentual_diferimento: nullableNumber,
  descricao_garantia: z.string().nullable(),
  tempo_garantia: z.number().int().nullable(),
  tipo_tempo_garantia: z.string(),
  altura: nullableNumber, largura: nullableNumber, comprimento: nullableNumber, volume: nullableNumber, peso: nullableNumber,
  enviar_balanca: z.boolean(),
  imprimir_data_embalagem_balanca: z.boolean(),
  quantidade_atacarejo: nullableNumber,
  percentual_desconto_maximo: nullableNumber,
  perc_max_aumento_preco_produto: nullableNumber,
  perc_max_reducao_preco_produto: nullableNumber,
  preco_compra: z.number(), preco_compra_medio: z.number(), preco_custo: z.number(), preco_custo_medio: z.number(),
  preco_venda: z.number(), preco_atacado: z.number(),
  data_cadastro: z.string(),
  data_alteracao: z.string(),
  grades: z.array(productGrade),
  unidades_logisticas: z.array(productUnit),
  codigos_barra: z.array(productBarcode),
});
export type ProductDetail = z.output<typeof productDetail>;

/** PUT /product/update answers the product as find_by_id does, and how many active-branch variation rows it priced. */
export const productUpdateResult = productDetail.extend({ variacoes_atualizadas: z.number().int() });

export const productByIdBody = z.object({ id_produto: id });

export const PRODUCT_SORT_COLUMNS = ['data_cadastro', 'descricao', 'sku', 'preco_venda'] as const;
/** POST /product/find_list {search, filter, take, skip, column, order}: sorted by data_cadastro asc by default (002 §9). */
export const productFindBody = listQuery.extend({
  filter: z.object({
    id_categoria: id.optional(),
    id_marca: id.optional(),
    situacao: situacao.optional(),
  }).optional().default({}),
  column: z.enum(PRODUCT_SORT_COLUMNS).optional().default('data_cadastro'),
  order: z.enum(['asc', 'desc']).optional().default('asc'),
}).strict();
export const productListRow = z.object({
  id_produto: z.number().int(),
  descricao: z.string(),
  sku: z.string(),
  situacao: z.string(),
  tipo_produto: z.string(),
  marca: z.string().nullable(),
  categoria: z.string().nullable(),
  unidade: z.string(),
  preco_venda: z.number(),
  variacoes: z.number().int(),
  data_cadastro: z.string(),
});
export const productFindResult = listResult(productListRow);

export const productSituacaoBody = z.object({ id_produto: id, situacao });
export const productSituacaoResult = z.object({ id_produto: z.number().int(), situacao: z.string() });
export const productNextSkuResult = z.object({ nextSku: z.string() });

/** The variations of a product with the active branch's row (product_grid/get-product-grid-by-product). */
export const productGridResult = z.object({ rows: z.array(productGrade) });

/** /product/get-by-branch-grid {id_produto_grade_filial}: the variation of the active branch with its product. */
export const branchGridBody = z.object({ id_produto_grade_filial: id });
export const saleRow = z.object({
  id_produto: z.number().int(),
  id_produto_grade: z.number().int(),
  id_produto_grade_filial: z.number().int(),
  descricao: z.string(),
  sku: z.string().nullable(),
  unidade: z.string(),
  situacao: z.string(),
  preco_venda: z.number(),
  preco_atacado: z.number(),
  quantidade_atacarejo: nullableNumber,
  estoque: z.number(),
  codigo_barra: z.string().nullable(),
});
export const branchGridResult = saleRow;

/** /product/get-price-sell {branch_grids_ids}: the prices of the active branch's variations, its default price table applied. */
export const priceSellBody = z.object({ branch_grids_ids: z.array(id).min(1).max(500) }).strict();
export const priceSellResult = z.object({
  rows: z.array(z.object({
    id_produto_grade_filial: z.number().int(), preco_venda: z.number(), preco_atacado: z.number(),
    preco_venda_base: z.number(), preco_atacado_base: z.number(),
  })),
});

/** /product/search-to-sell: 25 a page (001 §9), the active branch's variations; stock of an address or of the branch. */
export const SEARCH_TO_SELL_PAGE = 25;
export const searchToSellBody = z.object({
  search: z.string().max(200).optional().default(''),
  id_stock_address: id.optional(),
  situation: situacao.optional(),
  category_id: id.optional(),
  limit: z.number().int().min(1).max(SEARCH_TO_SELL_PAGE).optional().default(SEARCH_TO_SELL_PAGE),
  offset: z.number().int().min(0).max(1_000_000).optional().default(0),
  mode: z.enum(['explorer', 'list']).optional(),
}).strict();
export const searchToSellResult = z.object({ rows: z.array(saleRow), count: z.number().int() });
