import { describe, expect, it } from 'vitest';
import { dateFromBR, maskCep, maskCnpj, maskCpf, maskDate, maskPhone, moneyFromTyped, moneyText } from './masks.ts';

describe('Brazilian masks', () => {
  it('masks a CPF, a CEP and a numeric or alphanumeric CNPJ as typed', () => {
    expect(maskCpf('12345678909')).toBe('123.456.789-09');
    expect(maskCpf('1234')).toBe('123.4');
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    // The two check digits are digits only.
    expect(maskCnpj('12ABC34501DEX')).toBe('12.ABC.345/01DE-');
  });

  it('masks a landline and a mobile phone by length', () => {
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
  });

  it('reads dd/mm/aaaa as an ISO date only when the day exists', () => {
    expect(maskDate('31122026')).toBe('31/12/2026');
    expect(dateFromBR('31/12/2026')).toBe('2026-12-31');
    expect(dateFromBR('31/02/2026')).toBeNull();
    expect(dateFromBR('31/12')).toBeNull();
  });

  it('takes money typed from the right, as centavos', () => {
    expect(moneyFromTyped('123456')).toBe(123456);
    expect(moneyText(123456)).toBe('R$ 1.234,56');
    expect(moneyFromTyped('R$ 0,001')).toBe(1);
    expect(moneyFromTyped('R$ 0,0')).toBeNull();
  });
});
