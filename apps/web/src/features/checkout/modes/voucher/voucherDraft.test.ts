import { describe, expect, it } from 'vitest';
import { makeBundle } from '../../../outbox/testing.ts';
import { setVoucherValue, voucherProductOf, voucherSaleError } from './voucherDraft.ts';

const context = { config: { id_produto_grade_filial_vale_credito: 900 }, id_endereco_estoque: 3 };

describe('the credit-voucher draft', () => {
  it('becomes one line of the branch voucher product at the typed value', () => {
    const bundle = setVoucherValue(makeBundle(), context, 15_000, '00000000-0000-4000-8000-00000000abcd');
    expect(bundle.itens).toHaveLength(1);
    expect(bundle.itens[0]).toMatchObject({ id_item: '00000000-0000-4000-8000-00000000abcd', id_produto_grade_filial: 900, quantidade: 1000, valor_unitario: 15_000, valor_total: 15_000, id_endereco_estoque: 3 });
    expect(bundle.operation.valor_total).toBe(15_000);
    const again = setVoucherValue(bundle, context, 5_000);
    expect(again.itens.map((i) => i.valor_total)).toEqual([5_000]);
  });

  it('refuses other products, no value and a branch without voucher product', () => {
    expect(voucherSaleError(makeBundle(), context)).toBe('A operação de vale crédito aceita apenas o produto de vale crédito.');
    expect(voucherSaleError({ ...makeBundle(), itens: [] }, context)).toBe('Informe o valor do vale crédito.');
    expect(voucherSaleError(setVoucherValue(makeBundle(), context, 100), context)).toBeNull();
    expect(voucherProductOf({ config: {} })).toBeNull();
    expect(voucherSaleError(makeBundle(), { config: null })).toBe('Produto de vale crédito não configurado na filial.');
  });
});
