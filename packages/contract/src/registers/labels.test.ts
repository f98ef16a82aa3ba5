import { describe, expect, it } from 'vitest';
import { fieldSchema, type RegisterDescriptor } from './descriptor.ts';
import { REGISTERS } from './index.ts';
import { fiscalScenario } from './fiscal-scenario.ts';
import { fiscalSerie } from './fiscal-serie.ts';
import { paymentMethod } from './payment-method.ts';
import { person } from './person.ts';
import { stockMovementType } from './stock-movement-type.ts';

describe("the registers' option labels", () => {
  it('label every value a field with labels accepts (a shared map may label more)', () => {
    for (const d of REGISTERS as readonly RegisterDescriptor[]) {
      for (const [name, field] of Object.entries(d.fields)) {
        if (!field.options) continue;
        // An integer with options accepts only its options: every value of its range the schema takes has a label.
        const schema = fieldSchema(field);
        const accepted =
          field.kind === 'enum'
            ? (field.values ?? [])
            : Array.from({ length: (field.maxValue ?? 0) - (field.min ?? 0) + 1 }, (_, i) => (field.min ?? 0) + i)
                .filter((v) => schema.safeParse(v).success)
                .map(String);
        expect([d.name, name, accepted.filter((v) => field.options?.[v] === undefined)]).toEqual([d.name, name, []]);
      }
    }
  });

  it('refuse an integer outside its options (an IE indicator of 5 is no NF-e indIEDest)', () => {
    const indicator = fieldSchema(person.fields.indicador_ie);
    expect(indicator.safeParse(9).success).toBe(true);
    expect(indicator.safeParse(5).success).toBe(false);
  });

  it('show the spec’s pt-BR names, not the stored codes', () => {
    expect(paymentMethod.fields.meio_pagamento.options['17']).toBe('17 - PIX');
    expect(stockMovementType.fields.operacao.options['Saida']).toBe('Saída');
    expect(fiscalScenario.fields.regime_tributario.options['3']).toBe('3 - Regime Normal');
    expect(fiscalSerie.fields.codigo_modelo.options['65']).toBe('NFC-e (65)');
  });
});
