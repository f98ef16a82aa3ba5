/**
 * Price indexers (002 §2 /indexer; 001 §3 Product: indexador): a named factor that multiplies prices, such as the
 * dollar rate of imported goods. When an indexer's factor changes, every price of a product linked to it (sale and
 * wholesale, in every branch) is multiplied by the new factor over the old one, rounded to the centavo: a price set at
 * factor 5,00 for R$ 100,00 is R$ 110,00 at 5,50. The price keeps its proportion to the factor, so a manager who set a
 * price by hand after the last change keeps that choice as the new base. Each change is one variation with the products
 * it repriced.
 */

export const PRICE_INDEXER_MESSAGES = {
  factorPositive: 'Fator deve ser maior que zero.',
  productIndexerNotFound: 'Indexador de preço não encontrado.',
} as const;

export interface FieldIssue {
  field: string;
  message: string;
}

/** The indexer's rules across fields: a factor above zero (a partial row is checked for what it says). */
export function priceIndexerIssues(values: Readonly<Record<string, unknown>>): FieldIssue[] {
  const fator = values['fator'];
  if (fator === undefined || fator === null) return [];
  return typeof fator === 'number' && fator > 0 ? [] : [{ field: 'fator', message: PRICE_INDEXER_MESSAGES.factorPositive }];
}

/**
 * A price in centavos repriced from factor `from` to factor `to` (both above zero), rounded half up to the centavo.
 * Computed on scaled integers: the factors have at most 4 decimals.
 */
export function repriceCents(cents: number, from: number, to: number): number {
  if (!(from > 0) || !(to > 0)) throw new RangeError('factors must be above zero');
  const f = Math.round(from * 10_000);
  const t = Math.round(to * 10_000);
  // cents × t / f, rounded half up, in integers (exact for prices below R$ 90 trillion over factors of 4 decimals).
  const scaled = BigInt(cents) * BigInt(t);
  const quotient = (scaled * 2n + BigInt(f)) / (2n * BigInt(f));
  return Number(quotient);
}
