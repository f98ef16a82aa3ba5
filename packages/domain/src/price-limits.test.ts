import { describe, expect, it } from 'vitest';
import { effectiveLimits, validateDiscount, validatePriceOverride, type PriceLimits } from './price-limits.ts';

const messages = (errors: readonly Error[]) => errors.map((e) => e.message);
const limits: PriceLimits = {
  percentual_desconto_maximo: 1000,
  perc_max_aumento_preco_produto: 2000,
  perc_max_reducao_preco_produto: 500,
};

describe('effectiveLimits', () => {
  it("uses the product's own limits where set and the user's elsewhere", () => {
    expect(effectiveLimits(limits, { percentual_desconto_maximo: 300, perc_max_aumento_preco_produto: null })).toEqual({
      percentual_desconto_maximo: 300,
      perc_max_aumento_preco_produto: 2000,
      perc_max_reducao_preco_produto: 500,
    });
    expect(effectiveLimits(limits)).toEqual(limits);
  });
});

describe('validateDiscount', () => {
  it('accepts a percentage up to the maximum and refuses one above it', () => {
    expect(validateDiscount({ tipo: 'Percentual', valor: 1000, base: 5000 }, 1000)).toEqual([]);
    expect(messages(validateDiscount({ tipo: 'Percentual', valor: 1001, base: 5000 }, 1000))).toEqual([
      'O desconto máximo permitido é de 10,00%.',
    ]);
  });

  it('accepts a value up to the maximum share of the base and refuses one above it', () => {
    expect(validateDiscount({ tipo: 'Valor', valor: 500, base: 5000 }, 1000)).toEqual([]);
    expect(messages(validateDiscount({ tipo: 'Valor', valor: 501, base: 5000 }, 1000))).toEqual([
      'O desconto máximo permitido é de R$ 5,00 (10,00%).',
    ]);
    // 10% of 19,99 is 1,999: 1,99 fits, 2,00 does not.
    expect(validateDiscount({ tipo: 'Valor', valor: 199, base: 1999 }, 1000)).toEqual([]);
    expect(messages(validateDiscount({ tipo: 'Valor', valor: 200, base: 1999 }, 1000))).toEqual([
      'O desconto máximo permitido é de R$ 1,99 (10,00%).',
    ]);
  });

  it('allows no discount with a zero maximum and never more than the whole base', () => {
    expect(validateDiscount({ tipo: 'Percentual', valor: 1, base: 5000 }, 0)).toHaveLength(1);
    expect(validateDiscount({ tipo: 'Valor', valor: 0, base: 5000 }, 0)).toEqual([]);
    expect(validateDiscount({ tipo: 'Valor', valor: 5001, base: 5000 }, 20000)).toHaveLength(1);
  });

  it('refuses an unknown type and a negative discount', () => {
    expect(messages(validateDiscount({ tipo: 'Bonus', valor: 1, base: 5000 }, 1000))).toEqual([
      'Tipo de desconto inválido. Informe o desconto em percentual ou em valor.',
    ]);
    expect(messages(validateDiscount({ tipo: 'Valor', valor: -1, base: 5000 }, 1000))).toEqual([
      'O desconto não pode ser negativo.',
    ]);
  });
});

describe('validatePriceOverride', () => {
  it('accepts the reference price and changes within the limits', () => {
    expect(validatePriceOverride(10000, 10000, limits)).toEqual([]);
    expect(validatePriceOverride(10000, 12000, limits)).toEqual([]);
    expect(validatePriceOverride(10000, 9500, limits)).toEqual([]);
  });

  it('refuses an increase above the maximum increase', () => {
    expect(messages(validatePriceOverride(10000, 12001, limits))).toEqual([
      'O preço informado ultrapassa o aumento máximo permitido de 20,00%.',
    ]);
  });

  it('refuses a reduction above the maximum reduction', () => {
    expect(messages(validatePriceOverride(10000, 9499, limits))).toEqual([
      'O preço informado ultrapassa a redução máxima permitida de 5,00%.',
    ]);
  });

  it('refuses a price of zero', () => {
    expect(messages(validatePriceOverride(10000, 0, { ...limits, perc_max_reducao_preco_produto: 10000 }))).toEqual([
      'O valor do item tem que ser maior que 0.',
    ]);
  });
});
