import { describe, expect, it } from 'vitest';
import { toOperacaoBody } from '../../outbox/body.ts';
import { makeBundle } from '../../outbox/testing.ts';
import { totalsOf } from '../draft.ts';
import { FREIGHT_NEEDS_TYPE, parseShipment, setShipment, shipmentOf, shipmentText } from './shipment.ts';

describe('the sale shipment (Alt+T)', () => {
  it('reads pt-BR values, empty as zero, and keeps the freight type', () => {
    expect(parseShipment({ tipo_frete: '0', frete: '12,50', seguro: '', outros: '1.000,00', id_transportadora: null })).toEqual({
      ok: true,
      shipment: { tipo_frete: 0, frete: 1250, seguro: 0, outros: 100000, id_transportadora: null },
    });
  });

  it('refuses a freight value without who pays it, a negative or unreadable value, and one above the maximum', () => {
    expect(parseShipment({ tipo_frete: '9', frete: '5', seguro: '', outros: '', id_transportadora: null })).toEqual({ ok: false, error: FREIGHT_NEEDS_TYPE });
    expect(parseShipment({ tipo_frete: '0', frete: 'abc', seguro: '', outros: '', id_transportadora: null })).toEqual({ ok: false, error: 'Valor de frete inválido.' });
    expect(parseShipment({ tipo_frete: '0', frete: '', seguro: '-1', outros: '', id_transportadora: null })).toEqual({ ok: false, error: 'Valor de seguro inválido.' });
    expect(parseShipment({ tipo_frete: '0', frete: '', seguro: '', outros: '1000000', id_transportadora: null }).ok).toBe(false);
    // No freight but insurance or other costs: allowed.
    expect(parseShipment({ tipo_frete: '9', frete: '', seguro: '2', outros: '', id_transportadora: null }).ok).toBe(true);
  });

  it('adds the costs to the total due and reads back what was set', () => {
    const sale = makeBundle();
    const before = totalsOf(sale);
    const shipped = setShipment(sale, { tipo_frete: 1, frete: 1000, seguro: 200, outros: 50, id_transportadora: null });
    expect(totalsOf(shipped).liquido).toBe(before.liquido + 1250);
    expect(shipmentOf(shipped)).toEqual({ tipo_frete: 1, frete: 1000, seguro: 200, outros: 50, id_transportadora: null });
    expect(shipmentText(shipmentOf(shipped))).toEqual({
      tipo_frete: '1', frete: '10,00', seguro: '2,00', outros: '0,50', id_transportadora: null,
    });
  });

  it('keeps the carrier picked, reads it back, and sends it in the body', () => {
    const shipped = setShipment(makeBundle(), { tipo_frete: 0, frete: 0, seguro: 0, outros: 0, id_transportadora: 42 });
    expect(shipped.operation.id_transportadora).toBe(42);
    expect(shipmentOf(shipped).id_transportadora).toBe(42);
    expect(parseShipment(shipmentText(shipmentOf(shipped)))).toMatchObject({ ok: true, shipment: { id_transportadora: 42 } });
    expect(toOperacaoBody(shipped).id_transportadora).toBe(42);
    // Cleared: none kept, none sent; an operation stored before the carrier existed sends none.
    const cleared = setShipment(shipped, { ...shipmentOf(shipped), id_transportadora: null });
    expect(toOperacaoBody(cleared).id_transportadora).toBeNull();
    const { id_transportadora: _gone, ...older } = makeBundle().operation;
    expect(toOperacaoBody({ ...makeBundle(), operation: older as typeof shipped.operation }).id_transportadora).toBeNull();
  });
});
