/**
 * A tiny XML writer for the documents we produce: no whitespace between tags, text escaped, optional elements left
 * out when empty, and the number formats of the NF-e schema (TDec_1302 and friends: a dot, a fixed number of places).
 */
import { unscaleToString, type BasisPoints, type Cents, type Milli } from '@pdv/domain/money';

export function escapeText(value: string): string {
  return value.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

export function escapeAttribute(value: string): string {
  return value.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** Punctuation outside Latin-1 that people paste into descriptions, and what the schema accepts instead. */
const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u201C': '"', '\u201D': '"', '\u201E': '"',
  '\u2013': '-', '\u2014': '-', '\u2212': '-', '\u2026': '...', '\u2022': '-', '\u20AC': 'EUR', '\u2122': 'TM',
};

/**
 * Text as the schema's TString wants it: Latin-1 characters only (others transliterated or dropped), no line
 * breaks or tabs, no repeated, leading or trailing spaces; cut to `maxLength` when given.
 */
export function cleanText(value: string, maxLength?: number): string {
  let text = value.normalize('NFC');
  if (/[\u{100}-\u{10FFFF}]/u.test(text)) {
    // Only what lies outside Latin-1 changes: a known replacement, else its compatibility letters without marks
    // (NFKD), else nothing.
    text = text.replace(/[\u{100}-\u{10FFFF}]/gu, (c) =>
      REPLACEMENTS[c] ?? c.normalize('NFKD').replace(/[\u0300-\u036F]/g, '').replace(/[\u{100}-\u{10FFFF}]/gu, ''));
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this line takes out
  text = text.replace(/[\x00-\x1F\x7F-\x9F]+/g, ' ').replace(/ {2,}/g, ' ').trim();
  if (maxLength !== undefined && text.length > maxLength) text = text.slice(0, maxLength).trimEnd();
  return text;
}

/** A child: already-written XML, or nothing. */
export type Child = string | null | undefined | false;

export type Attributes = Array<[string, string | number | null | undefined]>;

function attrs(list: Attributes): string {
  let out = '';
  for (const [name, value] of list) if (value !== null && value !== undefined) out += ` ${name}="${escapeAttribute(String(value))}"`;
  return out;
}

/** An element with children already written; empty children are skipped. */
export function el(name: string, children: Child | Child[], attributes: Attributes = []): string {
  let inner = '';
  if (Array.isArray(children)) {
    for (const c of children) if (c) inner += c;
  } else if (children) inner = children;
  return `<${name}${attrs(attributes)}>${inner}</${name}>`;
}

/** A required text element: the value is cleaned (cleanText) and escaped. */
export function txt(name: string, value: string | number, maxLength?: number): string {
  return `<${name}>${escapeText(typeof value === 'number' ? String(value) : cleanText(value, maxLength))}</${name}>`;
}

/** An optional text element: nothing when the value is null, undefined or empty after cleaning. */
export function opt(name: string, value: string | number | null | undefined, maxLength?: number): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : cleanText(value, maxLength);
  return text === '' ? '' : `<${name}>${escapeText(text)}</${name}>`;
}

function nonNegative(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} deve ser um inteiro não negativo: ${value}`);
}

/** Centavos with 2 places (TDec_1302): 123456 -> '1234.56'. */
export function money(cents: Cents): string {
  nonNegative(cents, 'valor em centavos');
  return unscaleToString(cents, 2);
}

/** Thousandths with 4 places (TDec_1104v quantities): 1500 -> '1.5000'. */
export function quantity(milli: Milli): string {
  nonNegative(milli, 'quantidade em milésimos');
  return `${unscaleToString(milli, 3)}0`;
}

/** Thousandths with 3 places (TDec_1203: weights in kg): 1500 -> '1.500'. */
export function weight(milli: Milli): string {
  nonNegative(milli, 'peso em milésimos');
  return unscaleToString(milli, 3);
}

/** Basis points as a percentage with 2 places (TDec_0302a04): 1800 -> '18.00'. */
export function rate(bp: BasisPoints): string {
  nonNegative(bp, 'alíquota em centésimos de ponto percentual');
  return unscaleToString(bp, 2);
}

/** Centavos for TDec_1302Opc fields, which refuse zero: nothing when zero. */
export function optMoney(name: string, cents: Cents | null | undefined): string {
  return cents ? `<${name}>${money(cents)}</${name}>` : '';
}
