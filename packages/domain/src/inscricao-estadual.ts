/**
 * Inscrição estadual (IE): the check digits of each state's registration number, as SINTEGRA publishes the rules per
 * state (Cad_Estados). Ported from, and tested against the vectors of, gammasoft/ie (MIT). 'ISENTO' (exempt) is valid
 * anywhere. Punctuation (. - / spaces) is ignored; São Paulo's rural producers start with P.
 */

const serie = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Σ digit × weight from the right (the weights repeat), modulo `divisor`. */
function mod(value: string, weights: number[] = serie(2, 9), divisor = 11): number {
  let i = 0;
  let sum = 0;
  for (let k = value.length - 1; k >= 0; k -= 1) {
    if (i > weights.length - 1) i = 0;
    sum += weights[i]! * Number(value[k]);
    i += 1;
  }
  return sum % divisor;
}

/** 11 - rest, or 0 when the rest is 0 or 1. */
const dv11 = (rest: number) => (rest < 2 ? 0 : 11 - rest);

/** The common rule: 9 digits, the 9th is dv11 of the first 8 (weights 2..9). */
function trivial(value: string, base = value.slice(0, 8), checkLength = true): boolean {
  if (checkLength && value.length !== 9) return false;
  return value === base + String(dv11(mod(base)));
}

const between = (v: string, lo: number, hi: number) => Number(v) >= lo && Number(v) <= hi;

