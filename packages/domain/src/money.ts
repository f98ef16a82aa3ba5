/**
 * The money module (CONVENTIONS.md, Money and numbers). Inside the domain, amounts are integer centavos, quantities
 * integer thousandths (milli) and percentages integer hundredths of a percent (basis points: 10,00% = 1000). Decimal
 * values exist only at the edges: database numeric, JSON with 2 decimals, pt-BR display and input.
 *
 * Every conversion parses decimal text digit by digit and rounds half away from zero ("half-up" as a cashier means it:
 * 1,005 -> 1,01 and -1,005 -> -1,01). No float arithmetic on money: a number given at the edge is first written in
 * its shortest round-trip form (String(1.005) === '1.005'), then parsed as text.
 */

import { ValidationError } from './errors.ts';

/** Integer centavos. */
export type Cents = number;
/** Integer thousandths of a unit (quantities: 3 decimals). */
export type Milli = number;
/** Integer hundredths of a percent (percentages: 2 decimals; 100% = 10000). */
export type BasisPoints = number;

/** The refusal of an amount too large to hold (MESSAGES.amountTooLarge; the contracts' money schema says the same). */
export const AMOUNT_TOO_LARGE = 'Valor acima do permitido.';

/**
 * A result past the safe integers (2^53 centavos, about R$ 90 trillion): a product or a sum of amounts that were each
 * valid, but too large together (a unit price of trillions times a large quantity). It is the input's fault, not the
 * code's, so it is a business error (400 at the server's edge) rather than a RangeError (500).
 */
export class AmountOutOfRangeError extends ValidationError {
  constructor() {
    super(AMOUNT_TOO_LARGE);
  }
}

export const CENTS_PER_UNIT = 100;
export const MILLI_PER_UNIT = 1000;
export const BASIS_POINTS_PER_UNIT = 10_000;

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * A decimal (text or number) as an integer scaled by 10^decimals, rounded half away from zero on the last kept
 * decimal. Throws RangeError for text that is not a decimal, NaN, infinities and results beyond the safe integers.
 */
export function scaleDecimal(value: number | string, decimals: number): number {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const match = DECIMAL.exec(text);
  const intPart = match?.[2] ?? '';
  const fracPart = match?.[3] ?? '';
  if (!match || intPart.length + fracPart.length === 0) throw new RangeError(`valor decimal inválido: ${text}`);
  const exponent = Number(match[4] ?? '0') + decimals;
  // All digits as one integer, with the decimal point moved `exponent` places to the right.
  const digits = `${intPart}${fracPart}`;
  const point = intPart.length + exponent;
  if (point - digits.length > 20) {
    if (/^0*$/.test(digits)) return 0;
    throw new RangeError(`valor fora do intervalo: ${text}`);
  }
  let kept: bigint;
  let roundUp = false;
  if (point >= digits.length) {
    kept = BigInt(`${digits}${'0'.repeat(point - digits.length)}`);
  } else if (point <= 0) {
    kept = 0n;
    roundUp = point === 0 && (digits[0] ?? '0') >= '5';
  } else {
    kept = BigInt(digits.slice(0, point));
    roundUp = (digits[point] ?? '0') >= '5';
  }
  if (roundUp) kept += 1n;
  const signed = match[1] === '-' ? -kept : kept;
  if (signed > BigInt(Number.MAX_SAFE_INTEGER) || signed < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`valor fora do intervalo: ${text}`);
  }
  return signed === 0n ? 0 : Number(signed);
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`valor decimal inválido: ${value}`);
  return String(value);
}

/** An integer scaled by 10^decimals written as decimal text with exactly `decimals` places ('-1234.50'). */
export function unscaleToString(scaled: number, decimals: number): string {
  assertInteger(scaled);
  const digits = Math.abs(scaled)
    .toString()
    .padStart(decimals + 1, '0');
  const cut = digits.length - decimals;
  const body = decimals === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
  return scaled < 0 ? `-${body}` : body;
}

export function assertInteger(value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`esperado um inteiro seguro: ${value}`);
}

/** A decimal amount (number or text, '.' as decimal point) in centavos, rounded half-up on the 2nd decimal. */
export function fromDecimal(value: number | string): Cents {
  return scaleDecimal(value, 2);
}

/** Centavos as a number with 2 decimals (for JSON and numeric columns): 123456 -> 1234.56. */
export function toDecimal(cents: Cents): number {
  return Number(unscaleToString(cents, 2));
}

/** Centavos as decimal text with 2 places: 123456 -> '1234.56', 5 -> '0.05'. */
export function toDecimalString(cents: Cents): string {
  return unscaleToString(cents, 2);
}

/** A decimal quantity in thousandths, rounded half-up on the 3rd decimal. */
export function quantityFromDecimal(value: number | string): Milli {
  return scaleDecimal(value, 3);
}

/** Thousandths as a number with 3 decimals: 1500 -> 1.5. */
export function quantityToDecimal(milli: Milli): number {
  return Number(unscaleToString(milli, 3));
}

/** Thousandths as decimal text with 3 places: 1500 -> '1.500'. */
export function quantityToDecimalString(milli: Milli): string {
  return unscaleToString(milli, 3);
}

/** A decimal percentage (12.5 means 12,5%) in basis points, rounded half-up on the 2nd decimal. */
export function percentFromDecimal(value: number | string): BasisPoints {
  return scaleDecimal(value, 2);
}

/** Basis points as a decimal percentage: 1250 -> 12.5. */
export function percentToDecimal(bp: BasisPoints): number {
  return Number(unscaleToString(bp, 2));
}

/**
 * a × b / c rounded half away from zero, exact for any safe integers (BigInt when the product leaves the safe range).
 * c must be a positive integer.
 */
