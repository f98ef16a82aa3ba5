import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luhnValid, maskCardData, maskCardNumbers } from './card-number.ts';

describe('maskCardNumbers', () => {
  it('masks a Luhn-valid card number, plain or grouped by spaces or dashes, keeping only its last 4 digits', () => {
    expect(maskCardNumbers('cartão 4111111111111111 ok')).toBe('cartão ************1111 ok');
    expect(maskCardNumbers('5555 5555 5555 4444')).toBe('************4444');
    expect(maskCardNumbers('3782-822463-10005')).toBe('***********0005');
    expect(maskCardNumbers('%B4111111111111111^SILVA/JOAO^2912101?')).toBe('%B************1111^SILVA/JOAO^2912101?');
    // A run that goes on past the number: the number is still found.
    expect(maskCardNumbers('4111 1111 1111 1111 12')).toBe('************1111 12');
    expect(maskCardNumbers('2 4111 1111 1111 1111')).toBe('2 ************1111');
  });

  it('leaves numbers that are no card number alone', () => {
    // Luhn-invalid, too short, part of a longer number (an access key), and a GTIN starting with 7.
    for (const text of ['4111111111111112', '411111111111', '35180834128745000152550010000474281920007498', '7891234567895', 'CNPJ 01.027.058/0001-91']) {
      expect(maskCardNumbers(text)).toBe(text);
    }
  });

  it('leaves no Luhn-valid 13-19 digit run starting with 2-6 anywhere in a text', () => {
    const text = fc.array(fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', ' ', '-', 'a'), { maxLength: 50 }).map((a) => a.join(''));
    const withPan = fc.tuple(text, fc.constantFrom('4111111111111111', '5555 5555 5555 4444', '3782-822463-10005'), text).map((p) => p.join(''));
    const digit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
    fc.assert(fc.property(fc.oneof(text, withPan), (input) => {
      const masked = maskCardNumbers(input);
      for (let i = 0; i < masked.length; i += 1) {
        if (digit(masked[i - 1])) continue;
        for (let j = i + 13; j <= Math.min(masked.length, i + 37); j += 1) {
          const run = masked.slice(i, j);
          if (digit(masked[j]) || !/^[2-6](?:[ -]?[0-9]){12,18}$/.test(run)) continue;
          expect(luhnValid(run.replace(/[ -]/g, '')), `${input} -> ${masked}`).toBe(false);
        }
      }
    }), { numRuns: 3000 });
  });
});

describe('maskCardData', () => {
  it('masks the card number, drops the track data after it and hides a labelled security code', () => {
    expect(maskCardData(';4111111111111111=30121010000085310000?')).toBe(';************1111');
    expect(maskCardData('%B5555555555554444^SOUZA/MARIA^3012101000008531000000? fim')).toBe('%B************4444 fim');
    expect(maskCardData('cartão 4111 1111 1111 1111 CVV 737, cvc2: 1234, código de segurança 123'))
      .toBe('cartão ************1111 CVV ***, cvc2: ***, código de segurança ***');
    expect(maskCardData('CVV=8531')).toBe('CVV=***');
  });

  it('leaves texts without card data as they are', () => {
    for (const text of ['Entrega=12345', 'Pedido 1234 CVV', 'Camiseta P/Branco', 'NSU 004512 AUT 123456', 'cid 12']) {
      expect(maskCardData(text)).toBe(text);
    }
  });
});
