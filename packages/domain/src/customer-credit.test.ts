import { describe, expect, it } from 'vitest';
import { CUSTOMER_CREDIT_MESSAGES as M, customerCreditError, openTotals, type CustomerCreditFacts } from './credit-rules.ts';
import { formatMoney } from './money.ts';

const facts = (over: Partial<CustomerCreditFacts> = {}): CustomerCreditFacts => ({
  bloquear_venda_saldo_vencido: false,
  bloquear_venda_sem_saldo: false,
  valor_devedor_maximo: null,
  valor_vencido_maximo: null,
  parcelas_abertas: [
    { data_vencimento: '2026-03-01', saldo: 10_000 },
    { data_vencimento: '2026-04-10', saldo: 20_000 },
  ],
  ...over,
});
const TODAY = '2026-04-10';

describe('customer credit rules', () => {
  it('counts as overdue what fell due before the day of the sale, not on it', () => {
    expect(openTotals(facts().parcelas_abertas, TODAY)).toEqual({ aberto: 30_000, vencido: 10_000 });
    expect(openTotals(facts().parcelas_abertas, '2026-04-11')).toEqual({ aberto: 30_000, vencido: 30_000 });
  });

  it('lets a customer without rules buy on credit, and a sale with nothing on credit always', () => {
    expect(customerCreditError(facts(), 1_000_000, TODAY)).toBeNull();
    expect(customerCreditError(facts({ bloquear_venda_saldo_vencido: true }), 0, TODAY)).toBeNull();
  });

  it('blocks a sale on credit while anything is overdue when the person says so', () => {
    expect(customerCreditError(facts({ bloquear_venda_saldo_vencido: true }), 100, TODAY)).toBe(M.overdueBlocked(formatMoney(10_000)));
    expect(customerCreditError(facts({ bloquear_venda_saldo_vencido: true }), 100, '2026-03-01')).toBeNull();
  });

  it('blocks when the overdue total passes its maximum', () => {
    expect(customerCreditError(facts({ valor_vencido_maximo: 10_000 }), 100, TODAY)).toBeNull();
    expect(customerCreditError(facts({ valor_vencido_maximo: 9_999 }), 100, TODAY)).toBe(M.overdueAboveMax(formatMoney(10_000), formatMoney(9_999)));
  });

  it('blocks when what is open plus this sale passes the maximum debt, to the centavo', () => {
    expect(customerCreditError(facts({ valor_devedor_maximo: 40_000 }), 10_000, TODAY)).toBeNull();
    expect(customerCreditError(facts({ valor_devedor_maximo: 40_000 }), 10_001, TODAY))
      .toBe(M.debtAboveMax(formatMoney(30_000), formatMoney(10_001), formatMoney(40_000)));
  });

  it('without balance: no maximum debt means no credit at all', () => {
    expect(customerCreditError(facts({ bloquear_venda_sem_saldo: true, parcelas_abertas: [] }), 1, TODAY)).toBe(M.noBalance(formatMoney(0)));
    expect(customerCreditError(facts({ bloquear_venda_sem_saldo: true, valor_devedor_maximo: 35_000 }), 6_000, TODAY)).toBe(M.noBalance(formatMoney(5_000)));
  });
});
