import { describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_MESSAGES as M, BANKS, bankAccountErrors, expectedAccountDigit, expectedAgencyDigit, itauAccountDigit } from './bank-account.ts';

const account = (over: Partial<Parameters<typeof bankAccountErrors>[0]>) =>
  bankAccountErrors({ id_banco: null, agencia: null, digito_agencia: null, numero: null, digito_conta: null, ...over });

describe('bank list', () => {
  it('holds each COMPE code once, three digits, its number as the id', () => {
    expect(new Set(BANKS.map((b) => b.codigo)).size).toBe(BANKS.length);
    for (const b of BANKS) {
      expect(b.codigo).toMatch(/^\d{3}$/);
      expect(Number(b.codigo)).toBe(b.id_banco);
    }
    expect(BANKS.find((b) => b.codigo === '341')?.nome).toContain('Itaú');
    expect(BANKS.find((b) => b.codigo === '260')?.nome).toContain('Nu Pagamentos');
  });
});

describe('check digits', () => {
  it('Banco do Brasil: modulus 11 with weights 2..9 from the right, 10 is X and 11 is 0', () => {
    expect(expectedAgencyDigit(1, '0001')).toBe('9');
    expect(expectedAgencyDigit(1, '1234')).toBe('3');
    expect(expectedAccountDigit(1, '1234', '12345678')).toBe('9');
    // 19: 1×3 + 9×2 = 21 ≡ 10, 11 − 10 = 1; 6: 6×2 = 12 ≡ 1, 11 − 1 = 10 → X; 31: 3×3 + 1×2 = 11 ≡ 0, 11 → 0.
    expect(expectedAccountDigit(1, '1', '19')).toBe('1');
    expect(expectedAccountDigit(1, '1', '6')).toBe('X');
    expect(expectedAccountDigit(1, '1', '31')).toBe('0');
  });

  it('Itaú: modulus 10 over agency and account, the digits of each product summed (agência 2545, conta 02366-1)', () => {
    expect(itauAccountDigit('2545', '02366')).toBe('1');
    expect(expectedAccountDigit(341, '2545', '2366')).toBe('1');
    expect(expectedAgencyDigit(341, '2545')).toBeNull();
  });

  it('Bradesco: modulus 11 with weights 2..7 from the right, 10 is P', () => {
    expect(expectedAgencyDigit(237, '0001')).toBe('9');
    // 1234567: 7×2 + 6×3 + 5×4 + 4×5 + 3×6 + 2×7 + 1×2 = 106, 106 mod 11 = 7, 11 − 7 = 4.
    expect(expectedAccountDigit(237, '0001', '1234567')).toBe('4');
  });

  it('no public rule: only the format', () => {
    expect(expectedAccountDigit(104, '1234', '12345678')).toBeNull();
    expect(account({ id_banco: 104, agencia: '1234', numero: '12345678', digito_conta: '7' })).toEqual({});
  });
});

describe('bank account errors', () => {
  it('accepts an account whose digits follow its bank, in any case', () => {
    expect(account({ id_banco: 341, agencia: '2545', numero: '02366', digito_conta: '1' })).toEqual({});
    expect(account({ id_banco: 1, agencia: '0001', digito_agencia: '9', numero: '12345678', digito_conta: '9' })).toEqual({});
  });

  it('names the right digit when one is wrong', () => {
    expect(account({ id_banco: 341, agencia: '2545', numero: '02366', digito_conta: '2' })).toEqual({
      digito_conta: M.accountDigitWrong('Itaú Unibanco', '1'),
    });
    expect(account({ id_banco: 1, agencia: '0001', digito_agencia: '8', numero: '12345678', digito_conta: '9' })).toEqual({
      digito_agencia: M.agencyDigitWrong('Banco do Brasil', '9'),
    });
  });

  it('refuses letters in the numbers, and a bank account without agency or number', () => {
    expect(account({ agencia: '12a4' }).agencia).toBe(M.agencyFormat);
    expect(account({ numero: '12-34' }).numero).toBe(M.accountFormat);
    expect(account({ digito_conta: '10' }).digito_conta).toBe(M.digitFormat);
    expect(account({ id_banco: 237 })).toEqual({ agencia: M.agencyRequired, numero: M.accountRequired });
  });

  it('an account without a bank (a till) needs no numbers', () => {
    expect(account({})).toEqual({});
  });
});
