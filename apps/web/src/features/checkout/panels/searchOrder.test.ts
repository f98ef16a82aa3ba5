import { describe, expect, it } from 'vitest';
import { orderFindBody } from '@pdv/contract/order';
import { searchOrderBody } from './searchOrder.ts';

describe('the search order panel (Alt+P)', () => {
  it('asks /order/find for the typed text over the last year, newest first, in a body the contract takes', () => {
    const body = searchOrderBody('  Maria ', new Date(2026, 10, 25, 15, 0));
    expect(body).toEqual({
      search: 'Maria',
      take: 10,
      filter: { data_inicio: '2025-11-24', data_fim: '2026-11-25' },
      order: 'desc',
      column: 'data_cadastro',
    });
    expect(orderFindBody.safeParse(body).success).toBe(true);
  });
});
