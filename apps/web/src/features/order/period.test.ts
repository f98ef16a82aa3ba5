import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_SORT, defaultOrderFilters, nextOrderSort, orderFindBodyOf } from './period.ts';

describe('order list period', () => {
  it('starts on the first day of the month and ends today, in the branch time zone (-3 by default)', () => {
    expect(defaultOrderFilters(new Date('2026-11-22T12:00:00Z'))).toMatchObject({
      data_inicio: '2026-11-01',
      data_fim: '2026-11-22',
    });
    // 01:30 UTC on the 1st is still the last day of the previous month in Brasília.
    expect(defaultOrderFilters(new Date('2026-12-01T01:30:00Z'))).toMatchObject({
      data_inicio: '2026-11-01',
      data_fim: '2026-11-30',
    });
  });

  it('asks for 20 orders a page, newest first by data_cadastro', () => {
    const body = orderFindBodyOf(defaultOrderFilters(new Date('2026-11-22T12:00:00Z')), 3);
    expect(body).toEqual({
      search: '',
      skip: 40,
      take: 20,
      order: 'desc',
      column: 'data_cadastro',
      filter: { data_inicio: '2026-11-01', data_fim: '2026-11-22' },
    });
    expect(DEFAULT_ORDER_SORT).toEqual({ column: 'data_cadastro', order: 'desc' });
  });

  it('sends one status as a value and several as a list, and leaves out empty or malformed dates', () => {
    const base = defaultOrderFilters(new Date('2026-11-22T12:00:00Z'));
    expect(orderFindBodyOf({ ...base, situacoes: ['Liberado'] }, 1).filter).toMatchObject({ situacao: 'Liberado' });
    expect(orderFindBodyOf({ ...base, situacoes: ['Edicao', 'Liberado'] }, 1).filter).toMatchObject({
      situacao: ['Edicao', 'Liberado'],
    });
    expect(
      orderFindBodyOf({ ...base, data_inicio: '', data_fim: '2026-1-1', operacao: 'Orcamento', search: ' 12 ' }, 1),
    ).toMatchObject({
      search: '12',
      filter: { operacao: 'Orcamento' },
    });
    expect(orderFindBodyOf({ ...base, data_inicio: '' }, 1).filter).not.toHaveProperty('data_inicio');
  });

  it('flips the order of the same column and starts another column descending', () => {
    expect(nextOrderSort(DEFAULT_ORDER_SORT, 'data_cadastro')).toEqual({ column: 'data_cadastro', order: 'asc' });
    expect(nextOrderSort({ column: 'data_cadastro', order: 'asc' }, 'nsu')).toEqual({ column: 'nsu', order: 'desc' });
  });
});
