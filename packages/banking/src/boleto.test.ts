import { describe, expect, it } from 'vitest';
import { barcodeFromLinha, buildBarcode, dateFromFactor, dueDateFactor, linhaDigitavel, parseBarcode } from './boleto.ts';
import { boletoVectors } from './testing/reference-data.ts';

const vectors = boletoVectors();

describe('due-date factor', () => {
  it('counts days from 07/10/1997, 1000 on 03/07/2000 and 9999 on 21/02/2025', () => {
    expect(dueDateFactor('2000-07-03')).toBe('1000');
    expect(dueDateFactor('2000-07-05')).toBe('1002');
    expect(dueDateFactor('2010-11-17')).toBe('4789');
    expect(dueDateFactor('2025-02-21')).toBe('9999');
  });

  it('restarts at 1000 on 22/02/2025', () => {
    expect(dueDateFactor('2025-02-22')).toBe('1000');
    expect(dueDateFactor('2025-02-23')).toBe('1001');
    expect(dueDateFactor('2026-11-27')).toBe(String(1000 + 643));
  });

  it('reads a factor as the date of its cycle nearest the reference date, on both sides of the restart', () => {
    expect(dateFromFactor('9999', '2025-01-01')).toBe('2025-02-21');
    expect(dateFromFactor('1000', '2025-01-01')).toBe('2025-02-22');
    expect(dateFromFactor('1000', '2001-01-01')).toBe('2000-07-03');
    expect(dateFromFactor('4789', '2010-10-01')).toBe('2010-11-17');
    expect(dateFromFactor('1643', '2026-11-01')).toBe('2026-11-27');
  });

  it('refuses dates before the first factor and impossible dates in pt-BR', () => {
    expect(() => dueDateFactor('1999-01-01')).toThrow('A data de vencimento está fora do intervalo do fator de vencimento.');
    expect(() => dueDateFactor('2026-02-30')).toThrow("Data inválida: '2026-02-30'.");
  });
});

describe('barcode and linha digitável against the brcobranca vectors', () => {
  it('has vectors of 16 banks', () => {
    expect(new Set(vectors.map((v) => v.bank)).size).toBe(16);
    expect(vectors.length).toBeGreaterThan(50);
  });

  for (const v of vectors) {
    it(`${v.bank} (line ${v.line}): reads the fields, rebuilds the barcode and the linha digitável`, () => {
      const barcode = v.barcode ?? barcodeFromLinha(v.linha!);
      const fields = parseBarcode(barcode);
      expect(fields.currency).toBe('9');
      expect(buildBarcode(fields)).toBe(barcode);
      if (v.linha) expect(linhaDigitavel(barcode)).toBe(v.linha.replace(/\s+/g, ' ').trim());
      expect(barcodeFromLinha(linhaDigitavel(barcode))).toBe(barcode);
    });
  }

  it('refuses a barcode with a wrong general digit and a linha with a wrong field digit', () => {
    const barcode = vectors.find((v) => v.barcode)!.barcode!;
    const wrong = `${barcode.slice(0, 4)}${(Number(barcode[4]) + 1) % 10}${barcode.slice(5)}`;
    expect(() => parseBarcode(wrong)).toThrow('O dígito verificador geral do código de barras não confere.');
    const linha = linhaDigitavel(barcode);
    const broken = `${linha.slice(0, 10)}${(Number(linha[10]) + 1) % 10}${linha.slice(11)}`;
    expect(() => barcodeFromLinha(broken)).toThrow('O dígito verificador do campo 1 da linha digitável não confere.');
    expect(() => parseBarcode('123')).toThrow('O código de barras do boleto deve ter 44 dígitos.');
  });

  it('turns the general digits 0, 10 and 11 into 1', () => {
    const rawDigit = (d43: string) => {
      let sum = 0;
      for (let i = 0; i < 43; i++) sum += Number(d43[42 - i]) * ((i % 8) + 2);
      return 11 - (sum % 11);
    };
    const seen = new Set<number>();
    for (let value = 1; value < 2000; value++) {
      const b = buildBarcode({ bank: '001', currency: '9', factor: '3769', value, freeField: '0000001238798977770016818' });
      const raw = rawDigit(b.slice(0, 4) + b.slice(5));
      if (raw >= 10) {
        seen.add(raw);
        expect(b[4]).toBe('1');
      } else expect(b[4]).toBe(String(raw));
    }
    expect([...seen].sort()).toEqual([10, 11]);
  });

  it('refuses a value that is not whole centavos', () => {
    expect(() => buildBarcode({ bank: '001', currency: '9', factor: '3769', value: 10.5, freeField: '0'.repeat(25) })).toThrow(
      'O valor do boleto deve ser um número inteiro de centavos entre 0 e 99.999.999,99.',
    );
  });
});
