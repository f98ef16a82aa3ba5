/**
 * Card numbers (PAN) in free text: PCI DSS allows no full card number at rest. A sale's notes, line descriptions and
 * the TEF fields are typed or pasted by people; a card number found there is masked
 * before it is stored, logged or answered (only its last 4 digits kept). A card number is a run of 13-19 digits, optionally grouped by single
 * spaces or dashes as people type them, starting with a card brand's first digit (2-6: Mastercard, Amex, Diners,
 * Visa, Elo, Discover, Hipercard...) and passing the Luhn check; it is not part of a longer number (an access key, a
 * barcode run). GTINs of Brazilian products (789/790) start with 7 and are left alone.
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

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/**
 * ************1111: only the last 4 digits (PCI DSS allows the first 6 too, but digits kept in front could join the
 * digits before them in the text into a new Luhn-valid run).
 */
export function maskCardNumber(pan: string): string {
  return '*'.repeat(pan.length - 4) + pan.slice(-4);
}

/**
 * The text with every card number in it masked (the text itself when there is none). Digits grouped by spaces can be
 * read as more than one number ("3855 5555 5555 5555 4444 2517"): passes run until none is left.
 */
export function maskCardNumbers(text: string): string {
  let current = text;
  for (;;) {
    const next = maskPass(current);
    if (next === current) return current;
    current = next;
  }
}

function maskPass(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c >= '2' && c <= '6' && !isDigit(text[i - 1])) {
      // The digits from here, single spaces or dashes between them allowed: where each one ends.
      const ends: number[] = [];
      for (let k = i; k < text.length && ends.length < 19; k += 1) {
        if (isDigit(text[k])) ends.push(k + 1);
        else if (!((text[k] === ' ' || text[k] === '-') && isDigit(text[k - 1]) && isDigit(text[k + 1]))) break;
      }
      // The longest run ending at a number's end that passes Luhn is the card number.
      let masked = false;
      for (let n = ends.length; n >= 13 && !masked; n -= 1) {
        const end = ends[n - 1]!;
        const digits = text.slice(i, end).replace(/[ -]/g, '');
        if (!isDigit(text[end]) && luhnValid(digits)) {
          out += maskCardNumber(digits);
          i = end;
          masked = true;
        }
      }
      if (masked) continue;
    }
    out += c;
    i += 1;
  }
  return out;
}

/**
 * Track data and security codes people paste along with a card number: what follows a masked number as track 1 or 2
 * has it ("=YYMM<service code><discretionary data>?" or "^NAME^YYMM...?") goes, and a CVV/CVC/CID or "código de
 * segurança" followed by 3-4 digits keeps its label with the digits replaced by "***".
 */
const TRACK_AFTER_MASKED = /(\*{9,15}\d{4})[=^][^\s?]*\??/g;
const SECURITY_CODE = /\b(cvv2?|cvc2?|cid|c[oó]d(?:igo)?\.?\s+(?:de\s+)?seguran[cç]a)(\s*[:=]?\s*)\d{3,4}(?!\d)/gi;

/** maskCardNumbers, then the track data after each masked number and any labelled security code. */
export function maskCardData(text: string): string {
  return maskCardNumbers(text).replace(TRACK_AFTER_MASKED, '$1').replace(SECURITY_CODE, '$1$2***');
}
