import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, invoiceLineTotals, type InvoiceLineAmounts } from './invoice-totals.ts';

const NO_COSTS = { frete: 0, seguro: 0, outros: 0 };
const line = (over: Partial<InvoiceLineAmounts> = {}): InvoiceLineAmounts => ({
  quantidade: 1000, valor_unitario: 1000, valor_desconto: 0, ...over,
});

describe('invoice totals', () => {
  it('adds up products, discounts, freight, insurance and other costs, and what is still to pay', () => {
    const totals = computeInvoiceTotals(
      [line({ quantidade: 3000, valor_unitario: 1000, valor_desconto: 150 }), line({ quantidade: 1000, valor_unitario: 2550 })],
      [{ valor_total: 2000 }],
      { frete: 1000, seguro: 100, outros: 1 },
    );
    expect(totals).toEqual({ produtos: 5550, desconto: 150, frete: 1000, seguro: 100, outros: 1, total: 6501, pago: 2000, saldo: 4501, troco: 0 });
  });

  it('rounds each line half-up to the centavo before adding (1,5 × 0,05 = 0,08)', () => {
    expect(invoiceLineTotals(line({ quantidade: 1500, valor_unitario: 5 }))).toEqual({ bruto: 8, desconto: 0, liquido: 8 });
    expect(computeInvoiceTotals([line({ quantidade: 1500, valor_unitario: 5 }), line({ quantidade: 1500, valor_unitario: 5 })], [], NO_COSTS).produtos).toBe(16);
  });

  it('leaves cancelled lines out', () => {
    const totals = computeInvoiceTotals([line(), line({ valor_unitario: 999, is_cancelado: true })], [], NO_COSTS);
    expect(totals.produtos).toBe(1000);
    expect(totals.total).toBe(1000);
  });

  it('gives change (troco) when paid above the total and no balance', () => {
    const totals = computeInvoiceTotals([line({ quantidade: 3000, valor_unitario: 1050, valor_desconto: 150 })], [{ valor_total: 5000 }], NO_COSTS);
    expect(totals).toMatchObject({ total: 3000, pago: 5000, saldo: 0, troco: 2000 });
  });

  it('makes the total the sum of the lines plus the costs, and saldo - troco what is left, whatever the lines', () => {
    const amounts = fc.record({
      quantidade: fc.integer({ min: 1, max: 999_999 }),
      valor_unitario: fc.integer({ min: 1, max: 9_999_999 }),
      desconto: fc.integer({ min: 0, max: 10_000 }),
      is_cancelado: fc.boolean(),
    });
    const cost = fc.integer({ min: 0, max: 99_999 });
    fc.assert(
      fc.property(fc.array(amounts, { maxLength: 30 }), fc.array(fc.integer({ min: 1, max: 9_999_999 }), { maxLength: 5 }), cost, cost, cost,
        (raw, paid, frete, seguro, outros) => {
          const lines = raw.map((r) => {
            const bruto = invoiceLineTotals(line({ quantidade: r.quantidade, valor_unitario: r.valor_unitario })).bruto;
            return line({ quantidade: r.quantidade, valor_unitario: r.valor_unitario, valor_desconto: Math.min(r.desconto, bruto), is_cancelado: r.is_cancelado });
          });
          const totals = computeInvoiceTotals(lines, paid.map((valor_total) => ({ valor_total })), { frete, seguro, outros });
          const active = lines.filter((l) => !l.is_cancelado).map(invoiceLineTotals);
          expect(totals.total).toBe(active.reduce((acc, l) => acc + l.liquido, 0) + frete + seguro + outros);
          expect(totals.produtos - totals.desconto).toBe(active.reduce((acc, l) => acc + l.liquido, 0));
          expect(totals.saldo - totals.troco).toBe(totals.total - totals.pago);
          expect(Math.min(totals.saldo, totals.troco)).toBe(0);
          expect(Object.values(totals).every(Number.isSafeInteger)).toBe(true);
        }),
    );
  });
});
