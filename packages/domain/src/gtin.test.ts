import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, isValidGtin, withGtinCheckDigit } from './gtin.ts';

describe('GTIN check digits', () => {
  it('computes the check digit of published examples of every length', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(gtinCheckDigit('978030640615')).toBe(7); // ISBN-13 978-0-306-40615-7
    expect(gtinCheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gtinCheckDigit('9638507')).toBe(4); // EAN-8 96385074
    expect(gtinCheckDigit('1001234567890')).toBe(2); // GTIN-14 of a case of the GTIN-13 0012345678905
  });

  it('gives 0 when the weighted sum is already a multiple of ten', () => {
    expect(gtinCheckDigit('000000000000')).toBe(0);
    expect(withGtinCheckDigit('590123412345')).toBe('5901234123457');
    expect(withGtinCheckDigit('1234567')).toBe('12345670');
  });

  it('accepts a code with its own check digit and refuses a changed digit', () => {
    expect(isValidGtin('4006381333931')).toBe(true);
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('4006381333391')).toBe(false);
  });

  it('refuses other lengths and non-digits', () => {
    expect(isValidGtin('123456789')).toBe(false);
    expect(isValidGtin('40063813339A1')).toBe(false);
    expect(isValidGtin('')).toBe(false);
    expect(() => gtinCheckDigit('12345')).toThrow(RangeError);
    expect(() => gtinCheckDigit('12345678901a')).toThrow(RangeError);
  });

  it('detects every single-digit change of a valid GTIN-13', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), fc.nat(12), fc.integer({ min: 1, max: 9 }), (body, position, delta) => {
        const code = withGtinCheckDigit(body);
        expect(isValidGtin(code)).toBe(true);
        const digit = (Number(code[position]) + delta) % 10;
        const changed = `${code.slice(0, position)}${digit}${code.slice(position + 1)}`;
        expect(isValidGtin(changed)).toBe(false);
      }),
    );
  });
});
