import { describe, expect, it } from 'vitest';
import { makePayment, makePaymentMethod } from './factories.ts';
import { validatePayment } from './payment-validation.ts';

const messages = (errors: readonly Error[]) => errors.map((e) => e.message);
const cash = makePaymentMethod();
const credit = makePaymentMethod({ meio_pagamento: '03', descricao: 'Cartão de Crédito', utilizar_parcela: true });
const debit = makePaymentMethod({ meio_pagamento: '04', descricao: 'Cartão de Débito' });
const pix = makePaymentMethod({ meio_pagamento: '17', descricao: 'PIX', obrigar_conta: true });
const storeCredit = makePaymentMethod({
  meio_pagamento: '05',
  descricao: 'Crediário',
  utilizar_parcela: true,
  obrigar_parcelamento: true,
});
const context = { saldo: 10000, id_cliente: null };

describe('validatePayment', () => {
  it('accepts a cash payment', () => {
    expect(validatePayment(makePayment({ meio_pagamento: cash, valor_total: 5000 }), context)).toEqual([]);
  });

  it('requires a method', () => {
    expect(messages(validatePayment(makePayment({ valor_total: 100 }), context))).toEqual([
      'Selecione um meio de pagamento.',
    ]);
  });

  it('requires a value above zero', () => {
    expect(messages(validatePayment(makePayment({ meio_pagamento: cash, valor_total: 0 }), context))).toEqual([
      'Informe o valor do pagamento',
    ]);
  });

  it('requires a count of installments when the method uses installments', () => {
    const payment = makePayment({
      meio_pagamento: credit,
      valor_total: 100,
      quantidade_parcelas: 0,
      id_operadora_cartao: 1,
    });
    expect(messages(validatePayment(payment, context))).toEqual(['Informe a quantidade de parcelas']);
  });

  it('requires a card operator for credit and debit cards', () => {
    expect(messages(validatePayment(makePayment({ meio_pagamento: debit, valor_total: 100 }), context))).toEqual([
      'Selecione a operadora de cartão',
    ]);
    expect(
      validatePayment(makePayment({ meio_pagamento: debit, valor_total: 100, id_operadora_cartao: 3 }), context),
    ).toEqual([]);
  });

  it('requires an account when the method demands one', () => {
    expect(messages(validatePayment(makePayment({ meio_pagamento: pix, valor_total: 100 }), context))).toEqual([
      'Selecione uma conta',
    ]);
    expect(validatePayment(makePayment({ meio_pagamento: pix, valor_total: 100, id_conta: 2 }), context)).toEqual([]);
  });

  it('requires a customer for instalment methods other than the credit card', () => {
    const payment = makePayment({ meio_pagamento: storeCredit, valor_total: 100, parcelamento: [] });
    expect(messages(validatePayment(payment, context))).toContain('Selecione um cliente para a venda');
    const card = makePayment({ meio_pagamento: credit, valor_total: 100, id_operadora_cartao: 1 });
    expect(validatePayment(card, context)).toEqual([]);
  });

  it('refuses a non-cash payment above the balance and lets cash exceed it', () => {
    const card = makePayment({ meio_pagamento: debit, valor_total: 10001, id_operadora_cartao: 1 });
    expect(messages(validatePayment(card, context))).toEqual(['Valor do pagamento é maior que o valor da venda']);
    expect(validatePayment({ ...card, valor_total: 10000 }, context)).toEqual([]);
    expect(validatePayment(makePayment({ meio_pagamento: cash, valor_total: 20000 }), context)).toEqual([]);
  });

  it('requires the installments when the method makes them mandatory', () => {
    const payment = makePayment({ meio_pagamento: storeCredit, valor_total: 100 });
    expect(messages(validatePayment(payment, { saldo: 100, id_cliente: 9 }))).toEqual([
      'Parcelamento obrigatório para o meio de pagamento',
    ]);
    const withPlan = {
      ...payment,
      parcelamento: [{ parcela: 1, valor: 100, data_vencimento: '2025-02-01', is_quitado: false, juros: 0 }],
    };
    expect(validatePayment(withPlan, { saldo: 100, id_cliente: 9 })).toEqual([]);
  });
});