const RULES: Record<string, (v: string) => boolean> = {
  AC: (v) => {
    if (v.length !== 13 || !v.startsWith('01')) return false;
    const base = v.slice(0, 11);
    const first = dv11(mod(base));
    return v === base + first + dv11(mod(base + first));
  },
  AL: (v) => {
    if (v.length !== 9 || !v.startsWith('24')) return false;
    const base = v.slice(0, 8);
    const rest = (mod(base) * 10) % 11;
    return v === base + String(rest === 10 ? 0 : rest);
  },
  AP: (v) => {
    if (v.length !== 9 || !v.startsWith('03')) return false;
    const base = v.slice(0, 8);
    let p = 0;
    let d = 0;
    if (between(base, 3000001, 3017000)) [p, d] = [5, 0];
    else if (between(base, 3017001, 3019022)) [p, d] = [9, 1];
    const rest = mod(`${p}${base}`, [2, 3, 4, 5, 6, 7, 8, 9, 1]);
    const digit = rest === 1 ? 0 : rest === 0 ? d : 11 - rest;
    return v === base + String(digit);
  },
  AM: (v) => trivial(v),
  BA: (v) => {
    if (v.length !== 8 && v.length !== 9) return false;
    const base = v.slice(0, v.length - 2);
    const second = serie(2, 7);
    const first = serie(2, 8);
    let probe = v.slice(0, 1);
    if (v.length === 9) {
      second.push(8);
      first.push(9);
      probe = v.slice(1, 2);
    }
    let d1: number;
    let d2: number;
    if ('0123458'.includes(probe)) {
      const r2 = mod(base, second, 10);
      d2 = r2 === 0 ? 0 : 10 - r2;
      const r1 = mod(base + d2, first, 10);
      d1 = r1 === 0 ? 0 : 10 - r1;
    } else {
      d2 = dv11(mod(base, second));
      d1 = dv11(mod(base + d2, first));
    }
    return v === `${base}${d1}${d2}`;
  },
  CE: (v) => v.length === 9 && v.startsWith('06') && trivial(v),
  DF: (v) => {
    if (v.length !== 13) return false;
    const base = v.slice(0, 11);
    const first = dv11(mod(base));
    return v === base + first + dv11(mod(base + first));
  },
  ES: (v) => trivial(v),
  GO: (v) => {
    if (v.length !== 9 || !['10', '11', '15'].includes(v.slice(0, 2))) return false;
    const base = v.slice(0, 8);
    if (base === '11094402') return v[8] === '0' || v[8] === '1';
    const rest = mod(base);
    const digit = rest === 0 ? 0 : rest === 1 ? (between(base, 10103105, 10119997) ? 1 : 0) : 11 - rest;
    return v === base + String(digit);
  },
  MA: (v) => v.length === 9 && v.startsWith('12') && trivial(v),
  MG: (v) => {
    if (v.length !== 13) return false;
    const base = v.slice(0, 11);
    const withZero = `${v.slice(0, 3)}0${v.slice(3, 11)}`;
    // Products of 1,2,1,2... from the left (2,1 from the right), their digits summed.
    let i = 0;
    let digits = '';
    for (let k = withZero.length - 1; k >= 0; k -= 1) {
      digits = String([2, 1][i % 2]! * Number(withZero[k])) + digits;
      i += 1;
    }
    const sum = [...digits].reduce((a, c) => a + Number(c), 0);
    let first = (Math.floor(sum / 10) + 1) * 10 - sum;
    if (first === 10) first = 0;
    return v === `${base}${first}${dv11(mod(base + first, serie(2, 11)))}`;
  },
  MS: (v) => v.startsWith('28') && trivial(v),
  MT: (v) => {
    if (v.length !== 11 && v.length !== 9) return false;
    return trivial(v, v.length === 11 ? v.slice(0, 10) : v.slice(0, 8), false);
  },
  PA: (v) => v.length === 9 && v.startsWith('15') && trivial(v),
  PB: (v) => trivial(v),
  PE: (v) => {
    if (v.length !== 9) return false;
    const base = v.slice(0, 7);
    const r1 = mod(base);
    const first = 11 - r1 >= 10 ? 0 : 11 - r1;
    const r2 = mod(base + first);
    const second = 11 - r2 >= 10 ? 0 : 11 - r2;
    return v === `${base}${first}${second}`;
  },
  PI: (v) => trivial(v),
  PR: (v) => {
    if (v.length !== 10) return false;
    const base = v.slice(0, 8);
    const r1 = mod(base, serie(2, 7));
    const first = 11 - r1 >= 10 ? 0 : 11 - r1;
    const r2 = mod(base + first, serie(2, 7));
    const second = 11 - r2 >= 10 ? 0 : 11 - r2;
    return v === `${base}${first}${second}`;
  },
  RJ: (v) => {
    if (v.length !== 8) return false;
    const base = v.slice(0, 7);
    return v === base + String(dv11(mod(base, serie(2, 7))));
  },
  RN: (v) => {
    if ((v.length !== 9 && v.length !== 10) || !v.startsWith('20')) return false;
    const base = v.slice(0, v.length - 1);
    const weights = serie(2, 9);
    if (v.length === 10) weights.push(10);
    const rest = (mod(base, weights) * 10) % 11;
    return v === base + String(rest === 10 ? 0 : rest);
  },
  RO: (v) => {
    if (v.length === 9) {
      const base = v.slice(3, 8);
      return v === v.slice(0, 3) + base + String(dv11(mod(base)));
    }
    if (v.length === 14) {
      const base = v.slice(0, 13);
      const rest = mod(base);
      return v === base + String(rest <= 1 ? 1 : 11 - rest);
    }
    return false;
  },
  RR: (v) => {
    if (v.length !== 9 || !v.startsWith('24')) return false;
    const base = v.slice(0, 8);
    return v === base + String(mod(base, [8, 7, 6, 5, 4, 3, 2, 1], 9));
  },
  RS: (v) => v.length === 10 && trivial(v, v.slice(0, 9), false),
  SC: (v) => trivial(v),
  SE: (v) => trivial(v),
  SP: (raw) => {
    const v = raw.toUpperCase();
    const lastDigit = (n: number) => String(n).slice(-1);
    if (v.startsWith('P')) {
      if (v.length !== 13 || !/^P\d{12}$/.test(v)) return false;
      const base = v.slice(1, 9);
      return v === `P${base}${lastDigit(mod(base, [10, 8, 7, 6, 5, 4, 3, 1]))}${v.slice(10, 13)}`;
    }
    if (v.length !== 12) return false;
    const first = v.slice(0, 8);
    const d1 = lastDigit(mod(first, [10, 8, 7, 6, 5, 4, 3, 1]));
    const second = v.slice(9, 11);
    const d2 = lastDigit(mod(first + d1 + second, serie(2, 10)));
    return v === `${first}${d1}${second}${d2}`;
  },
  TO: (v) => {
    if (v.length !== 9 && v.length !== 11) return false;
    let base: string;
    if (v.length === 11) {
      if (!['01', '02', '03', '99'].includes(v.slice(2, 4))) return false;
      base = v.slice(0, 2) + v.slice(4, 10);
    } else {
      base = v.slice(0, 8);
    }
    return v === v.slice(0, v.length - 1) + String(dv11(mod(base)));
  },
};

export const IE_UFS = Object.keys(RULES);

/** The IE without punctuation, upper case ('ISENTO' stays). */
export function normalizeIe(ie: string): string {
  return ie.replace(/[.\-/\s]/g, '').toUpperCase();
}

/** Whether `ie` is a valid inscrição estadual of the state `uf` (two letters), or 'ISENTO'. */
export function isValidIe(ie: string, uf: string): boolean {
  const v = normalizeIe(ie);
  if (v === 'ISENTO') return true;
  const rule = RULES[uf.toUpperCase()];
  if (!rule) return false;
  if (uf.toUpperCase() !== 'SP' && !/^\d+$/.test(v)) return false;
  return rule(v);
}
