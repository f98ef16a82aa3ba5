import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageCostAfterEntry } from './average-cost.ts';
import { MESSAGES } from './messages.ts';

describe('averageCostAfterEntry', () => {
  it('weights the current stock and the entry: 10 at 10,00 plus 10 at 12,00 gives 11,00', () => {
    expect(averageCostAfterEntry({ quantidade: 10_000, preco_custo_medio: 1000 }, [{ quantidade: 10_000, valor_unitario: 1200 }])).toBe(1100);
  });

  it('rounds once, half up to the centavo: 3 at 1,00 plus 1 at 1,02 is 1,005 → 1,01', () => {
    expect(averageCostAfterEntry({ quantidade: 3000, preco_custo_medio: 100 }, [{ quantidade: 1000, valor_unitario: 102 }])).toBe(101);
    // 2 at 1,00 plus 1 at 1,00 + 1 centavo: 3,01 / 3 = 1,00333 → 1,00
    expect(averageCostAfterEntry({ quantidade: 2000, preco_custo_medio: 100 }, [{ quantidade: 1000, valor_unitario: 101 }])).toBe(100);
  });

  it('takes the entry cost when the current stock is zero or negative, whatever the old average', () => {
    expect(averageCostAfterEntry({ quantidade: 0, preco_custo_medio: 999 }, [{ quantidade: 5000, valor_unitario: 250 }])).toBe(250);
    expect(averageCostAfterEntry({ quantidade: -4000, preco_custo_medio: 999 }, [{ quantidade: 5000, valor_unitario: 250 }])).toBe(250);
    expect(averageCostAfterEntry({ quantidade: -4000, preco_custo_medio: 999 }, [
      { quantidade: 1000, valor_unitario: 100 }, { quantidade: 3000, valor_unitario: 200 }, { quantidade: 2000, valor_unitario: 0 },
    ])).toBe(175);
  });

  it('keeps the average when nothing with a cost entered, and values an uncosted line at the current average', () => {
    expect(averageCostAfterEntry({ quantidade: 7000, preco_custo_medio: 321 }, [])).toBe(321);
    expect(averageCostAfterEntry({ quantidade: 7000, preco_custo_medio: 321 }, [{ quantidade: 3000, valor_unitario: 0 }])).toBe(321);
    // 10 at 10,00 + 10 uncosted (at 10,00) + 20 at 13,00 = 460,00 / 40 = 11,50
    expect(averageCostAfterEntry({ quantidade: 10_000, preco_custo_medio: 1000 }, [
      { quantidade: 10_000, valor_unitario: 0 }, { quantidade: 20_000, valor_unitario: 1300 },
    ])).toBe(1150);
  });

  it('gives the same average for two lines as for one line of their total at the weighted cost', () => {
    const two = averageCostAfterEntry({ quantidade: 1500, preco_custo_medio: 333 }, [
      { quantidade: 2000, valor_unitario: 500 }, { quantidade: 2000, valor_unitario: 700 },
    ]);
    expect(two).toBe(averageCostAfterEntry({ quantidade: 1500, preco_custo_medio: 333 }, [{ quantidade: 4000, valor_unitario: 600 }]));
  });

  it('stays exact with quantities and costs whose product leaves the safe integer range', () => {
    expect(averageCostAfterEntry({ quantidade: 999_999_999_999_999, preco_custo_medio: 99_999_999 },
      [{ quantidade: 999_999_999_999_999, valor_unitario: 99_999_999 }])).toBe(99_999_999);
  });

  it('refuses a zero or negative quantity and a negative cost with the pt-BR messages', () => {
    expect(() => averageCostAfterEntry({ quantidade: 0, preco_custo_medio: 0 }, [{ quantidade: 0, valor_unitario: 1 }])).toThrow(MESSAGES.quantityNotPositive);
    expect(() => averageCostAfterEntry({ quantidade: 0, preco_custo_medio: 0 }, [{ quantidade: 1, valor_unitario: -1 }])).toThrow(MESSAGES.itemValueNotPositive);
  });

  it('always lies between the lowest and highest cost weighed in (property)', () => {
    fc.assert(fc.property(
      fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 10_000_000 }),
      fc.array(fc.record({ quantidade: fc.integer({ min: 1, max: 1_000_000 }), valor_unitario: fc.integer({ min: 0, max: 10_000_000 }) }), { maxLength: 5 }),
      (quantidade, preco_custo_medio, entries) => {
        const result = averageCostAfterEntry({ quantidade, preco_custo_medio }, entries);
        const costs = entries.filter((e) => e.valor_unitario > 0).map((e) => e.valor_unitario);
        if (costs.length === 0) return result === preco_custo_medio;
        const weighed = [...costs, ...(quantidade > 0 ? [preco_custo_medio] : [])];
        return result >= Math.min(...weighed) && result <= Math.max(...weighed);
      },
    ));
  });
});
