import { describe, expect, it } from 'vitest';
import { isVoucherMethod, VOUCHER_MESSAGES, voucherPaymentError, voucherRedemptions, voucherUseError } from './voucher-rules.ts';

const card = { id_filial: 1, situacao: 'Ativo', saldo: 5_000, data_validade: null };
const use = { id_filial: 1, valor: 2_000, today: '2026-11-22' };

describe('credit voucher rules', () => {
  it('knows the voucher method by its NF-e code 12', () => {
    expect(isVoucherMethod('12')).toBe(true);
    expect(isVoucherMethod('01')).toBe(false);
  });

  it('asks for the code on a voucher payment and refuses a voucher on another method', () => {
    expect(voucherPaymentError({ meio_pagamento: '12', id_vale_credito: null })).toBe('Informe o código do vale crédito.');
    expect(voucherPaymentError({ meio_pagamento: '01', id_vale_credito: 3 })).toBe(VOUCHER_MESSAGES.methodMismatch);
    expect(voucherPaymentError({ meio_pagamento: '12', id_vale_credito: 3 })).toBeNull();
    expect(voucherPaymentError({ meio_pagamento: '01', id_vale_credito: null })).toBeNull();
  });

  it('adds up the payments that name the same voucher', () => {
    const map = voucherRedemptions([
      { id_vale_credito: 7, valor_total: 1_000 }, { id_vale_credito: null, valor_total: 500 }, { id_vale_credito: 7, valor_total: 250 },
      { id_vale_credito: 8, valor_total: 100 },
    ]);
    expect([...map]).toEqual([[7, 1_250], [8, 100]]);
  });

  it('lets an active voucher of the branch pay up to its balance', () => {
    expect(voucherUseError(card, use)).toBeNull();
    expect(voucherUseError(card, { ...use, valor: 5_000 })).toBeNull();
    expect(voucherUseError(card, { ...use, valor: 5_001 })).toBe('Saldo do vale crédito insuficiente. Saldo disponível: R$ 50,00.');
  });

  it('refuses a cancelled, expired or other branch voucher', () => {
    expect(voucherUseError({ ...card, situacao: 'Cancelado' }, use)).toBe('Vale crédito cancelado.');
    expect(voucherUseError(card, { ...use, id_filial: 2 })).toBe('Vale crédito emitido por outra filial.');
    expect(voucherUseError({ ...card, data_validade: '2026-11-21' }, use)).toBe('Vale crédito vencido em 21/11/2026.');
    expect(voucherUseError({ ...card, data_validade: '2026-11-22' }, use)).toBeNull();
  });
});
