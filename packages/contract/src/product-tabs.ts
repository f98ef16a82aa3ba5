/**
 * The product register's own tabs (issue 20; 001 §3 Product, §7 Products; 002 §2): gallery (post_product_image and
 * /product_galery/*), suppliers, fiscal scenarios per product, nutritional information, ANP fuel data, kit, and the
 * product's stock movements (/stock/list-by-product). Each tab loads and saves through its own routes.
 */
import { z } from 'zod';
import { NUTRITION_LAWS } from '@pdv/domain/nutrition';
import { GALLERY_MAX_BYTES, GALLERY_SIZE_MESSAGES } from '@pdv/domain/product-tab-messages';
import { id, situacao } from './common.ts';
import { quantity as stockQuantity } from './amounts.ts';

const text = (max: number) => z.string().trim().max(max, { error: `Texto com mais de ${max} caracteres.` });
const amount = (max: number, label: string) => z.number({ error: `${label}: informe um número.` })
  .min(0, { error: `${label}: não pode ser negativo.` }).max(max, { error: `${label}: valor acima do permitido.` });
const percent = (label: string) => amount(100, label);
const quantity = (label: string) => z.number({ error: `${label}: informe um número.` })
  .positive({ error: `${label}: deve ser maior que zero.` }).max(999_999.999, { error: `${label}: valor acima do permitido.` });

export const productIdBody = z.object({ id_produto: id }).strict();
export const searchBody = z.object({ search: text(200).optional().default('') }).strict();

// ---- Gallery ----
export const galleryImage = z.object({
  id_produto_galeria: z.number().int(),
  id_produto: z.number().int(),
  nome: z.string(),
  mime: z.string(),
  tamanho: z.number().int(),
  largura: z.number().int().nullable(),
  altura: z.number().int().nullable(),
  ordem: z.number().int(),
  /** Signed links (GET /api/arquivo/...) to the image and its thumbnail. */
  url: z.string(),
  url_miniatura: z.string(),
});
export type GalleryImage = z.infer<typeof galleryImage>;
export const galleryResult = z.object({ rows: z.array(galleryImage) });

/** An upload: the image's bytes in base64 (a data: URL prefix is accepted) and its declared type; the bytes decide. */
export const galleryUploadBody = z.object({
  id_produto: id,
  nome: text(200).optional(),
  mime: text(100),
  image: z.string().max(Math.ceil(GALLERY_MAX_BYTES / 3) * 4 + 100, { error: GALLERY_SIZE_MESSAGES.imageOver5Mb }),
}).strict();
export const galleryUpdateBody = z.object({
  id_produto_galeria: id,
  ordem: z.number({ error: 'Ordem: informe um número.' }).int({ error: 'Ordem: informe um número inteiro.' })
    .min(1, { error: 'Ordem: informe uma posição a partir de 1.' }).max(1000, { error: 'Ordem: valor acima do permitido.' }),
}).strict();
export const galleryByIdBody = z.object({ id_produto_galeria: id }).strict();

// ---- Suppliers ----
export const productSupplier = z.object({
  id_produto_fornecedor: z.number().int(),
  id_produto: z.number().int(),
  id_pessoa: z.number().int(),
  nome: z.string(),
  documento: z.string().nullable(),
  codigo_produto_fornecedor: z.string().nullable(),
  situacao: z.string(),
});
export type ProductSupplier = z.infer<typeof productSupplier>;
export const productSupplierResult = z.object({ rows: z.array(productSupplier) });
export const productSupplierSaveBody = z.object({
  id_produto: id,
  id_produto_fornecedor: id.optional(),
  id_pessoa: id,
  codigo_produto_fornecedor: text(60).nullable().optional(),
  situacao: situacao.optional(),
}).strict();
export const productSupplierByIdBody = z.object({ id_produto_fornecedor: id }).strict();
export const supplierOption = z.object({ id_pessoa: z.number().int(), nome: z.string(), documento: z.string().nullable() });
export const supplierOptionsResult = z.object({ rows: z.array(supplierOption) });

