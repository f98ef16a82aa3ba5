import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, cpfCheckDigits, formatCnpj, formatCpfCnpj, isValidCnpj, isValidCpf } from './documents.ts';

describe('CPF and CNPJ check digits', () => {
  it('accepts well-known valid numbers and refuses a changed digit', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
  });

  it('computes the check digits of a CPF base', () => {
    expect(cpfCheckDigits('529982247')).toBe('25');
    expect(cpfCheckDigits('111.444.777')).toBe('35');
    expect(isValidCpf(`123456789${cpfCheckDigits('123456789')}`)).toBe(true);
    expect(() => cpfCheckDigits('12345678')).toThrow(RangeError);
  });

  it('refuses repeated digits and wrong lengths', () => {
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
  });

  it('computes the check digits of the alphanumeric CNPJ (Receita Federal example 12.ABC.345/01DE-35)', () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
  });

  it('formats a CNPJ with its mask', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });

  it('formats a CPF or a CNPJ by its length, the alphanumeric CNPJ too, and leaves anything else as it came', () => {
    expect(formatCpfCnpj('12345678909')).toBe('123.456.789-09');
    expect(formatCpfCnpj('123.456.789-09')).toBe('123.456.789-09');
    expect(formatCpfCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCpfCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCpfCnpj('1234')).toBe('1234');
    expect(formatCpfCnpj('ABC12345678')).toBe('ABC12345678');
  });
});
