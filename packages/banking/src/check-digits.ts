/**
 * The check-digit arithmetic of boletos: modulo 10 (weights 2,1 from the right, products' digits summed) and
 * modulo 11 (weights 2..base from the right, cycling). Each bank then maps the remainder its own way; the raw
 * helpers return the weighted sum or the remainder so that the bank rules stay readable where they are used.
 */

/** Modulo 10 check digit of a string of digits (FEBRABAN linha digitável rule: 10 - r, 10 becomes 0). */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  const r = sum % 10;
  return r === 0 ? 0 : 10 - r;
}

/** The modulo 11 weighted sum with weights 2..maxWeight from the right (cycling back to 2). */
export function mod11Sum(digits: string, maxWeight = 9): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === maxWeight ? 2 : weight + 1;
  }
  return sum;
}

/** 11 - (sum mod 11), with the results listed in `map` replaced (e.g. {10: 0, 11: 0}). */
export function mod11(digits: string, maxWeight = 9, map: Record<number, number> = { 10: 0, 11: 0 }): number {
  const dv = 11 - (mod11Sum(digits, maxWeight) % 11);
  return map[dv] ?? dv;
}

/** Weighted sum with explicit weights repeated from the left (Sicoob's 3197). */
export function weightedSumLeft(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i % weights.length]!;
  return sum;
}

export const isDigits = (s: string): boolean => /^\d+$/.test(s);
