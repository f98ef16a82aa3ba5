/**
 * Nutritional information (001 §3 Product; 002 §9: the law defaults to 360). The %VD of each nutrient is its amount
 * per portion over the daily value of the law the label follows, rounded to a whole percent as labels print it:
 * RDC 360/2003 (2,000 kcal diet; no daily value for sugars and trans fats) and RDC 429/2020 with IN 75/2020 (adds
 * sugars and trans fats, changes proteins, fats and sodium). A nutrient without a daily value has no percent (null).
 */
export const NUTRITION_LAWS = ['360', '429'] as const;
export type NutritionLaw = (typeof NUTRITION_LAWS)[number];
export const DEFAULT_NUTRITION_LAW: NutritionLaw = '360';

export const NUTRIENTS = [
  'valor_energetico', 'carboidratos', 'acucares', 'proteinas', 'gorduras_totais', 'gorduras_saturadas', 'gorduras_trans',
  'fibra_alimentar', 'sodio',
] as const;
export type Nutrient = (typeof NUTRIENTS)[number];

/** The label's name and unit of each nutrient (energy in kcal, sodium in mg, the rest in grams). */
export const NUTRIENT_LABELS: Readonly<Record<Nutrient, { label: string; unit: string }>> = {
  valor_energetico: { label: 'Valor energético', unit: 'kcal' },
  carboidratos: { label: 'Carboidratos', unit: 'g' },
  acucares: { label: 'Açúcares', unit: 'g' },
  proteinas: { label: 'Proteínas', unit: 'g' },
  gorduras_totais: { label: 'Gorduras totais', unit: 'g' },
  gorduras_saturadas: { label: 'Gorduras saturadas', unit: 'g' },
  gorduras_trans: { label: 'Gorduras trans', unit: 'g' },
  fibra_alimentar: { label: 'Fibra alimentar', unit: 'g' },
  sodio: { label: 'Sódio', unit: 'mg' },
};

/** Daily values per law, in the nutrient's unit; absent: the law sets none. */
export const DAILY_VALUES: Readonly<Record<NutritionLaw, Partial<Record<Nutrient, number>>>> = {
  '360': {
    valor_energetico: 2000, carboidratos: 300, proteinas: 75, gorduras_totais: 55, gorduras_saturadas: 22, fibra_alimentar: 25,
    sodio: 2400,
  },
  '429': {
    valor_energetico: 2000, carboidratos: 300, acucares: 50, proteinas: 50, gorduras_totais: 65, gorduras_saturadas: 20,
    gorduras_trans: 2, fibra_alimentar: 25, sodio: 2000,
  },
};

/** The %VD of an amount (whole percent, half up), or null when the law sets no daily value or there is no amount. */
export function dailyValuePercent(law: NutritionLaw, nutrient: Nutrient, amount: number | null | undefined): number | null {
  const dv = DAILY_VALUES[law][nutrient];
  if (dv === undefined || amount === null || amount === undefined || !Number.isFinite(amount) || amount < 0) return null;
  // Amounts carry at most 3 decimals: in thousandths the division is exact enough to round half up.
  return Math.floor((Math.round(amount * 1000) * 100) / (dv * 1000) + 0.5);
}

/**
 * RDC 429/2020 Annex XV (front-of-pack magnifier, "ALTO EM"): added sugars, saturated fat and sodium at or above the
 * limits per 100 g of a solid or semi-solid food, or per 100 ml of a liquid one. The amounts are per portion and
 * scaled to 100 g/ml (`quantidade_porcao` in the unit). Sugars here are the added sugars (the table's `acucares`
 * under RDC 429, whose daily value is IN 75's 50 g of added sugars).
 */
export const HIGH_IN_LIMITS = {
  g: { acucares: 15, gorduras_saturadas: 6, sodio: 600 },
  ml: { acucares: 7.5, gorduras_saturadas: 3, sodio: 300 },
} as const;

export function highIn(n: {
  quantidade_porcao: number; unidade_porcao: 'g' | 'ml'; acucares: number; gorduras_saturadas: number; sodio: number;
}): { acucares: boolean; gorduras_saturadas: boolean; sodio: boolean } {
  const limits = HIGH_IN_LIMITS[n.unidade_porcao];
  // amount per portion × 100 / portion ≥ limit, compared in integers of thousandths (no float rounding at the edge).
  const at = (amount: number, limit: number) =>
    n.quantidade_porcao > 0 && Math.round(amount * 1000) * 100 >= Math.round(limit * 1000) * n.quantidade_porcao;
  return { acucares: at(n.acucares, limits.acucares), gorduras_saturadas: at(n.gorduras_saturadas, limits.gorduras_saturadas), sodio: at(n.sodio, limits.sodio) };
}
