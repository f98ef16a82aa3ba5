import { describe, expect, it } from 'vitest';
import { cleanText, el, money, opt, optMoney, quantity, rate, txt, weight } from './xml-writer.ts';

describe('xml writer', () => {
  it('writes elements without whitespace, skipping empty children and null attributes', () => {
    expect(el('a', [txt('b', 'x & y < z'), opt('c', '  '), opt('d', null), '', false], [['Id', 'A"1'], ['v', null]]))
      .toBe('<a Id="A&quot;1"><b>x &amp; y &lt; z</b></a>');
    expect(el('e', null)).toBe('<e></e>');
  });

  it('cleans text as TString wants it: Latin-1, no breaks, single spaces, cut to size', () => {
    expect(cleanText('  Café\n\t“especial” – 500ml …  ')).toBe('Café "especial" - 500ml ...');
    expect(cleanText('Ação ✓ ok')).toBe('Ação ok');
    expect(cleanText('Ǆ ﬁm')).toBe('DZ fim');
    expect(cleanText('abcdef ', 3)).toBe('abc');
  });

  it('formats numbers with the places the schema asks for', () => {
    expect([money(0), money(5), money(123456)]).toEqual(['0.00', '0.05', '1234.56']);
    expect([quantity(1000), quantity(1500), quantity(1)]).toEqual(['1.0000', '1.5000', '0.0010']);
    expect([weight(12345), rate(1800), rate(5)]).toEqual(['12.345', '18.00', '0.05']);
    expect(optMoney('vDesc', 0)).toBe('');
    expect(optMoney('vDesc', 150)).toBe('<vDesc>1.50</vDesc>');
  });

  it('refuses negative or fractional amounts', () => {
    expect(() => money(-1)).toThrow(RangeError);
    expect(() => money(1.5)).toThrow(RangeError);
    expect(() => quantity(-3)).toThrow(RangeError);
  });
});
