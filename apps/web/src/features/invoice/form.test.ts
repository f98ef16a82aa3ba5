import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import {
  DISCOUNT_ABOVE_GROSS,
  bodyOf,
  emptyForm,
  lineKey,
  lineTotal,
  modeloOfKey,
  normalizeKey,
  referencedKeyError,
  totalsOf,
  validateForSave,
  validateForTransmit,
  validateItem,
  validatePaymentLine,
  type InvoiceForm,
  type ItemLine,
  type PaymentLine,
} from './form.ts';

function makeItem(over: Partial<ItemLine> = {}): ItemLine {
  return {
    key: lineKey(),
    id_produto_grade_filial: 10,
    descricao: 'Camiseta básica P branca',
    codigo_produto: 'CAM-0001',
    unidade: 'UN',
    quantidade: 2000,
    valor_unitario: 4990,
    valor_desconto: 0,
    id_endereco_estoque: 1,
    id_cenario_fiscal: 1,
    ...over,
  };
}

function makePayment(over: Partial<PaymentLine> = {}): PaymentLine {
  return { key: lineKey(), id_meio_pagamento: 1, descricao: 'Dinheiro', valor_total: 1000, quantidade_parcelas: 1, id_conta: null, ...over };
}

function makeForm(over: Partial<InvoiceForm> = {}): InvoiceForm {
  return { ...emptyForm({ id_serie_fiscal: 3 }), id_cliente: 5, cliente_nome: 'Juliana', cliente_tem_endereco: true, ...over };
}

const KEY_55 = '35250312345678000199550010000000421000000421';

describe('invoice form', () => {
  it('starts as an NF-e of sale without freight (tipo_frete 9)', () => {
    const form = emptyForm();
    expect(form).toMatchObject({ modelo: '55', tipo_frete: 9, finalidade: 1, natureza_operacao: 'Venda de mercadoria' });
  });

  it('sends amounts with 2 decimals and quantities with 3', () => {
    const body = bodyOf(makeForm({ itens: [makeItem({ quantidade: 1500, valor_unitario: 1999, valor_desconto: 5 })], valor_frete: 1050 }));
    expect(body.itens?.[0]).toEqual({
      id_produto_grade_filial: 10,
      id_endereco_estoque: 1,
      id_cenario_fiscal: 1,
      quantidade: 1.5,
      valor_unitario: 19.99,
      valor_desconto: 0.05,
    });
    expect(body.valor_frete).toBe(10.5);
    expect(body.tipo_frete).toBe(9);
  });

  it('adds up products, discounts, freight, insurance and other costs', () => {
    const form = makeForm({
      itens: [makeItem({ quantidade: 3000, valor_unitario: 1000, valor_desconto: 150 }), makeItem({ quantidade: 1000, valor_unitario: 2550 })],
      pagamentos: [makePayment({ valor_total: 2000 })],
      valor_frete: 1000,
      valor_seguro: 100,
      valor_outros: 1,
    });
    expect(totalsOf(form)).toEqual({ produtos: 5550, desconto: 150, frete: 1000, seguro: 100, outros: 1, total: 6501, pago: 2000, saldo: 4501 });
  });

  it('makes the total the sum of the lines plus the extras, whatever the lines', () => {
    const line = fc.record({ quantidade: fc.integer({ min: 1, max: 999_999 }), valor_unitario: fc.integer({ min: 1, max: 9_999_999 }) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.integer({ min: 0, max: 99_999 }), (lines, frete) => {
        const itens = lines.map((l) => makeItem({ ...l, valor_desconto: 0 }));
        const totals = totalsOf(makeForm({ itens, valor_frete: frete }));
        expect(totals.total).toBe(itens.reduce((acc, item) => acc + lineTotal(item), 0) + frete);
        expect(Number.isInteger(totals.total)).toBe(true);
      }),
    );
  });

  it("refuses to save without series and nature: 'Série não informada', 'Natureza da operação não informada'", () => {
    expect(validateForSave(makeForm({ id_serie_fiscal: null, natureza_operacao: '  ' }))).toEqual([
      FISCAL_MESSAGES.seriesMissing,
      FISCAL_MESSAGES.natureMissing,
    ]);
  });

  it('asks an NF-e for a recipient with an address', () => {
    expect(validateForSave(makeForm({ id_cliente: null }))).toEqual(['Destinatário não informado']);
    expect(validateForSave(makeForm({ cliente_tem_endereco: false }))).toEqual([
      'Para emitir Nfe é necessário ter um endereço no cadastro do cliente.',
    ]);
    expect(validateForSave(makeForm({ modelo: '65', id_cliente: null }))).toEqual([]);
  });

  it("refuses to transmit an NFC-e with a total and no payment: 'Nenhum pagamento informado'", () => {
    const nfce = makeForm({ modelo: '65', id_cliente: null, itens: [makeItem()] });
    expect(validateForTransmit(nfce)).toEqual(['Nenhum pagamento informado']);
    expect(validateForTransmit({ ...nfce, pagamentos: [makePayment({ valor_total: 9980 })] })).toEqual([]);
    expect(validateForTransmit({ ...nfce, itens: [] })).toEqual([]);
  });
});

describe('invoice lines', () => {
  it("checks an item: 'Produto não informado', 'Valor precisa ser maior que zero', 'Endereço de estoque precisa ser selecionado'", () => {
    expect(validateItem(makeItem({ id_produto_grade_filial: null, valor_unitario: 0, id_endereco_estoque: null }))).toEqual([
      'Produto não informado',
      'Valor precisa ser maior que zero',
      'Endereço de estoque precisa ser selecionado',
    ]);
    expect(validateItem(makeItem())).toEqual([]);
  });

  it('refuses a discount above the gross of the line', () => {
    expect(validateItem(makeItem({ quantidade: 1000, valor_unitario: 100, valor_desconto: 101 }))).toEqual([DISCOUNT_ABOVE_GROSS]);
  });

  it("checks a payment: method, value, and the account when the method requires one", () => {
    expect(validatePaymentLine(makePayment({ id_meio_pagamento: null, valor_total: 0 }), true)).toEqual([
      'Meio de pagamento não informado',
      'Valor precisa ser maior que zero',
      'Selecione uma Conta Bancária',
    ]);
    expect(validatePaymentLine(makePayment(), false)).toEqual([]);
    expect(validatePaymentLine(makePayment({ id_conta: 4 }), true)).toEqual([]);
  });
});

describe('referenced invoices', () => {
  it("checks the key: 'Chave não informada', 'a Chave deve conter 44 carácteres', 'Chave já cadastrada'", () => {
    expect(referencedKeyError([], '', null)).toBe('Chave não informada');
    expect(referencedKeyError([], KEY_55.slice(1), null)).toBe('a Chave deve conter 44 carácteres');
    const list = [{ key: 'a', chave_acesso: KEY_55, modelo: '55' }];
    expect(referencedKeyError(list, KEY_55, '55')).toBe('Chave já cadastrada');
    expect(referencedKeyError(list, KEY_55, '65')).toBeNull();
  });

  it('reads the model from the key and accepts a key pasted in groups', () => {
    expect(modeloOfKey(KEY_55)).toBe('55');
    expect(normalizeKey('3525 0312 3456 7800 0199 5500 1000 0000 4210 0000 0421')).toBe(KEY_55);
  });
});
