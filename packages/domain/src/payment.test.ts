import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeItem, makePayment } from './factories.ts';
import { addDays, buildInstallments, kindTotals, splitPaymentsForInvoices, totalPaid } from './payment.ts';

const noCosts = { frete: 0, seguro: 0, outros: 0 };

describe('addDays', () => {
  it('moves a calendar date across month and year ends and leap days', () => {
    expect(addDays('2025-01-31', 30)).toBe('2025-03-02');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-15', 30)).toBe('2026-01-14');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2025-03-01', 0)).toBe('2025-03-01');
  });

  it('keeps the years 0000-0099 as they are (Date.UTC would read them as 1900-1999)', () => {
    expect(addDays('0002-02-01', 30)).toBe('0002-03-03');
    expect(addDays('0000-12-31', 1)).toBe('0001-01-01');
    expect(addDays('0099-02-28', 1)).toBe('0099-03-01');
  });

  it('refuses what is not a real calendar date', () => {
    for (const bad of ['2025-02-30', '2025-13-01', '25-01-01', '2025-1-1', '']) {
      expect(() => addDays(bad, 1), bad).toThrow(RangeError);
    }
  });
});

describe('buildInstallments', () => {
  it('splits the value in equal centavos with the remainder on the last installment', () => {
    const installments = buildInstallments(10000, 3, '2025-01-10');
    expect(installments.map((i) => i.valor)).toEqual([3333, 3333, 3334]);
    expect(installments.map((i) => i.parcela)).toEqual([1, 2, 3]);
    expect(installments.every((i) => !i.is_quitado && i.juros === 0)).toBe(true);
  });

  it('falls due every 30 days after the base date by default', () => {
    expect(buildInstallments(10000, 3, '2025-01-10').map((i) => i.data_vencimento)).toEqual([
      '2025-02-09',
      '2025-03-11',
      '2025-04-10',
    ]);
  });

  it('follows an installment plan day list or another interval', () => {
    expect(buildInstallments(900, 3, '2025-01-10', { dias: [0, 15, 45] }).map((i) => i.data_vencimento)).toEqual([
      '2025-01-10',
      '2025-01-25',
      '2025-02-24',
    ]);
    expect(buildInstallments(900, 2, '2025-01-10', { intervaloDias: 7 }).map((i) => i.data_vencimento)).toEqual([
      '2025-01-17',
      '2025-01-24',
    ]);
  });

  it('puts a value smaller than the count of installments on the last one', () => {
    expect(buildInstallments(2, 3, '2025-01-10').map((i) => i.valor)).toEqual([0, 0, 2]);
  });

  it('refuses a count below one, a negative value and a day list of the wrong length', () => {
    expect(() => buildInstallments(100, 0, '2025-01-10')).toThrow(RangeError);
    expect(() => buildInstallments(-1, 1, '2025-01-10')).toThrow(RangeError);
    expect(() => buildInstallments(100, 2, '2025-01-10', { dias: [30] })).toThrow(RangeError);
  });

  it('always sums the installments exactly to the payment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), fc.integer({ min: 1, max: 48 }), (valor, n) => {
        const installments = buildInstallments(valor, n, '2025-01-10');
        expect(installments).toHaveLength(n);
        expect(installments.reduce((a, i) => a + i.valor, 0)).toBe(valor);
        expect(installments.every((i) => i.valor >= 0)).toBe(true);
      }),
    );
  });
});

describe('kindTotals and splitPaymentsForInvoices', () => {
  it('adds the nets of products and of services, with the costs on the products and cancelled lines left out', () => {
    const items = [
      makeItem({ tipo_item: 'Produto', valor_unitario: 1000, quantidade: 2000, valor_desconto_item: 100 }),
      makeItem({ tipo_item: 'Servico', valor_unitario: 5000 }),
      makeItem({ tipo_item: 'Servico', valor_unitario: 7000, is_cancelado: true }),
    ];
    expect(kindTotals(items, { frete: 500, seguro: 0, outros: 50 })).toEqual({ produtos: 2450, servicos: 5000 });
    expect(kindTotals([], noCosts)).toEqual({ produtos: 0, servicos: 0 });
  });

  it('splits the payments and their installments between the products and the services', () => {
    const payments = [
      makePayment({ valor_total: 4000 }),
      makePayment({ valor_total: 6000, parcelamento: buildInstallments(6000, 3, '2025-01-10') }),
    ];
    const split = splitPaymentsForInvoices(payments, { produtos: 7000, servicos: 3000 });
    expect(split.map((p) => [p.produtos, p.servicos])).toEqual([
      [2800, 1200],
      [4200, 1800],
    ]);
    expect(split[1]?.parcelas.map((p) => p.produtos)).toEqual([1400, 1400, 1400]);
  });

  it('adds the payments', () => {
    expect(totalPaid([makePayment({ valor_total: 100 }), makePayment({ valor_total: 250 })])).toBe(350);
    expect(totalPaid([])).toBe(0);
  });
});
