import { describe, expect, it } from 'vitest';
import { newOperation } from './draft.ts';
import { SaleView } from './saleView.ts';
import type { OperationBundle } from '../outbox/types.ts';

const bundle = (): OperationBundle => ({
  operation: newOperation({ id_filial: 1, id_usuario: 1, id_endereco_estoque: 1 }),
  itens: [],
  pagamentos: [],
});

describe('the sale as drawn', () => {
  it('tells its listeners of a new draft or selection, once per change, and not of a change to the same values', () => {
    const view = new SaleView();
    let told = 0;
    const stop = view.subscribe(() => (told += 1));
    const first = bundle();
    view.set({ bundle: first, selected: 'a' });
    expect(view.get()).toEqual({ bundle: first, selected: 'a' });
    view.set({ selected: 'a' });
    view.set({ bundle: first });
    expect(told).toBe(1);
    view.set({ selected: 'b' });
    expect(view.get()).toEqual({ bundle: first, selected: 'b' });
    expect(told).toBe(2);
    stop();
    view.set({ bundle: bundle() });
    expect(told).toBe(2);
  });

  it('answers the same snapshot until something changes (what useSyncExternalStore requires)', () => {
    const view = new SaleView();
    const before = view.get();
    view.set({ selected: null });
    expect(view.get()).toBe(before);
    view.set({ selected: 'x' });
    expect(view.get()).not.toBe(before);
  });
});
