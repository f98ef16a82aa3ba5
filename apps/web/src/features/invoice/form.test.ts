import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { invoiceLineTotals } from '@pdv/domain/invoice-totals';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import {
  bodyOf,
  emptyForm,
  lineKey,
  totalsOf,
  validateForSave,
  validateForTransmit,
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
    expect(totalsOf(form)).toEqual({ produtos: 5550, desconto: 150, frete: 1000, seguro: 100, outros: 1, total: 6501, pago: 2000, saldo: 4501, troco: 0 });
  });

  it('makes the total the sum of the lines plus the extras, whatever the lines', () => {
    const line = fc.record({ quantidade: fc.integer({ min: 1, max: 999_999 }), valor_unitario: fc.integer({ min: 1, max: 9_999_999 }) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.integer({ min: 0, max: 99_999 }), (lines, frete) => {
        const itens = lines.map((l) => makeItem({ ...l, valor_desconto: 0 }));
        const totals = totalsOf(makeForm({ itens, valor_frete: frete }));
        expect(totals.total).toBe(itens.reduce((acc, item) => acc + invoiceLineTotals(item).liquido, 0) + frete);
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

describe('invoice lines on save', () => {
  it("checks the lines with the header, with the domain's messages", () => {
    const form = makeForm({
      itens: [makeItem({ id_endereco_estoque: null })],
      volumes: [{ key: lineKey(), quantidade: 1, especie: '', marca: '', numeracao: '', peso_liquido: 0, peso_bruto: 0 }],
    });
    expect(validateForSave(form)).toEqual([
      FISCAL_MESSAGES.itemStockAddressMissing,
      ORDER_MESSAGES.volumeNetWeightMissing,
      ORDER_MESSAGES.volumeGrossWeightMissing,
    ]);
  });
});
