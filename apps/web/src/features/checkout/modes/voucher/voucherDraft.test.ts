import { describe, expect, it } from 'vitest';
import { makeBundle } from '../../../outbox/testing.ts';
import { formatMoney } from '@pdv/domain/money';
import { VOUCHER_MESSAGES } from '@pdv/domain/voucher-rules';
import { setVoucherValue, voucherBalanceError, voucherProductOf, voucherSaleError } from './voucherDraft.ts';

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

describe('a credit voucher paying several lines of one sale', () => {
  const facts = { id_filial: 1, situacao: 'Ativo', saldo: 3000, data_validade: null };
  const line = (valor_total: number, saldo = 3000) => ({ id_vale_credito: 77, valor_total, vale_credito: { ...facts, saldo } });
  const use = { id_filial: 1, today: '2026-01-10' };

  it('adds up every line naming the voucher: two lines of R$ 20,00 exceed R$ 30,00, with the server message', () => {
    expect(voucherBalanceError([line(2000)], use)).toBeNull();
    expect(voucherBalanceError([line(2000), line(2000)], use)).toBe(VOUCHER_MESSAGES.insufficient(formatMoney(3000)));
    expect(voucherBalanceError([line(2000), line(1000)], use)).toBeNull();
  });

  it('judges against the lowest balance its lines were added with, and other vouchers apart', () => {
    expect(voucherBalanceError([line(2000), line(1000, 2500)], use)).toBe(VOUCHER_MESSAGES.insufficient(formatMoney(2500)));
    const other = { id_vale_credito: 78, valor_total: 2000, vale_credito: facts };
    expect(voucherBalanceError([line(2000), other], use)).toBeNull();
    expect(voucherBalanceError([{ id_vale_credito: null, valor_total: 9000 }], use)).toBeNull();
  });
});
