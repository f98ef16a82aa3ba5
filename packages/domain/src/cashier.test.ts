import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CASHIER_MESSAGES, branchDay, closingNeedsAuthorization, countError, expectedByMethod, isDuplicateOpening, movementError,
  openingError, reopenError, replaceCount, saleLaunches, saleShiftError, shiftUseError, totalDifference, verification,
} from './cashier.ts';

const CASH = 1;
const CARD = 2;
const open = { situacao: 'Aberto', id_usuario: 7, data_abertura: '2026-11-27T12:00:00Z' };

describe('expected amounts', () => {
  it('adds the float, sales and suprimentos and takes away sangrias, returns and reversals, per method', () => {
    const expected = expectedByMethod([
      { tipo: 'Abertura', lancamentos: [{ id_meio_pagamento: CASH, valor: 10000 }] },
      { tipo: 'Venda', lancamentos: [{ id_meio_pagamento: CASH, valor: 2500 }, { id_meio_pagamento: CARD, valor: 4000 }] },
      { tipo: 'Suprimento', lancamentos: [{ id_meio_pagamento: CASH, valor: 500 }] },
      { tipo: 'Sangria', lancamentos: [{ id_meio_pagamento: CASH, valor: 3000 }] },
      { tipo: 'Devolucao', lancamentos: [{ id_meio_pagamento: CASH, valor: 100 }] },
      { tipo: 'Estorno', lancamentos: [{ id_meio_pagamento: CARD, valor: 1000 }] },
      { tipo: 'Venda', is_estornado: true, lancamentos: [{ id_meio_pagamento: CASH, valor: 99999 }] },
    ]);
    expect(expected.get(CASH)).toBe(10000 + 2500 + 500 - 3000 - 100);
    expect(expected.get(CARD)).toBe(3000);
  });

  it('sums exactly whatever the launches (property)', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 })), (values) => {
      const ops = values.map((valor) => ({ tipo: 'Venda' as const, lancamentos: [{ id_meio_pagamento: CASH, valor }] }));
      expect(expectedByMethod(ops).get(CASH) ?? 0).toBe(values.reduce((a, b) => a + b, 0));
    }));
  });
});

describe('verification and closing', () => {
  it('lists every method expected or counted, a method not counted counting zero', () => {
    const lines = verification(new Map([[CASH, 5000], [CARD, 3000]]), new Map([[CASH, 4900], [5, 200]]));
    expect(lines).toEqual([
      { id_meio_pagamento: CASH, esperado: 5000, apurado: 4900, diferenca: -100 },
      { id_meio_pagamento: CARD, esperado: 3000, apurado: 0, diferenca: -3000 },
      { id_meio_pagamento: 5, esperado: 0, apurado: 200, diferenca: 200 },
    ]);
    expect(totalDifference(lines)).toBe(-2900);
  });

  it('replaces the count of a method counted again', () => {
    const counted = replaceCount(replaceCount(new Map(), CASH, 100), CASH, 300);
    expect([...counted]).toEqual([[CASH, 300]]);
  });

  it('needs a supervisor when the difference passes the limit, in total or in one method', () => {
    const within = verification(new Map([[CASH, 5000]]), new Map([[CASH, 4950]]));
    expect(closingNeedsAuthorization(within, 50)).toBe(false);
    expect(closingNeedsAuthorization(within, 49)).toBe(true);
    const hidden = verification(new Map([[CASH, 5000], [CARD, 1000]]), new Map([[CASH, 4000], [CARD, 2000]]));
    expect(totalDifference(hidden)).toBe(0);
    expect(closingNeedsAuthorization(hidden, 500)).toBe(true);
  });

  it('refuses a negative count', () => {
    expect(countError(-1)).toBe(CASHIER_MESSAGES.amountRequired);
    expect(countError(0)).toBeNull();
  });
});

