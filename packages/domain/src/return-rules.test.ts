import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  exchangeDeadline,
  exchangeExpiredError,
  formatDay,
  receiptChange,
  returnCredit,
  returnedValue,
  shopDate,
  validateReceiptPayments,
  validateReturnQuantities,
} from './return-rules.ts';

describe('exchange validity (emission + dias_tolerancia_troca)', () => {
  it('counts the days from the shop day of the emission, in São Paulo time', () => {
    // 01:30 UTC on 2 March is still 1 March in São Paulo (UTC-3).
    expect(shopDate('2026-03-02T01:30:00Z')).toBe('2026-03-01');
    expect(exchangeDeadline('2026-03-02T01:30:00Z', 30)).toBe('2026-03-31');
    expect(exchangeDeadline('2026-01-31T12:00:00-03:00', 0)).toBe('2026-01-31');
  });

  it('allows the return up to and including the deadline day', () => {
    expect(exchangeExpiredError('2026-01-10T15:00:00-03:00', 30, '2026-02-09T23:59:00-03:00')).toBeNull();
  });

  it('refuses the day after the deadline with the expiry date as dd/mm/aaaa', () => {
    const error = exchangeExpiredError('2026-01-10T15:00:00-03:00', 30, '2026-02-10T00:01:00-03:00');
    expect(error?.message).toBe('Prazo de troca encerrado: a venda só podia ser devolvida até 09/02/2026. Devolução não permitida.');
  });

  it('with zero tolerance a sale is returnable only on its own day', () => {
    expect(exchangeExpiredError('2026-05-05T10:00:00-03:00', 0, '2026-05-05T20:00:00-03:00')).toBeNull();
    expect(exchangeExpiredError('2026-05-05T10:00:00-03:00', 0, '2026-05-06T08:00:00-03:00')?.message).toContain('05/05/2026');
  });

  it('refuses a negative or fractional tolerance and an invalid date', () => {
    expect(() => exchangeDeadline('2026-01-01T00:00:00Z', -1)).toThrow(RangeError);
    expect(() => exchangeDeadline('2026-01-01T00:00:00Z', 1.5)).toThrow(RangeError);
    expect(() => shopDate('not a date')).toThrow(RangeError);
  });

  it('formats a day as dd/mm/aaaa', () => {
    expect(formatDay('2026-12-03')).toBe('03/12/2026');
  });
});

describe('returned quantities', () => {
  const line = { descricao: 'Camiseta', quantidade: 3000, quantidade_devolvida: 1000, valor_total: 9000 };

  it('accepts up to what was sold minus what was already returned', () => {
    expect(validateReturnQuantities([{ line, quantidade: 2000 }])).toEqual([]);
  });

  it('refuses more than the returnable quantity, zero and negatives', () => {
    for (const quantidade of [2001, 0, -1000]) {
      expect(validateReturnQuantities([{ line, quantidade }]).map((e) => e.message)).toEqual([
        'Quantidade a devolver de Camiseta maior que a disponível para devolução (2,000).',
      ]);
    }
  });
});

describe('credit of a return', () => {
  it('is the net value of the returned share of each line', () => {
    const line = { descricao: 'A', quantidade: 3000, quantidade_devolvida: 0, valor_total: 1000 };
    expect(returnedValue(line, 1000)).toBe(333);
    expect(returnCredit([{ line, quantidade: 1000 }, { line: { ...line, valor_total: 500, quantidade: 1000 }, quantidade: 1000 }])).toBe(833);
  });

  it('partial returns of a line add up exactly to its total (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 8 }), (total, parts) => {
        const quantidade = parts.reduce((a, b) => a + b, 0);
        let devolvida = 0;
        let credit = 0;
        for (const part of parts) {
          credit += returnedValue({ descricao: 'x', quantidade, quantidade_devolvida: devolvida, valor_total: total }, part);
          devolvida += part;
        }
        expect(credit).toBe(total);
      }),
    );
  });
});

describe('receipt payments', () => {
  it('must cover the chosen receivables; only cash may exceed them and gives change', () => {
    expect(validateReceiptPayments(5000, [{ valor_total: 5000, meio_pagamento: '17' }])).toEqual([]);
    expect(validateReceiptPayments(5000, [{ valor_total: 6000, meio_pagamento: '01' }])).toEqual([]);
    expect(receiptChange(5000, [{ valor_total: 6000 }])).toBe(1000);
    expect(validateReceiptPayments(5000, [{ valor_total: 4000, meio_pagamento: '01' }]).map((e) => e.message)).toEqual([
      'O valor pago não cobre os títulos selecionados. Falta pagar R$ 10,00.',
    ]);
    expect(validateReceiptPayments(5000, [{ valor_total: 5001, meio_pagamento: '03' }]).map((e) => e.message)).toEqual([
      'Valor do pagamento é maior que o valor dos títulos selecionados.',
    ]);
  });

  it('needs at least one receivable', () => {
    expect(validateReceiptPayments(0, []).map((e) => e.message)).toEqual(['Selecione ao menos um título para receber.']);
  });
});
