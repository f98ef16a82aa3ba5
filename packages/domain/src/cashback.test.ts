import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accrualReversal,
  availableFrom,
  cashbackBalance,
  cashbackClaimError,
  cashbackOffers,
  CASHBACK_MESSAGES as M,
  lineCashback,
  offlineAvailable,
  redemptionError,
  redemptionGiveBack,
  saleCashback,
  settledCashback,
  type CashbackEntry,
} from './cashback.ts';
import type { Promotion, PromotionRule } from './price-rules.ts';

const rule = (over: Partial<PromotionRule> = {}): PromotionRule => ({
  tipo: 'Percentual', venda: 0, atacado: 0, cashback_tipo: 'Percentual', cashback_venda: 500, cashback_atacado: 200, ...over,
});
const promotion = (over: Partial<Promotion> = {}): Promotion => ({
  id_promocao: 1, situacao: 'Ativo', data_inicio: '2026-01-01', data_fim: '2026-01-31', is_gestao: true, is_desconto: false,
  is_cashback: true, categorias: new Map([[8, rule()]]), grades: new Map(), ...over,
});
const variation = { id_produto_grade_filial: 50, id_categoria: 8 };
const line = { tipo_preco: 'Varejo' as const, quantidade: 2000, valor_total: 10_000 };

describe('cashback accrual', () => {
  it('gives a percentage of the line total by the retail value, and the wholesale value on a wholesale line', () => {
    const offers = cashbackOffers(variation, [promotion()], '2026-01-10');
    expect(lineCashback(line, offers)).toEqual({ valor_cashback: 500, id_promocao: 1 });
    expect(lineCashback({ ...line, tipo_preco: 'Atacado' }, offers).valor_cashback).toBe(200);
  });

  it('rounds a percentage down to the centavo', () => {
    const offers = cashbackOffers(variation, [promotion()], '2026-01-10');
    expect(lineCashback({ ...line, valor_total: 1999 }, offers).valor_cashback).toBe(99); // 5% of 19,99 = 0,9995
  });

  it('gives a value per unit times the quantity, never above the line total', () => {
    const p = promotion({ categorias: new Map([[8, rule({ cashback_tipo: 'Valor', cashback_venda: 150 })]]) });
    const offers = cashbackOffers(variation, [p], '2026-01-10');
    expect(lineCashback({ ...line, quantidade: 1500 }, offers).valor_cashback).toBe(225);
    expect(lineCashback({ ...line, quantidade: 1000, valor_total: 100 }, offers).valor_cashback).toBe(100);
  });

  it('prefers the variation rule to the category rule and the promotion giving most', () => {
    const own = promotion({ id_promocao: 2, grades: new Map([[50, rule({ cashback_venda: 300 })]]) });
    const best = promotion({ id_promocao: 3, categorias: new Map([[8, rule({ cashback_venda: 1000 })]]) });
    expect(lineCashback(line, cashbackOffers(variation, [own], '2026-01-10')).valor_cashback).toBe(300);
    expect(lineCashback(line, cashbackOffers(variation, [own, best], '2026-01-10'))).toEqual({ valor_cashback: 1000, id_promocao: 3 });
  });

  it('ignores promotions out of period, inactive, not cashback or e-commerce only', () => {
    for (const p of [
      promotion({ data_fim: '2026-01-09' }), promotion({ situacao: 'Inativo' }), promotion({ is_cashback: false }),
      promotion({ is_gestao: false }), promotion({ categorias: new Map([[9, rule()]]) }),
    ]) {
      expect(cashbackOffers(variation, [p], '2026-01-10')).toEqual([]);
    }
  });

  it('earns nothing without a customer', () => {
    const offers = cashbackOffers(variation, [promotion()], '2026-01-10');
    expect(saleCashback([line, line], () => offers, false)).toEqual({ itens: [0, 0], total: 0 });
    expect(saleCashback([line, line], () => offers, true)).toEqual({ itens: [500, 500], total: 1000 });
  });

  it('refuses a line claiming more cashback than the rule gives; one claiming less earns its claim, one claiming none the rule', () => {
    expect(cashbackClaimError([{ descricao: 'Camisa', valor_cashback: 600 }], [500])).toBe(M.cashbackMismatch('Camisa', 500, 600));
    expect(cashbackClaimError([{ descricao: 'Camisa', valor_cashback: 500 }], [500])).toBeNull();
    expect(cashbackClaimError([{ descricao: 'Camisa', valor_cashback: 0 }], [500])).toBeNull();
    expect(cashbackClaimError([{ descricao: 'Camisa' }], [500])).toBeNull();
    expect(settledCashback([{ valor_cashback: 0 }, {}, { valor_cashback: 300 }], [500, 500, 300])).toEqual({ itens: [0, 500, 300], total: 800 });
  });
});

