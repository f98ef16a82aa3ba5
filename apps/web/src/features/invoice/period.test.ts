import { describe, expect, it } from 'vitest';
import { localDate } from '@pdv/domain/period';
import { DEFAULT_SORT, defaultFilters, findBodyOf, nextSort } from './period.ts';

describe('invoice list filters', () => {
  it('starts on the first day of the month and ends today, in the -3 zone', () => {
    expect(defaultFilters(new Date('2025-03-18T15:00:00Z'))).toEqual({
      data_inicio: '2025-03-01',
      data_fim: '2025-03-18',
      situacao: null,
      modelo: null,
      search: '',
    });
  });

  it('still takes yesterday as today before 03:00 UTC (21:00 in Brasília)', () => {
    expect(localDate(new Date('2025-04-01T02:30:00Z'))).toBe('2025-03-31');
    expect(defaultFilters(new Date('2025-04-01T02:30:00Z')).data_inicio).toBe('2025-03-01');
  });

  it('asks for 20 rows a page sorted by emission date descending', () => {
    const body = findBodyOf({ ...defaultFilters(new Date('2025-03-18T15:00:00Z')), search: ' 123 ' }, 3);
    expect(body).toEqual({
      search: '123',
      skip: 40,
      take: 20,
      filter: { data_inicio: '2025-03-01', data_fim: '2025-03-18' },
      order: 'desc',
      column: 'data_hora_emissao',
    });
  });

  it('sends the situation and the model only when chosen, and leaves out a cleared date', () => {
    const body = findBodyOf({ data_inicio: '', data_fim: '2025-03-18', situacao: 'Autorizada', modelo: '65', search: '' }, 1);
    expect(body.filter).toEqual({ data_fim: '2025-03-18', situacao: 'Autorizada', modelo: '65' });
  });

  it('flips the order of the same column and starts another column descending', () => {
    expect(nextSort(DEFAULT_SORT, 'data_hora_emissao')).toEqual({ column: 'data_hora_emissao', order: 'asc' });
    expect(nextSort({ column: 'data_hora_emissao', order: 'asc' }, 'valor_nota_fiscal')).toEqual({ column: 'valor_nota_fiscal', order: 'desc' });
  });
});
