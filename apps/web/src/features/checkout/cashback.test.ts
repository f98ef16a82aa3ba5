import { describe, expect, it } from 'vitest';
import { offlineAvailable } from '@pdv/domain/cashback';
import { cashbackOfRow } from './cashback.ts';

describe("the customer's cashback at the point of sale", () => {
  const row = { id_pessoa: 9, cashback_saldo: '12.50', cashback_bloqueios: [{ disponivel_em: '2026-03-10T12:00:00.000Z', valor: '10.00' }] };

  it('counts the entries still blocked at the till instant, and releases them on time without a new sync', () => {
    expect(cashbackOfRow(row, '2026-03-10T11:59:59.000Z')).toEqual({ saldo: 1250, disponivel: 250, bloqueado: 1000 });
    expect(cashbackOfRow(row, '2026-03-10T12:00:00.000Z')).toEqual({ saldo: 1250, disponivel: 1250, bloqueado: 0 });
    expect(cashbackOfRow(undefined, '2026-03-10T12:00:00.000Z')).toEqual({ saldo: 0, disponivel: 0, bloqueado: 0 });
  });

  it('offline, leaves out what the outbox still redeems', () => {
    const { disponivel } = cashbackOfRow(row, '2026-03-11T00:00:00.000Z');
    expect(offlineAvailable(disponivel, [500, 300])).toBe(450);
  });
});
