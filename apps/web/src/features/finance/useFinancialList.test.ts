import { describe, expect, it } from 'vitest';
import { currentMonth, financeFindBody } from './useFinancialList.ts';

describe('financial documents list', () => {
  it('defaults to the whole current month in the shop zone (UTC-3)', () => {
    expect(currentMonth(new Date('2026-02-10T12:00:00Z'))).toEqual({ data_inicio: '2026-02-01', data_fim: '2026-02-28' });
    // 02:00 UTC on March 1st is still February 28th in Brazil.
    expect(currentMonth(new Date('2026-03-01T02:00:00Z'))).toEqual({ data_inicio: '2026-02-01', data_fim: '2026-02-28' });
    expect(currentMonth(new Date('2028-02-15T12:00:00Z')).data_fim).toBe('2028-02-29');
  });

  it('sends 20 a page by due date desc, only the filters given', () => {
    const body = financeFindBody({ operacao: 'Saida', situacoes: [], id_pessoa: null, data_inicio: '2026-02-01', data_fim: '2026-02-28', search: 'luz' }, 3);
    expect(body).toEqual({
      search: 'luz', skip: 40, take: 20, column: 'data_vencimento', order: 'desc',
      filter: { operacao: 'Saida', data_inicio: '2026-02-01', data_fim: '2026-02-28' },
    });
  });
});
