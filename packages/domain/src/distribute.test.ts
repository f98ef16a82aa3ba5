import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distribute, distributeDiscount, splitPaymentsByKind, type RemainderRule } from './distribute.ts';

const RULES: RemainderRule[] = ['largest', 'first', 'last'];
const total = fc.integer({ min: 0, max: 1e11 });
const weights = fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 30 });
const positiveWeights = weights.filter((ws) => ws.some((w) => w > 0));
const rule = fc.constantFrom(...RULES);
const add = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('distribute', () => {
  it('splits evenly divisible totals exactly in proportion', () => {
    expect(distribute(1000, [1, 1, 2])).toEqual([250, 250, 500]);
    expect(distribute(0, [3, 7])).toEqual([0, 0]);
  });

  it('gives the remainder to the largest fractions, ties to the earlier part', () => {
    expect(distribute(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(distribute(200, [1, 1, 1])).toEqual([67, 67, 66]);
    expect(distribute(10, [3, 3, 4])).toEqual([3, 3, 4]);
    expect(distribute(11, [3, 3, 4])).toEqual([3, 3, 5]); // 3.3, 3.3, 4.4
  });

  it('gives the whole remainder to the first part under the first rule', () => {
    expect(distribute(100, [1, 1, 1], { remainder: 'first' })).toEqual([34, 33, 33]);
    expect(distribute(200, [1000, 1000, 1000], { remainder: 'first' })).toEqual([68, 66, 66]);
  });

  it('gives the whole remainder to the last part under the last rule', () => {
    expect(distribute(200, [1000, 1000, 1000], { remainder: 'last' })).toEqual([66, 66, 68]);
  });

  it('skips zero weights when placing the remainder', () => {
    expect(distribute(200, [0, 1000, 1000, 1000, 0], { remainder: 'first' })).toEqual([0, 68, 66, 66, 0]);
    expect(distribute(200, [0, 1000, 1000, 1000, 0], { remainder: 'last' })).toEqual([0, 66, 66, 68, 0]);
  });

  it('spills the remainder to the next part when the first cannot hold it without exceeding its weight', () => {
    // Exact shares 0.995, 99.5, 99.5: the floors 0, 99, 99 leave 2 centavos; the first line is worth only 1.
    expect(distribute(200, [1, 100, 100], { remainder: 'first' })).toEqual([1, 100, 99]);
    expect(distribute(200, [100, 100, 1], { remainder: 'last' })).toEqual([99, 100, 1]);
  });

  it('lets a part exceed its weight only when the total exceeds the weights', () => {
    expect(distribute(10, [1, 1], { remainder: 'first' })).toEqual([5, 5]);
    expect(distribute(11, [1, 1], { remainder: 'first' })).toEqual([6, 5]);
  });

  it('distributes a negative total as the opposite of the positive one', () => {
    expect(distribute(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(distribute(-1, [0, 1])).toEqual([0, -1]);
    expect(Object.is(distribute(-1, [0, 1])[0], 0)).toBe(true);
  });

  it('gives zeros for a zero total over no weight and refuses any other total there', () => {
    expect(distribute(0, [0, 0])).toEqual([0, 0]);
    expect(distribute(0, [])).toEqual([]);
    expect(() => distribute(1, [0, 0])).toThrow(RangeError);
    expect(() => distribute(1, [])).toThrow(RangeError);
  });

  it('refuses negative or fractional weights and fractional totals', () => {
    expect(() => distribute(10, [1, -1, 2])).toThrow(RangeError);
    expect(() => distribute(10, [1.5])).toThrow(RangeError);
    expect(() => distribute(10.5, [1])).toThrow(RangeError);
  });

  it('always sums exactly to the whole, under every rule', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), positiveWeights, rule, (t, ws, r) => {
        expect(add(distribute(t, ws, { remainder: r }))).toBe(t);
      }),
    );
  });

  it('never gives a negative part for a non-negative total, and zero weights always get zero', () => {
    fc.assert(
      fc.property(total, positiveWeights, rule, (t, ws, r) => {
        const parts = distribute(t, ws, { remainder: r });
        parts.forEach((part, i) => {
          expect(part).toBeGreaterThanOrEqual(0);
          if (ws[i] === 0) expect(part).toBe(0);
        });
      }),
    );
  });

  it('never gives a part above its weight when the total fits in the weights', () => {
    fc.assert(
      fc.property(positiveWeights, fc.double({ min: 0, max: 1, noNaN: true }), rule, (ws, fraction, r) => {
        const t = Math.floor(add(ws) * fraction);
        distribute(t, ws, { remainder: r }).forEach((part, i) => expect(part).toBeLessThanOrEqual(ws[i] ?? 0));
      }),
    );
  });

  it('keeps every part within one centavo of its exact share under the largest-remainder rule', () => {
    fc.assert(
      fc.property(total, positiveWeights, (t, ws) => {
        const w = BigInt(add(ws));
        distribute(t, ws).forEach((part, i) => {
          const exactTimesW = BigInt(t) * BigInt(ws[i] ?? 0);
          const diff = BigInt(part) * w - exactTimesW;
          expect(diff < w && diff > -w).toBe(true);
        });
      }),
    );
  });

  it('leaves every part but the first at its floor share under the first rule when the first can hold the rest', () => {
    fc.assert(
      fc.property(total, fc.array(fc.integer({ min: 1, max: 1e6 }), { minLength: 2, maxLength: 20 }), (t, ws) => {
        const weighted = [add(ws) * 100, ...ws]; // the first line is the big one
        const w = BigInt(add(weighted));
        const parts = distribute(t, weighted, { remainder: 'first' });
        parts.slice(1).forEach((part, i) => {
          expect(part).toBe(Number((BigInt(t) * BigInt(weighted[i + 1] ?? 0)) / w));
        });
      }),
    );
  });
});

