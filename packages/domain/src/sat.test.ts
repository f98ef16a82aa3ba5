import { describe, expect, it } from 'vitest';
import { MEIO_PAGAMENTO } from './payment-method.ts';
import { SAT_SOFTWARE_HOUSE_CNPJ, satOffered, satPaymentCode } from './sat.ts';

describe('SAT rules', () => {
  it('sends PIX and bank deposit as other (99), and every code the CF-e lacks', () => {
    expect(satPaymentCode(MEIO_PAGAMENTO.Pix)).toBe('99');
    expect(satPaymentCode(MEIO_PAGAMENTO.PixEstatico)).toBe('99');
    expect(satPaymentCode(MEIO_PAGAMENTO.DepositoBancario)).toBe('99');
    expect(satPaymentCode(MEIO_PAGAMENTO.Boleto)).toBe('99');
    expect(satPaymentCode(MEIO_PAGAMENTO.Dinheiro)).toBe('01');
    expect(satPaymentCode(MEIO_PAGAMENTO.CartaoCredito)).toBe('03');
    expect(satPaymentCode(MEIO_PAGAMENTO.ValeRefeicao)).toBe('11');
  });

  it('signs with a fixed 14-digit company number', () => {
    expect(SAT_SOFTWARE_HOUSE_CNPJ).toMatch(/^\d{14}$/);
  });

  it('offers model 59 only to a branch that holds it already, or in São Paulo before 2026', () => {
    expect(satOffered({ uf: 'SP', current: '65', today: '2026-11-28' })).toBe(false);
    expect(satOffered({ uf: 'SP', current: '59', today: '2026-11-28' })).toBe(true);
    expect(satOffered({ uf: 'SP', current: null, today: '2025-12-31' })).toBe(true);
    expect(satOffered({ uf: 'RJ', current: '65', today: '2025-06-01' })).toBe(false);
  });
});
