import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors.ts';
import { makeItem } from './factories.ts';
import { checksStock, validateItem, validateItemInsert } from './item-validation.ts';

const messages = (errors: readonly Error[]) => errors.map((e) => e.message);
const validLine = (fields = {}) =>
  makeItem({ id_endereco_estoque: 1, id_cenario_fiscal: 2, valor_unitario: 1000, quantidade: 1000, ...fields });
const noStockCheck = { checkStock: false };

describe('validateItem', () => {
  it('accepts a complete line', () => {
    expect(validateItem(validLine(), noStockCheck)).toEqual([]);
  });

  it('requires the stock address of a product, not of a service', () => {
    expect(messages(validateItem(validLine({ id_endereco_estoque: null }), noStockCheck))).toEqual([
      'Endereço de estoque não selecionado.',
    ]);
    expect(validateItem(validLine({ tipo_item: 'Servico', id_endereco_estoque: null }), noStockCheck)).toEqual([]);
  });

  it('requires the fiscal scenario', () => {
    const errors = validateItem(validLine({ id_cenario_fiscal: null }), noStockCheck);
    expect(errors[0]).toBeInstanceOf(ValidationError);
    expect(errors[0]?.field).toBe('id_cenario_fiscal');
    expect(messages(errors)).toEqual(['Cenario Fiscal não selecionado.']);
  });

  it('requires a unit price and a price after discount above zero', () => {
    expect(messages(validateItem(validLine({ valor_unitario: 0 }), noStockCheck))).toEqual([
      'O valor do item tem que ser maior que 0.',
    ]);
    expect(messages(validateItem(validLine({ valor_desconto_item: 1000 }), noStockCheck))).toEqual([
      'O valor do item tem que ser maior que 0.',
    ]);
    expect(validateItem(validLine({ valor_desconto_item: 999 }), noStockCheck)).toEqual([]);
  });

  it('requires a quantity above zero', () => {
    expect(messages(validateItem(validLine({ quantidade: 0 }), noStockCheck))).toEqual([
      'A quantidade tem que ser maior que 0.',
    ]);
  });

  it('lists every problem of the line in the spec order', () => {
    expect(
      messages(
        validateItem(
          validLine({ id_endereco_estoque: null, id_cenario_fiscal: null, valor_unitario: 0 }),
          noStockCheck,
        ),
      ),
    ).toEqual([
      'Endereço de estoque não selecionado.',
      'Cenario Fiscal não selecionado.',
      'O valor do item tem que ser maior que 0.',
    ]);
  });

  describe('with negative-stock control', () => {
    it('requires a stock record', () => {
      expect(messages(validateItem(validLine(), { checkStock: true, estoque: null }))).toEqual([
        'Estoque para o produto não encontrado.',
      ]);
    });

    it('refuses more than the stock minus its reservation, showing both quantities', () => {
      const stock = { quantidade: 5000, quantidade_reserva: 2000 };
      expect(validateItem(validLine({ quantidade: 3000 }), { checkStock: true, estoque: stock })).toEqual([]);
      expect(messages(validateItem(validLine({ quantidade: 3001 }), { checkStock: true, estoque: stock }))).toEqual([
        'Estoque insuficiente. Estoque atual: 3,000. Quantidade informada: 3,001.',
      ]);
    });

    it("counts the operation's other lines of the same variation and address", () => {
      const stock = { quantidade: 3000, quantidade_reserva: 0 };
      const errors = validateItem(validLine({ quantidade: 1000 }), {
        checkStock: true,
        estoque: stock,
        quantidadeNaOperacao: 5000,
      });
      expect(messages(errors)).toEqual(['Estoque insuficiente. Estoque atual: 3,000. Quantidade informada: 5,000.']);
    });

    it('does not check the stock of services', () => {
      expect(validateItem(validLine({ tipo_item: 'Servico' }), { checkStock: true, estoque: null })).toEqual([]);
    });
  });
});

describe('checksStock', () => {
  it('checks stock only with the control on and for modes that take goods out', () => {
    expect(checksStock('Venda', true)).toBe(true);
    expect(checksStock('Pedido', true)).toBe(true);
    expect(checksStock('Consignacao', true)).toBe(true);
    for (const mode of ['Devolucao', 'Orcamento', 'Recebimento', 'ValeCredito'] as const) {
      expect(checksStock(mode, true), mode).toBe(false);
    }
    expect(checksStock('Venda', false)).toBe(false);
  });
});

describe('validateItemInsert', () => {
  it('refuses items in a receipt operation only', () => {
    expect(messages(validateItemInsert('Recebimento'))).toEqual([
      'Não é possível inserir itens na operação de recebimento.',
    ]);
    expect(validateItemInsert('Venda')).toEqual([]);
  });
});
