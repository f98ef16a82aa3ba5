import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AmountOutOfRangeError,
  formatDecimalBR,
  formatMoney,
  formatPercent,
  formatQuantity,
  fromDecimal,
  mulDivRound,
  multiplyByQuantity,
  parseMoneyBR,
  parsePercentBR,
  parseQuantityBR,
  percentFromDecimal,
  percentOf,
  percentageOf,
  quantityFromDecimal,
  quantityToDecimal,
  quantityToDecimalString,
  sum,
  toDecimal,
  toDecimalString,
} from './money.ts';

describe('fromDecimal', () => {
  it('converts decimal numbers and text to integer centavos', () => {
    expect(fromDecimal(1234.56)).toBe(123456);
    expect(fromDecimal('1234.56')).toBe(123456);
    expect(fromDecimal(0)).toBe(0);
    expect(fromDecimal('10')).toBe(1000);
    expect(fromDecimal('.5')).toBe(50);
    expect(fromDecimal(' 7.1 ')).toBe(710);
  });

  it('rounds half away from zero on the second decimal without float error', () => {
    expect(fromDecimal(1.005)).toBe(101); // 1.005 * 100 === 100.49999999999999 in floats
    expect(fromDecimal('1.005')).toBe(101);
    expect(fromDecimal(1.004999)).toBe(100);
    expect(fromDecimal(-1.005)).toBe(-101);
    expect(fromDecimal(0.1 + 0.2)).toBe(30);
    expect(fromDecimal(2.675)).toBe(268);
    expect(fromDecimal('0.995')).toBe(100);
    expect(fromDecimal('-0.004')).toBe(0);
  });

  it('reads exponent notation', () => {
    expect(fromDecimal(1e21 / 1e10)).toBe(10_000_000_000_000);
    expect(fromDecimal(5e-7)).toBe(0);
    expect(fromDecimal('1.5e2')).toBe(15000);
    expect(fromDecimal('5e-3')).toBe(1);
    expect(fromDecimal('0e400')).toBe(0);
  });

  it('refuses what is not a decimal or does not fit a safe integer', () => {
    for (const bad of ['', 'abc', '1,5', '1.2.3', '-', '.', '1e', 'R$ 1']) {
      expect(() => fromDecimal(bad), bad).toThrow(RangeError);
    }
    expect(() => fromDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => fromDecimal(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => fromDecimal('1e400')).toThrow(RangeError);
    expect(() => fromDecimal('100000000000000000')).toThrow(RangeError);
  });

  it('gives back the same centavos after toDecimal for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(fromDecimal(toDecimal(cents))).toBe(cents);
        expect(fromDecimal(toDecimalString(cents))).toBe(cents);
      }),
    );
  });
});

describe('toDecimal and quantities', () => {
  it('writes centavos with two decimals', () => {
    expect(toDecimal(123456)).toBe(1234.56);
    expect(toDecimal(-5)).toBe(-0.05);
    expect(toDecimalString(5)).toBe('0.05');
    expect(toDecimalString(-123400)).toBe('-1234.00');
  });

  it('converts quantities to thousandths and back with three decimals', () => {
    expect(quantityFromDecimal(1.5)).toBe(1500);
    expect(quantityFromDecimal('0.0005')).toBe(1);
    expect(quantityFromDecimal('0.0004')).toBe(0);
    expect(quantityFromDecimal('2')).toBe(2000);
    expect(quantityToDecimal(1500)).toBe(1.5);
    expect(quantityToDecimalString(1)).toBe('0.001');
  });

  it('converts percentages to basis points', () => {
    expect(percentFromDecimal(12.5)).toBe(1250);
    expect(percentFromDecimal('3.335')).toBe(334);
  });
});

