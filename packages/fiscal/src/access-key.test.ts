import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accessKeyCheckDigit,
  buildAccessKey,
  isValidAccessKey,
  isValidCNF,
  parseAccessKey,
  randomCNF,
  UF_CODES,
} from './access-key.ts';

const vectors = readFileSync(new URL('../test-data/vectors/access_keys.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [key = '', verdict = '', source = ''] = line.split('\t');
    return { key, valid: verdict === 'True', source };
  });

const digit = fc.constantFrom(...'0123456789');
const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digits = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((a) => a.join(''));
const cnpjLike = fc.tuple(fc.array(alnum, { minLength: 12, maxLength: 12 }), digits(2)).map(([a, d]) => `${a.join('')}${d}`);
const fields = fc.record({
  cUF: fc.constantFrom(...Object.values(UF_CODES)),
  aamm: fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 12 })).map(([a, m]) => `${String(a).padStart(2, '0')}${String(m).padStart(2, '0')}`),
  cnpj: cnpjLike,
  mod: fc.constantFrom(55, 65),
  serie: fc.integer({ min: 0, max: 999 }),
  nNF: fc.integer({ min: 1, max: 999_999_999 }),
  tpEmis: fc.constantFrom(1, 9),
  cNF: digits(8),
});

describe('access key check digit', () => {
  it.each(vectors)('gives the recorded verdict for $key ($source)', ({ key, valid }) => {
    expect(isValidAccessKey(key)).toBe(valid);
  });

  it('counts the letters of an alphanumeric CNPJ as their ASCII code minus 48', () => {
    // RFB example CNPJ 12ABC34501DE35 inside a key: 'A' = 17, 'B' = 18, ...
    expect(accessKeyCheckDigit('35260512ABC34501DE3555001000000001112345678')).toBe(7);
  });

  it('gives 0 when the remainder is 0 or 1', () => {
    // 43 zeros: sum 0, remainder 0.
    expect(accessKeyCheckDigit('0'.repeat(43))).toBe(0);
    // A single 1 in the last position (weight 2): remainder 2 gives 11 - 2 = 9.
    expect(accessKeyCheckDigit(`${'0'.repeat(42)}1`)).toBe(9);
  });

  it('refuses to compute a digit for text that is not 43 key characters', () => {
    expect(() => accessKeyCheckDigit('123')).toThrow('Chave de acesso inválida');
    expect(() => accessKeyCheckDigit('a'.repeat(43))).toThrow('Chave de acesso inválida');
  });
});

describe('buildAccessKey and parseAccessKey', () => {
  it('builds the key of a real sample field by field', () => {
    expect(buildAccessKey({ cUF: 41, aamm: '2003', cnpj: '23.285.089/0001-85', mod: 65, serie: 1, nNF: 1305, tpEmis: 1, cNF: '81782249' }))
      .toBe('41200323285089000185650010000013051817822496');
  });

  it('pads a CPF issuer to 14 positions', () => {
    const key = buildAccessKey({ cUF: '35', aamm: '2605', cnpj: '529.982.247-25', mod: 55, serie: 1, nNF: 1, tpEmis: 1, cNF: '12345679' });
    expect(key.slice(6, 20)).toBe('00052998224725');
  });

  it('reads back every field it was built from, with a valid digit (property)', () => {
    fc.assert(
      fc.property(fields, (f) => {
        const key = buildAccessKey(f);
        expect(key).toHaveLength(44);
        expect(isValidAccessKey(key)).toBe(true);
        const parts = parseAccessKey(key);
        expect(parts).toMatchObject({
          cUF: f.cUF, aamm: f.aamm, cnpj: f.cnpj, mod: String(f.mod), serie: f.serie, nNF: f.nNF, tpEmis: f.tpEmis, cNF: f.cNF,
          checkDigitOk: true,
        });
        expect(parts.year).toBe(2000 + Number(f.aamm.slice(0, 2)));
      }),
    );
  });

  it('refuses the key when its last digit is any other (property)', () => {
    fc.assert(
      fc.property(fields, fc.integer({ min: 1, max: 9 }), (f, shift) => {
        const key = buildAccessKey(f);
        const wrong = `${key.slice(0, 43)}${(Number(key[43]) + shift) % 10}`;
        expect(isValidAccessKey(wrong)).toBe(false);
        expect(parseAccessKey(wrong).checkDigitOk).toBe(false);
      }),
    );
  });

  it('tells the key with a wrong digit but still reads its fields', () => {
    const parts = parseAccessKey('29181033657677000156650010001654399001654399');
    expect(parts.checkDigitOk).toBe(false);
    expect(parts.nNF).toBe(165439);
    expect(parts.tpEmis).toBe(9);
  });

  it('refuses text of the wrong size or shape, in pt-BR', () => {
    expect(() => parseAccessKey('123')).toThrow('Chave de acesso inválida: deve conter 44 caracteres (recebidos 3).');
    expect(() => parseAccessKey('4120032328508900018565001000001305181782249X')).toThrow('Chave de acesso inválida');
    expect(isValidAccessKey('4120032328508900018565001000001305181782249')).toBe(false);
  });

  it('rejects keys of an unknown state or month 13', () => {
    const body = `992013${'23285089000185'}650010000013051817822490`;
    expect(isValidAccessKey(`${body.slice(0, 43)}${accessKeyCheckDigit(body.slice(0, 43))}`)).toBe(false);
    const month13 = `41201323285089000185650010000013051817822490`;
    expect(isValidAccessKey(`${month13.slice(0, 43)}${accessKeyCheckDigit(month13.slice(0, 43))}`)).toBe(false);
  });
});

describe('cNF', () => {
  it('refuses the invoice number, repeated digits and ascending or descending runs', () => {
    expect(isValidCNF('00001305', 1305)).toBe(false);
    expect(isValidCNF('77777777', 1)).toBe(false);
    expect(isValidCNF('12345678', 1)).toBe(false);
    expect(isValidCNF('23456789', 1)).toBe(false);
    expect(isValidCNF('87654321', 1)).toBe(false);
    expect(isValidCNF('01234567', 1)).toBe(false);
    expect(isValidCNF('81782249', 1305)).toBe(true);
  });

  it('draws again until the rules hold', () => {
    const draws = [1305, 11111111, 12345678, 81782249];
    expect(randomCNF(1305, () => draws.shift()!)).toBe('81782249');
  });

  it('always draws 8 digits that obey the rules (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (nNF) => {
        const cNF = randomCNF(nNF);
        expect(cNF).toMatch(/^\d{8}$/);
        expect(isValidCNF(cNF, nNF)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
