/**
 * The product register's rules (001 §3 Product, §5 Products; 002 §5), written once: the register's screen runs them
 * before sending, the catalog module's product service runs them again inside its transaction.
 *
 * - NCM is 8 digits, CEST 7 (dots typed by a mask are not part of the value).
 * - A barcode is a valid GTIN-8/12/13/14, or a code the user marked as internal (codigo_interno: 1 to 30 letters,
 *   digits, dots or dashes, the column's own check). Internal codes are a shop's own labels (weighed goods, 2xxxx).
 * - No price is negative.
 * - A per-branch sale price stays within the product's own limits around the product's sale price (the reference):
 *   at most perc_max_reducao_preco_produto below ('abaixo do preço mínimo permitido') and at most
 *   perc_max_aumento_preco_produto above ('acima do preço máximo permitido'). A limit left empty (null) does not bind
 *   (the user's limits bind at the point of sale, price-limits.ts); a reference of 0 binds nothing.
 * - Logistics units: choosing the product's measure unit replaces the first unit of multiplier 1 (or adds it first
 *   when there is none); a unit that a saved barcode names cannot be removed.
 * - Variations are generated as the cartesian product of the chosen attribute items, in the order the attributes
 *   were chosen; a combination already in the grid is not generated again and is reported, singular or plural, with
 *   the spec's messages. The default variation ('Geral', is_padrao) is hidden from the grid the user sees.
 */
import { isValidGtin } from './gtin.ts';
import { BASIS_POINTS_PER_UNIT, formatMoney, type BasisPoints, type Cents } from './money.ts';