// ---- Fiscal scenarios ----
export const productFiscalScenario = z.object({
  id_produto_cenario_fiscal: z.number().int(),
  id_produto: z.number().int(),
  id_cenario_fiscal: z.number().int(),
  descricao: z.string(),
  operacao: z.number().int(),
  situacao: z.string(),
});
export type ProductFiscalScenario = z.infer<typeof productFiscalScenario>;
export const productFiscalScenarioResult = z.object({ rows: z.array(productFiscalScenario) });
export const productFiscalScenarioSaveBody = z.object({ id_produto: id, id_cenario_fiscal: id }).strict();
export const productFiscalScenarioByIdBody = z.object({ id_produto_cenario_fiscal: id }).strict();
export const fiscalScenarioOption = z.object({ id_cenario_fiscal: z.number().int(), descricao: z.string(), operacao: z.number().int() });
export const fiscalScenarioOptionsResult = z.object({ rows: z.array(fiscalScenarioOption) });

// ---- Nutritional information ----
const nutrientFields = {
  valor_energetico: amount(99_999, 'Valor energético').nullable().optional(),
  valor_energetico_percentual: amount(9_999, '%VD do valor energético').nullable().optional(),
  carboidratos: amount(99_999, 'Carboidratos').nullable().optional(),
  carboidratos_percentual: amount(9_999, '%VD dos carboidratos').nullable().optional(),
  acucares: amount(99_999, 'Açúcares').nullable().optional(),
  acucares_percentual: amount(9_999, '%VD dos açúcares').nullable().optional(),
  proteinas: amount(99_999, 'Proteínas').nullable().optional(),
  proteinas_percentual: amount(9_999, '%VD das proteínas').nullable().optional(),
  gorduras_totais: amount(99_999, 'Gorduras totais').nullable().optional(),
  gorduras_totais_percentual: amount(9_999, '%VD das gorduras totais').nullable().optional(),
  gorduras_saturadas: amount(99_999, 'Gorduras saturadas').nullable().optional(),
  gorduras_saturadas_percentual: amount(9_999, '%VD das gorduras saturadas').nullable().optional(),
  gorduras_trans: amount(99_999, 'Gorduras trans').nullable().optional(),
  gorduras_trans_percentual: amount(9_999, '%VD das gorduras trans').nullable().optional(),
  fibra_alimentar: amount(99_999, 'Fibra alimentar').nullable().optional(),
  fibra_alimentar_percentual: amount(9_999, '%VD da fibra alimentar').nullable().optional(),
  sodio: amount(999_999, 'Sódio').nullable().optional(),
  sodio_percentual: amount(9_999, '%VD do sódio').nullable().optional(),
};
export const NUTRITION_NUMBER_FIELDS = Object.keys(nutrientFields) as Array<keyof typeof nutrientFields>;
export const nutritionSaveBody = z.object({
  id_produto: id,
  tipo_lei: z.enum(NUTRITION_LAWS, { error: 'Tipo de lei: informe 360 ou 429.' }).optional().default('360'),
  porcao: text(60).nullable().optional(),
  quantidade_porcao: quantity('Quantidade da porção').nullable().optional(),
  unidade_porcao: z.enum(['g', 'ml'], { error: "Unidade da porção: informe 'g' ou 'ml'." }).optional().default('g'),
  medida_caseira: text(60).nullable().optional(),
  ...nutrientFields,
}).strict();
const nullableNumber = z.number().nullable();
export const nutritionResult = z.object({
  id_produto: z.number().int(),
  /** False while the product has no nutritional information saved (the answer then holds the defaults). */
  cadastrada: z.boolean(),
  tipo_lei: z.enum(NUTRITION_LAWS),
  porcao: z.string().nullable(),
  quantidade_porcao: nullableNumber,
  unidade_porcao: z.enum(['g', 'ml']),
  medida_caseira: z.string().nullable(),
  ...Object.fromEntries(NUTRITION_NUMBER_FIELDS.map((k) => [k, nullableNumber])) as Record<keyof typeof nutrientFields, typeof nullableNumber>,
});
export type NutritionResult = z.infer<typeof nutritionResult>;

