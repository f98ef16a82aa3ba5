/**
 * The one money schema and the one quantity schema of the contracts: amounts travel as decimals with 2 places and
 * quantities with 3, each refused with its pt-BR message. The largest amount is what the database column holds
 * (numeric(15,2): 9,999,999,999,999.99); the domain converts both to integers (centavos, thousandths; money.ts).
 */
import { z } from 'zod';
import { MESSAGES } from '@pdv/domain/messages';

/** The largest amount of a numeric(15,2) column. */
export const MONEY_MAX = 9_999_999_999_999.99;

/** True when a number has at most `places` decimal places. */
export const decimals = (places: number) => (v: number) => Math.abs(Math.round(v * 10 ** places) - v * 10 ** places) < 1e-6;

/**
 * An amount in reais from 0 to `max` with 2 decimal places, refused in the words of its field: the one rule behind
 * every amount of the contracts (`money` for values, a product's price with its own cap and noun).
 */
export function amountOf(noun: { numeric: string; negative: string; tooLarge: string; places: string }, max = MONEY_MAX) {
  return z
    .number({ error: noun.numeric })
    .min(0, { error: noun.negative })
    .max(max, { error: noun.tooLarge })
    .refine(decimals(2), { error: noun.places });
}

/** An amount in reais: 0 to MONEY_MAX, 2 decimal places. */
export const money = amountOf({
  numeric: 'Informe um valor numérico.',
  negative: 'O valor não pode ser negativo.',
  tooLarge: MESSAGES.amountTooLarge,
  places: 'O valor deve ter no máximo 2 casas decimais.',
});

/** A quantity: above 0 up to 999,999.999, 3 decimal places. */
export const quantity = z
  .number({ error: 'Informe uma quantidade numérica.' })
  .positive({ error: MESSAGES.quantityNotPositive })
  .max(999_999.999, { error: 'Quantidade acima do permitido.' })
  .refine(decimals(3), { error: 'A quantidade deve ter no máximo 3 casas decimais.' });
