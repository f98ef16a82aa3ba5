/**
 * Inscrição estadual (state taxpayer registration) check digits for the 27 Brazilian states, written from each state's
 * published rule (SINTEGRA's "Conferência de Inscrições Estaduais" pages and the SEFAZ manuals).
 *
 * A number is compared without punctuation (normalizeIe keeps letters and digits only, upper-cased); "ISENTO" (exempt)
 * is valid in any state. Most states use the weighted sum modulo 11 of `mod11`; the exceptions are spelled out in their
 * own function.
 */

/** Letters and digits only, upper-cased: "06.000001-5" → "060000015", "isento" → "ISENTO". */
export function normalizeIe(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

const digitsOf = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0) - 48);

/** Σ digit × weight, the digits and weights taken left to right. */
function weightedSum(digits: string, weights: readonly number[]): number {
  return digitsOf(digits).reduce((sum, d, i) => sum + d * (weights[i] ?? 0), 0);
}

/** Weights n, n-1, ..., 2 (the usual descending series). */
const descending = (from: number): number[] => Array.from({ length: from - 1 }, (_, i) => from - i);

/** The usual modulo-11 digit: 11 − (sum mod 11), and 0 when that is 10 or 11 (remainder 0 or 1). */
function mod11(sum: number): number {
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** Whether `ie` is `length` digits long and starts with one of `prefixes` (any start when none given). */
function shape(ie: string, length: number, prefixes: readonly string[] = []): boolean {
  return ie.length === length && /^\d+$/.test(ie) && (prefixes.length === 0 || prefixes.some((p) => ie.startsWith(p)));
}

const lastDigit = (ie: string): number => ie.charCodeAt(ie.length - 1) - 48;

/**
 * One check digit at the end, over all the digits before it with weights n..2 (n = that count + 1), modulo 11,
 * 11 − remainder with 10 and 11 giving 0. CE, ES, MA (prefix 12), PA (prefix 15), PB, PI, SC, SE: 9 digits.
 */
function plainMod11(ie: string, length: number, prefixes: readonly string[] = []): boolean {
  if (!shape(ie, length, prefixes)) return false;
  const body = ie.slice(0, -1);
  return mod11(weightedSum(body, descending(body.length + 1))) === lastDigit(ie);
}

/**
 * AC and DF: 13 digits (AC starts 01, DF starts 07); two check digits, the first over 11 digits with weights
 * 4,3,2,9,8,7,6,5,4,3,2, the second over those 11 and the first digit with weights 5,4,3,2,9,8,7,6,5,4,3,2; each is
 * 11 − (sum mod 11), 10 and 11 giving 0.
 */
function acDf(ie: string, prefix: string): boolean {
  if (!shape(ie, 13, [prefix])) return false;
  const d1 = mod11(weightedSum(ie.slice(0, 11), [4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
  const d2 = mod11(weightedSum(ie.slice(0, 11) + d1, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
  return ie.slice(11) === `${d1}${d2}`;
}

/**
 * AL: 9 digits starting 24; weights 9..2 over the first 8; the digit is (sum × 10) mod 11, 10 giving 0.
 * 240000048: 2×9 + 4×8 + 4×2 = 58; 580 mod 11 = 8.
 */
function al(ie: string): boolean {
  if (!shape(ie, 9, ['24'])) return false;
  return ((weightedSum(ie.slice(0, 8), descending(9)) * 10) % 11) % 10 === lastDigit(ie);
}

/**
 * AP: 9 digits starting 03. By the range of the first 8 digits, p and d are 5 and 0 (03000001–03017000), 9 and 1
 * (03017001–03019022) or 0 and 0 (above). The sum is p + the first 8 digits × 9..2; the digit is 11 − (sum mod 11),
 * with 10 giving 0 and 11 giving d.
 */
function ap(ie: string): boolean {
  if (!shape(ie, 9, ['03'])) return false;
  const n = Number(ie.slice(0, 8));
  const [p, d] = n <= 3017000 ? [5, 0] : n <= 3019022 ? [9, 1] : [0, 0];
  const digit = 11 - ((p + weightedSum(ie.slice(0, 8), descending(9))) % 11);
  return (digit === 10 ? 0 : digit === 11 ? d : digit) === lastDigit(ie);
}

/**
 * AM: 9 digits; weights 9..2 over the first 8. A sum below 11 gives 11 − sum; otherwise 11 − (sum mod 11), with
 * remainders 0 and 1 giving 0.
 */
function am(ie: string): boolean {
  if (!shape(ie, 9)) return false;
  const sum = weightedSum(ie.slice(0, 8), descending(9));
  return (sum < 11 ? 11 - sum : mod11(sum)) === lastDigit(ie);
}

/**
 * BA: 8 or 9 digits, the last two being check digits. The modulus comes from the first digit (8 digits) or the
 * second (9 digits): 6, 7 or 9 → modulo 11 (remainder 0 or 1 gives 0, else 11 − r), any other → modulo 10 (remainder 0
 * gives 0, else 10 − r). The LAST digit is computed first, over the body (6 or 7 digits) with weights 7..2 or 8..2;
 * the second-to-last then over the body followed by that last digit with weights 8..2 or 9..2.
 * 12345663: 1×7+2×6+3×5+4×4+5×3+6×2 = 77 → 10 − 7 = 3; 1234563 × 8..2 = 104 → 10 − 4 = 6.
 */
function ba(ie: string): boolean {
  if (!/^\d{8,9}$/.test(ie)) return false;
  const body = ie.slice(0, -2);
  const modulus = '679'.includes(ie[ie.length === 8 ? 0 : 1] ?? '') ? 11 : 10;
  const digit = (sum: number) => {
    const r = sum % modulus;
    return modulus === 11 ? mod11(sum) : r === 0 ? 0 : 10 - r;
  };
  const last = digit(weightedSum(body, descending(body.length + 1)));
  const first = digit(weightedSum(body + last, descending(body.length + 2)));
  return ie.slice(-2) === `${first}${last}`;
}

/**
 * GO: 9 digits starting 10, 11 or 15; weights 9..2 over the first 8; remainder r of the sum mod 11: 0 gives 0,
 * 1 gives 1 when the first 8 digits are between 10103105 and 10119997 and 0 otherwise, any other gives 11 − r.
 * 11094402 is a legacy number accepted with 0 or 1.
 */
function go(ie: string): boolean {
  if (!shape(ie, 9, ['10', '11', '15'])) return false;
  const body = ie.slice(0, 8);
  if (body === '11094402') return lastDigit(ie) === 0 || lastDigit(ie) === 1;
  const r = weightedSum(body, descending(9)) % 11;
  const n = Number(body);
  const digit = r === 0 ? 0 : r === 1 ? (n >= 10103105 && n <= 10119997 ? 1 : 0) : 11 - r;
  return digit === lastDigit(ie);
}

/**
 * MT: 11 digits (shorter numbers are padded with zeros on the left); weights 3,2,9,8,7,6,5,4,3,2 over the first 10,
 * modulo 11 (remainder 0 or 1 gives 0, else 11 − r).
 */
function mt(ie: string): boolean {
  if (!/^\d{1,11}$/.test(ie)) return false;
  const padded = ie.padStart(11, '0');
  return mod11(weightedSum(padded.slice(0, 10), [3, 2, 9, 8, 7, 6, 5, 4, 3, 2])) === lastDigit(padded);
}

/**
 * MS: 9 digits starting 28; weights 9..2 over the first 8; remainder 0 gives 0, else 11 − r, which gives 0 when it is
 * above 9.
 */
function ms(ie: string): boolean {
  return plainMod11(ie, 9, ['28']);
}

/**
 * MG: 13 digits (3 municipality digits, 6 of the number, 2 of order, 2 check digits).
 * First check digit: a 0 is put after the municipality (12 digits), each digit is multiplied by 1,2,1,2,..., the
 * DIGITS of the products are added up, and the check digit is what takes that sum to the next multiple of 10.
 * Second check digit: the first 11 digits and the first check digit, weights 3,2,11,10,9,8,7,6,5,4,3,2, modulo 11
 * (remainder 0 or 1 gives 0, else 11 − r).
 */
function mg(ie: string): boolean {
  if (!shape(ie, 13)) return false;
  const withZero = `${ie.slice(0, 3)}0${ie.slice(3, 11)}`;
  const digitSum = digitsOf(withZero).reduce((sum, d, i) => {
    const product = d * (i % 2 === 0 ? 1 : 2);
    return sum + Math.floor(product / 10) + (product % 10);
  }, 0);
  const d1 = (10 - (digitSum % 10)) % 10;
  const d2 = mod11(weightedSum(ie.slice(0, 11) + d1, [3, 2, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]));
  return ie.slice(11) === `${d1}${d2}`;
}

/**
 * PR: 10 digits, two check digits modulo 11 (remainder 0 or 1 gives 0, else 11 − r): the first over 8 digits with
 * weights 3,2,7,6,5,4,3,2, the second over those 8 and the first with weights 4,3,2,7,6,5,4,3,2.
 */
function pr(ie: string): boolean {
  if (!shape(ie, 10)) return false;
  const d1 = mod11(weightedSum(ie.slice(0, 8), [3, 2, 7, 6, 5, 4, 3, 2]));
  const d2 = mod11(weightedSum(ie.slice(0, 8) + d1, [4, 3, 2, 7, 6, 5, 4, 3, 2]));
  return ie.slice(8) === `${d1}${d2}`;
}

/**
 * PE: the e-Fisco number, 9 digits with two check digits modulo 11 (remainder 0 or 1 gives 0, else 11 − r), the first
 * over 7 digits with weights 8..2, the second over those and the first with weights 9..2.
 * The former CACEPE number, 14 digits: one check digit over 13 with weights 5,4,3,2,1,9,8,7,6,5,4,3,2,
 * 11 − (sum mod 11), less 10 when above 9. 18100100000049: 1×5+8×4+1×3+1×9+4×2 = 57; 57 mod 11 = 2; 11 − 2 = 9.
 */
function pe(ie: string): boolean {
  if (shape(ie, 14)) {
    const digit = 11 - (weightedSum(ie.slice(0, 13), [5, 4, 3, 2, 1, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
    return digit % 10 === lastDigit(ie);
  }
  if (!shape(ie, 9)) return false;
  const d1 = mod11(weightedSum(ie.slice(0, 7), descending(8)));
  const d2 = mod11(weightedSum(ie.slice(0, 7) + d1, descending(9)));
  return ie.slice(7) === `${d1}${d2}`;
}

/**
 * RN: 9 or 10 digits starting 20; weights 9..2 (or 10..2) over the digits before the last; the digit is
 * (sum × 10) mod 11, 10 giving 0.
 */
function rn(ie: string): boolean {
  if (!shape(ie, 9, ['20']) && !shape(ie, 10, ['20'])) return false;
  const body = ie.slice(0, -1);
  return ((weightedSum(body, descending(body.length + 1)) * 10) % 11) % 10 === lastDigit(ie);
}

/** RS: 10 digits; weights 2,9,8,7,6,5,4,3,2 over the first 9, modulo 11 (remainder 0 or 1 gives 0, else 11 − r). */
function rs(ie: string): boolean {
  if (!shape(ie, 10)) return false;
  return mod11(weightedSum(ie.slice(0, 9), [2, 9, 8, 7, 6, 5, 4, 3, 2])) === lastDigit(ie);
}

/**
 * RO: since 2000, 14 digits with weights 6,5,4,3,2,9,8,7,6,5,4,3,2 over the first 13; the former number, 9 digits
 * (3 of the municipality, 5 of the number, the check digit) with weights 6,5,4,3,2 over the 5 of the number. Either
 * way the digit is 11 − (sum mod 11), less 10 when above 9.
 */
function ro(ie: string): boolean {
  const digit = (sum: number) => (11 - (sum % 11)) % 10;
  if (shape(ie, 14))
    return digit(weightedSum(ie.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])) === lastDigit(ie);
  if (shape(ie, 9)) return digit(weightedSum(ie.slice(3, 8), [6, 5, 4, 3, 2])) === lastDigit(ie);
  return false;
}

/** RJ: 8 digits; weights 2,7,6,5,4,3,2 over the first 7, modulo 11 (remainder 0 or 1 gives 0, else 11 − r). */
function rj(ie: string): boolean {
  if (!shape(ie, 8)) return false;
  return mod11(weightedSum(ie.slice(0, 7), [2, 7, 6, 5, 4, 3, 2])) === lastDigit(ie);
}

/**
 * RR: 9 digits starting 24; weights 1..8 over the first 8; the digit is the sum modulo 9.
 * 240066281: 2×1+4×2+6×5+6×6+2×7+8×8 = 154; 154 mod 9 = 1.
 */
function rr(ie: string): boolean {
  if (!shape(ie, 9, ['24'])) return false;
  return weightedSum(ie.slice(0, 8), [1, 2, 3, 4, 5, 6, 7, 8]) % 9 === lastDigit(ie);
}

/** SP's first check digit: the 8 digits with weights 1,3,4,5,6,7,8,10, the units digit of (sum mod 11). */
const spFirstDigit = (eight: string): number => (weightedSum(eight, [1, 3, 4, 5, 6, 7, 8, 10]) % 11) % 10;

/**
 * SP: 12 digits, check digits at the 9th and 12th positions. The 9th over the first 8 (spFirstDigit); the 12th over
 * the first 11 with weights 3,2,10,9,8,7,6,5,4,3,2, the units digit of (sum mod 11).
 * The rural producer: P, 8 digits, the check digit over those 8 (spFirstDigit), 3 digits.
 * P-01100424.3/002: 1×3+1×4+4×7+2×8+4×10 = 91; 91 mod 11 = 3.
 */
function sp(ie: string): boolean {
  if (/^P\d{12}$/.test(ie)) return spFirstDigit(ie.slice(1, 9)) === Number(ie[9]);
  if (!shape(ie, 12)) return false;
  const d2 = (weightedSum(ie.slice(0, 11), [3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11) % 10;
  return spFirstDigit(ie.slice(0, 8)) === Number(ie[8]) && d2 === lastDigit(ie);
}

/**
 * TO: 9 digits, or the former 11 whose 3rd and 4th digits are the company type (01, 02, 03 or 99) and do not enter
 * the sum. Weights 9..2 over the other 8 digits before the last, modulo 11 (remainder 0 or 1 gives 0, else 11 − r).
 */
function to(ie: string): boolean {
  let body: string;
  if (shape(ie, 11) && ['01', '02', '03', '99'].includes(ie.slice(2, 4))) body = ie.slice(0, 2) + ie.slice(4, 10);
  else if (shape(ie, 9)) body = ie.slice(0, 8);
  else return false;
  return mod11(weightedSum(body, descending(9))) === lastDigit(ie);
}

const RULES: Record<string, (ie: string) => boolean> = {
  AC: (ie) => acDf(ie, '01'),
  AL: al,
  AM: am,
  AP: ap,
  BA: ba,
  CE: (ie) => plainMod11(ie, 9),
  DF: (ie) => acDf(ie, '07'),
  ES: (ie) => plainMod11(ie, 9),
  GO: go,
  MA: (ie) => plainMod11(ie, 9, ['12']),
  MG: mg,
  MS: ms,
  MT: mt,
  PA: (ie) => plainMod11(ie, 9, ['15']),
  PB: (ie) => plainMod11(ie, 9),
  PE: pe,
  PI: (ie) => plainMod11(ie, 9),
  PR: pr,
  RJ: rj,
  RN: rn,
  RO: ro,
  RR: rr,
  RS: rs,
  SC: (ie) => plainMod11(ie, 9),
  SE: (ie) => plainMod11(ie, 9),
  SP: sp,
  TO: to,
};

/** The 27 states (26 and the Federal District) whose numbers are checked. */
export const IE_UFS: string[] = Object.keys(RULES);

/** Whether `value` is a valid inscrição estadual of the state `uf` (punctuation ignored; ISENTO valid anywhere). */
export function isValidIe(value: string, uf: string): boolean {
  const rule = RULES[uf.toUpperCase()];
  if (!rule) return false;
  const ie = normalizeIe(value);
  return ie === 'ISENTO' || rule(ie);
}
