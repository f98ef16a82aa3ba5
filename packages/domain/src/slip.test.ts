import { describe, expect, it } from 'vitest';
import { slipShowsChange, slipTitle } from './slip.ts';

describe('slips of the point of sale modes', () => {
  it('titles each slip by its mode', () => {
    expect(slipTitle('Consignacao', null)).toBe('CONSIGNAÇÃO');
    expect(slipTitle('Devolucao', null)).toBe('DEVOLUÇÃO');
    expect(slipTitle('Recebimento', null)).toBe('RECEBIMENTO');
    expect(slipTitle('Orcamento', null)).toBe('ORÇAMENTO');
    expect(slipTitle('Pedido', null)).toBe('PEDIDO');
    expect(slipTitle('ValeCredito', null)).toBe('VALE CRÉDITO');
    expect(slipTitle('Venda', null)).toBe('PRÉ-VENDA');
    expect(slipTitle('Venda', '65')).toBe('COMPROVANTE DE VENDA');
  });

  it('shows change only where money changed hands', () => {
    expect(slipShowsChange('Consignacao', 0)).toBe(false);
    expect(slipShowsChange('Devolucao', 0)).toBe(false);
    expect(slipShowsChange('Orcamento', 1)).toBe(false);
    expect(slipShowsChange('Venda', 1)).toBe(true);
    expect(slipShowsChange('Recebimento', 1)).toBe(true);
    expect(slipShowsChange('ValeCredito', 2)).toBe(true);
    expect(slipShowsChange('Pedido', 0)).toBe(false);
  });
});