describe('arithmetic', () => {
  it('multiplies money by quantity rounding half-up to the centavo', () => {
    expect(multiplyByQuantity(199, 3000)).toBe(597);
    expect(multiplyByQuantity(199, 333)).toBe(66); // 0.66267
    expect(multiplyByQuantity(1, 500)).toBe(1); // 0.005 rounds up
    expect(multiplyByQuantity(1, 499)).toBe(0);
    expect(multiplyByQuantity(-1, 500)).toBe(-1);
    expect(multiplyByQuantity(1999, 0)).toBe(0);
  });

  it('stays exact when centavos times thousandths leaves the safe integer range', () => {
    // R$ 999.999,99 × 99.999,999 units: the raw product (about 1e16) is above 2^53.
    expect(multiplyByQuantity(99_999_999, 99_999_999)).toBe(9_999_999_800_000);
    expect(multiplyByQuantity(99_999_999, 99_999_995)).toBe(9_999_999_400_000); // ...000,005 rounds up
    expect(mulDivRound(9_007_199_254_740_991, 3, 3)).toBe(9_007_199_254_740_991);
    expect(() => mulDivRound(9_007_199_254_740_991, 3, 1)).toThrow(AmountOutOfRangeError);
    expect(mulDivRound(3_000_000_000, 3_000_000_001, 1_000_000_000)).toBe(9_000_000_003);
  });

  it('refuses a product or a sum past the safe integers as a too-large amount, with its message', () => {
    // R$ 8.132.679.378.505,33 × 628.799,37 units (found by the fuzzing once the contract took numeric(15,2) amounts).
    expect(() => multiplyByQuantity(813_267_937_850_533, 628_799_370)).toThrow(AmountOutOfRangeError);
    expect(() => sum([Number.MAX_SAFE_INTEGER, 1])).toThrow('Valor acima do permitido.');
  });

  it('matches BigInt half-up rounding for any operands', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 1e6 }), (cents, milli) => {
        const exact = BigInt(cents) * BigInt(milli);
        const abs = exact < 0n ? -exact : exact;
        const rounded = (abs * 2n + 1000n) / 2000n;
        expect(multiplyByQuantity(cents, milli)).toBe(Number(exact < 0n ? -rounded : rounded));
      }),
    );
  });

  it('takes a percentage of an amount and the percentage a part is of a whole', () => {
    expect(percentOf(1999, 1000)).toBe(200); // 10% of 19,99 = 1,999
    expect(percentOf(10000, 333)).toBe(333);
    expect(percentOf(5, 1000)).toBe(1); // 0,005 rounds up
    expect(percentageOf(250, 1000)).toBe(2500);
    expect(percentageOf(1, 3)).toBe(3333);
    expect(percentageOf(5, 0)).toBe(0);
  });

  it('refuses fractional centavos and a non-positive divisor', () => {
    expect(() => multiplyByQuantity(1.5, 1000)).toThrow(RangeError);
    expect(() => mulDivRound(1, 1, 0)).toThrow(RangeError);
    expect(() => sum([1, 0.1])).toThrow(RangeError);
    expect(sum([1, 2, -3, 10])).toBe(10);
  });
});

describe('pt-BR formatting', () => {
  it('formats money as R$ with thousand dots and decimal comma', () => {
    expect(formatMoney(123456)).toBe('R$ 1.234,56');
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney(5)).toBe('R$ 0,05');
    expect(formatMoney(-50)).toBe('-R$ 0,50');
    expect(formatMoney(123456789012)).toBe('R$ 1.234.567.890,12');
    expect(formatDecimalBR(100000)).toBe('1.000,00');
  });

  it('formats quantities with three decimals and percentages with two', () => {
    expect(formatQuantity(3000)).toBe('3,000');
    expect(formatQuantity(1234500)).toBe('1.234,500');
    expect(formatQuantity(1)).toBe('0,001');
    expect(formatPercent(1250)).toBe('12,50%');
  });
});

describe('pt-BR parsing', () => {
  it('reads pt-BR amounts with or without the currency sign', () => {
    expect(parseMoneyBR('1.234,56')).toBe(123456);
    expect(parseMoneyBR('R$ 1.234,56')).toBe(123456);
    expect(parseMoneyBR('R$\u00a01.234,56')).toBe(123456);
    expect(parseMoneyBR('1234,56')).toBe(123456);
    expect(parseMoneyBR('10')).toBe(1000);
    expect(parseMoneyBR('0,5')).toBe(50);
    expect(parseMoneyBR(',5')).toBe(50);
    expect(parseMoneyBR('1.000.000')).toBe(100000000);
    expect(parseMoneyBR('-R$ 2,00')).toBe(-200);
    expect(parseMoneyBR('R$ -2,00')).toBe(-200);
  });

  it('rounds extra decimals half-up', () => {
    expect(parseMoneyBR('1,005')).toBe(101);
    expect(parseMoneyBR('1,004')).toBe(100);
  });

  it('takes a lone dot outside thousand groups as a keypad decimal point', () => {
    expect(parseMoneyBR('1.5')).toBe(150);
    expect(parseMoneyBR('10.25')).toBe(1025);
    expect(parseMoneyBR('1.234')).toBe(123400);
  });

  it('answers null for text that is not a pt-BR number', () => {
    for (const bad of ['', 'abc', 'R$', '1,2,3', '12.34,5', '1.23.4', '1,234.56', '--1', '1e5']) {
      expect(parseMoneyBR(bad), bad).toBeNull();
    }
  });

  it('reads quantities and percentages', () => {
    expect(parseQuantityBR('1,5')).toBe(1500);
    expect(parseQuantityBR('0,0005')).toBe(1);
    expect(parseQuantityBR('2.000')).toBe(2_000_000);
    expect(parsePercentBR('12,5%')).toBe(1250);
    expect(parsePercentBR('10')).toBe(1000);
  });

  it('reads back whatever it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(parseMoneyBR(formatMoney(cents))).toBe(cents);
        expect(parseQuantityBR(formatQuantity(cents))).toBe(cents);
      }),
    );
  });
});
