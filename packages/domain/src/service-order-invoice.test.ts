import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ORDER_MESSAGES } from './order-messages.ts';
import { installments, serviceInvoiceError, SERVICE_INVOICE_MESSAGES as M } from './service-order-invoice.ts';

const released = { operacao: 'OrdemServico' as const, situacao: 'Liberado' as const, is_processando: false };
const line = (valor_total: number, faturado = false) => ({ id_pedido_servico: 1, descricao: 'Reparo', valor_total, faturado });

describe('serviceInvoiceError', () => {
  it('accepts a released service order whose payments equal its services', () => {
    expect(serviceInvoiceError(released, [line(4000), line(6000)], false, [10000])).toBeNull();
    expect(serviceInvoiceError({ ...released, situacao: 'Faturado' }, [line(100)], false, [100])).toBeNull();
  });
  it('refuses quotes, orders not released, no services, invoiced services and payments that differ', () => {
    expect(serviceInvoiceError({ ...released, operacao: 'Orcamento' }, [line(1)], false, [1])).toBe(M.notServiceOrder);
    expect(serviceInvoiceError({ ...released, situacao: 'Edicao' }, [line(1)], false, [1])).toBe(ORDER_MESSAGES.onlyReleasedInvoiced('Ordens de serviço'));
    expect(serviceInvoiceError({ ...released, situacao: 'Cancelado' }, [line(1)], false, [1])).toBe(ORDER_MESSAGES.onlyReleasedInvoiced('Ordens de serviço'));
    expect(serviceInvoiceError(released, [], false, [])).toBe(M.noServices);
    expect(serviceInvoiceError(released, [line(1)], true, [1])).toBe(M.serviceNotOnOrder);
    expect(serviceInvoiceError(released, [line(1, true)], false, [1])).toBe(M.alreadyInvoiced('Reparo'));
    expect(serviceInvoiceError(released, [line(100)], false, [99])).toBe(M.paymentsDiffer(99, 100));
  });
});

describe('installments', () => {
  it('puts the remainder on the last one', () => {
    expect(installments(4000, 3)).toEqual([1333, 1333, 1334]);
  });
  it('always sums to the payment', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 120 }), (valor, n) => {
      const parts = installments(valor, n);
      expect(parts).toHaveLength(n);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(valor);
    }));
  });
});
