import { describe, expect, it } from 'vitest';
import { CUSTOMER_CREDIT_MESSAGES as M } from '@pdv/domain/credit-rules';
import { makePaymentMethod } from '@pdv/domain/factories';
import { formatMoney } from '@pdv/domain/money';
import { makeBundle } from '../outbox/testing.ts';
import type { OperationBundle } from '../outbox/types.ts';
import { creditRefusalOf } from './customerCredit.ts';

/** The test bundle (a sale begun 2025-01-02) to customer 9, its payment by crediário (05, the shop collects it). */
function onCredit(fields: Partial<OperationBundle['operation']> = {}): OperationBundle {
  const b = makeBundle();
  return {
    ...b,
    operation: { ...b.operation, id_cliente: 9, ...fields },
    pagamentos: b.pagamentos.map((p) => ({ ...p, meio_pagamento: makePaymentMethod({ meio_pagamento: '05', utilizar_parcela: true }) })),
  };
}

/** A synced people row as the server sends it (amounts in reais, due dates by day). */
const row = { id_pessoa: 9, bloquear_venda_saldo_vencido: true, valor_devedor_maximo: '150.00', parcelas_abertas: [{ data_vencimento: '2025-01-01', saldo: 20 }] };

describe('the customer credit rules at the till', () => {
  it('refuses a sale on credit with an overdue balance, judged on the synced row on the day the sale began', () => {
    expect(creditRefusalOf(onCredit(), row)).toBe(M.overdueBlocked(formatMoney(2000)));
    expect(creditRefusalOf(onCredit({ data_inicio: '2025-01-01T10:00:00.000Z' }), row)).toBeNull();
  });

  it('refuses what passes the maximum debt with the open receivables', () => {
    expect(creditRefusalOf(onCredit(), { ...row, bloquear_venda_saldo_vencido: false })).toBeNull();
    expect(creditRefusalOf(onCredit(), { ...row, bloquear_venda_saldo_vencido: false, valor_devedor_maximo: 119.99 })).toBe(
      M.debtAboveMax(formatMoney(2000), formatMoney(10000), formatMoney(11999)),
    );
  });

  it('lets through a cash sale, a quote, a sale with a grant and a customer not in the local copy', () => {
    expect(creditRefusalOf(makeBundle(), row)).toBeNull();
    expect(creditRefusalOf({ ...makeBundle(), operation: { ...makeBundle().operation, id_cliente: 9 } }, row)).toBeNull();
    expect(creditRefusalOf(onCredit({ modo_operacao: 'Orcamento' }), row)).toBeNull();
    expect(creditRefusalOf(onCredit({ id_autorizacao_credito: 5 }), row)).toBeNull();
    expect(creditRefusalOf(onCredit(), undefined)).toBeNull();
  });
});