describe('cashback balance and redemption', () => {
  const accrual = (valor: number, disponivel_em: string): CashbackEntry => ({ valor, disponivel_em });

  it('counts an accrual as blocked until its block days pass', () => {
    const from = availableFrom('2026-01-05T12:00:00.000Z', 7);
    expect(from).toBe('2026-01-12T12:00:00.000Z');
    const entries = [accrual(1000, from)];
    expect(cashbackBalance(entries, '2026-01-11T12:00:00.000Z')).toEqual({ saldo: 1000, disponivel: 0, bloqueado: 1000 });
    expect(cashbackBalance(entries, '2026-01-12T12:00:00.000Z')).toEqual({ saldo: 1000, disponivel: 1000, bloqueado: 0 });
  });

  it('redeems only from the minimum on, up to the available balance and the sale total', () => {
    const base = { hasCustomer: true, disponivel: 1000, minimo: 500, total: 5000 };
    expect(redemptionError({ ...base, valor: 1000 })).toBeNull();
    expect(redemptionError({ ...base, disponivel: 400, valor: 100 })).toBe(M.belowMinimum(400, 500));
    expect(redemptionError({ ...base, valor: 1001 })).toBe(M.aboveAvailable(1000));
    expect(redemptionError({ ...base, total: 800, valor: 900 })).toBe(M.aboveTotal);
    expect(redemptionError({ ...base, hasCustomer: false, valor: 10 })).toBe(M.customerRequired);
    expect(redemptionError({ ...base, minimo: 0, disponivel: 0, valor: 10 })).toBe(M.noneAvailable);
  });

  it('offline, takes the pending redemptions of the outbox off the synced balance', () => {
    expect(offlineAvailable(1000, [300, 200])).toBe(500);
    expect(offlineAvailable(100, [300])).toBe(0);
  });

  it('reverses a blocked accrual on its own date and an available one up to what is left', () => {
    const blocked = accrual(1000, '2026-02-01T00:00:00.000Z');
    const at = '2026-01-10T00:00:00.000Z';
    expect(accrualReversal(blocked, { saldo: 1000, disponivel: 0, bloqueado: 1000 }, at)).toEqual({ valor: -1000, disponivel_em: blocked.disponivel_em });
    const open = accrual(1000, '2026-01-01T00:00:00.000Z');
    expect(accrualReversal(open, { saldo: 300, disponivel: 300, bloqueado: 0 }, at)).toEqual({ valor: -300, disponivel_em: at });
    expect(accrualReversal(open, { saldo: 0, disponivel: 0, bloqueado: 0 }, at)).toBeNull();
    expect(redemptionGiveBack(400, at)).toEqual({ valor: 400, disponivel_em: at });
  });

  it('never lets the balance go negative, now or later, whatever accruals, redemptions and reversals come', () => {
    const DAY = 86_400_000;
    const step = fc.oneof(
      fc.record({ k: fc.constant('accrue' as const), valor: fc.integer({ min: 1, max: 5000 }), dias: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ k: fc.constant('redeem' as const), valor: fc.integer({ min: 1, max: 8000 }), minimo: fc.integer({ min: 0, max: 3000 }) }),
      fc.record({ k: fc.constant('reverse' as const), which: fc.nat() }),
      fc.record({ k: fc.constant('giveBack' as const), which: fc.nat() }),
      fc.record({ k: fc.constant('wait' as const), dias: fc.integer({ min: 0, max: 3 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let now = Date.parse('2026-01-01T00:00:00.000Z');
        const ledger: CashbackEntry[] = [];
        const accruals: Array<{ e: CashbackEntry; reversed: boolean }> = [];
        const redemptions: Array<{ valor: number; back: boolean }> = [];
        for (const s of steps) {
          const at = new Date(now).toISOString();
          const balance = cashbackBalance(ledger, at);
          if (s.k === 'accrue') {
            const e = { valor: s.valor, disponivel_em: availableFrom(at, s.dias) };
            ledger.push(e);
            accruals.push({ e, reversed: false });
          } else if (s.k === 'redeem') {
            if (redemptionError({ hasCustomer: true, valor: s.valor, disponivel: balance.disponivel, minimo: s.minimo, total: 1e9 }) === null) {
              ledger.push({ valor: -s.valor, disponivel_em: at });
              redemptions.push({ valor: s.valor, back: false });
            }
          } else if (s.k === 'reverse' && accruals.length > 0) {
            const a = accruals[s.which % accruals.length]!;
            const r = a.reversed ? null : accrualReversal(a.e, balance, at);
            a.reversed = true;
            if (r) ledger.push(r);
          } else if (s.k === 'giveBack' && redemptions.length > 0) {
            const r = redemptions[s.which % redemptions.length]!;
            const back = r.back ? null : redemptionGiveBack(r.valor, at);
            r.back = true;
            if (back) ledger.push(back);
          } else if (s.k === 'wait') {
            now += s.dias * DAY;
          }
          // At this instant and at every later instant an entry changes the sums, nothing is below zero.
          const instants = [now, ...ledger.map((e) => Date.parse(e.disponivel_em)).filter((t) => t > now)];
          for (const t of instants) {
            const b = cashbackBalance(ledger, new Date(t).toISOString());
            if (b.disponivel < 0 || b.saldo < 0 || b.bloqueado < 0) return false;
          }
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });
});
