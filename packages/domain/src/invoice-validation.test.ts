import { describe, expect, it } from 'vitest';
import { FISCAL_MESSAGES as M } from './fiscal-messages.ts';
import {
  invoiceHeaderErrors,
  invoiceItemErrors,
  invoicePaymentErrors,
  invoiceSaveErrors,
  invoiceTransmitErrors,
  invoiceVolumeErrors,
  modeloOfAccessKey,
  normalizeAccessKey,
  referencedKeyErrors,
  type InvoiceDraft,
  type InvoiceItemDraft,
} from './invoice-validation.ts';
import { MESSAGES } from './messages.ts';
import { ORDER_MESSAGES } from './order-messages.ts';

const KEY_55 = '35250312345678000199550010000000421000000421';
const item = (over: Partial<InvoiceItemDraft> = {}): InvoiceItemDraft => ({
  id_produto_grade_filial: 10, id_endereco_estoque: 1, quantidade: 2000, valor_unitario: 4990, valor_desconto: 0, ...over,
});
const draft = (over: Partial<InvoiceDraft> = {}): InvoiceDraft => ({
  modelo: '55', id_serie_fiscal: 3, natureza_operacao: 'Venda de mercadoria', id_cliente: 5, cliente_tem_endereco: true,
  itens: [], pagamentos: [], referenciadas: [], volumes: [], ...over,
});

describe('invoice save (001 §5)', () => {
  it("refuses to save without series and nature, in the spec's order", () => {
    expect(invoiceHeaderErrors(draft({ id_serie_fiscal: null, natureza_operacao: '  ' }))).toEqual([M.seriesMissing, M.natureMissing]);
    expect(invoiceHeaderErrors(draft({ natureza_operacao: null }))).toEqual([M.natureMissing]);
  });

  it('asks an NF-e, not an NFC-e, for a recipient with an address', () => {
    expect(invoiceHeaderErrors(draft({ id_cliente: null }))).toEqual(['Destinatário não informado']);
    expect(invoiceHeaderErrors(draft({ cliente_tem_endereco: false }))).toEqual([
      'Para emitir Nfe é necessário ter um endereço no cadastro do cliente.',
    ]);
    expect(invoiceHeaderErrors(draft({ cliente_tem_endereco: null }))).toEqual([]);
    expect(invoiceHeaderErrors(draft({ modelo: '65', id_cliente: null }))).toEqual([]);
  });

  it('checks every part with the header and names each message once', () => {
    const errors = invoiceSaveErrors(draft({
      natureza_operacao: '',
      itens: [item({ valor_unitario: 0 }), item({ valor_unitario: 0, id_endereco_estoque: null })],
      pagamentos: [{ id_meio_pagamento: null, valor_total: 100, id_conta: null }],
      referenciadas: [{ chave_acesso: KEY_55, modelo: null }, { chave_acesso: KEY_55, modelo: '55' }],
      volumes: [{ quantidade: 1, peso_liquido: 0, peso_bruto: 1000 }],
    }));
    expect(errors).toEqual([M.natureMissing, M.valueNotPositive, M.itemStockAddressMissing, M.paymentMethodMissing, M.keyDuplicated,
      ORDER_MESSAGES.volumeNetWeightMissing]);
  });

  it("refuses to transmit an NFC-e with a total and no payment: 'Nenhum pagamento informado'", () => {
    const nfce = draft({ modelo: '65', id_cliente: null });
    expect(invoiceTransmitErrors(nfce, 9980)).toEqual(['Nenhum pagamento informado']);
    expect(invoiceTransmitErrors({ ...nfce, pagamentos: [{ id_meio_pagamento: 1, valor_total: 9980, id_conta: null }] }, 9980)).toEqual([]);
    expect(invoiceTransmitErrors(nfce, 0)).toEqual([]);
    expect(invoiceTransmitErrors(draft(), 9980)).toEqual([]);
  });
});