// ---- ANP fuel data (NF-e comb) ----
export const anpFields = {
  codigo_anp: z.string().trim().regex(/^[0-9]{9}$/, { error: 'Código ANP: informe os 9 dígitos do código do produto na ANP.' }),
  descricao_anp: z.string().trim().min(2, { error: 'Descrição ANP: informe a descrição do produto na ANP.' })
    .max(95, { error: 'Descrição ANP: no máximo 95 caracteres.' }),
  percentual_glp: percent('Percentual de GLP').nullable().optional(),
  percentual_gas_natural_nacional: percent('Percentual de gás natural nacional').nullable().optional(),
  percentual_gas_natural_importado: percent('Percentual de gás natural importado').nullable().optional(),
  valor_partida: amount(9_999_999_999, 'Valor de partida').nullable().optional(),
  codif: z.string().trim().regex(/^[0-9]{1,21}$/, { error: 'CODIF: informe até 21 dígitos.' }).nullable().optional(),
  uf_consumo: z.string().trim().regex(/^[A-Z]{2}$/, { error: 'UF de consumo: informe a sigla do estado.' }).nullable().optional(),
  percentual_biodiesel: percent('Percentual de biodiesel').nullable().optional(),
};
export const anpSaveBody = z.object({ id_produto: id, ...anpFields }).strict();
export const anpData = z.object({
  codigo_anp: z.string(), descricao_anp: z.string(), percentual_glp: nullableNumber, percentual_gas_natural_nacional: nullableNumber,
  percentual_gas_natural_importado: nullableNumber, valor_partida: nullableNumber, codif: z.string().nullable(),
  uf_consumo: z.string().nullable(), percentual_biodiesel: nullableNumber,
});
export type AnpData = z.infer<typeof anpData>;
export const anpResult = z.object({ id_produto: z.number().int(), anp: anpData.nullable() });

// ---- Kit ----
export const kitItem = z.object({
  id_produto_kit_item: z.number().int(),
  id_produto_grade: z.number().int(),
  id_produto_componente: z.number().int(),
  descricao: z.string(),
  sku: z.string().nullable(),
  quantidade: z.number(),
});
export type KitItem = z.infer<typeof kitItem>;
export const kitResult = z.object({
  id_produto: z.number().int(),
  rows: z.array(kitItem),
  /** Kits this product is a component of (such a product cannot have components). */
  componente_de: z.array(z.string()),
});
export const kitSaveBody = z.object({
  id_produto: id,
  /** The whole list of components: what is not sent is removed. */
  itens: z.array(z.object({ id_produto_grade: id, quantidade: quantity('Quantidade') }).strict())
    .max(100, { error: 'Um kit pode ter no máximo 100 componentes.' }),
}).strict();
export const kitOptionsBody = z.object({ search: text(200).optional().default('') }).strict();
export const kitOption = z.object({ id_produto_grade: z.number().int(), id_produto: z.number().int(), descricao: z.string(), sku: z.string().nullable() });
export const kitOptionsResult = z.object({ rows: z.array(kitOption) });

// ---- Stock movements of the product ----
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida: use o formato aaaa-mm-dd.' });
export const stockListByProductBody = z.object({
  id_produto: id,
  /** Matches the variation, the stock address or the origin. */
  search: text(200).optional().default(''),
  filter: z.object({ data_inicio: isoDate.optional(), data_fim: isoDate.optional() }).strict().optional().default({}),
  skip: z.number().int().min(0, { error: 'skip não pode ser negativo.' }).max(1_000_000).optional().default(0),
  take: z.number().int().min(1, { error: 'take deve ser ao menos 1.' }).max(200, { error: 'take pode ser no máximo 200.' }).optional().default(20),
}).strict();
export const stockMovementRow = z.object({
  id_movimentacao_estoque: z.number().int(),
  data_movimentacao: z.string(),
  variacao: z.string(),
  endereco_estoque: z.string(),
  origem: z.string(),
  quantidade: z.number(),
  quantidade_anterior: z.number(),
  quantidade_posterior: z.number(),
  usuario: z.string().nullable(),
  id_pedido: z.number().int().nullable(),
  id_nota_fiscal: z.number().int().nullable(),
});
export type StockMovementRow = z.infer<typeof stockMovementRow>;
export const stockListByProductResult = z.object({ rows: z.array(stockMovementRow), count: z.number().int() });

/**
 * POST /stock/opening (the product register's stock movement tab): the manager enters stock of the product's
 * variations at one stock address of the active branch, as movements of the opening type (the stock owner's
 * openStock, origem 'Implantacao', the data import's too). Guarded by the stock movement permission
 * (FncListarMovimentacaoEstoque manage), not the product register's.
 */
export const stockOpeningBody = z.object({
  id_produto: id,
  id_endereco_estoque: id,
  linhas: z.array(z.object({ id_produto_grade: id, quantidade: stockQuantity }).strict())
    .min(1, { error: 'Informe ao menos uma variação com quantidade.' }).max(500, { error: 'No máximo 500 variações por entrada.' }),
}).strict();
export const stockOpeningResult = z.object({ movimentos: z.number().int() });
