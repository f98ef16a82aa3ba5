import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findPans, luhnValid, maskPan, withLuhnDigit } from './luhn.ts';

describe('card numbers in text', () => {
  it('accepts the published test card numbers and refuses them with one digit changed', () => {
    for (const pan of ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117', '3530111333300000']) {
      expect(luhnValid(pan), pan).toBe(true);
      const changed = pan.slice(0, -1) + String((Number(pan.slice(-1)) + 1) % 10);
      expect(luhnValid(changed), changed).toBe(false);
    }
  });

  it('completes any prefix to a Luhn-valid number', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{12,18}$/), (prefix) => luhnValid(withLuhnDigit(prefix))));
  });

  it('finds numbers typed plain, grouped by spaces or dashes, inside other text', () => {
    expect(findPans('cartão 4111 1111 1111 1111 validade 12/29')).toEqual(['4111111111111111']);
    expect(findPans('pan=5555-5555-5555-4444;')).toEqual(['5555555555554444']);
    expect(findPans('"%B4111111111111111^SILVA/JOAO^2912"')).toEqual(['4111111111111111']);
  });

  it('ignores longer digit runs (access keys), shorter ones and numbers that fail Luhn', () => {
    expect(findPans('chave 35241112345678000190650010000001231234567890')).toEqual([]);
    expect(findPans('cpf 12345678909 fone 11987654321')).toEqual([]);
    expect(findPans('4111111111111112')).toEqual([]);
    // A UUID whose first groups happen to be digits only, and Luhn-valid once joined.
    const d = withLuhnDigit('123456781234123');
    expect(findPans(`${d.slice(0, 8)}-${d.slice(8, 12)}-${d.slice(12)}`)).toEqual([d]);
    expect(findPans(`${d.slice(0, 8)}-${d.slice(8, 12)}-${d.slice(12)}-8234-123456789012`)).toEqual([]);
  });

  it('masks all but the first six and the last four digits', () => {
    expect(maskPan('4111111111111111')).toBe('411111******1111');
  });
});