describe('invoice item (001 §5)', () => {
  it("checks product, value and stock address with the spec's texts", () => {
    expect(invoiceItemErrors(item({ id_produto_grade_filial: null, valor_unitario: 0, id_endereco_estoque: null }))).toEqual([
      'Produto não informado',
      'Valor precisa ser maior que zero',
      'Endereço de estoque precisa ser selecionado',
    ]);
    expect(invoiceItemErrors(item())).toEqual([]);
  });

  it('refuses a quantity of zero', () => {
    expect(invoiceItemErrors(item({ quantidade: 0 }))).toEqual([MESSAGES.quantityNotPositive]);
  });

  it('refuses a discount above the gross of the line, and accepts one equal to it', () => {
    expect(invoiceItemErrors(item({ quantidade: 1000, valor_unitario: 100, valor_desconto: 101 }))).toEqual([M.itemDiscountAboveGross]);
    expect(invoiceItemErrors(item({ quantidade: 1000, valor_unitario: 100, valor_desconto: 100 }))).toEqual([]);
  });

  it('refuses a line above 999.999.999,99 without multiplying past the safe integers', () => {
    expect(invoiceItemErrors(item({ quantidade: 100_000_000, valor_unitario: 99_999_999_900 }))).toEqual([M.itemTotalTooLarge]);
    expect(invoiceItemErrors(item({ quantidade: 1000, valor_unitario: 99_999_999_999 }))).toEqual([]);
  });
});

describe('invoice payment (001 §5)', () => {
  it('checks a saved invoice, the method, the value, and the account when the method requires one', () => {
    expect(invoicePaymentErrors({ id_meio_pagamento: null, valor_total: 0, id_conta: null }, { saved: false, requiresAccount: true })).toEqual([
      'Nota Fiscal ainda não foi salva',
      'Meio de pagamento não informado',
      'Valor precisa ser maior que zero',
      'Selecione uma Conta Bancária',
    ]);
    expect(invoicePaymentErrors({ id_meio_pagamento: 1, valor_total: 10, id_conta: null }, { saved: true, requiresAccount: false })).toEqual([]);
    expect(invoicePaymentErrors({ id_meio_pagamento: 1, valor_total: 10, id_conta: 4 }, { saved: true, requiresAccount: true })).toEqual([]);
  });
});

describe('referenced invoices (001 §5)', () => {
  it("checks the key: 'Chave não informada', 'a Chave deve conter 44 carácteres', 'Chave já cadastrada'", () => {
    expect(referencedKeyErrors({ chave_acesso: '  ', modelo: null }, [])).toEqual(['Chave não informada']);
    expect(referencedKeyErrors({ chave_acesso: KEY_55.slice(1), modelo: null }, [])).toEqual(['a Chave deve conter 44 carácteres']);
    const list = [{ chave_acesso: KEY_55, modelo: '55' }];
    expect(referencedKeyErrors({ chave_acesso: KEY_55, modelo: null }, list)).toEqual(['Chave já cadastrada']);
    expect(referencedKeyErrors({ chave_acesso: KEY_55, modelo: '65' }, list)).toEqual([]);
  });

  it('reads the model from the key and accepts a key pasted in groups', () => {
    expect(modeloOfAccessKey(KEY_55)).toBe('55');
    expect(modeloOfAccessKey('123')).toBeNull();
    const pasted = '3525 0312 3456 7800 0199 5500 1000 0000 4210 0000 0421';
    expect(normalizeAccessKey(pasted)).toBe(KEY_55);
    expect(referencedKeyErrors({ chave_acesso: pasted, modelo: null }, [{ chave_acesso: KEY_55, modelo: null }])).toEqual([M.keyDuplicated]);
  });
});

describe('invoice volume (000 §5)', () => {
  it('requires quantity, net weight and gross weight with the spec texts', () => {
    expect(invoiceVolumeErrors({ quantidade: 0, peso_liquido: 0, peso_bruto: 0 })).toEqual([
      'Informe a quantidade', 'Informe o peso líquido.', 'Informe o peso bruto',
    ]);
    expect(invoiceVolumeErrors({ quantidade: 2, peso_liquido: 1500, peso_bruto: 1800 })).toEqual([]);
  });
});
