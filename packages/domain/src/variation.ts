/**
 * A product variation's name on a line, a receipt or a screen (001: "The default variation named 'Geral' is
 * hidden"). The criterion is the default flag (produto_grade.is_padrao), not the name: a simple product's one
 * variation is the default one, seeded as 'Geral', and whatever it is called it is never shown; every other variation
 * adds its own name after the product's. A variation without a name adds nothing.
 *
 * The server builds the same text inside SQL with one fragment (apps/server/src/modules/catalog/variation-sql.ts),
 * which follows this function and is tested against it.
 */

export interface VariationNaming {
  descricao: string | null | undefined;
  is_padrao: boolean | null | undefined;
}

/** The variation's own name, or null when it is hidden (the default variation, or one without a name). */
export function variationName(variation: VariationNaming): string | null {
  if (variation.is_padrao === true) return null;
  const name = variation.descricao?.trim() ?? '';
  return name === '' ? null : name;
}

/** The description of a variation: the product's name, followed by the variation's own unless it is hidden. */
export function variationDescription(productDescription: string, variation: VariationNaming): string {
  const name = variationName(variation);
  return name === null ? productDescription : `${productDescription} ${name}`;
}
