/**
 * The number and text inputs of the order contracts (order.ts, order-service.ts): amounts with 2 decimal places,
 * quantities with 3, percentages 0-100, each refused with its pt-BR message.
 */
import { z } from 'zod';

export const decimals = (places: number) => (v: number) => Math.abs(Math.round(v * 10 ** places) - v * 10 ** places) < 1e-6;
export const moneyInput = z
  .number({ error: 'Informe um valor numérico.' })
  .min(0, { error: 'O valor não pode ser negativo.' })
  .max(999_999.99, { error: 'Valor acima do permitido.' })
  .refine(decimals(2), { error: 'O valor deve ter no máximo 2 casas decimais.' });
export const optionalText = (max: number) =>
  z.string().max(max, { error: `Texto com mais de ${max} caracteres.` }).nullable().optional();
export const quantityInput = z
  .number({ error: 'Informe uma quantidade numérica.' })
  .positive({ error: 'A quantidade tem que ser maior que 0.' })
  .max(999_999.999, { error: 'Quantidade acima do permitido.' })
  .refine(decimals(3), { error: 'A quantidade deve ter no máximo 3 casas decimais.' });
export const percentInput = z
  .number({ error: 'Informe um percentual numérico.' })
  .min(0, { error: 'O percentual não pode ser negativo.' })
  .max(100, { error: 'O percentual não pode passar de 100.' })
  .refine(decimals(2), { error: 'O percentual deve ter no máximo 2 casas decimais.' });
