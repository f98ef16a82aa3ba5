import { describe, expect, it } from 'vitest';
import { makeItem, makeOperation, makePayment, makePaymentMethod } from './factories.ts';

describe('factories', () => {
  it('opens a line with quantity 1 at the retail price', () => {
    expect(makeItem()).toMatchObject({
      quantidade: 1000,
      tipo_preco: 'Varejo',
      tipo_item: 'Produto',
      is_cancelado: false,
    });
  });

  it('opens an operation in edit, asking how to finish, in person, with no freight', () => {
    expect(makeOperation()).toMatchObject({
      situacao: 'EmEdicao',
      modoFinalizacao: 'Modal',
      indicador_presenca: 1,
      tipo_frete: 9,
      tipo_preco: 'Varejo',
      itens: [],
      pagamentos: [],
    });
  });

  it('opens a payment in one installment and a cash method by default', () => {
    expect(makePayment()).toMatchObject({ quantidade_parcelas: 1, parcelamento: [] });
    expect(makePaymentMethod().meio_pagamento).toBe('01');
  });

  it('lets every field be overridden', () => {
    expect(makeItem({ quantidade: 2500, descricao: 'Arroz' })).toMatchObject({ quantidade: 2500, descricao: 'Arroz' });
    expect(makePayment({ valor_total: 990 }).valor_total).toBe(990);
    expect(makeOperation({ modo_operacao: 'Orcamento' }).modo_operacao).toBe('Orcamento');
  });
});
