/**
 * The number and text inputs of the order contracts (order.ts, order-service.ts): amounts with 2 decimal places,
 * quantities with 3, percentages 0-100, each refused with its pt-BR message.
 */
import { z } from 'zod';
import { decimals, money, quantity } from './amounts.ts';

/** An amount: the contracts' one money schema (amounts.ts). */
export const moneyInput = money;
export const optionalText = (max: number) =>
  z.string().max(max, { error: `Texto com mais de ${max} caracteres.` }).nullable().optional();
/** A quantity: the contracts' one quantity schema (amounts.ts). */
export const quantityInput = quantity;
export const percentInput = z
  .number({ error: 'Informe um percentual numérico.' })
  .min(0, { error: 'O percentual não pode ser negativo.' })
  .max(100, { error: 'O percentual não pode passar de 100.' })
  .refine(decimals(2), { error: 'O percentual deve ter no máximo 2 casas decimais.' });
