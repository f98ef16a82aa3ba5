import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateDischarge, canCancel, canDischarge, canEdit, checkSplit, daysLate, FINANCE_MESSAGES, lateCharges, monthlyDueDates,
  situacaoAfter, splitAmount, typedDischarge,
} from './financial-document.ts';
import { sum } from './money.ts';

describe('financial document states', () => {
  it('derives Aberto, Parcial and Quitado from the balance', () => {
    expect(situacaoAfter(1000, 1000)).toBe('Aberto');
    expect(situacaoAfter(1000, 1)).toBe('Parcial');
    expect(situacaoAfter(1000, 0)).toBe('Quitado');
    expect(() => situacaoAfter(1000, -1)).toThrow(RangeError);
    expect(() => situacaoAfter(1000, 1001)).toThrow(RangeError);
  });

  it('discharges only open or partial documents, cancels any live one, edits only open ones without discharges', () => {
    expect(canDischarge('Aberto')).toBe(true);
    expect(canDischarge('Parcial')).toBe(true);
    expect(canDischarge('Quitado')).toBe(false);
    expect(canDischarge('Estornado')).toBe(false);
    expect(canCancel('Aberto')).toBe(true);
    expect(canCancel('Quitado')).toBe(true);
    expect(canCancel('Estornado')).toBe(false);
    expect(canEdit('Aberto', 0)).toBe(true);
    expect(canEdit('Aberto', 1)).toBe(false);
    expect(canEdit('Parcial', 0)).toBe(false);
  });
});

describe('late charges', () => {
  const config = { percentual_multa: 20_000, dias_para_multa: 3, percentual_juros: 10_000 };

  it('charges nothing on or before the due date', () => {
    expect(daysLate('2026-03-10', '2026-03-10')).toBe(0);
    expect(lateCharges(10000, '2026-03-10', '2026-03-09', config)).toEqual({ juros: 0, multa: 0 });
  });

  it('charges the fine once after dias_para_multa days and interest per day of a 30-day month', () => {
    // 3 days late: no fine yet; 1% a month for 3 days of R$ 100,00 = R$ 0,10.
    expect(lateCharges(10000, '2026-03-10', '2026-03-13', config)).toEqual({ juros: 10, multa: 0 });
    // 30 days late: 2% fine and 1% interest.
    expect(lateCharges(10000, '2026-03-10', '2026-04-09', config)).toEqual({ juros: 100, multa: 200 });
  });

  it('charges on the open balance it is given (after a partial payment, the smaller balance)', () => {
    expect(lateCharges(5000, '2026-03-10', '2026-04-09', config)).toEqual({ juros: 50, multa: 100 });
  });
});

