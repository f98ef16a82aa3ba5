import { describe, expect, it } from 'vitest';
import { selectServicePrice, serviceNetTotal, type ServicePriceEntry } from './service-price.ts';

const entry = (id_tabela_preco: number | null, valor: number, is_padrao = false): ServicePriceEntry => ({
  id_tabela_preco,
  valor,
  is_padrao,
});

describe('selectServicePrice', () => {
  const entries = [entry(null, 5000), entry(7, 4500), entry(null, 6000, true), entry(8, 4000)];

  it('takes the entry of the chosen price list', () => {
    expect(selectServicePrice(entries, 7)?.valor).toBe(4500);
    expect(selectServicePrice(entries, 8)?.valor).toBe(4000);
  });

  it('falls back to the default entry when the chosen list has none, or no list is chosen', () => {
    expect(selectServicePrice(entries, 99)?.valor).toBe(6000);
    expect(selectServicePrice(entries, null)?.valor).toBe(6000);
  });

  it('falls back to the first entry when there is no default', () => {
    expect(selectServicePrice([entry(3, 100), entry(4, 200)], 5)?.valor).toBe(100);
  });

  it('finds nothing when the service has no price', () => {
    expect(selectServicePrice([], 1)).toBeUndefined();
  });
});

describe('serviceNetTotal', () => {
  it('multiplies the discounted unit price by the quantity', () => {
    expect(serviceNetTotal(10000, 1500, 2000)).toBe(17000);
    expect(serviceNetTotal(10000, 0, 1500)).toBe(15000);
  });

  it('rounds a fractional quantity half-up to the centavo', () => {
    expect(serviceNetTotal(3333, 0, 1500)).toBe(5000); // 49,995
    expect(serviceNetTotal(1000, 1, 333)).toBe(333); // 3,32667
  });
});
