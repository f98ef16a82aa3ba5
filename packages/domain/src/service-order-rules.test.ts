import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeOperationTotals } from './operation.ts';
import {
  SERVICE_ORDER_MESSAGES, serviceAsCountedItem, serviceLineAmounts, serviceUnitDiscountFromPercent, takesObjects, takesServices,
} from './service-order-rules.ts';

describe('service order rules', () => {
  it('takes services in orders, service orders and quotes, objects only in service orders', () => {
    expect(['Pedido', 'OrdemServico', 'Orcamento', 'Compra', 'Consignacao'].map(takesServices)).toEqual([true, true, true, false, false]);
    expect(['Pedido', 'OrdemServico', 'Orcamento', 'Compra', 'Consignacao'].map(takesObjects)).toEqual([false, true, false, false, false]);
    expect(SERVICE_ORDER_MESSAGES.servicesRefused('Consignacao')).toBe('Consignações não aceitam serviços.');
  });

  it('nets a service line as (unit - discount per unit) x quantity', () => {
    // 2.5 x (R$ 80,00 - R$ 12,35) = R$ 169,125 -> R$ 169,13 (half-up).
    expect(serviceLineAmounts({ quantidade: 2500, valor_unitario: 8000, valor_desconto: 1235 })).toMatchObject({
      valor_sub_total: 20000, valor_total: 16913,
    });
    expect(serviceUnitDiscountFromPercent(8000, 1000)).toBe(800);
  });

  it('adds up in the order totals exactly: gross - discount = net, for any line', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 0, max: 9999 }),
      (unit, qty, bp) => {
        const line = serviceLineAmounts({ quantidade: qty, valor_unitario: unit, valor_desconto: serviceUnitDiscountFromPercent(unit, bp) });
        const totals = computeOperationTotals([serviceAsCountedItem(line)], [], { frete: 0, seguro: 0, outros: 0 });
        expect(totals.bruto).toBe(line.valor_sub_total);
        expect(totals.liquido).toBe(line.valor_total);
        expect(totals.desconto).toBe(line.valor_sub_total - line.valor_total);
      },
    ));
  });
});
