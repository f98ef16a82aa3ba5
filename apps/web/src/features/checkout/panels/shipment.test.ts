import { describe, expect, it } from 'vitest';
import { makeBundle } from '../../outbox/testing.ts';
import { totalsOf } from '../draft.ts';
import { FREIGHT_NEEDS_TYPE, parseShipment, setShipment, shipmentOf, shipmentText } from './shipment.ts';

describe('the sale shipment (Alt+T)', () => {
  it('reads pt-BR values, empty as zero, and keeps the freight type', () => {
    expect(parseShipment({ tipo_frete: '0', frete: '12,50', seguro: '', outros: '1.000,00' })).toEqual({
      ok: true,
      shipment: { tipo_frete: 0, frete: 1250, seguro: 0, outros: 100000 },
    });
  });

  it('refuses a freight value without who pays it, a negative or unreadable value, and one above the maximum', () => {
    expect(parseShipment({ tipo_frete: '9', frete: '5', seguro: '', outros: '' })).toEqual({ ok: false, error: FREIGHT_NEEDS_TYPE });
    expect(parseShipment({ tipo_frete: '0', frete: 'abc', seguro: '', outros: '' })).toEqual({ ok: false, error: 'Valor de frete inválido.' });
    expect(parseShipment({ tipo_frete: '0', frete: '', seguro: '-1', outros: '' })).toEqual({ ok: false, error: 'Valor de seguro inválido.' });
    expect(parseShipment({ tipo_frete: '0', frete: '', seguro: '', outros: '1000000' }).ok).toBe(false);
    // No freight but insurance or other costs: allowed.
    expect(parseShipment({ tipo_frete: '9', frete: '', seguro: '2', outros: '' }).ok).toBe(true);
  });

  it('adds the costs to the total due and reads back what was set', () => {
    const sale = makeBundle();
    const before = totalsOf(sale);
    const shipped = setShipment(sale, { tipo_frete: 1, frete: 1000, seguro: 200, outros: 50 });
    expect(totalsOf(shipped).liquido).toBe(before.liquido + 1250);
    expect(shipmentOf(shipped)).toEqual({ tipo_frete: 1, frete: 1000, seguro: 200, outros: 50 });
    expect(shipmentText(shipmentOf(shipped))).toEqual({ tipo_frete: '1', frete: '10,00', seguro: '2,00', outros: '0,50' });
  });
});
