/**
 * Card numbers in text: runs of 13-19 digits (optionally grouped by single spaces or dashes, as people type them)
 * that pass the Luhn check, and are not part of a longer number (an access key, a barcode run).
 */

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Completes `prefix` (12-18 digits) with its Luhn check digit. */
export function withLuhnDigit(prefix: string): string {
  for (let d = 0; d <= 9; d += 1) if (luhnValid(prefix + String(d))) return prefix + String(d);
  throw new Error('unreachable');
}

const CANDIDATE = /(?<![0-9])(?:[0-9][ -]?){12,18}[0-9](?![0-9])/g;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The Luhn-valid 13-19 digit numbers found in a text, as plain digits (UUIDs, whose groups may be all digits, aside). */
export function findPans(text: string): string[] {
  const out: string[] = [];
  for (const match of text.replace(UUID, 'uuid').matchAll(CANDIDATE)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits)) out.push(digits);
  }
  return out;
}

/** 411111******1111: enough to recognise a number in a report without printing it. */
export function maskPan(pan: string): string {
  return pan.slice(0, 6) + '*'.repeat(Math.max(0, pan.length - 10)) + pan.slice(-4);
}
