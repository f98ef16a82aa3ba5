/**
 * GTIN check digits (GS1 General Specifications, mod-10): GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14.
 * From the right of the body, digits are weighted 3, 1, 3, 1, ...; the check digit brings the sum to a multiple of 10.
 */

export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** The check digit of a GTIN body (the code without its last digit: 7, 11, 12 or 13 digits). */
export function gtinCheckDigit(body: string): number {
  if (!/^\d+$/.test(body) || !GTIN_LENGTHS.some((n) => n - 1 === body.length)) {
    throw new RangeError(`corpo de GTIN inválido: ${body}`);
  }
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** The full code: the body followed by its check digit. */
export function withGtinCheckDigit(body: string): string {
  return `${body}${gtinCheckDigit(body)}`;
}

/** Whether a code is a GTIN-8/12/13/14 with a correct check digit. */
export function isValidGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.some((n) => n === code.length)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48;
}
