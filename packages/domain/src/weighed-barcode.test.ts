import { describe, expect, it } from 'vitest';
import {
  WEIGHED_DEFAULTS, parseWeighedBarcode, weighedCodeCandidates, weighedCodeOf, weighedQuantity, weighedSettingsOf,
} from './weighed-barcode.ts';

describe('weighed-product barcodes', () => {
  it('reads code and price with the defaults (size 4, identifier 2, price): 2 0123 0001234 6 is product 0123, R$ 12,34', () => {
    expect(parseWeighedBarcode('2012300012346', WEIGHED_DEFAULTS)).toEqual({ codigo: '0123', tipo: 'Preco', valor: 1234 });
  });

  it('reads a 5-digit code with a weight: 2 12345 001500 9 is product 12345, 1,500 kg', () => {
    const settings = { tamanho: 5, identificador: '2', tipo: 'Peso' as const };
    expect(parseWeighedBarcode('2123450015009', settings)).toEqual({ codigo: '12345', tipo: 'Peso', valor: 1500 });
    // The same code under size 6 is product 123450 with 01500 grams.
    expect(parseWeighedBarcode('2123450015009', { ...settings, tamanho: 6 })).toEqual({ codigo: '123450', tipo: 'Peso', valor: 1500 });
  });

  it('is not a weighed code: another first digit, a wrong check digit, not 13 digits, a zero code or value', () => {
    expect(parseWeighedBarcode('7891234567895', WEIGHED_DEFAULTS)).toBeNull();
    expect(parseWeighedBarcode('2012300012347', WEIGHED_DEFAULTS)).toBeNull();
    expect(parseWeighedBarcode('201230001234', WEIGHED_DEFAULTS)).toBeNull();
    expect(parseWeighedBarcode('2000000123455', WEIGHED_DEFAULTS)).toBeNull();
    expect(parseWeighedBarcode('2012300000008', WEIGHED_DEFAULTS)).toBeNull();
    // Identifier 2 but the branch says 0: not weighed there.
    expect(parseWeighedBarcode('2012300012346', { ...WEIGHED_DEFAULTS, identificador: '0' })).toBeNull();
  });

  it('turns the value into the line quantity: the weight, or the price over the unit price to three decimals', () => {
    expect(weighedQuantity({ codigo: '0123', tipo: 'Peso', valor: 1500 }, 2990)).toBe(1500);
    // R$ 12,34 of a product at R$ 29,90 the kg: 0,413 kg (0,41271 rounded).
    expect(weighedQuantity({ codigo: '0123', tipo: 'Preco', valor: 1234 }, 2990)).toBe(413);
    expect(weighedQuantity({ codigo: '0123', tipo: 'Preco', valor: 1234 }, 0)).toBeNull();
  });

  it("reads the branch's settings, the defaults for what is missing or out of range", () => {
    expect(weighedSettingsOf(null)).toEqual({ tamanho: 4, identificador: '2', tipo: 'Preco' });
    expect(weighedSettingsOf({ tamanho_codigo_produto_pesavel: 6, identificador_produto_pesavel: '0', tipo_informacao_balanca: 'Peso' }))
      .toEqual({ tamanho: 6, identificador: '0', tipo: 'Peso' });
    expect(weighedSettingsOf({ tamanho_codigo_produto_pesavel: 9, identificador_produto_pesavel: 'x' })).toEqual(WEIGHED_DEFAULTS);
  });

  it("gives a product's scale code from its numeric SKU or its id, and the point of sale's candidates back", () => {
    expect(weighedCodeOf({ sku: '123', id_produto: 9 }, 4)).toBe('0123');
    expect(weighedCodeOf({ sku: 'BAN-01', id_produto: 77 }, 4)).toBe('0077');
    expect(weighedCodeOf({ sku: '123456', id_produto: 77 }, 4)).toBe('0077');
    expect(weighedCodeOf({ sku: 'X', id_produto: 123456 }, 5)).toBeNull();
    expect(weighedCodeCandidates('0123')).toEqual({ skus: ['0123', '123'], id: 123 });
  });
});