export function mulDivRound(a: number, b: number, c: number): number {
  assertInteger(a);
  assertInteger(b);
  assertInteger(c);
  if (c <= 0) throw new RangeError(`divisor deve ser positivo: ${c}`);
  const product = a * b;
  if (Number.isSafeInteger(product)) {
    const magnitude = Math.abs(product);
    const rest = magnitude % c;
    const quotient = (magnitude - rest) / c + (rest * 2 >= c ? 1 : 0);
    return product < 0 && quotient !== 0 ? -quotient : quotient;
  }
  const big = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  const magnitude = big < 0n ? -big : big;
  const rest = magnitude % divisor;
  const quotient = magnitude / divisor + (rest * 2n >= divisor ? 1n : 0n);
  const result = big < 0n ? -quotient : quotient;
  if (result > BigInt(Number.MAX_SAFE_INTEGER) || result < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new AmountOutOfRangeError();
  }
  return Number(result);
}

/** Money times quantity: centavos × thousandths / 1000, rounded half-up to the centavo. */
export function multiplyByQuantity(cents: Cents, quantity: Milli): Cents {
  return mulDivRound(cents, quantity, MILLI_PER_UNIT);
}

/** The given percentage of an amount, rounded half-up to the centavo: percentOf(1999, 1000) === 200. */
export function percentOf(cents: Cents, bp: BasisPoints): Cents {
  return mulDivRound(cents, bp, BASIS_POINTS_PER_UNIT);
}

/** What share of `whole` the `part` is, in basis points rounded half-up (0 when the whole is 0). */
export function percentageOf(part: Cents, whole: Cents): BasisPoints {
  if (whole === 0) return 0;
  const sign = whole < 0 ? -1 : 1;
  return mulDivRound(part * sign, BASIS_POINTS_PER_UNIT, Math.abs(whole));
}

/** Sum of integer amounts, refusing anything that is not a safe integer. */
export function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) {
    assertInteger(value);
    total += value;
  }
  if (!Number.isSafeInteger(total)) throw new AmountOutOfRangeError();
  return total;
}

// pt-BR display and input ---------------------------------------------------------------------------------------

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** A scaled integer in pt-BR notation: thousands with '.', decimals with ','. */
function formatScaledBR(scaled: number, decimals: number): string {
  const text = unscaleToString(Math.abs(scaled), decimals);
  const [intPart = '0', fracPart] = text.split('.');
  const body = fracPart === undefined ? groupThousands(intPart) : `${groupThousands(intPart)},${fracPart}`;
  return scaled < 0 ? `-${body}` : body;
}

/** Centavos as pt-BR currency: 123456 -> 'R$ 1.234,56', -50 -> '-R$ 0,50' (a plain space after R$). */
export function formatMoney(cents: Cents): string {
  const body = formatScaledBR(Math.abs(cents), 2);
  return cents < 0 ? `-R$ ${body}` : `R$ ${body}`;
}

/** Centavos as a pt-BR decimal without the currency sign: 123456 -> '1.234,56'. */
export function formatDecimalBR(cents: Cents): string {
  return formatScaledBR(cents, 2);
}

/** Thousandths as a pt-BR quantity with 3 decimals: 3000 -> '3,000', 1234500 -> '1.234,500'. */
export function formatQuantity(milli: Milli): string {
  return formatScaledBR(milli, 3);
}

/** Basis points as a pt-BR percentage: 1250 -> '12,50%'. */
export function formatPercent(bp: BasisPoints): string {
  return `${formatScaledBR(bp, 2)}%`;
}

const WITH_COMMA = /^(?:\d{1,3}(?:\.\d{3})+|\d*),\d*$/;
const THOUSANDS_ONLY = /^\d{1,3}(?:\.\d{3})+$/;
const DOT_DECIMAL = /^\d*\.\d+$/;

/**
 * pt-BR input as canonical decimal text ('1.234,56' -> '1234.56'), or null when it is not a number.
 * Accepts an optional 'R$', an optional sign, '.' thousand groups and ',' decimals. Without a comma, dots in exact
 * groups of three are thousands ('1.234' is one thousand two hundred and thirty-four, as pt-BR reads it); a single dot
 * in any other position is taken as a decimal point, as numeric keypads type it ('1.5', '10.25').
 */
function canonicalBR(input: string): string | null {
  let text = input.replace(/[\s\u00a0]/g, '');
  let negative = false;
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  if (text.startsWith('R$')) text = text.slice(2);
  if (!negative && text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  if (!/\d/.test(text)) return null;
  let canonical: string;
  if (WITH_COMMA.test(text)) canonical = text.replace(/\./g, '').replace(',', '.');
  else if (THOUSANDS_ONLY.test(text)) canonical = text.replace(/\./g, '');
  else if (/^\d+$/.test(text) || DOT_DECIMAL.test(text)) canonical = text;
  else return null;
  return negative ? `-${canonical}` : canonical;
}

function parseScaledBR(input: string, decimals: number): number | null {
  const canonical = canonicalBR(input);
  if (canonical === null) return null;
  try {
    return scaleDecimal(canonical, decimals);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** pt-BR money input ('1.234,56', 'R$ 10', '0,5') in centavos rounded half-up, or null when it is not a number. */
export function parseMoneyBR(input: string): Cents | null {
  return parseScaledBR(input, 2);
}

/** pt-BR quantity input ('1,5', '2.000') in thousandths rounded half-up, or null when it is not a number. */
export function parseQuantityBR(input: string): Milli | null {
  return parseScaledBR(input, 3);
}

/** pt-BR percentage input ('12,5', '12,5%') in basis points rounded half-up, or null when it is not a number. */
export function parsePercentBR(input: string): BasisPoints | null {
  return parseScaledBR(input.trim().replace(/%$/, ''), 2);
}
