import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activeItems, computeItemTotals, itemDiscountFromPercent, withItemTotals, type ItemAmounts } from './item.ts';

const makeAmounts = (over: Partial<ItemAmounts> = {}): ItemAmounts => ({
  quantidade: 1000,
  valor_unitario: 1000,
  valor_desconto_item: 0,
  valor_desconto_subtotal: 0,
  ...over,
});

describe('computeItemTotals', () => {
  it('computes gross as unit price times quantity, rounded half-up to the centavo', () => {
    expect(computeItemTotals(makeAmounts({ valor_unitario: 1999, quantidade: 3000 })).bruto).toBe(5997);
    expect(computeItemTotals(makeAmounts({ valor_unitario: 1999, quantidade: 333 })).bruto).toBe(666); // 6,65667
    expect(computeItemTotals(makeAmounts({ valor_unitario: 1, quantidade: 500 })).bruto).toBe(1); // 0,005
  });

  it('adds the line discount and its share of the subtotal discount, and nets them off the gross', () => {
    const totals = computeItemTotals(
      makeAmounts({ valor_unitario: 2500, quantidade: 2000, valor_desconto_item: 500, valor_desconto_subtotal: 120 }),
    );
    expect(totals).toEqual({
      bruto: 5000,
      desconto: 620,
      liquido: 4380,
      valor_unitario_liquido: 2190,
      desconto_percentual: 1000,
    });
  });

  it('rounds the net unit price half-up', () => {
    // 10,00 - 0,01 over 3 units: 3,33 each.
    const totals = computeItemTotals(makeAmounts({ quantidade: 3000, valor_unitario: 334, valor_desconto_item: 3 }));
    expect(totals.liquido).toBe(999);
    expect(totals.valor_unitario_liquido).toBe(333);
    // 1,00 over 0,3 kg: 3,333... -> 3,33; 2,00 over 0,3 kg: 6,666... -> 6,67.
    expect(computeItemTotals(makeAmounts({ quantidade: 300, valor_unitario: 334 })).valor_unitario_liquido).toBe(333);
    expect(computeItemTotals(makeAmounts({ quantidade: 300, valor_unitario: 667 })).valor_unitario_liquido).toBe(667);
  });

  it('keeps the unit price as the net unit price of a zero quantity', () => {
    const totals = computeItemTotals(makeAmounts({ quantidade: 0, valor_unitario: 450 }));
    expect(totals.bruto).toBe(0);
    expect(totals.valor_unitario_liquido).toBe(450);
    expect(totals.desconto_percentual).toBe(0);
  });

  it('always has gross minus discount equal to net', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e8 }),
        fc.integer({ min: 0, max: 1e7 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 0, max: 1e6 }),
        (valor_unitario, quantidade, valor_desconto_item, valor_desconto_subtotal) => {
          const t = computeItemTotals({ valor_unitario, quantidade, valor_desconto_item, valor_desconto_subtotal });
          expect(t.bruto - t.desconto).toBe(t.liquido);
          expect(Number.isSafeInteger(t.valor_unitario_liquido)).toBe(true);
        },
      ),
    );
  });
});

describe('withItemTotals', () => {
  it('writes the derived values into the spec fields and keeps the rest of the line', () => {
    const line = withItemTotals({ ...makeAmounts({ valor_desconto_item: 100 }), descricao: 'Caneta' });
    expect(line).toMatchObject({
      descricao: 'Caneta',
      valor_sub_total: 1000,
      valor_desconto: 100,
      valor_total: 900,
      desconto_percentual: 1000,
    });
  });
});

describe('itemDiscountFromPercent', () => {
  it('turns a percentage into centavos of the line gross, rounded half-up', () => {
    expect(itemDiscountFromPercent({ quantidade: 3000, valor_unitario: 1999 }, 1000)).toBe(600); // 10% of 59,97
    expect(itemDiscountFromPercent({ quantidade: 1000, valor_unitario: 5 }, 1000)).toBe(1); // 0,005
  });
});

describe('activeItems', () => {
  it('leaves cancelled lines out', () => {
    expect(
      activeItems([
        { is_cancelado: false, n: 1 },
        { is_cancelado: true, n: 2 },
      ]),
    ).toEqual([{ is_cancelado: false, n: 1 }]);
  });
});
