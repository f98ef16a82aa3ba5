import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cardRate, cardReceivables, type CardOperatorTerms } from './card-receivables.ts';

const terms: CardOperatorTerms = { taxa: 2.5, taxas_parcela: [{ parcela: 1, taxa: 2.99 }, { parcela: 3, taxa: 4.2 }], dias_credito: 30 };

describe('card receivables', () => {
  it('picks the rate of the number of installments, else the operator rate', () => {
    expect(cardRate(terms, 1)).toBe(2.99);
    expect(cardRate(terms, 3)).toBe(4.2);
    expect(cardRate(terms, 2)).toBe(2.5);
  });

  it('splits a credit payment in installments due after the credit days and every 30 days, the fee known', () => {
    const gross = cardReceivables(10_000, 3, '2026-11-27', terms, false);
    expect(gross.map((r) => r.valor)).toEqual([3333, 3333, 3334]);
    expect(gross.map((r) => r.data_vencimento)).toEqual(['2026-12-27', '2027-01-26', '2027-02-25']);
    // 4,2% of R$ 100,00 is R$ 4,20, spread like the amount.
    expect(gross.reduce((s, r) => s + r.taxa_valor, 0)).toBe(420);
    const net = cardReceivables(10_000, 3, '2026-11-27', terms, true);
    expect(net.reduce((s, r) => s + r.valor, 0)).toBe(10_000 - 420);
  });

  it('a debit payment is one receivable after the credit days; a per-installment rate rounds each one', () => {
    expect(cardReceivables(5_000, 1, '2026-11-27', { ...terms, dias_credito: 1 }, true)).toEqual([
      { valor: 5_000 - 150, taxa_valor: 150, data_vencimento: '2026-11-28', parcela: 1 },
    ]);
    const perInstallment = cardReceivables(1_000, 3, '2026-11-27', { ...terms, tipo_calculo_taxa_cartao_credito: 'Parcela' }, false);
    expect(perInstallment.map((r) => r.taxa_valor)).toEqual([14, 14, 14]);
  });

  it('always adds up to the payment, or to the payment less the fee', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 12 }), fc.boolean(), (valor, parcelas, net) => {
      const rows = cardReceivables(valor, parcelas, '2026-01-31', terms, net);
      const fee = rows.reduce((s, r) => s + r.taxa_valor, 0);
      expect(rows).toHaveLength(parcelas);
      expect(rows.reduce((s, r) => s + r.valor, 0)).toBe(net ? valor - fee : valor);
      expect(rows.every((r) => r.valor >= 0)).toBe(true);
    }));
  });
});