describe('discharge allocation', () => {
  it('pays the documents in list order, each up to its amount, the rest to the next', () => {
    const rows = allocateDischarge([{ saldo: 3000 }, { saldo: 5000 }, { saldo: 2000 }], { total: 6000 });
    expect(rows.map((r) => r.valor_pagar)).toEqual([3000, 3000, 0]);
    expect(rows.map((r) => r.valor_baixado)).toEqual([3000, 3000, 0]);
  });

  it('spreads discount and surcharge in proportion to the balances', () => {
    const rows = allocateDischarge([{ saldo: 3000 }, { saldo: 1000 }], { total: 3800, desconto: 400, acrescimo: 200 });
    expect(rows.map((r) => r.valor_desconto)).toEqual([300, 100]);
    expect(rows.map((r) => r.valor_acrescimo)).toEqual([150, 50]);
    expect(rows.map((r) => r.valor_pagar)).toEqual([2850, 950]);
    expect(rows.map((r) => r.valor_baixado)).toEqual([3000, 1000]);
  });

  it('adds each document its own interest and fine', () => {
    const rows = allocateDischarge([{ saldo: 10000, juros: 100, multa: 200 }, { saldo: 500 }], { total: 10800 });
    expect(rows[0]).toMatchObject({ valor_pagar: 10300, valor_juros: 100, valor_multa: 200, valor_baixado: 10000 });
    expect(rows[1]).toMatchObject({ valor_pagar: 500, valor_baixado: 500 });
  });

  it('clears everything with a zero total', () => {
    const rows = allocateDischarge([{ saldo: 3000 }, { saldo: 5000 }], { total: 0, desconto: 100 });
    expect(rows.every((r) => Object.values(r).every((v) => v === 0))).toBe(true);
  });

  it('refuses a total above what the documents owe and a discount above their balance', () => {
    expect(() => allocateDischarge([{ saldo: 3000 }], { total: 3001 })).toThrow(FINANCE_MESSAGES.dischargeAboveOpen);
    expect(() => allocateDischarge([{ saldo: 3000 }], { total: 100, desconto: 3001 })).toThrow(FINANCE_MESSAGES.discountAboveOpen);
  });

  it('recomputes when a document is unchecked (the allocation depends only on the checked list)', () => {
    const all = allocateDischarge([{ saldo: 3000 }, { saldo: 5000 }], { total: 4000 });
    const second = allocateDischarge([{ saldo: 5000 }], { total: 4000 });
    expect(all.map((r) => r.valor_pagar)).toEqual([3000, 1000]);
    expect(second.map((r) => r.valor_pagar)).toEqual([4000]);
  });

  const docs = fc.array(
    fc.record({ saldo: fc.integer({ min: 1, max: 10_000_000 }), juros: fc.integer({ min: 0, max: 50_000 }), multa: fc.integer({ min: 0, max: 50_000 }) }),
    { minLength: 1, maxLength: 8 },
  );

  it('property: the payments sum to the total, balances go down within [0, saldo], only fully paid ones clear', () => {
    fc.assert(fc.property(docs, fc.nat(), fc.nat(), fc.nat(), (ds, t, d, a) => {
      const open = sum(ds.map((x) => x.saldo));
      const desconto = d % (open + 1);
      const acrescimo = a % 100_000;
      const owed = open - desconto + acrescimo + sum(ds.map((x) => x.juros + x.multa));
      const total = t % (owed + 1);
      const rows = allocateDischarge(ds, { total, desconto, acrescimo });
      expect(sum(rows.map((r) => r.valor_pagar))).toBe(total);
      let stopped = false;
      rows.forEach((r, i) => {
        const saldo = ds[i]!.saldo;
        expect(r.valor_baixado).toBeGreaterThanOrEqual(0);
        expect(r.valor_baixado).toBeLessThanOrEqual(saldo);
        expect(r.valor_baixado).toBe(r.valor_pagar + r.valor_desconto - r.valor_acrescimo - r.valor_juros - r.valor_multa);
        if (stopped) expect(r.valor_pagar).toBe(0);
        if (r.valor_baixado < saldo) stopped = true;
      });
      if (total === owed) expect(rows.every((r, i) => r.valor_baixado === ds[i]!.saldo)).toBe(true);
      if (total === 0) expect(rows.every((r) => r.valor_baixado === 0)).toBe(true);
    }));
  });
});

describe('typed discharge', () => {
  it('takes the typed amounts as they are and refuses more than the balance or nothing at all', () => {
    expect(typedDischarge(20000, { valor: 5500, desconto: 0, acrescimo: 0, juros: 300, multa: 200 })).toMatchObject({ valor_baixado: 5000, valor_juros: 300 });
    expect(() => typedDischarge(1000, { valor: 1001, desconto: 0, acrescimo: 0, juros: 0, multa: 0 })).toThrow(FINANCE_MESSAGES.dischargeAboveOpen);
    expect(() => typedDischarge(1000, { valor: 100, desconto: 0, acrescimo: 0, juros: 100, multa: 0 })).toThrow(FINANCE_MESSAGES.invalidValue);
  });
});

describe('split', () => {
  it('splits into instalments that add up to the original to the centavo', () => {
    expect(splitAmount(10000, 3)).toEqual([3334, 3333, 3333]);
    fc.assert(fc.property(fc.integer({ min: 2, max: 48 }), fc.integer({ min: 48, max: 100_000_000 }), (n, total) => {
      const parts = splitAmount(total, n);
      expect(parts).toHaveLength(n);
      expect(sum(parts)).toBe(total);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    }));
  });

  it('checks a typed split: two parts at least, positive, adding up to the balance', () => {
    expect(() => checkSplit(1000, [1000])).toThrow(FINANCE_MESSAGES.splitCount);
    expect(() => checkSplit(1000, [500, 499])).toThrow(FINANCE_MESSAGES.splitSum);
    expect(() => checkSplit(1000, [1001, -1])).toThrow(FINANCE_MESSAGES.invalidValue);
    expect(() => checkSplit(1000, [500, 500])).not.toThrow();
  });

  it('dates the instalments monthly, clamping the day to the month', () => {
    expect(monthlyDueDates('2026-01-31', 3)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(monthlyDueDates('2026-11-15', 3)).toEqual(['2026-11-15', '2026-12-15', '2027-01-15']);
  });
});
