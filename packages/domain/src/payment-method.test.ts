import { describe, expect, it } from 'vitest';
import { MEIO_PAGAMENTO, MEIO_PAGAMENTO_NOME, isCard, isCash, requiresCustomer } from './payment-method.ts';

describe('payment method codes', () => {
  it('uses the NF-e payment form codes', () => {
    expect(MEIO_PAGAMENTO).toMatchObject({
      Dinheiro: '01',
      CartaoCredito: '03',
      CartaoDebito: '04',
      CreditoLoja: '05',
      Boleto: '15',
      Pix: '17',
      Outros: '99',
    });
    for (const code of Object.values(MEIO_PAGAMENTO)) expect(code).toMatch(/^\d{2}$/);
  });

  it('names every code in pt-BR', () => {
    for (const code of Object.values(MEIO_PAGAMENTO)) expect(MEIO_PAGAMENTO_NOME[code]).toBeTruthy();
    expect(MEIO_PAGAMENTO_NOME['17']).toBe('PIX');
  });

  it('treats only cash as cash', () => {
    expect(isCash('01')).toBe(true);
    for (const code of ['02', '03', '04', '17', '99']) expect(isCash(code)).toBe(false);
  });

  it('treats credit and debit cards as cards', () => {
    expect(isCard('03')).toBe(true);
    expect(isCard('04')).toBe(true);
    expect(isCard('17')).toBe(false);
  });
});

describe('requiresCustomer', () => {
  it('asks for a customer on instalment methods other than the credit card', () => {
    expect(requiresCustomer({ meio_pagamento: '99', utilizar_parcela: true })).toBe(true);
    expect(requiresCustomer({ meio_pagamento: '02', utilizar_parcela: true })).toBe(true);
    expect(requiresCustomer({ meio_pagamento: '03', utilizar_parcela: true })).toBe(false);
  });

  it('asks for a customer on store credit, trade bills, boletos and store balance even without installments', () => {
    for (const code of ['05', '14', '15', '21']) {
      expect(requiresCustomer({ meio_pagamento: code, utilizar_parcela: false }), code).toBe(true);
    }
  });

  it('does not ask for a customer on cash, cards or PIX', () => {
    for (const code of ['01', '03', '04', '17']) {
      expect(requiresCustomer({ meio_pagamento: code, utilizar_parcela: false }), code).toBe(false);
    }
  });
});