describe('distributeDiscount', () => {
  it('spreads an operation discount over items by subtotal with the remainder on the first item', () => {
    expect(distributeDiscount(1000, [3000, 3000, 3000])).toEqual([334, 333, 333]);
    expect(distributeDiscount(1, [500, 500])).toEqual([1, 0]);
    expect(distributeDiscount(500, [2000, 0, 3000])).toEqual([200, 0, 300]);
  });

  it('makes the discounts sum to the operation discount for any items', () => {
    fc.assert(
      fc.property(positiveWeights, fc.double({ min: 0, max: 1, noNaN: true }), (subtotals, fraction) => {
        const discount = Math.floor(add(subtotals) * fraction);
        const parts = distributeDiscount(discount, subtotals);
        expect(add(parts)).toBe(discount);
        parts.forEach((part, i) => expect(part).toBeLessThanOrEqual(subtotals[i] ?? 0));
      }),
    );
  });
});

describe('splitPaymentsByKind', () => {
  it('splits each payment between products and services, remainder on the last payment and installment', () => {
    const split = splitPaymentsByKind(
      [
        { valor: 5000, parcelas: [] },
        { valor: 5000, parcelas: [1667, 1667, 1666] },
      ],
      { produtos: 6667, servicos: 3333 },
    );
    expect(split.map((p) => [p.produtos, p.servicos])).toEqual([
      [3333, 1667],
      [3334, 1666],
    ]);
    expect(split[1]?.parcelas).toEqual([
      { produtos: 1111, servicos: 556 },
      { produtos: 1111, servicos: 556 },
      { produtos: 1112, servicos: 554 },
    ]);
  });

  it('puts everything on products or services when the sale has only one kind', () => {
    const onlyServices = splitPaymentsByKind([{ valor: 300, parcelas: [100, 200] }], { produtos: 0, servicos: 300 });
    expect(onlyServices).toEqual([
      {
        produtos: 0,
        servicos: 300,
        parcelas: [
          { produtos: 0, servicos: 100 },
          { produtos: 0, servicos: 200 },
        ],
      },
    ]);
    const nothing = splitPaymentsByKind([{ valor: 300, parcelas: [] }], { produtos: 0, servicos: 0 });
    expect(nothing[0]?.produtos).toBe(300);
  });

  it('refuses installments that do not add up to their payment', () => {
    expect(() => splitPaymentsByKind([{ valor: 300, parcelas: [100, 100] }], { produtos: 1, servicos: 1 })).toThrow(
      RangeError,
    );
  });

  it('always adds up by payment, by installment and by kind, with no negative part', () => {
    const payment = fc
      .array(fc.integer({ min: 0, max: 1e7 }), { minLength: 0, maxLength: 6 })
      .chain((parcelas) =>
        parcelas.length === 0
          ? fc.integer({ min: 0, max: 1e8 }).map((valor) => ({ valor, parcelas }))
          : fc.constant({ valor: add(parcelas), parcelas }),
      );
    fc.assert(
      fc.property(
        fc.array(payment, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 1e8 }),
        fc.integer({ min: 0, max: 1e8 }),
        (payments, produtos, servicos) => {
          const split = splitPaymentsByKind(payments, { produtos, servicos });
          const paid = add(payments.map((p) => p.valor));
          split.forEach((part, i) => {
            const source = payments[i];
            expect(part.produtos + part.servicos).toBe(source?.valor);
            expect(part.produtos).toBeGreaterThanOrEqual(0);
            expect(part.servicos).toBeGreaterThanOrEqual(0);
            part.parcelas.forEach((installment, j) => {
              expect(installment.produtos + installment.servicos).toBe(source?.parcelas[j]);
              expect(Math.min(installment.produtos, installment.servicos)).toBeGreaterThanOrEqual(0);
            });
            if (part.parcelas.length > 0) {
              expect(add(part.parcelas.map((p) => p.produtos))).toBe(part.produtos);
            }
          });
          const productsPaid = add(split.map((p) => p.produtos));
          if (paid === produtos + servicos) expect(productsPaid).toBe(produtos);
          expect(productsPaid + add(split.map((p) => p.servicos))).toBe(paid);
        },
      ),
    );
  });
});