/** 'x', 'x e y', 'x, y e z': how the spec lists the variations in its plural message. */
export function joinPt(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1] ?? ''}`;
}

const BELOW_MIN = 'abaixo do preço mínimo permitido';
const ABOVE_MAX = 'acima do preço máximo permitido';

export const PRODUCT_MESSAGES = {
  // 001 §5 Products (verbatim).
  logisticsUnitHasBarcode: 'Esta unidade logística contém codigo de barras vinculado!',
  variationExists: (name: string) => `A variação (${name}) já está adicionada nesta grade!`,
  variationsExist: (names: readonly string[]) => `As variações (${joinPt(names)}) já estão adicionadas nesta grade!`,
  priceBelowMinimum: (label: string, min: Cents) => `${label} ${BELOW_MIN} (${formatMoney(min)}).`,
  priceAboveMaximum: (label: string, max: Cents) => `${label} ${ABOVE_MAX} (${formatMoney(max)}).`,
  // Ours, in the same voice.
  ncmInvalid: 'O NCM deve ter 8 dígitos.',
  cestInvalid: 'O CEST deve ter 7 dígitos.',
  gtinInvalid: (codigo: string) =>
    `O código de barras ${codigo} não é um GTIN válido. Marque-o como código interno para usá-lo assim.`,
  internalCodeInvalid: (codigo: string) =>
    `O código interno ${codigo} deve ter de 1 a 30 letras, números, pontos ou traços.`,
  barcodeRepeated: (codigo: string) => `O código de barras ${codigo} aparece mais de uma vez neste produto.`,
  barcodeInUse: (codigo: string, produto: string) => `O código de barras ${codigo} já está em uso no produto ${produto}.`,
  priceNegative: (label: string) => `${label} não pode ser negativo.`,
  skuInUse: (sku: string) => `O SKU ${sku} já está em uso em outro produto.`,
  variationNameRepeated: (name: string) => `A variação ${name} aparece mais de uma vez na grade.`,
  variationMissing: 'O código de barras aponta para uma variação que não está na grade.',
  logisticsUnitMissing: 'O código de barras aponta para uma unidade logística que não está no produto.',
  noAttributeItems: 'Selecione ao menos um item de atributo para gerar as variações.',
} as const;

/** A problem with one field, named as the body names it (a child's index path: 'codigos_barra.2.codigo'). */
export interface ProductIssue {
  field: string;
  message: string;
}

export const isNcm = (value: string): boolean => /^\d{8}$/.test(value);
export const isCest = (value: string): boolean => /^\d{7}$/.test(value);
export const INTERNAL_CODE = /^[0-9A-Za-z.-]{1,30}$/;

/** Digits only: what is stored of a masked NCM ('6109.10.00') or CEST ('28.038.00'). */
export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

export function checkFiscalCodes(p: { codigo_ncm?: string | null; cest?: string | null }): ProductIssue[] {
  const issues: ProductIssue[] = [];
  if (p.codigo_ncm && !isNcm(p.codigo_ncm)) issues.push({ field: 'codigo_ncm', message: PRODUCT_MESSAGES.ncmInvalid });
  if (p.cest && !isCest(p.cest)) issues.push({ field: 'cest', message: PRODUCT_MESSAGES.cestInvalid });
  return issues;
}

export interface BarcodeInput {
  codigo: string;
  codigo_interno: boolean;
}

/** One barcode: a valid GTIN, or an internal code marked as such. */
export function checkBarcode(b: BarcodeInput): string | null {
  if (b.codigo_interno) return INTERNAL_CODE.test(b.codigo) ? null : PRODUCT_MESSAGES.internalCodeInvalid(b.codigo);
  return isValidGtin(b.codigo) ? null : PRODUCT_MESSAGES.gtinInvalid(b.codigo);
}

/** Every barcode of a product: each valid, none twice. Fields 'codigos_barra.<i>.codigo'. */
export function checkBarcodes(codes: readonly BarcodeInput[]): ProductIssue[] {
  const issues: ProductIssue[] = [];
  const seen = new Set<string>();
  codes.forEach((b, i) => {
    const field = `codigos_barra.${i}.codigo`;
    const problem = checkBarcode(b);
    if (problem) issues.push({ field, message: problem });
    else if (seen.has(b.codigo)) issues.push({ field, message: PRODUCT_MESSAGES.barcodeRepeated(b.codigo) });
    seen.add(b.codigo);
  });
  return issues;
}

/** Prices in centavos by field name: each must not be negative. `label` names the field in the message. */
export function checkNotNegative(prices: ReadonlyArray<{ field: string; label: string; value: Cents | null | undefined }>): ProductIssue[] {
  return prices
    .filter((p) => p.value !== null && p.value !== undefined && p.value < 0)
    .map((p) => ({ field: p.field, message: PRODUCT_MESSAGES.priceNegative(p.label) }));
}

export interface ProductLimits {
  perc_max_reducao_preco_produto: BasisPoints | null;
  perc_max_aumento_preco_produto: BasisPoints | null;
}

/** The lowest and highest sale price the product's limits allow around `reference` (null: no bound). */
export function priceBounds(reference: Cents, limits: ProductLimits): { min: Cents | null; max: Cents | null } {
  if (reference <= 0) return { min: null, max: null };
  const { perc_max_reducao_preco_produto: down, perc_max_aumento_preco_produto: up } = limits;
  // Bounds rounded towards the reference's side that the limit allows: min up, max down (never beyond the percent).
  const min = down === null ? null : Math.ceil((reference * (BASIS_POINTS_PER_UNIT - Math.min(down, BASIS_POINTS_PER_UNIT))) / BASIS_POINTS_PER_UNIT);
  const max = up === null ? null : Math.floor((reference * (BASIS_POINTS_PER_UNIT + up)) / BASIS_POINTS_PER_UNIT);
  return { min, max };
}

/** A sale price against the product's limits around its reference price; null when allowed. */
export function checkSalePrice(label: string, reference: Cents, price: Cents, limits: ProductLimits): string | null {
  const { min, max } = priceBounds(reference, limits);
  if (min !== null && price < min) return PRODUCT_MESSAGES.priceBelowMinimum(label, min);
  if (max !== null && price > max) return PRODUCT_MESSAGES.priceAboveMaximum(label, max);
  return null;
}

export interface LogisticsUnit {
  id_unidade_medida: number;
  /** Thousandths (1 unit = 1000). */
  multiplicador: number;
}

/**
 * 001 §5 / 002 §5: the product's measure unit chosen, the first logistics unit of multiplier 1 takes it; without such
 * a unit, one is added first. Other units are kept as they are.
 */
export function applyMeasureUnit<U extends LogisticsUnit>(units: readonly U[], id_unidade_medida: number, make: (u: LogisticsUnit) => U): U[] {
  const index = units.findIndex((u) => u.multiplicador === 1000);
  if (index < 0) return [make({ id_unidade_medida, multiplicador: 1000 }), ...units];
  return units.map((u, i) => (i === index ? { ...u, id_unidade_medida } : u));
}

/** Whether a unit can be removed: not while a saved barcode names it. */
export function checkRemoveLogisticsUnit(unitKey: string, barcodes: ReadonlyArray<{ unidade: string | null; saved: boolean }>): string | null {
  return barcodes.some((b) => b.saved && b.unidade === unitKey) ? PRODUCT_MESSAGES.logisticsUnitHasBarcode : null;
}

export interface AttributeChoice {
  id_atributo: number;
  itens: ReadonlyArray<{ id_atributo_item: number; descricao: string }>;
}

export interface GeneratedVariation {
  descricao: string;
  itens: number[];
}

/** The name of a variation made of attribute items: their descriptions in the attributes' order, 'M / Azul'. */
export const variationNameOf = (items: readonly string[]): string => items.join(' / ');

/**
 * The variations of the chosen attribute items (every combination, one item per attribute with items chosen). A
 * combination the grid already holds (the same set of items, or the same name) is left out and named in `message`
 * (the spec's singular or plural text); `message` is null when every one is new.
 */
export function generateVariations(
  choices: readonly AttributeChoice[],
  existing: ReadonlyArray<{ descricao: string; itens: readonly number[] }>,
): { variations: GeneratedVariation[]; repeated: string[]; message: string | null } {
  const used = choices.filter((c) => c.itens.length > 0);
  if (used.length === 0) return { variations: [], repeated: [], message: PRODUCT_MESSAGES.noAttributeItems };
  let combos: Array<Array<{ id_atributo_item: number; descricao: string }>> = [[]];
  for (const choice of used) combos = combos.flatMap((combo) => choice.itens.map((item) => [...combo, item]));
  const keyOf = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');
  const existingKeys = new Set(existing.filter((e) => e.itens.length > 0).map((e) => keyOf(e.itens)));
  const existingNames = new Set(existing.map((e) => e.descricao.trim().toLowerCase()));
  const variations: GeneratedVariation[] = [];
  const repeated: string[] = [];
  for (const combo of combos) {
    const descricao = variationNameOf(combo.map((i) => i.descricao));
    const itens = combo.map((i) => i.id_atributo_item);
    if (existingKeys.has(keyOf(itens)) || existingNames.has(descricao.toLowerCase())) repeated.push(descricao);
    else variations.push({ descricao, itens });
  }
  const message = repeated.length === 0 ? null
    : repeated.length === 1 ? PRODUCT_MESSAGES.variationExists(repeated[0] ?? '')
    : PRODUCT_MESSAGES.variationsExist(repeated);
  return { variations, repeated, message };
}

/** The variations the user sees: the default one ('Geral', is_padrao) hidden. */
export function visibleVariations<V extends { is_padrao: boolean }>(grades: readonly V[]): V[] {
  return grades.filter((g) => !g.is_padrao);
}

/** The next SKU after the numeric SKUs in use: their maximum plus one (1 when there is none). */
export function nextSku(skus: readonly string[]): string {
  let max = 0n;
  for (const s of skus) if (/^\d{1,18}$/.test(s)) max = BigInt(s) > max ? BigInt(s) : max;
  return String(max + 1n);
}
