/**
 * Brazilian input masks as pure functions: each takes what was typed (with or without its punctuation) and answers
 * the text to show. The contract's schemas strip the punctuation again (onlyDigits, normalizeCnpj).
 */
import { formatDecimalBR, formatMoney, type Cents } from '@pdv/domain/money';

/** Fills a pattern ('0' a digit, 'A' a digit or an upper-case letter) with the accepted characters of `raw`. */
export function applyMask(raw: string, pattern: string): string {
  const chars = [...raw.toUpperCase()].filter((c) => /[0-9A-Z]/.test(c));
  let out = '';
  let i = 0;
  for (const slot of pattern) {
    if (i >= chars.length) break;
    if (slot === '0' || slot === 'A') {
      // Skip what the slot does not accept (a letter where a digit goes).
      while (i < chars.length && !(slot === '0' ? /\d/ : /[0-9A-Z]/).test(chars[i] ?? '')) i += 1;
      const c = chars[i];
      if (c === undefined) break;
      out += c;
      i += 1;
    } else {
      out += slot;
    }
  }
  return out;
}

export const maskCpf = (raw: string) => applyMask(raw.replace(/\D/g, ''), '000.000.000-00');
/** The CNPJ, numeric or alphanumeric (IN RFB 2.229/2024): 12 digits or letters, then 2 check digits. */
export const maskCnpj = (raw: string) => applyMask(raw, 'AA.AAA.AAA/AAAA-00');
export const maskCep = (raw: string) => applyMask(raw.replace(/\D/g, ''), '00000-000');
/** A landline (00) 0000-0000 or a mobile (00) 00000-0000, told apart by length. */
export function maskPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 11);
  return applyMask(digits, digits.length > 10 ? '(00) 00000-0000' : '(00) 0000-0000');
}

/** dd/mm/aaaa as typed. */
export const maskDate = (raw: string) => applyMask(raw.replace(/\D/g, ''), '00/00/0000');

/** 'dd/mm/aaaa' → 'aaaa-mm-dd' when it is a real date, else null. */
export function dateFromBR(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [, dd, mm, yyyy] = m;
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (date.getUTCFullYear() !== Number(yyyy) || date.getUTCMonth() !== Number(mm) - 1 || date.getUTCDate() !== Number(dd)) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** 'aaaa-mm-dd' → 'dd/mm/aaaa' (anything else as it came). */
export function dateToBR(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** The largest number of digits a money input takes (numeric(15,2)). */
const MONEY_DIGITS = 15;

/**
 * Money typed from the right, as a till does: the digits typed are centavos ('1' → R$ 0,01, '123456' → R$ 1.234,56);
 * a deleted character drops the last digit. Null when no digit is left.
 */
export function moneyFromTyped(text: string): Cents | null {
  const digits = text.replace(/\D/g, '').replace(/^0+/, '').slice(0, MONEY_DIGITS);
  return digits === '' ? null : Number(digits);
}

export const moneyText = (cents: Cents | null): string => (cents === null ? '' : formatMoney(cents));
export const decimalText = (cents: Cents): string => formatDecimalBR(cents);