describe('selling with a shift', () => {
  const forced = { forcar_controle_caixa: true, forcar_controle_diario_caixa: false };
  const daily = { forcar_controle_caixa: true, forcar_controle_diario_caixa: true };

  it('sells without a shift when the branch does not force one', () => {
    expect(saleShiftError({ forcar_controle_caixa: false, forcar_controle_diario_caixa: false }, null, '2026-11-27T15:00:00Z', -3)).toBeNull();
  });

  it('refuses to sell without an open shift when the branch forces it', () => {
    expect(saleShiftError(forced, null, '2026-11-27T15:00:00Z', -3)).toBe(CASHIER_MESSAGES.noOpenShift);
    expect(saleShiftError(forced, { ...open, situacao: 'Fechado' }, '2026-11-27T15:00:00Z', -3)).toBe(CASHIER_MESSAGES.noOpenShift);
    expect(saleShiftError(forced, open, '2026-11-27T15:00:00Z', -3)).toBeNull();
  });

  it('refuses a shift from a previous day of the branch calendar under the daily control', () => {
    expect(saleShiftError(forced, open, '2026-11-29T15:00:00Z', -3)).toBeNull();
    expect(saleShiftError(daily, open, '2026-11-28T15:00:00Z', -3)).toBe(CASHIER_MESSAGES.previousDay);
    // 02:00 UTC on the 28th is still the 27th at -3.
    expect(saleShiftError(daily, open, '2026-11-28T02:00:00Z', -3)).toBeNull();
    expect(branchDay('2026-11-28T02:00:00Z', -3)).toBe('2026-11-27');
  });
});

describe('opening and operations', () => {
  it('refuses a second open shift online and keeps an offline one, flagged', () => {
    expect(openingError(1000, 1, false)).toBe(CASHIER_MESSAGES.alreadyOpen);
    expect(openingError(1000, 1, true)).toBeNull();
    expect(isDuplicateOpening(1)).toBe(true);
    expect(openingError(1000, 0, false)).toBeNull();
    expect(openingError(-1, 0, false)).toBe(CASHIER_MESSAGES.openingNegative);
  });

  it('refuses someone else\'s shift and a closed one', () => {
    expect(shiftUseError(open, 8)).toBe(CASHIER_MESSAGES.otherUser);
    expect(shiftUseError({ ...open, situacao: 'Fechado' }, 7)).toBe(CASHIER_MESSAGES.notOpen);
    expect(shiftUseError(open, 7)).toBeNull();
  });

  it('refuses a sangria above the cash, without a reason or without an amount', () => {
    expect(movementError('Sangria', 5001, 'Depósito', 5000)).toBe(CASHIER_MESSAGES.withdrawalAboveCash);
    expect(movementError('Sangria', 5000, 'Depósito', 5000)).toBeNull();
    expect(movementError('Suprimento', 5001, 'Troco', 0)).toBeNull();
    expect(movementError('Sangria', 100, '  ', 5000)).toBe(CASHIER_MESSAGES.reasonRequired);
    expect(movementError('Suprimento', 0, 'Troco', 0)).toBe(CASHIER_MESSAGES.amountRequired);
  });

  it('reopens only a closed shift', () => {
    expect(reopenError(open)).toBe(CASHIER_MESSAGES.notClosed);
    expect(reopenError({ ...open, situacao: 'Fechado' })).toBeNull();
  });
});

describe('sale launches', () => {
  it('takes the change from the cash paid', () => {
    expect(saleLaunches([{ id_meio_pagamento: CASH, valor: 5000 }, { id_meio_pagamento: CARD, valor: 2000 }], 1000, new Set([CASH])))
      .toEqual([{ id_meio_pagamento: CASH, valor: 4000 }, { id_meio_pagamento: CARD, valor: 2000 }]);
  });

  it('merges two payments of one method and drops a method left at zero', () => {
    expect(saleLaunches([{ id_meio_pagamento: CASH, valor: 500 }, { id_meio_pagamento: CASH, valor: 500 }], 1000, new Set([CASH])))
      .toEqual([]);
  });
});
