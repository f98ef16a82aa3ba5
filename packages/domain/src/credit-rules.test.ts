import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_MESSAGES } from './authorization.ts';
import { managerCreditError, returnCreditError, type ReturnInvoiceFacts } from './credit-rules.ts';

const inv = (over: Partial<ReturnInvoiceFacts> = {}): ReturnInvoiceFacts => ({
  tipo_nota: 'Devolucao', operacao: 'Entrada', situacao: 'Autorizada', id_cliente: 5, valor_total: 10_000, creditado: 0, ...over,
});

describe('returnCreditError', () => {
  it('lets an authorized return invoice of the customer credit up to what it returned', () => {
    expect(returnCreditError(inv(), 5, 10_000)).toBeNull();
    expect(returnCreditError(inv({ creditado: 4_000 }), 5, 6_000)).toBeNull();
  });
  it('refuses a sale invoice, whatever its value', () => {
    expect(returnCreditError(inv({ tipo_nota: 'Venda', operacao: 'Saida', valor_total: 1 }), 5, 500_000))
      .toBe(AUTHORIZATION_MESSAGES.creditInvoiceNotReturn);
  });
  it('refuses another customer and an invoice not authorized yet', () => {
    expect(returnCreditError(inv(), 6, 100)).toBe(AUTHORIZATION_MESSAGES.creditInvoiceOtherCustomer);
    expect(returnCreditError(inv({ situacao: 'EmEdicao' }), 5, 100)).toBe(AUTHORIZATION_MESSAGES.creditInvoiceNotAuthorized);
  });
  it('refuses more than what remains of the return', () => {
    expect(returnCreditError(inv({ creditado: 4_000 }), 5, 6_001)).toBe(AUTHORIZATION_MESSAGES.creditAboveReturn('R$ 60,00'));
    expect(returnCreditError(inv({ creditado: 10_000 }), 5, 1)).toBe(AUTHORIZATION_MESSAGES.creditAboveReturn('R$ 0,00'));
  });
});

describe('managerCreditError', () => {
  it('needs a reason', () => {
    expect(managerCreditError(null)).toBe(AUTHORIZATION_MESSAGES.creditReasonRequired);
    expect(managerCreditError('   ')).toBe(AUTHORIZATION_MESSAGES.creditReasonRequired);
    expect(managerCreditError('Cortesia pelo atraso na entrega')).toBeNull();
  });
});
