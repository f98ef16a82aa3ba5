/**
 * A tiny XML writer for the documents we produce. It writes canonical form directly (no whitespace between tags, no
 * empty-element tags, attributes in the order given — callers give them in C14N order), so the signer can take the
 * canonical bytes from the text itself.
 */

/** Text escaping of C14N: &, <, > and CR. */
export function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

/** Attribute escaping of C14N: &, <, ", TAB, LF, CR. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;');
}

/** Collapses what SEFAZ refuses in text fields: leading/trailing and repeated spaces, line breaks. */
export function cleanText(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').replace(/ {2,}/g, ' ').trim();
}

export type Child = string | null | undefined | false;

/** An element with children already written (null/undefined/false children are skipped). */
export function el(name: string, children: Child | Child[], attributes: Array<[string, string]> = []): string {
  const inner = (Array.isArray(children) ? children : [children]).filter((c): c is string => typeof c === 'string').join('');
  const attrs = attributes.map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`).join('');
  return `<${name}${attrs}>${inner}</${name}>`;
}

/** A text element; nothing when the value is null, undefined or an empty string. */
export function txt(name: string, value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = cleanText(String(value));
  if (text === '') return null;
  return `<${name}>${escapeText(text)}</${name}>`;
}

/** Centavos as a decimal with 2 places ("12.30"). */
export function money(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`centavos não inteiros: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Thousandths as a decimal with 4 places ("2.5000"). */
export function quantity(milli: number): string {
  if (!Number.isInteger(milli)) throw new Error(`quantidade não inteira em milésimos: ${milli}`);
  return `${Math.floor(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}0`;
}

/** A rate in hundredths of a percent (basis points) as a percentage with 2 places ("18.00"). */
export function rate(basisPoints: number): string {
  return money(basisPoints);
}
